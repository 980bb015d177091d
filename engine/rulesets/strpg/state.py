"""The state of an away-team fight: immutable records, changed only by `dataclasses.replace`.

Action points are kept in quarters (a diagonal step costs 1.5 AP, seed 004 line 208, and
running halves that: 0.75), so every count here is a whole number; `ap_text` writes them as a
player reads them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.tables import Tables
from engine.squaregrid import Square

T = TypeVar("T")

STANDING, KNEELING, SITTING, PRONE = "standing", "kneeling", "sitting", "prone"
POSTURES = (STANDING, KNEELING, SITTING, PRONE)
ACTIVE, COLLAPSED, UNCONSCIOUS, DEAD = "active", "collapsed", "unconscious", "dead"
SETUP, INITIATIVE, PLAY, OVER = "setup", "initiative", "play", "over"
BY_CHARACTER, BY_SIDE = "characters", "sides"
ONCE, EACH_TURN = "once", "turn"

# What a character's last action was, for the target and attacker movement modifiers (seed 004
# line 224: "determine what the target's last action was, even if it was a previous round or
# turn"): stationary, moving at combat speed, running, evading (or a flying tackle).
STILL, MOVING, RUNNING, EVADING = "still", "moving", "running", "evading"


def replace(obj: T, **changes: Any) -> T:
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


QUARTERS = 4
"""Action points are counted in quarters."""


def ap_text(quarters: int) -> str:
    """Action points for a person: 7, 7.5, 7.25."""
    whole, part = divmod(quarters, QUARTERS)
    return f"{whole}" + ("", ".25", ".5", ".75")[part]


@dataclass(frozen=True, slots=True)
class Item:
    """A weapon or device: `kind` its table id, `setting` a weapon's, `loaded` the rounds in an
    archaic weapon."""

    id: str
    kind: str
    setting: str = ""
    loaded: int = 0


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    side: str
    station: str
    cls: str
    species: str
    size: str                       # small, man or large (line 222, Target Size)
    humanoid: bool                  # may be nerve-pinched (line 216)
    pinch: bool                     # knows the Vulcan nerve pinch
    aware: bool                     # aware of the nerve pinch technique (line 216)
    ambidextrous: bool              # line 224, Off-Hand Attacks
    primitive: bool                 # no idea how to point a modern weapon: LUC (line 216)
    armor: int                      # damage points absorbed per attack (line 226, Armor)
    strength: int
    endurance: int
    intellect: int
    dexterity: int
    charisma: int
    luck: int
    unarmed: int                    # Personal Combat, Unarmed
    armed: int                      # Personal Combat, Armed
    modern: int                     # Marksmanship, Modern
    archaic: int                    # Marksmanship, Archaic
    ap_full: int                    # quarters
    ap: int                         # quarters left this turn
    pos: Square
    facing: int
    posture: str = STANDING
    status: str = ACTIVE
    wounds: int = 0
    temporary: int = 0              # temporary damage: fatigue and stun (ours: stun)
    carried: tuple[Item, ...] = ()
    main: Item | None = None        # ready in the main hand
    off: Item | None = None         # ready in the off hand
    last: str = STILL
    last_kind: str = ""             # the kind of his last action (an aim, a move...)
    aimed_at: str = ""              # the character his last action aimed at
    evading: bool = False           # attacks against him -15 until his next action comes up
    skip_next: bool = False         # a responsive action took his next action slot
    hidden: bool = False
    spotted_by: tuple[str, ...] = ()
    running_ap: int = 0             # quarters spent this turn running, evading, swimming
    evading_ap: int = 0
    swimming_ap: int = 0
    terrain_ap: int = 0             # quarters spent this turn crossing difficult terrain
    terrain_rolled: bool = False
    collapse_rolled: bool = False
    crippled: bool = False          # collapsed: his AP are not restored in full (ours: half)

    @property
    def max_op_end(self) -> int:
        """END less wound damage (line 224, Damage from Successful Attacks)."""
        return self.endurance - self.wounds

    @property
    def op_end(self) -> int:
        """MAX OP END less temporary damage."""
        return self.max_op_end - self.temporary

    @property
    def up(self) -> bool:
        """Conscious and alive: he may act."""
        return self.status in (ACTIVE, COLLAPSED)

    @property
    def ready(self) -> tuple[Item, ...]:
        return tuple(i for i in (self.main, self.off) if i is not None)

    def item(self, item_id: str) -> Item | None:
        return next((i for i in (*self.ready, *self.carried) if i.id == item_id), None)

    def hand_of(self, item_id: str) -> str:
        if self.main is not None and self.main.id == item_id:
            return "main"
        if self.off is not None and self.off.id == item_id:
            return "off"
        return ""


@dataclass(frozen=True, slots=True)
class Door:
    """A door (line 212): automatic (opens to anyone next to it), security (opens only to its
    side's Operate Familiar Device, or to `work` such actions of anyone else) or manual.
    `held` is how it is locked: "" not at all, "open" or "closed"."""

    pos: Square
    kind: str
    side: str = ""
    work: int = 0
    held: str = ""
    done: tuple[tuple[str, int], ...] = ()   # side -> Operate actions spent on it

    def worked(self, side: str) -> int:
        return dict(self.done).get(side, 0)


@dataclass(frozen=True, slots=True)
class Console:
    """A console (a device, line 222: "Fooling around with control panels ... could take many of
    these actions"): `work` Operate actions a character of another side needs to master it."""

    pos: Square
    name: str
    side: str = ""
    work: int = 1
    done: tuple[tuple[str, int], ...] = ()

    def worked(self, side: str) -> int:
        return dict(self.done).get(side, 0)


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack being resolved. `kind`: punch, strike, grapple, pinch, tackle, fire (a ranged
    attack, thrown or shot) or riposte. `number` is the modified To-Hit Number, `modifiers` what
    made it; `response` the defender's responsive action; `errant` a missed shot's second roll
    (the wrong target, line 224)."""

    attacker: str
    target: str
    kind: str
    weapon: str = ""                # the item used ("" bare hands)
    setting: str = ""
    number: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    response: str = ""
    roll: int = 0
    graze: bool = False
    errant: bool = False
    pattern: tuple[Square, ...] = ()
    from_square: Square | None = None   # where the attacker stood (a tackle's run-up)

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "kind": self.kind,
                "weapon": self.weapon, "setting": self.setting, "number": self.number,
                "modifiers": [list(m) for m in self.modifiers], "response": self.response,
                "roll": self.roll, "graze": self.graze, "errant": self.errant,
                "pattern": [list(p) for p in self.pattern],
                "from": list(self.from_square) if self.from_square else None}


@dataclass(frozen=True, slots=True)
class Step:
    """A roll or a decision a resolution waits for, in the queue: `kind` names the rule that
    asks it (flow.ROLLS and flow.ASKS look it up), `who` the character (or, for a side's, its
    leader) who rolls or decides. `target` is the adjusted Target of a Target Roll, `modifiers`
    what adjusted it; `faces` the dice rolled so far of several; `other` the character or side
    the step is about."""

    kind: str
    who: str
    purpose: str = ""
    target: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    attack: Attack | None = None
    count: int = 1
    faces: tuple[int, ...] = ()
    other: str = ""
    value: int = 0
    do: Do | None = None            # the action the roll decides (a dive roll, a grapple move)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "who": self.who, "purpose": self.purpose,
                "target": self.target, "modifiers": [list(m) for m in self.modifiers],
                "attack": self.attack.to_json() if self.attack else None, "count": self.count,
                "faces": list(self.faces), "other": self.other, "value": self.value,
                "do": self.do.to_json() if self.do else None}


@dataclass(frozen=True, slots=True)
class Victory:
    """A way a side wins (a scenario's [[victory]]): `when` is down (every enemy out of the
    fight), operate (the console at `at` mastered), beam (every one of its conscious characters
    inside `zone` when one calls the ship) or turns (the turn limit reached)."""

    side: str
    when: str
    at: Square | None = None
    zone: tuple[Square, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class RPGState:
    ruleset: str
    scenario_id: str
    name: str
    tables: Tables
    width: int
    height: int
    rows: tuple[str, ...]
    sides: tuple[str, ...]
    side_names: tuple[tuple[str, str], ...]
    max_turns: int
    characters: tuple[Character, ...]
    doors: tuple[Door, ...] = ()
    consoles: tuple[Console, ...] = ()
    victories: tuple[Victory, ...] = ()
    suggested: tuple[str, str] = (BY_CHARACTER, EACH_TURN)
    method: str = ""
    when: str = ""
    stage: str = SETUP
    turn: int = 1
    round: int = 1
    order: tuple[str, ...] = ()
    slot: int = 0
    acted: bool = False             # some character acted in this round
    rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()   # initiative: who -> dice so far
    side_orders: tuple[tuple[str, tuple[str, ...]], ...] = ()   # by sides: each side's own
    queue: tuple[Step, ...] = ()
    group: str = ""                 # the part of the table the acting character is choosing in
    plan: str = ""                  # the kind of action the acting character chose
    floor: tuple[tuple[Square, Item], ...] = ()
    grapples: tuple[tuple[str, str], ...] = ()      # (holder, held)
    passing: tuple[tuple[str, str], ...] = ()       # (enemy, mover): may still block
    blocks: tuple[tuple[str, str], ...] = ()        # (blocker, mover)
    called: str = ""                # the side that called its ship
    outcome: str = ""
    winner: str = ""

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def character(self, cid: str) -> Character:
        for c in self.characters:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def find(self, cid: object) -> Character | None:
        return next((c for c in self.characters if c.id == cid), None)

    @property
    def ships(self) -> tuple[Character, ...]:
        """The characters, by the kernel's word for what stands on the map (`Seat.ship`,
        `Prompt.ship`, a view's `ships`), which the edges read."""
        return self.characters

    def ship(self, cid: str) -> Character:
        """The character `cid` (KeyError when there is none), by the kernel's word."""
        return self.character(cid)

    def with_character(self, c: Character) -> RPGState:
        return replace(self, characters=tuple(c if x.id == c.id else x for x in self.characters))

    def side_name(self, side: str) -> str:
        return dict(self.side_names).get(side, side)

    def at(self, square: Square) -> tuple[Character, ...]:
        """The characters (any status) in `square`."""
        return tuple(c for c in self.characters if c.pos == square and c.status != DEAD)

    def acting(self) -> Character | None:
        """The character whose action slot it is (in play, between resolutions)."""
        if self.stage != PLAY or not self.order or self.slot >= len(self.order):
            return None
        return self.find(self.order[self.slot])

    def door_at(self, square: Square) -> Door | None:
        return next((d for d in self.doors if d.pos == square), None)

    def console_at(self, square: Square) -> Console | None:
        return next((k for k in self.consoles if k.pos == square), None)

    def symbol(self, square: Square) -> str:
        col, row = square
        if not (0 <= col < self.width and 0 <= row < self.height):
            return "#"
        return self.rows[row][col]
