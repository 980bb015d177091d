"""A lights file as plain data: named outputs, and the rules that light them.

    rules = load_rules(path)             # lights/load.py: every mistake with its line and key
    rules.outputs["room"]                # Output("room", "wled", ...)
    rules.rules                          # LightRule(...) in the file's order

An output is something a person can see or hear: a panel's LED, a WLED strip or lamp on the
network, a DMX channel (sACN), a sound. It belongs to whoever sits in front of it (`seat`): the
room ("public": what every side may know) or one seat; a panel's LED to its panel's seat. A rule
reads only its output's seat's view and events (lights/context.py), so no output tells a secret.

A **state** rule lights its outputs while its condition holds; an **event** rule for a time after
an engine event (or a condition's rising or falling edge). Where several rules light one output
at once, the highest `priority` wins; among equals the one that began last, then the later in
the file (docs/lights.md, "Clashes").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lights.expr import Expr
from readouts.colour import Colour

PUBLIC = "public"
MAX_HELD = 32
"""States built on each other (held("...") of held("...") ...) at most this deep."""
STATE, EVENT = "state", "event"
PANEL, WLED, DMX, SOUND = "panel", "wled", "dmx", "sound"
KINDS = (PANEL, WLED, DMX, SOUND)

STEADY, BLINK, GLOW, FADE, FLASH, OFF = "steady", "blink", "glow", "fade", "flash", "off"
PLAY, LOOP = "play", "loop"
LIGHT_EFFECTS = (STEADY, BLINK, GLOW, FADE, FLASH, OFF)
SOUND_EFFECTS = (PLAY, LOOP)

COLOURS: dict[str, Colour] = {
    "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255),
    "amber": (255, 160, 0), "orange": (255, 96, 0), "yellow": (255, 220, 0),
    "cyan": (0, 255, 255), "magenta": (255, 0, 255), "purple": (128, 0, 255),
    "warm": (255, 180, 100), "off": (0, 0, 0),
}


@dataclass(frozen=True, slots=True)
class Output:
    """One output. `kind` says which of the options mean anything:

    - panel: `role` (the LED's role in the pin map), `stations` (empty: every panel that has it);
    - wled: `url` (the WLED's address), `segment`;
    - dmx: `universe`, `channels` (one: a dimmer; three: red, green, blue), `host` (none:
      multicast), `port`;
    - sound: `sound` (a packaged sound's name or a file), `volume`.
    """

    name: str
    kind: str
    seat: str = PUBLIC           # "public", or a seat key "ship/station" (a panel: its own)
    line: int = 0
    role: str = ""
    stations: tuple[str, ...] = ()
    url: str = ""
    segment: int = 0
    universe: int = 1
    channels: tuple[int, ...] = ()
    host: str = ""
    port: int = 5568
    sound: str = ""
    volume: float = 1.0

    @property
    def is_sound(self) -> bool:
        return self.kind == SOUND


@dataclass(frozen=True, slots=True)
class Effect:
    """What a rule does to its outputs: `kind` (steady, blink, glow, fade, flash, off; a sound:
    play, loop), its colour, its level (a number, or an expression read when the rule is), its
    period (blink, glow) and, for an event, how long it lasts (`time`)."""

    kind: str
    colour: Colour = (255, 255, 255)
    level: float | Expr = 1.0
    period: float = 0.5
    time: float = 0.0


@dataclass(frozen=True, slots=True)
class LightRule:
    kind: str                        # "state" or "event"
    index: int                       # its place among all the file's rules (ties: the later)
    outputs: tuple[str, ...]
    effect: Effect
    name: str = ""
    when: Expr | None = None         # a state's condition; an event's `where`
    on: str = ""                     # an event: the engine event's type name ...
    edge: str = ""                   # ... or "rises" / "falls" of `when`
    priority: int = 0
    line: int = 0
    text: str = ""                   # the condition as written (for lights test)
    key: str = ""                    # its table in the file: "state.2" (the third [[state]])

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.kind == STATE:
            return f"while {self.text}"
        return f"on {self.on}" if self.on else f"when {self.text} {self.edge}"


@dataclass(frozen=True, slots=True)
class RuleSet:
    source: str
    outputs: dict[str, Output] = field(default_factory=dict)
    rules: tuple[LightRule, ...] = ()

    def for_output(self, name: str) -> tuple[LightRule, ...]:
        return tuple(r for r in self.rules if name in r.outputs)

    def seats(self) -> tuple[str, ...]:
        """Every seat whose view some output reads (panels aside: each reads its own)."""
        return tuple(dict.fromkeys(o.seat for o in self.outputs.values() if o.kind != PANEL))
