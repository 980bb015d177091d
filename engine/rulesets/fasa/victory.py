"""Ending the game and judging it: the scenario's victory conditions, as data.

Book Two, Advanced: Sequence Of Play step 12, Ending The Game: "The game ends when one player
has destroyed, captured, or driven off all his opponents, or when the victory conditions have
been met." A scenario lists its conditions as clauses (`[[victory]]` in its file), each with the
result it gives (decisive victory, marginal victory or draw), the side it favours, the reason in
words, and what must hold. The first clause that holds decides. A scenario without clauses, or a
game that ends with none holding, is judged by Ending The Game alone: the one side left with a
ship that can fight wins a decisive victory; if none is left, it is a draw.

A ship is out of the fight when it is disabled (superstructure or power at zero: Advanced
Scenarios, Raiders, "disable (reduce to zero power or superstructure)"), destroyed, or has left
the map. A game where no side has a ship with a working weapon also ends, as a draw, so every
game ends (docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.checks import Check, refuse
from engine.errors import DataError
from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.levels import weapon_in_play
from engine.rulesets.fasa.values.state import ACTIVE, DESTROYED, DISABLED, ESCAPED, FasaState, Ship

DECISIVE = "decisive victory"
MARGINAL = "marginal victory"
DRAW = "draw"
RESULTS = (DECISIVE, MARGINAL, DRAW)
EDGES = ("north", "south", "east", "west")

# How a game ended, in a few words (`starbridge simulate --games` counts them).
ONE_SIDE_LEFT = "one side left fighting"
NOBODY_FIGHTS = "no side can fight"
ESCAPE = "a ship left the map"
TURN_LIMIT = "turn limit"
BROKE_OFF = "a ship broke off at warp"
TIME_UP = "time ran out"

_CLAUSE_KEYS = {"result", "side", "why", "escaped", "edge", "keep", "enemies_disabled", "out",
                "wrecked", "by_turn", "after_turn", "broke_off", "warp_above"}
MAX_TURN = 999


@dataclass(frozen=True, slots=True)
class Clause:
    """One victory condition: `result` for `side` ("" for a draw) when every given test holds.

    escaped: this ship has left the map (by `edge` if given: north, south, east or west);
    keep: ...with at least this part of its superstructure and of its power left;
    enemies_disabled: at least this many ships not on `side` are disabled or destroyed;
    out: each of these ships is out of the fight (disabled, destroyed or off the map);
    wrecked: this ship's superstructure is at 0 or below;
    by_turn: ...and it is still game turn `by_turn` or earlier;
    after_turn: game turn `after_turn` is over (checked at the end of each game turn: the
      Kobayashi Maru's "in 15 turns or fewer", seed line 1560);
    broke_off: this ship's warp speed is above `warp_above` (it "disengages by increasing warp
      speed", line 1560; Changing Warp Speed "to break off battle", line 1143).
    A clause with `after_turn` or `broke_off` ends the game the moment it holds.
    """

    result: str
    side: str
    why: str
    escaped: str = ""
    edge: str = ""
    keep: Fraction = Fraction(0)
    enemies_disabled: int = 0
    out: tuple[str, ...] = ()
    wrecked: str = ""
    by_turn: int = 0
    after_turn: int = 0
    broke_off: str = ""
    warp_above: int = 0

    @property
    def at_once(self) -> bool:
        """Whether the clause ends the game whenever it holds, both sides still fighting."""
        return bool(self.after_turn or self.broke_off)


@dataclass(frozen=True, slots=True)
class Verdict:
    kind: str       # DECISIVE, MARGINAL or DRAW
    winner: str     # "" for a draw
    ending: str     # how the game ended, in a few words
    reason: str     # why this result, in words

    @property
    def outcome(self) -> str:
        if self.winner:
            return f"{self.winner} wins a {self.kind}: {self.reason}"
        return f"Draw: {self.reason}"


@dataclass(slots=True)
class _Draft:
    """A [[victory]] table being read: where it is, the table, the scenario's ships (id to side)
    and the fields read so far, by name (`draft["side"]`)."""

    where: str
    entry: Mapping[str, Any]
    ships: Mapping[str, str]
    got: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.got[key]

    @property
    def sides(self) -> set[str]:
        return set(self.ships.values())


_Reader = Callable[[_Draft], Any]


def _plain(key: str, default: Any) -> _Reader:
    return lambda d: d.entry.get(key, default)


def _ship_named(key: str) -> _Reader:
    return lambda d: _ship_id(d.where, d.entry, key, d.ships)


def _turn_named(key: str) -> _Reader:
    return lambda d: _turn(d.where, d.entry, key)


_ENTRY_FORM: tuple[Check[Any], ...] = (
    Check(lambda entry: not isinstance(entry, Mapping), "must be a table"),
    Check(lambda entry: set(entry) - _CLAUSE_KEYS,
          lambda entry: f"unknown field(s) {', '.join(sorted(set(entry) - _CLAUSE_KEYS))}; "
                        f"known: {', '.join(sorted(_CLAUSE_KEYS))}"),
)

_CLAUSE_FIELDS: tuple[tuple[str, _Reader, tuple[Check[_Draft], ...]], ...] = (
    ("result", _plain("result", None), (
        Check(lambda d: d["result"] not in RESULTS,
              lambda d: f"result must be one of {', '.join(RESULTS)}, not {d['result']!r}"),)),
    ("side", _plain("side", ""), (
        Check(lambda d: not isinstance(d["side"], str),
              lambda d: f"side must be text, not {d['side']!r}"),
        Check(lambda d: d["result"] == DRAW and d["side"],
              "a draw favours no side; leave out side"),
        Check(lambda d: d["result"] != DRAW and d["side"] not in d.sides,
              lambda d: f"side must be one of {', '.join(sorted(d.sides))}, "
                        f"not {d['side']!r}"))),
    ("why", _plain("why", ""), (
        Check(lambda d: not isinstance(d["why"], str) or not d["why"],
              "why must say the reason in words"),)),
    ("escaped", _ship_named("escaped"), ()),
    ("wrecked", _ship_named("wrecked"), ()),
    ("edge", _plain("edge", ""), (
        Check(lambda d: d["edge"] and (not isinstance(d["edge"], str) or d["edge"] not in EDGES
                                       or not d["escaped"]),
              f"edge must be one of {', '.join(EDGES)}, with escaped"),)),
    ("keep", lambda d: _fraction(d.where, d.entry.get("keep", "0")), (
        Check(lambda d: d["keep"] and not d["escaped"],
              "keep applies to the escaped ship; give escaped"),)),
    ("enemies_disabled", _plain("enemies_disabled", 0), (
        Check(lambda d: type(d["enemies_disabled"]) is not int or d["enemies_disabled"] < 0,
              "enemies_disabled must be a whole number"),
        Check(lambda d: d["enemies_disabled"] and not d["side"],
              "enemies_disabled needs a side"))),
    ("out", _plain("out", []), (
        Check(lambda d: not isinstance(d["out"], list) or any(
            not isinstance(s, str) or s not in d.ships for s in d["out"]),
              "out must list ship ids of the scenario"),)),
    ("by_turn", _turn_named("by_turn"), ()),
    ("after_turn", _turn_named("after_turn"), ()),
    ("broke_off", _ship_named("broke_off"), ()),
    ("warp_above", _plain("warp_above", 0), (
        Check(lambda d: type(d["warp_above"]) is not int or not 0 <= d["warp_above"] < MAX_WARP,
              lambda d: f"warp_above must be a whole number 0 to {MAX_WARP - 1} (the warp speed "
                        f"above which the ship has broken off), not {d['warp_above']!r}"),
        Check(lambda d: ("warp_above" in d.entry) != bool(d["broke_off"]),
              "broke_off (the ship) and warp_above (the speed above which it has broken off) "
              "go together"),
        Check(lambda d: not (d["escaped"] or d["wrecked"] or d["enemies_disabled"] or d["out"]
                             or d["after_turn"] or d["broke_off"]),
              "give at least one test (escaped, enemies_disabled, out, wrecked, after_turn, "
              "broke_off)"))),
)
"""A [[victory]] table's fields in the order they are read, each with its checks, which may
ask the fields read before it; the first fault found is refused."""


def _clause(where: str, entry: Any, ships: Mapping[str, str]) -> Clause:
    refuse(where, entry, _ENTRY_FORM)
    draft = _Draft(where, entry, ships)
    for key, read, checks in _CLAUSE_FIELDS:
        draft.got[key] = read(draft)
        refuse(where, draft, checks)
    d = draft
    return Clause(d["result"], str(d["side"]), d["why"], d["escaped"], str(d["edge"]), d["keep"],
                  d["enemies_disabled"], tuple(d["out"]), d["wrecked"], d["by_turn"],
                  d["after_turn"], d["broke_off"], d["warp_above"])


def clauses_from(raw: Any, where: str, ships: Mapping[str, str]) -> tuple[Clause, ...]:
    """The scenario's `victory` list, checked; `ships` maps each ship id to its side."""
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple):
        raise DataError(f"{where}: victory must be a list of [[victory]] tables")
    return tuple(_clause(f"{where}, victory[{n}]", entry, ships) for n, entry in enumerate(raw, 1))


