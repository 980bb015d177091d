"""Debouncing and long presses, in plain Python so it behaves the same on the mock as on the Pi.

gpiozero's MockFactory ignores `bounce_time`, and the real backends each filter edges their own
way; so the edges reach this class raw, with the time each was seen, and it decides:

- a press is the first edge to "pressed" after the button has been released for `bounce`
  seconds; every edge within `bounce` seconds after an accepted edge is switch chatter;
- a press held for `hold` seconds is a long press, reported once (when `poll` sees the time pass,
  or at the release): a held button never repeats.

Pure and single-threaded: the gpiozero callbacks only queue the edges (see hardware.devices).
"""

from __future__ import annotations

from dataclasses import dataclass

PRESS = "press"
LONG = "long"
RELEASE = "release"


@dataclass(frozen=True, slots=True)
class Edge:
    """What a button callback queues: which button, pressed or released, and when (seconds)."""

    panel: str
    button: str
    pressed: bool
    t: float


@dataclass(frozen=True, slots=True)
class Press:
    """A debounced event: `kind` is "press", "long" (held past the hold time) or "release"."""

    panel: str
    button: str
    kind: str
    t: float


class Debouncer:
    """One button's debouncer."""

    def __init__(self, panel: str, button: str, bounce: float, hold: float) -> None:
        self.panel, self.button = panel, button
        self.bounce, self.hold = bounce, hold
        self.pressed = False
        self.last_accepted = float("-inf")
        self.pressed_at = 0.0
        self.long_sent = False
        self.raw = False  # the last raw level seen, accepted or not

    @property
    def at_rest(self) -> bool:
        """Nothing for `poll` to report until the next edge: the level is settled, and a held
        button has had its long press."""
        return self.raw == self.pressed and (not self.pressed or self.long_sent)

    def edge(self, pressed: bool, t: float) -> list[Press]:
        """Feed one raw edge; returns the presses it makes (none for chatter)."""
        self.raw = pressed
        out = self._settle(t)
        if pressed == self.pressed or t - self.last_accepted < self.bounce:
            return out
        return out + self._accept(pressed, t)

    def poll(self, t: float) -> list[Press]:
        """Call now and then: reports a long press, and a level that chatter left unreported."""
        out = self._settle(t)
        if self.pressed and not self.long_sent and t - self.pressed_at >= self.hold:
            self.long_sent = True
            out.append(Press(self.panel, self.button, LONG, t))
        return out

    def _settle(self, t: float) -> list[Press]:
        # The chatter window is over and the raw level differs from the accepted one: the last
        # edge inside the window was real (a very short tap, or a release lost in chatter).
        if self.raw != self.pressed and t - self.last_accepted >= self.bounce:
            return self._accept(self.raw, t)
        return []

    def _accept(self, pressed: bool, t: float) -> list[Press]:
        self.pressed, self.last_accepted = pressed, t
        if pressed:
            self.pressed_at, self.long_sent = t, False
            return [Press(self.panel, self.button, PRESS, t)]
        out = []
        if not self.long_sent and t - self.pressed_at >= self.hold:
            self.long_sent = True
            out.append(Press(self.panel, self.button, LONG, t))
        out.append(Press(self.panel, self.button, RELEASE, t))
        return out
