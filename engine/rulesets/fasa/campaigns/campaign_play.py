"""Campaign Advancement in play (Book Two, Advanced: Optional Rules, seed lines 496-523; Rescues
During Combat, line 529): an optional rule (`campaign = true`, options.py) a scenario or the
table turns on. The numbers are `campaign.py`'s; this module puts them in a game.

Within a game (the advanced level):
- Before the first Power Allocation Phase, each ship whose scenario entry gives no
  `advancement = { captain = N, crew = M }` rolls one d10 at its Captain's station: "the player
  rolls 1 die and adds ten" (line 517), divided evenly, the odd point to the captain (a table that
  divides otherwise gives the entry). "At the beginning of a game, each player should give the
  Advancement Points of his captain and crew" (line 517): the points are public.
- The Tactical Advantage Phase: "percentile dice replace the single die ... the player adds his
  captain's Advancement Points to the number obtained" (line 504): a d100 roll, the points added.
- The crew's roll: "In the Power Allocation Phase of each turn ... If the roll is the same as or
  lower than the crew's Advancement Points, then the crew has a bonus FOR THAT TURN ONLY" (line
  506): made after the allocation, as Expert's Skill Roll Phase is, by `skill_roll` with the
  crew's points as the target, so that bonus power and shield points are placed then.

At the expert levels the ratings and the Skill Roll Phase play these parts (line 689: "just as in
the Campaign Advancement rules"): the points are given or rolled and told, and the game's end
reckons them, but the advantage and the crew's roll are Expert's.

At the game's end (line 521): "A ship gains Victory Points when it scores a victory by
destroying, capturing, or driving off another ship ... dividing the vanquished ship's Total Power
Units Available by 10". Each enemy ship out of the fight (disabled, destroyed, gone from the map,
abandoned) gives its points to the winning side, shared evenly among that side's ships still in
the fight (line 523: split "by agreement", agreed before the game: ours), each ship's share split
evenly between captain and crew, the odd point to the captain. The totals for the next game are
told; a captain who abandoned ship keeps his points, his crew loses theirs (line 529).
"""

from __future__ import annotations

from typing import Any

from engine.dice import D10, Die, RollRequest
from engine.errors import DataError
from engine.events import Event
from engine.rulesets.fasa.campaigns import campaign
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note, RollRequested
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, replace
from engine.stations import title

MAX_POINTS = 999
"""The most Advancement Points an entry may give the captain or the crew (a long campaign)."""


def in_play(state: FasaState) -> bool:
    """Whether the table plays Campaign Advancement."""
    return state.setup.options.campaign


def points_from(where: str, entry: Any) -> tuple[int, ...]:
    """A scenario entry's `advancement` table, checked: (captain, crew), or () when not given."""
    raw = entry.get("advancement") if hasattr(entry, "get") else None
    if raw is None:
        return ()
    if not hasattr(raw, "get") or set(raw) - {"captain", "crew"}:
        raise DataError(f"{where}: advancement must be a table {{ captain = N, crew = M }} of "
                        f"Advancement Points (Campaign Advancement), not {raw!r}")
    out = []
    for key in ("captain", "crew"):
        value = raw.get(key, 0)
        if type(value) is not int or not 0 <= value <= MAX_POINTS:
            raise DataError(f"{where}: advancement {key} must be a whole number 0 to "
                            f"{MAX_POINTS}, not {value!r}")
        out.append(value)
    return (out[0], out[1])


def unrolled(state: FasaState) -> tuple[str, ...]:
    """Ships still to roll their initial points, in the scenario's order (none without the
    option)."""
    if not in_play(state):
        return ()
    return tuple(s.id for s in state.ships if not s.advancement)


def ask(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Ask the next ship's initial Advancement Points roll."""
    ship = state.ship(unrolled(state)[0])
    station = state.station_for(ship.id, Duty.COMMAND)
    req = RollRequest(D10, ship.id, station,
                      f"{title(station)}: initial Advancement Points of {ship.name}'s captain "
                      f"and crew, one die and ten ({campaign.INITIAL_ADD + 1}-"
                      f"{campaign.INITIAL_ADD + 10})", public=True)
    return replace(state, roll=req), [RollRequested(req)]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    ship = state.ship(unrolled(state)[0])
    total = campaign.initial_points(value)
    split = campaign.divide(total, total - total // 2)
    ship = replace(ship, advancement=(split.captain, split.crew))
    return replace(state.with_ship(ship), roll=None), [Note(
        f"{ship.name}: {total} Advancement Points, captain {split.captain}, crew {split.crew}")]


def opening_notes(state: FasaState) -> list[Event]:
    """The points each ship brings, told to the table as the first turn begins (line 517)."""
    if not in_play(state):
        return []
    return [Note(f"Campaign Advancement: {s.name}'s captain {s.advancement[0]}, crew "
                 f"{s.advancement[1]}") for s in state.ships if s.advancement]


def captain_points(state: FasaState, ship: Ship) -> int:
    return ship.advancement[0] if in_play(state) and ship.advancement else 0


def crew_points(ship: Ship) -> int:
    return ship.advancement[1] if ship.advancement else 0


def advantage_request(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """The Tactical Advantage roll with the captain's points: percentile dice (line 504)."""
    station = state.station_for(ship.id, Duty.COMMAND)
    points = captain_points(state, ship)
    req = RollRequest(Die.D100, ship.id, station,
                      f"{title(station)}: tactical advantage roll for {ship.name}, percentile "
                      f"dice + {points} (the captain's Advancement Points)", public=True,
                      modifiers=(("the captain's Advancement Points", points),) if points else ())
    return replace(state, roll=req), [RollRequested(req)]


def victory_notes(state: FasaState, winner: str) -> list[Event]:
    """The Victory Points the winning side's ships earn, and every ship's totals for the next
    game (module docstring)."""
    if not in_play(state):
        return []
    out: list[Event] = []
    earned: dict[str, tuple[int, int]] = {}
    if winner:
        beaten = [s for s in state.ships if s.side != winner and s.status != ACTIVE]
        points = sum(campaign.victory_points(full_power(s)) for s in beaten)
        victors = [s for s in state.ships if s.side == winner and s.status == ACTIVE]
        if points and victors:
            share, extra = divmod(points, len(victors))
            for n, s in enumerate(victors):
                mine = share + (1 if n < extra else 0)
                split = campaign.divide(mine, mine - mine // 2)
                earned[s.id] = (split.captain, split.crew)
            names = ", ".join(s.name for s in beaten)
            out.append(Note(f"Campaign Advancement: {points} Victory Points for vanquishing "
                            f"{names} (Total Power Units Available / 10), shared by "
                            f"{len(victors)} ship(s) of the {winner} side"))
    for s in state.ships:
        if not s.advancement:
            continue
        before = campaign.Advancement(s.advancement[0], s.advancement[1])
        if s.abandoned:
            after = campaign.after_rescue(before)
            why = " (abandoned ship: the crew's points are lost)"
        else:
            won = earned.get(s.id, (0, 0))
            after = campaign.Advancement(before.captain + won[0], before.crew + won[1])
            why = f" (+{won[0]} captain, +{won[1]} crew)" if s.id in earned else ""
        out.append(Note(f"Campaign Advancement for the next game: {s.name}'s captain "
                        f"{after.captain}, crew {after.crew}{why}"))
    return out


def full_power(ship: Ship) -> int:
    """The class's Total Power Units Available at full values (docs/rules-decisions.md)."""
    return ship.cls.full_total_power