def _ship_id(where: str, entry: Mapping[str, Any], key: str, ships: Mapping[str, str]) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (value and value not in ships):
        raise DataError(f"{where}: {key} names no ship of the scenario: {value!r}")
    return str(value)


MAX_WARP = 10
"""The Heading Change Stress Chart stops at warp 10 (setup.MAX_WARP_SPEED)."""


def _turn(where: str, entry: Mapping[str, Any], key: str) -> int:
    value = entry.get(key, 0)
    if type(value) is not int or not 0 <= value <= MAX_TURN or (key in entry and not value):
        raise DataError(f"{where}: {key} must be a game turn, a whole number 1 to {MAX_TURN}, "
                        f"not {value!r}")
    return int(value)


def _fraction(where: str, text: Any) -> Fraction:
    try:
        value = Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise DataError(f"{where}: keep must be a fraction like \"1/3\", not {text!r}") from None
    if not 0 <= value <= 1:
        raise DataError(f"{where}: keep must be between 0 and 1, not {text!r}")
    return value


def fighting(ship: Ship) -> bool:
    """In the fight: on the map, superstructure and power above zero."""
    return ship.status == ACTIVE and ship.superstructure > 0 and ship.total_power > 0


def armed(state: FasaState, ship: Ship) -> bool:
    """In the fight with a weapon that works at this level of play."""
    return fighting(ship) and any(
        not w.damaged and weapon_in_play(state.level, spec)
        for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True))


