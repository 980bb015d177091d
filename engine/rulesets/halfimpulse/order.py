"""The order of movement in a half phase: who moves next, how many spaces, and the movement
chart a screen shows.

- Each unit moves half its speed in each phase (seed lines 189-199): the larger half in the
  first phase it moves in, the rest in the Second Phase. A carrier at speed 3 moves 2 spaces
  in the First Phase ("after moving 1 of 2 spaces", line 9); fighters at speed 7 that could not
  move in the First Phase move "half of their speed (either 3 or 4)" in the Second (line 17):
  the referee gives them 4, as the replay's PFs at speed 5 launched in the Second Phase move 3,
  "which is half of 5" (line 447).
- Fastest first (lines 121, 189-192); at equal speed the higher initiative (lines 38-45); a
  tie of initiative between players is broken by a roll-off (ours, `Rolloff`); one player's
  ship before his counters at the same speed (ours: his counters were launched from it).
- One player's counters at one speed move together, space by space (lines 20-37): a slot of
  their own. A ship is a slot alone (lines 38-45).
- Drones and plasmas move in the Drone and Plasma movement after each phase, not with the
  ships (lines 79-95, 194), by the same order among themselves.
- After the ships comes Speed Zero: each player in turn of initiative takes his actions without
  moving (lines 207-208; the replay's "Speed Zero", lines 394-396 and 452-456).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.halfimpulse.state import (
    DRONES,
    SHIPS,
    ZERO,
    HalfState,
    Slot,
    Unit,
)


def larger_half(speed: int) -> int:
    return (speed + 1) // 2


def spaces(unit: Unit, phase: int) -> int:
    """The spaces `unit` moves in `phase` (1 or 2), from its speed for the turn."""
    if unit.speed <= 0 or unit.stopped:
        return 0
    if phase == 1 or unit.first < 0:
        return larger_half(unit.speed)
    return max(0, unit.speed - unit.first)


def may_move(unit: Unit, phase: int, stage: str) -> bool:
    """Whether `unit` still has a movement to make in this phase's `stage`."""
    if not unit.on_map or unit.done or unit.held or spaces(unit, phase) <= 0:
        return False
    return unit.seeking == (stage == DRONES)


def initiative(state: HalfState, player: str) -> tuple[int, tuple[int, ...]]:
    """What orders players at one speed: initiative, then this turn's roll-off dice."""
    return state.player(player).initiative, dict(state.ranks).get(player, ())


@dataclass(frozen=True, slots=True)
class Candidate:
    """A slot that could move next: its player, units and speed."""

    player: str
    units: tuple[str, ...]
    speed: int
    ship: bool

    def key(self, state: HalfState) -> tuple[int, tuple[int, tuple[int, ...]], int, int]:
        init, dice = initiative(state, self.player)
        index = next(n for n, u in enumerate(state.units) if u.id == self.units[0])
        return (-self.speed, (-init, tuple(-d for d in dice)), 0 if self.ship else 1, index)


def candidates(state: HalfState) -> list[Candidate]:
    """The slots still to move in this phase's stage: ships one by one, counters by player and
    speed (each with its phase's spaces still to come)."""
    if state.stage == ZERO:
        players = [p.id for p in state.players if p.id not in state.zero and state.of_player(p.id)]
        return [Candidate(p, tuple(u.id for u in state.of_player(p)), 0, True) for p in players]
    if state.stage not in (SHIPS, DRONES):
        return []
    out: list[Candidate] = []
    groups: dict[tuple[str, int], list[str]] = {}
    moving = state.slot.units if state.slot is not None else ()
    for u in state.units:
        if u.id in moving or not may_move(u, state.phase, state.stage):
            continue
        if u.small:
            groups.setdefault((u.player, u.speed), []).append(u.id)
        else:
            out.append(Candidate(u.player, (u.id,), u.speed, True))
    out += [Candidate(p, tuple(ids), speed, False) for (p, speed), ids in groups.items()]
    return out


def ordered(state: HalfState) -> list[Candidate]:
    """The candidates in the order they move (a tie not yet rolled off in the players' order)."""
    players = [p.id for p in state.players]
    return sorted(candidates(state), key=lambda c: (*c.key(state)[:2],
                                                     players.index(c.player), *c.key(state)[2:]))


def tie(state: HalfState) -> tuple[str, ...]:
    """The players who must roll off before the next slot can be chosen: those of different
    players' slots that would move next at the same speed and the same initiative and roll-off
    dice (empty when the next slot is clear)."""
    found = ordered(state)
    if not found:
        return ()
    first = found[0]
    same = [c for c in found if c.speed == first.speed
            and initiative(state, c.player) == initiative(state, first.player)]
    players = tuple(dict.fromkeys(c.player for c in same))
    return players if len(players) > 1 else ()


def next_slot(state: HalfState) -> Slot | None:
    """The next slot of the stage (None: the stage is over); call only when `tie` is empty."""
    found = ordered(state)
    if not found:
        return None
    c = found[0]
    if state.stage == ZERO:
        return Slot(state.slots + 1, c.player, c.units, 0, 1)
    units = [state.unit(u) for u in c.units]
    return Slot(state.slots + 1, c.player, c.units, c.speed,
                max(spaces(u, state.phase) for u in units))


@dataclass(frozen=True, slots=True)
class ChartRow:
    """A row of the movement chart: a slot of the phase under way, done, moving or to come."""

    speed: int
    player: str
    units: tuple[str, ...]
    spaces: int
    moved: int
    status: str   # "done", "moving", "next", "held", "tie"


def chart(state: HalfState) -> tuple[ChartRow, ...]:
    """The half phase's movement chart, in order: the ship movement, Speed Zero or the Drone
    and Plasma movement under way."""
    rows: list[ChartRow] = []
    for s in state.past:
        rows.append(ChartRow(s.speed, s.player, s.units, s.spaces, s.spaces, "done"))
    if state.slot is not None:
        s = state.slot
        moved = max([u.moved for uid in s.units if (u := state.find(uid)) is not None]
                    + [s.moved]) if state.stage != ZERO else 0
        rows.append(ChartRow(s.speed, s.player, s.units, s.spaces, moved, "moving"))
    tied = set(tie(state))
    for c in ordered(state):
        units = [state.unit(u) for u in c.units]
        count = 1 if state.stage == ZERO else max(spaces(u, state.phase) for u in units)
        rows.append(ChartRow(c.speed, c.player, c.units, count, 0,
                             "tie" if c.player in tied else "next"))
    if state.stage == SHIPS:
        for u in state.units:
            if u.on_map and u.held and not u.seeking:
                rows.append(ChartRow(u.speed, u.player, (u.id,), 0, 0, "held"))
    return tuple(rows)
