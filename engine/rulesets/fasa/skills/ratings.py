"""Skill and efficiency ratings, and the tactical advantage they give (Book Two, Expert: Simple
Skill Rolls, seed lines 673-695).

"For each rating, roll the die 3 times, add the rolls together, and then add 45. This gives
numbers between 48 and 75" (line 685): each Captain's Skill Rating and each crew's Crew Efficiency
Rating. A scenario may give them (`skill`, `efficiency` on a ship's entry); the rest are rolled
before the first Power Allocation Phase, six d10 rolls by the ship's Captain (command duty), in
the scenario's ship order: three for the Skill Rating, then three for the Efficiency Rating. The
rolls are logged as any roll; they, and the ratings, are the ship's side's to know ("Record the
ratings on the Master Control Panel").

"In combat, the Captain with the greater Skill Rating has the tactical advantage for the entire
game" (line 679), "with the advantage descending in order as determined by the other Captains'
ratings" (line 695): no tactical advantage roll at the expert level. Equal Skill Ratings are
ordered by the Crew Efficiency Rating, then the scenario's order (the earlier ship ahead), our
reading (docs/rules-decisions.md, Expert). The order itself is seen by all (who moves and declares
last is seen at the table), the ratings are not.
"""

from __future__ import annotations

from typing import Any

from engine.dice import D10, RollRequest
from engine.errors import DataError
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import RatingsSet, RollRequested
from engine.rulesets.fasa.values.officers import crewed, dex
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, replace
from engine.stations import title

BASE = 45
DICE = 3
LOWEST, HIGHEST = BASE + DICE, BASE + 10 * DICE
"""Ratings run 48 to 75 (line 685)."""
ROLLS = 2 * DICE


def rating_from(where: str, entry: Any, key: str) -> int:
    """A rating a scenario gives a ship (`skill` or `efficiency`), 48-75; 0 when not given."""
    value = entry.get(key, 0) if hasattr(entry, "get") else 0
    if value == 0 and key not in entry:
        return 0
    if type(value) is not int or not LOWEST <= value <= HIGHEST:
        raise DataError(f"{where}: {key} must be a whole number {LOWEST} to {HIGHEST} (three "
                        f"dice and 45, Expert: Creating The Ratings), not {value!r}")
    return value


def rating(rolls: tuple[int, ...]) -> int:
    """Three dice added together, and 45 (line 685): 3, 3, 3 gives 54; 1, 1, 1 gives 48."""
    return BASE + sum(rolls)


def unrated(state: FasaState) -> tuple[str, ...]:
    """The ships whose ratings are still to be rolled, in the scenario's order."""
    return tuple(s.id for s in state.ships
                 if not crewed(s) and (s.skill == 0 or s.efficiency == 0))


def ask(state: FasaState) -> tuple[FasaState, list[Any]]:
    """Ask the next ratings roll of the first unrated ship."""
    ship = state.ship(unrated(state)[0])
    n = len(ship.rating_rolls)
    which = "the Captain's Skill Rating" if n < DICE else "the Crew Efficiency Rating"
    station = state.station_for(ship.id, Duty.COMMAND)
    req = RollRequest(D10, ship.id, station,
                      f"{title(station)}: ratings of {ship.name}, roll {n % DICE + 1} of {DICE} "
                      f"for {which} (45 + three dice, {LOWEST}-{HIGHEST})")
    return replace(state, roll=req), [RollRequested(req)]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Any]]:
    """Record one ratings roll; the sixth sets both ratings."""
    ship = state.ship(unrated(state)[0])
    rolls = (*ship.rating_rolls, value)
    ship = replace(ship, rating_rolls=rolls)
    state = replace(state, roll=None)
    if len(rolls) < ROLLS:
        return state.with_ship(ship), []
    ship = replace(ship, skill=rating(rolls[:DICE]), efficiency=rating(rolls[DICE:]))
    # As the game's variant changes them at the start (Battlestations!, seed 001 line 216).
    state = variant_tables.rated_at_start(state.with_ship(ship), (ship.id,))
    ship = state.ship(ship.id)
    return state, [RatingsSet(ship.id, ship.name, ship.skill, ship.efficiency)]


def advantage_order(state: FasaState) -> tuple[str, ...]:
    """The ships in play, lowest Skill Rating first: the last has the tactical advantage.

    Command & Control (lines 1017, 1407): a crewed ship's Skill Rating is its Captain's
    STARSHIP COMBAT STRATEGY/TACTICS, compared with the Instructor's ships' Skill Ratings on the
    same scale. On equal ratings the players' (crewed) ship goes ahead of the Instructor's (our
    rule, after lines 1335 and 1339: the Instructor "is on their side" and may be "easier on the
    players than the dice would suggest"); two crewed ships are ordered by their Captains' DEX,
    two of the Instructor's by their Crew Efficiency Ratings as in the Expert game; then the
    scenario's order (docs/rules-decisions.md, Command & Control)."""
    index = {s.id: n for n, s in enumerate(state.ships)}

    def key(s: Ship) -> tuple[int, bool, int, int]:
        if crewed(s):
            return (s.skill, True, dex(s, state.station_for(s.id, Duty.COMMAND)), -index[s.id])
        return (s.skill, False, s.efficiency, -index[s.id])

    return tuple(s.id for s in sorted((s for s in state.ships if s.status == ACTIVE), key=key))
