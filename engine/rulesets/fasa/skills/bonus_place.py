"""Placing the skill bonus's power or shield point (Book Two, Expert: Skill Roll Phase, seed lines
701-703; the bonuses of Campaign Advancement, lines 509-510).

The Captain names the bonus (`skill_roll.py`); the point is then placed at the panel that places
such points every turn: the one more power point ("This may be allocated anywhere", line 509) by
the station that allocates power (the Engineer: C&C, the Engineering Officer's Power Allocation),
to movement, a shield or a beam weapon within its limits; the one more shield point ("from a
specific shield, even above the maximum", line 510) by the station that sets the shields
(Science, or the Navigator of a five- or six-seat crew). The Skill Roll Phase waits for both, as
it waits for the Captain's choice. Like the bonus, the placement is its side's to know.
"""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance, sextants
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import SHIELD_OF_SEXTANT
from engine.rulesets.fasa.skills.skill_roll import (
    PLACE_POWER,
    PLACE_SHIELD,
    add_power_point,
    add_shield_point,
    power_places,
    power_problem,
    shield_problem,
)
from engine.rulesets.fasa.values.actions import BonusPower, BonusShield
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import BonusTaken
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, replace


def placing(state: FasaState) -> tuple[Ship, ...]:
    """Ships whose bonus point is still to be placed."""
    return tuple(s for s in state.ships
                 if s.bonus in (PLACE_POWER, PLACE_SHIELD) and s.status == ACTIVE)


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    """One placement to make for each ship in `placing`, at the station of its duty."""
    out = []
    for s in placing(state):
        if s.bonus == PLACE_POWER:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.POWER),
                              f"place the bonus power point of {s.name}: movement, a shield or "
                              "a beam weapon", None, "bonus_power"))
        else:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.SHIELDS),
                              f"place the bonus shield point of {s.name} on one shield (past "
                              "its maximum)", None, "bonus_shield"))
    return tuple(out)


def power_place_problem(ship: Ship, action: BonusPower) -> str:
    """Why the bonus power point cannot go where `action` puts it, or ""."""
    if ship.bonus != PLACE_POWER:
        return f"{ship.name} has no bonus power point to place"
    if action.part != "shield" and action.shield:
        return f"name a shield (1-6) only for a power point to a shield, not {action.shield}"
    return power_problem(ship, action.part, action.shield)


def shield_place_problem(ship: Ship, action: BonusShield) -> str:
    """Why the bonus shield point cannot go on `action`'s shield, or ""."""
    if ship.bonus != PLACE_SHIELD:
        return f"{ship.name} has no bonus shield point to place"
    return shield_problem(ship, action.shield)


def place(state: FasaState, ship: Ship, action: Action,
          station: str) -> tuple[FasaState, list[Event]]:
    """The bonus point placed (`action` a `BonusPower` or `BonusShield`); the ship's bonus is then
    "power" or "shield" for the turn."""
    if isinstance(action, BonusPower):
        why = power_place_problem(ship, action)
        if why:
            raise IllegalAction(f"{station}: {why}")
        ship, detail = add_power_point(ship, action.part, action.shield)
        bonus = "power"
    elif isinstance(action, BonusShield):
        why = shield_place_problem(ship, action)
        if why:
            raise IllegalAction(f"{station}: {why}")
        ship, detail = add_shield_point(ship, action.shield)
        bonus = "shield"
    else:
        raise IllegalAction(f"{station}: {action.type_name} places no skill bonus")
    ship = replace(ship, bonus=bonus)
    return state.with_ship(ship), [BonusTaken(ship.id, ship.name, bonus, detail)]


def choose_power(ship: Ship, station: str) -> BonusPower:
    """The autopilot's place for the power point: the fore shield (2) when it can take it, else
    the first place the rules accept (movement, a shield, a beam weapon)."""
    order = (("shield", 2), *power_places(ship))
    part, shield = next((p for p in order if not power_problem(ship, *p)), ("movement", 0))
    return BonusPower(station, ship.id, part, shield)


def nearest_in_play(state: FasaState, ship: Ship) -> Ship | None:
    """The nearest enemy in play on the map the deciding seat sees (a redacted state: a cloaked
    enemy its side has not detected is not on it), the first by id on a tie."""
    foes = [s for s in state.ships if s.side != ship.side and s.status == ACTIVE]
    return min(foes, key=lambda s: (distance(ship.pos, s.pos), s.id)) if foes else None


def choose_shield(state: FasaState, ship: Ship, station: str) -> BonusShield:
    """Where the autopilot's Science puts the bonus shield point (line 510, "from a specific
    shield"): the shield facing the nearest enemy it sees, else the strongest working one."""
    foe = nearest_in_play(state, ship)
    working = [n for n in range(1, 7) if n not in ship.shields_damaged] or [2]
    facing = 2
    if foe is not None and foe.pos != ship.pos:
        facing = SHIELD_OF_SEXTANT[sextants(ship.pos, ship.heading, foe.pos)[0]]
    shield = facing if facing in working else max(working, key=lambda n: (ship.shields[n - 1], -n))
    return BonusShield(station, ship.id, shield)
