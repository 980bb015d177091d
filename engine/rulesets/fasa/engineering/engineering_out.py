"""Engineering out (Book Two, Command & Control: Engineering Out, seed lines 1393-1401), for the
crewed ships of the command level.

An ENG result of the Detailed Damage Location Charts takes effect at the end of the Firing Phase
(line 1347; bridge_hits.record):

- "The Chief Engineer has been shaken badly. He must roll the die as percentile dice" against his
  DEX (line 1395): over it, "he is unable to function for the next Movement/Firing Phase and any
  power cuts will be made randomly" (power_spent.py), and he rerolls at the end of the next Firing
  Phase (bridge_hits: DEX rolls).
- "all power is withdrawn from the grid for the next Movement/Firing Phase. No shields are
  energized, no weapons may fire, and no movement may be made until the power is restored.
  Movement points and sensors locks are lost, but weapons and shields are powered as they were
  when the power failed" (line 1397): the lock goes at once; no movement while the power is off
  (shaken.py: `phase_cap`), and the movement points of each phase it is off are lost (power_spent:
  `cut_mp`, counted as that phase ends), so the ship moves again in the phases after the power
  comes back, with those phases' points; shields and weapons keep their settings but do nothing
  while the power is off (shaken.py: `shields_down`, `fire_blocked`).
- The Chief Engineer's STARSHIP ENGINEERING roll (line 1399): at or under his rating the power is
  back after one phase; over it, it stays off for the following phase too, and at the end of that
  Firing Phase he rolls again, 5 worse for each roll failed.
- "If power is out during the normal Power Allocation Phase, the settings on the Engineering Panel
  may not be changed, and the same number of points will be given to movement, weapons, and
  shields" (line 1401; frozen_panels.py).
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.firing.bridge_hits import RETRY_PENALTY, passed, percentile, retry_terms
from engine.rulesets.fasa.values import officers
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import GridPower
from engine.rulesets.fasa.values.state import FasaState, Ship, replace

ENGINEERING = "engineering"


def take_hit(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """One engineering-out hit at the end of a Firing Phase: the Chief Engineer's DEX roll is due,
    the power goes off the grid and the sensor lock is lost, and his engineering roll is due. A
    second hit while the power is off starts the outage again (our reading). The movement points
    lost are the phases' the power is off (`tick`), not the rest of the turn's."""
    sh = ship.shaken
    engineer = state.station_for(ship.id, Duty.POWER)
    sh = replace(sh, engineering=sh.engineering - 1, dex=(*sh.dex, engineer), grid=1,
                 grid_roll="first", grid_tries=0)
    ship = replace(ship, shaken=sh, lock="")
    return state.with_ship(ship), [GridPower(
        ship.id, ship.name, True,
        "engineering out: all power off the grid for the next Movement/Firing Phase (no "
        "shields, fire or movement; its movement points and the sensor lock lost)")]


def phase_lost(state: FasaState, ship: Ship) -> int:
    """The movement points of this phase, lost while the power was off the grid (line 1397:
    "Movement points ... are lost"): the Movement Points Per Phase table's for the phase, never
    more than the turn has left."""
    sh = ship.shaken
    points = state.tables.movement_per_phase(ship.movement_points, state.phases)[state.phase - 1]
    return min(points, max(0, ship.movement_points - sh.used - sh.cut_mp))


def tick(state: FasaState, ship: Ship) -> tuple[Ship, list[Event]]:
    """At the end of a Firing Phase: one phase of the outage is over, its movement points lost;
    the power comes back, or an engineering roll is due now (line 1399)."""
    sh = ship.shaken
    if sh.grid <= 0:
        return ship, []
    sh = replace(sh, cut_mp=sh.cut_mp + phase_lost(state, ship))
    ship = replace(ship, shaken=sh)
    if sh.grid == 1 and sh.grid_roll == "later":
        return replace(ship, shaken=replace(sh, grid_roll="now")), []
    sh = replace(sh, grid=sh.grid - 1)
    if sh.grid:
        return replace(ship, shaken=sh), []
    sh = replace(sh, grid_roll="", grid_tries=0)
    return replace(ship, shaken=sh), [GridPower(ship.id, ship.name, False,
                                                "power restored to the grid")]


def ask(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """The Chief Engineer's STARSHIP ENGINEERING roll to restore the power."""
    sh = replace(ship.shaken, asking="grid")
    state = state.with_ship(replace(ship, shaken=sh))
    station = state.station_for(ship.id, Duty.POWER)
    return percentile(state, state.ship(ship.id), station,
                      f"restoring {ship.name}'s power: STARSHIP ENGINEERING",
                      officers.rating(state, ship, ENGINEERING), retry_terms(sh.grid_tries))


def on_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    sh = ship.shaken
    ok = passed(state, ship, value, officers.rating(state, ship, ENGINEERING),
                RETRY_PENALTY * sh.grid_tries)
    first = sh.grid_roll == "first"
    if ok and first:
        sh = replace(sh, grid=1, grid_roll="", asking="")
        detail = f"engineering roll {value}: the power is back after one phase"
    elif ok:
        sh = replace(sh, grid=0, grid_roll="", grid_tries=0, asking="")
        detail = f"engineering roll {value}: power restored to the grid"
    else:
        tries = sh.grid_tries + 1
        sh = replace(sh, grid=2 if first else 1, grid_roll="later", grid_tries=tries, asking="")
        detail = (f"engineering roll {value}: the power stays off the following phase too; "
                  f"another roll at the end of its Firing Phase, +{RETRY_PENALTY * tries}")
    return state.with_ship(replace(ship, shaken=sh)), [GridPower(ship.id, ship.name, sh.grid > 0,
                                                                 detail)]