def left_by(state: FasaState, ship: Ship) -> str:
    """The edge by which `ship` left the map."""
    col, row = hex_to_offset(ship.pos)
    if row < 0:
        return "north"
    if row >= state.bounds.rows:
        return "south"
    return "west" if col < 0 else "east"


def holds(state: FasaState, clause: Clause, turn_over: bool = False) -> bool:
    """Whether every test of `clause` holds now; `turn_over`: the current game turn has ended
    (its last Firing Phase is over)."""
    done = state.turn if turn_over else state.turn - 1   # game turns played to their end
    if clause.by_turn and state.turn > clause.by_turn:
        return False
    if clause.after_turn and done < clause.after_turn:
        return False
    if clause.broke_off and state.ship(clause.broke_off).warp <= clause.warp_above:
        return False
    if clause.escaped:
        ship = state.ship(clause.escaped)
        if ship.status != ESCAPED:
            return False
        if clause.edge and left_by(state, ship) != clause.edge:
            return False
        if clause.keep and (ship.superstructure < clause.keep * ship.cls.superstructure
                            or ship.total_power < clause.keep * ship.cls.total_power):
            return False
    if clause.enemies_disabled:
        down = sum(1 for s in state.ships if s.side != clause.side
                   and (s.status in (DISABLED, DESTROYED)
                        or (s.status == ACTIVE and not fighting(s))))
        if down < clause.enemies_disabled:
            return False
    if any(fighting(state.ship(s)) for s in clause.out):
        return False
    return not (clause.wrecked and state.ship(clause.wrecked).superstructure > 0)


def escapers(clauses: tuple[Clause, ...]) -> dict[str, str]:
    """Ships whose leaving the map the scenario scores, with the edge it wants ("" = any)."""
    out: dict[str, str] = {}
    for c in clauses:
        if c.escaped and c.result != DRAW and (c.escaped not in out or c.edge):
            out[c.escaped] = c.edge
    return out


def judge(state: FasaState, clauses: tuple[Clause, ...],
          turn_over: bool = False) -> Verdict | None:
    """The verdict if the game is over now, else None (checked after every Firing Phase, at the
    end of each game turn (`turn_over`), whenever a ship leaves the map or sets its warp)."""
    for clause in clauses:
        if clause.at_once and holds(state, clause, turn_over):
            ending = BROKE_OFF if clause.broke_off else TIME_UP
            return Verdict(clause.result, clause.side, ending, clause.why)
    sides = {s.side for s in state.ships if fighting(s)}
    scored = {c.escaped for c in clauses if c.escaped}
    escape = any(state.ship(s).status == ESCAPED for s in scored)
    nobody_armed = not any(armed(state, s) for s in state.ships)
    if len(sides) > 1 and not escape and not nobody_armed:
        return None
    ending = (ESCAPE if escape else ONE_SIDE_LEFT if len(sides) == 1 else NOBODY_FIGHTS)
    for clause in clauses:
        if holds(state, clause):
            return Verdict(clause.result, clause.side, ending, clause.why)
    if len(sides) > 1 and not nobody_armed:
        return None  # a ship left the map, but no condition is met yet: play on
    losers = [s for s in state.ships if s.side not in sides]
    told = ", ".join(f"{s.name} {fate(s)}" for s in losers)
    if len(sides) == 1:
        winner = sides.pop()
        return Verdict(DECISIVE, winner, ending,
                       f"{winner} has destroyed, captured or driven off all its opponents "
                       f"({told})")
    if not sides:
        return Verdict(DRAW, "", NOBODY_FIGHTS, f"no side has a ship left that can fight ({told})")
    return Verdict(DRAW, "", NOBODY_FIGHTS, "no ship on any side has a working weapon")


def fate(ship: Ship) -> str:
    if ship.status == ESCAPED:
        return "driven off"
    if ship.status == DESTROYED:
        return "destroyed"
    if ship.superstructure <= 0:
        return "captured (superstructure gone)"
    if ship.total_power <= 0:
        return "captured (no power)"
    return "captured"


def at_turn_limit(limit: int) -> Verdict:
    return Verdict(DRAW, "", TURN_LIMIT, f"the turn limit ({limit}) is reached and no victory "
                   "condition is met")
