"""Panels that keep last turn's settings (Book Two, Command & Control), for the crewed ships of the
command level:

- "If the officer does not pass his DEX roll before the next Power Allocation Phase, he may not
  reset his Command Control Panel, and the settings must remain the same as for the previous game
  turn. This means that a shaken Science Officer may power NO new shields or attempt a sensors
  lock, and that a shaken Helmsman may power NO new weapons or change his ship's speed" (line
  1357): a shaken officer's shields or weapons are set as last turn, his warp speed stays, his
  sensors make no lock (shaken.sensors_dark); a shaken Chief Engineer's allocation stays too (our
  reading: his panel is a Command Control Panel like theirs).
- "If power is out during the normal Power Allocation Phase, the settings on the Engineering Panel
  may not be changed, and the same number of points will be given to movement, weapons, and
  shields in the following game turn as in the turn when the damage occurred. These power points
  may be used to energize different shields and weapons, but the total power must remain the
  same, unless damage forces changes" (line 1401).

The engine makes these settings itself as the Power Allocation Phase opens, so no prompt asks the
shaken officer. Where damage since forces a change (less power, a weapon or shield generator
lost), the setting is cut to fit: weapons first, then shields, then movement (our reading,
docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.command import orders
from engine.rulesets.fasa.engineering import power
from engine.rulesets.fasa.engineering.power_presets import last_arming
from engine.rulesets.fasa.sensing.cloak import has_cloak
from engine.rulesets.fasa.values import officers
from engine.rulesets.fasa.values.actions import AllocatePower, ArmWeapons, SetShields
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import PanelKept
from engine.rulesets.fasa.values.shaken import duty_out, grid_out
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship
from engine.stations import title


def allocation_frozen(state: FasaState, ship: Ship) -> bool:
    """The Engineering Panel keeps last turn's totals: the power off the grid (line 1401) or the
    Chief Engineer shaken (line 1357)."""
    return grid_out(ship) or duty_out(state, ship, Duty.POWER)


def settle(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Make the settings that stay as last turn, for each crewed ship at the command level."""
    if state.step != POWER or not officers.command_level(state.level):
        return state, []
    events: list[Event] = []
    for ship_id in [s.id for s in state.ships]:
        ship = state.ship(ship_id)
        if ship.status != ACTIVE or not officers.crewed(ship):
            continue
        if ship.allocation is None and ship.last_allocation is not None \
                and allocation_frozen(state, ship):
            station = state.station_for(ship.id, Duty.POWER)
            state, more = power.allocate(state, ship, _last_allocation(state, ship, station))
            why = "no power on the grid" if grid_out(ship) else "the Chief Engineer is shaken"
            events += [PanelKept(ship.id, ship.name, station,
                                 f"the Engineering Panel keeps last turn's allocation ({why})"),
                       *more]
            ship = state.ship(ship_id)
        if ship.allocation is not None and not ship.armed and duty_out(state, ship,
                                                                       Duty.WEAPONS) \
                and not orders.awaited(state, ship):
            # The Captain's fire order still binds (line 1101): under hold fire nothing is armed.
            station = state.station_for(ship.id, Duty.WEAPONS)
            kept = () if orders.arm_problem(state, ship, True) else last_arming(ship)
            state, more = power.arm(state, ship, ArmWeapons(station, ship.id, kept))
            events += [PanelKept(ship.id, ship.name, station,
                                 f"{title(station)} is shaken: the weapons stay as last turn"),
                       *more]
            ship = state.ship(ship_id)
        if ship.allocation is not None and not ship.shields_set and duty_out(state, ship,
                                                                             Duty.SHIELDS):
            station = state.station_for(ship.id, Duty.SHIELDS)
            state, more = power.set_shields(state, ship, SetShields(station, ship.id,
                                                                    last_shields(ship)))
            events += [PanelKept(ship.id, ship.name, station,
                                 f"{title(station)} is shaken: the shields stay as last turn"),
                       *more]
    return state, events


def _last_allocation(state: FasaState, ship: Ship, station: str) -> AllocatePower:
    last = ship.last_allocation
    assert last is not None
    step = ship.cls.movement_step
    cloak = last.cloak if last.cloak and has_cloak(state, ship) else 0
    weapons = min(last.weapons, power.weapon_cap(ship)) if not cloak else 0
    shields = min(last.shields, power.shield_power_cap(ship))
    movement = last.movement // step * step
    total = ship.total_power - cloak
    if cloak > ship.total_power:
        cloak, total = 0, ship.total_power
    over = movement + shields + weapons - total
    for part in ("weapons", "shields", "movement"):
        if over <= 0:
            break
        if part == "weapons":
            cut = min(over, weapons)
            weapons -= cut
        elif part == "shields":
            cut = min(over, shields)
            shields -= cut
        else:
            cut = -(-over // step) * step
            cut = min(cut, movement)
            movement -= cut
        over -= cut
    return AllocatePower(station, ship.id, movement, shields, weapons, cloak)




def last_shields(ship: Ship) -> tuple[int, int, int, int, int, int]:
    """Last turn's shield points, within this turn's shield points; a shield whose generator is
    gone stays at 0."""
    alloc = ship.allocation
    budget = ship.cls.shield_points(alloc.shields) if alloc is not None else 0
    last = ship.last_shields or (0, 0, 0, 0, 0, 0)
    out = [0] * 6
    for n in range(6):
        if n + 1 in ship.shields_damaged:
            continue
        out[n] = min(last[n], ship.cls.max_shield_points, budget)
        budget -= out[n]
    return (out[0], out[1], out[2], out[3], out[4], out[5])
