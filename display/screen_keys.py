"""The bridge display's own keys on a PC: one list, read by the display's input
(display.bridge_input), drawn on the KEYS sheet (display.draw_keys) and checked against the
panels' keys (a pin map's `[keys]`): no panel key may be one of these, so every key does one
thing, the thing this list and docs/display.md say. Pure: no pygame (key names as pygame's
`key.name()` spells them).

The course keys are the arrows (no panel's letters), a roll by hand the digits (no panel has
them), the Rolls list R."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

COURSE_KEYS: Mapping[tuple[str, bool], str] = {
    ("up", False): "F", ("left", False): "P", ("right", False): "S",
    ("left", True): "L", ("right", True): "R", ("down", False): "B",
}
"""(key, shift held) -> the course letter it adds: ahead, port, starboard, and at the advanced
level the hard turns (Shift) and reverse (Down)."""

DIGITS = tuple(str(n) for n in range(10))


@dataclass(frozen=True, slots=True)
class ScreenKey:
    keys: str        # as written on the sheet ("Shift+Left")
    does: str        # what it does, in a few words
    names: tuple[str, ...]   # pygame's names of the keys it takes (for the clash check)


SCREEN_KEYS: tuple[ScreenKey, ...] = (
    ScreenKey("Up", "course: a step ahead", ("up",)),
    ScreenKey("Left/Right", "course: turn to port, to starboard", ("left", "right")),
    ScreenKey("Shift+Left/Right", "course: a hard turn (advanced level)", ()),
    ScreenKey("Down", "course: a step in reverse (advanced level)", ("down",)),
    ScreenKey("Backspace", "course: take the last step back; back from a roll's explanation",
              ("backspace",)),
    ScreenKey("1-9, 0", "a roll made by hand: the die's face (0 is 10)", DIGITS),
    ScreenKey("R", "the Rolls list, opened or closed", ("r",)),
    ScreenKey("Tab/Shift+Tab", "the next (the last) button on the screen", ("tab",)),
    ScreenKey("Enter", "press that button; with none chosen, CONFIRM (twice to fire)",
              ("return",)),
    ScreenKey("Space", "press the button chosen with Tab", ("space",)),
    ScreenKey("Page Up/Down", "the panel's pages", ("page up", "page down")),
    ScreenKey("Escape", "twice to leave (the game stays saved)", ("escape",)),
    ScreenKey("Ctrl+Z", "the Instructor's undo (Ctrl+Shift+Z: to the phase's start)", ()),
)
"""Every key the screen itself takes, with what it does."""

RESERVED: frozenset[str] = frozenset(n for k in SCREEN_KEYS for n in k.names)
"""The key names a panel's [keys] may not use."""


def clashes(panel_keys: Iterable[tuple[str, str, str]]) -> list[str]:
    """For (panel, key, button) of a pin map's keys: a line for each key the screen keeps, which
    the panel's button would take from it (the panel's wins: say it once, at start)."""
    out = []
    for panel, key, button in panel_keys:
        if key.lower() in RESERVED:
            what = next(k.does for k in SCREEN_KEYS if key.lower() in k.names)
            out.append(f"key {key!r} is {panel}'s {button} and the screen's key for {what}: "
                       f"the panel's button takes it (give the panel another key)")
    return out
