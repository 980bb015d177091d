"""The Skill Roll Phase and its bonus (Book Two, Expert: Skill Rolls; Sequence Of Play step 3,
seed lines 687-689, 701-703; the bonuses of Campaign Advancement, lines 506-511).

"Each player makes a Skill Roll against his Crew Efficiency Rating. If the roll is less than or
equal to the rating, he may choose one bonus to apply for this game turn." The roll is percentile
dice (a `RollRequest` of kind d100: a tray's two d10 rolls, tens then units, typed in or virtual),
made by the ship's Captain (command duty) for each ship in play after the Power Allocation Phase,
in the scenario's order; casualties add their +1 per full 10% (lines 847-853), which the request
names in its `modifiers`. The roll, the bonus and what it mends are the ship's side's to know.

The bonuses, "FOR THAT TURN ONLY" (line 506), chosen by the Captain after the allocation. The
Captain names the bonus; the bonus power point is then placed by the station that allocates power
(the Engineer) and the bonus shield point by the station that sets the shields (Science), each a
decision of its own (`bonus_place.py`), as the panels are divided (C&C: the Engineer's and Science
Officer's duties). A `skill_bonus` that carries its placement, as logs written before the
placement was split off do, is still accepted and places the point at once (docs/log-format.md):
- aim: "Fire 2 weapons at a bonus of 1 point subtracted from the To-Hit die roll": the two named
  weapons hit on one more this turn;
- power: "Coax 1 additional power point from the engines. This may be allocated anywhere": to
  movement (the movement points are worked out again), to one shield (its shield points, within
  the shield's maximum), or to a beam weapon (within its maximum);
- shield: "Coax 1 additional shield point from a specific shield, even above the maximum";
- repair: "One point may be added (permanently) back onto the Total Power Units Available Track
  or the Superstructure Damage Track": one engine's power (counting from the next Power
  Allocation Phase, as lost power does) or one superstructure point; stress and combat damage are
  not told apart (docs/rules-decisions.md, Expert).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from engine.checks import Check, first_fault
from engine.dice import Die, RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.skills.casualties import casualty_modifier, casualty_terms
from engine.rulesets.fasa.values.actions import SKILL_BONUSES, SkillBonus
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import BonusTaken, RollRequested, SkillRolled
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.state import ACTIVE, SKILL, FasaState, Ship, Weapon, replace
from engine.stations import title

DUE, NONE = "due", "none"
PLACE_POWER, PLACE_SHIELD = "placing power", "placing shield"
"""A bonus the Captain chose whose point is still to be placed (`bonus_place.py`)."""


def start(state: FasaState) -> FasaState:
    """The Skill Roll Phase begins: every ship in play rolls, in the scenario's order."""
    ships = tuple(s.id for s in state.ships if s.status == ACTIVE and target(state, s) > 0
                  and not crewed(s))  # C&C: a player crew's Engineer rolls instead
    return replace(state, step=SKILL, queue=ships)


def target(state: FasaState, ship: Ship) -> int:
    """What the roll is made against: the Crew Efficiency Rating at the expert levels, the
    crew's Advancement Points at the advanced level with Campaign Advancement (line 506): the
    level's hook (`layers/expert_hooks.py`, `layers/option_hooks.py`)."""
    return hooks.of(state).crew_roll_target(state, ship)


def against(state: FasaState) -> str:
    return "efficiency" if expert(state.level) else "Advancement Points"


def need(state: FasaState, ship: Ship) -> int:
    """The highest percentile roll that succeeds: the target, less the casualty modifier."""
    return max(0, target(state, ship) - casualty_modifier(state.level, ship))


def ask(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Ask the next ship's Skill Roll."""
    ship = state.ship(state.queue[0])
    station = state.station_for(ship.id, Duty.COMMAND)
    mod = casualty_modifier(state.level, ship)
    top = need(state, ship)
    modifiers = casualty_terms(state.level, ship)
    added = f" (+{mod} on the roll for casualties)" if mod else ""
    wanted = f"needs 1-{top}" if top else "cannot succeed"
    req = RollRequest(Die.D100, ship.id, station,
                      f"{title(station)}: Skill Roll of {ship.name}'s crew, percentile dice "
                      f"against {against(state)} {target(state, ship)}{added}, {wanted}",
                      (1, top) if top else None, modifiers=modifiers)
    return replace(state, roll=req), [RollRequested(req)]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    ship = state.ship(state.queue[0])
    mod = casualty_modifier(state.level, ship)
    event = SkillRolled(ship.id, ship.name, value, mod, target(state, ship), against(state))
    ship = replace(ship, skill_rolled=value + mod, bonus=DUE if event.success else NONE)
    return replace(state.with_ship(ship), roll=None, queue=state.queue[1:]), [event]


def waiting(state: FasaState) -> tuple[Ship, ...]:
    """Ships whose Captain has a bonus to choose."""
    return tuple(s for s in state.ships if s.bonus == DUE and s.status == ACTIVE)


def engine_part(ship: Ship, part: str) -> int:
    """The engine index an "engineN" part names (1-based), or -1."""
    if part.startswith("engine") and part[6:].isdigit():
        n = int(part[6:])
        if 1 <= n <= len(ship.cls.engines):
            return n - 1
    return -1


def split_form(action: SkillBonus) -> bool:
    """Whether a power or shield bonus leaves its placement to the Engineer or Science (the form
    the panels send) rather than carrying it (the form of older logs)."""
    return ((action.bonus == "power" and not action.part)
            or (action.bonus == "shield" and not action.shield))


class _Choice(NamedTuple):
    ship: Ship
    action: SkillBonus


_BONUS_CHECKS: tuple[Check[_Choice], ...] = (
    Check(lambda c: c.ship.bonus != DUE, lambda c: f"{c.ship.name} has no skill bonus to choose"),
    Check(lambda c: not 0 <= c.action.shield <= 6,
          lambda c: f"the shield must be 1 to 6 (0 when none is named), not {c.action.shield}"),
    Check(lambda c: c.action.bonus not in SKILL_BONUSES,
          lambda c: f"the bonus must be one of {', '.join(SKILL_BONUSES)}, "
                    f"not {c.action.bonus!r}"),
)
"""What every skill bonus asks, before the checks of its kind (`_BONUS_PROBLEMS`)."""


def _aim_problem(ship: Ship, action: SkillBonus) -> str:
    """One or two different weapons of the ship, undamaged."""
    if not 1 <= len(action.weapons) <= 2 or len(set(action.weapons)) != len(action.weapons):
        return "name one or two different weapons to aim one better"
    ids = [w.id for w in ship.cls.weapons]
    for wid in action.weapons:
        if wid not in ids:
            return f"{ship.name} has no weapon {wid!r}"
        if ship.weapons[ids.index(wid)].damaged:
            return f"the {ship.cls.weapon(wid).name} is damaged"
    return ""


def _power_bonus_problem(ship: Ship, action: SkillBonus) -> str:
    """The part it goes to, or (left to the Engineer) somewhere it could go."""
    if action.part:
        return power_problem(ship, action.part, action.shield)
    if not any(not power_problem(ship, part, n) for part, n in power_places(ship)):
        return (f"{ship.name} has nowhere to put one more power point (movement gains "
                "nothing, the shields are full and the beam weapons fully powered)")
    return ""


def _shield_bonus_problem(ship: Ship, action: SkillBonus) -> str:
    """The shield it goes on, or (left to Science) a shield generator still working."""
    if action.shield:
        return shield_problem(ship, action.shield)
    if len(ship.shields_damaged) >= 6:
        return f"all of {ship.name}'s shield generators are damaged"
    return ""


def _repair_problem(ship: Ship, action: SkillBonus) -> str:
    """A damaged superstructure or engine."""
    if action.part == "superstructure":
        undamaged = ship.superstructure >= ship.cls.superstructure
        return f"{ship.name}'s superstructure is undamaged" if undamaged else ""
    i = engine_part(ship, action.part)
    if i < 0:
        return (f"repair the superstructure or an engine (engine1 to "
                f"engine{len(ship.cls.engines)}), not {action.part!r}")
    if ship.engines[i] >= ship.cls.engines[i].power:
        return f"the {ship.cls.engines[i].name} is undamaged"
    return ""


def _no_problem(ship: Ship, action: SkillBonus) -> str:
    return ""


_BONUS_PROBLEMS: Mapping[str, Callable[[Ship, SkillBonus], str]] = {
    "aim": _aim_problem, "power": _power_bonus_problem, "shield": _shield_bonus_problem,
    "repair": _repair_problem,
}
"""Each kind of skill bonus's own checks; "none" has none."""


def bonus_problem(state: FasaState, ship: Ship, action: SkillBonus) -> str:
    """Why the bonus cannot be taken as given, or ""."""
    fault = first_fault(_Choice(ship, action), _BONUS_CHECKS)
    if fault:   # the kind is known only once these pass
        return fault
    return _BONUS_PROBLEMS.get(action.bonus, _no_problem)(ship, action)


def power_places(ship: Ship) -> tuple[tuple[str, int], ...]:
    """Every (part, shield) the bonus power point could go to, in the panels' order: movement,
    each shield, each beam weapon."""
    beams = tuple((spec.id, 0) for spec in ship.cls.weapons if spec.kind == "beam")
    return (("movement", 0), *(("shield", n) for n in range(1, 7)), *beams)


def shield_problem(ship: Ship, shield: int) -> str:
    """Why the bonus shield point cannot go on `shield`, or "" (line 510: "from a specific shield,
    even above the maximum")."""
    if type(shield) is not int or not 1 <= shield <= 6:
        return f"name the shield, 1 to 6, not {shield}"
    if shield in ship.shields_damaged:
        return f"shield {shield}'s generator is damaged"
    return ""


def power_problem(ship: Ship, part: str, shield: int) -> str:
    """Why the bonus power point cannot go to `part` (shield `shield`), or "" (line 509: "This
    may be allocated anywhere", within each part's limit)."""
    ids = [w.id for w in ship.cls.weapons]
    if part == "shield":
        why = shield_problem(ship, shield)
        if why:
            return why
        gain = ship.cls.shield_points(1)
        if ship.shields[shield - 1] + gain > ship.cls.max_shield_points:
            return (f"shield {shield} cannot hold {gain} more point(s) (at most "
                    f"{ship.cls.max_shield_points}; the shield bonus goes past it)")
    elif part == "movement":
        alloc = ship.allocation
        spent = alloc.movement if alloc is not None else 0
        if ship.cls.movement_points(spent + 1) <= ship.cls.movement_points(spent):
            return ("one more power point to movement buys no movement point (it takes "
                    f"{ship.cls.movement_cost}); put it into a shield or a weapon")
    else:
        if part not in ids:
            return f"put the power point into movement, a shield or a beam weapon, not {part!r}"
        spec, held = ship.cls.weapon(part), ship.weapons[ids.index(part)]
        if spec.kind != "beam" or held.damaged or held.power >= spec.full_power:
            return f"the {spec.name} cannot take another power point"
    return ""


def take(state: FasaState, ship: Ship, action: SkillBonus,
         station: str) -> tuple[FasaState, list[Event]]:
    """The Captain's choice of bonus, applied for this game turn; a power or shield point chosen
    without its place waits for the Engineer or Science to place it."""
    why = bonus_problem(state, ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    detail = "none taken"
    bonus = action.bonus
    if action.bonus == "aim":
        ship = replace(ship, aimed=action.weapons)
        names = " and ".join(ship.cls.weapon(w).name for w in action.weapons)
        detail = f"{names} fire at one less to hit this turn"
    elif split_form(action):
        power = action.bonus == "power"
        bonus = PLACE_POWER if power else PLACE_SHIELD
        who = state.station_for(ship.id, Duty.POWER if power else Duty.SHIELDS)
        detail = (f"one more {'power' if power else 'shield'} point, for "
                  f"{title(who)} to place")
    elif action.bonus == "shield":
        ship, detail = add_shield_point(ship, action.shield)
    elif action.bonus == "power":
        ship, detail = add_power_point(ship, action.part, action.shield)
    elif action.bonus == "repair":
        if action.part == "superstructure":
            ship = replace(ship, superstructure=ship.superstructure + 1)
            detail = f"superstructure +1 (now {ship.superstructure})"
        else:
            i = engine_part(ship, action.part)
            engines = list(ship.engines)
            engines[i] += 1
            ship = replace(ship, engines=tuple(engines))
            detail = f"{ship.cls.engines[i].name} +1 power for good (now {engines[i]})"
    ship = replace(ship, bonus=bonus)
    return state.with_ship(ship), [BonusTaken(ship.id, ship.name, action.bonus, detail)]


def add_shield_point(ship: Ship, shield: int) -> tuple[Ship, str]:
    """The bonus shield point on `shield` (checked by `shield_problem`)."""
    shields = list(ship.shields)
    shields[shield - 1] += 1
    return (replace(ship, shields=tuple(shields)),
            f"shield {shield} +1 point (now {shields[shield - 1]})")


def add_power_point(ship: Ship, part: str, shield: int) -> tuple[Ship, str]:
    """The bonus power point in `part` (checked by `power_problem`)."""
    alloc = ship.allocation
    assert alloc is not None  # the Skill Roll Phase follows the allocation
    if part == "movement":
        alloc = replace(alloc, movement=alloc.movement + 1)
        mp = ship.cls.movement_points(alloc.movement)
        return (replace(ship, allocation=alloc, movement_points=mp),
                f"1 more power to movement ({mp} movement points)")
    if part == "shield":
        gain = ship.cls.shield_points(1)
        shields = list(ship.shields)
        shields[shield - 1] += gain
        return (replace(ship, allocation=replace(alloc, shields=alloc.shields + 1),
                        shields=tuple(shields)),
                f"1 more power to shield {shield} (+{gain})")
    i = ship.weapon_index(part)
    weapons = list(ship.weapons)
    weapons[i] = Weapon(weapons[i].power + 1, weapons[i].fired, weapons[i].damaged)
    return (replace(ship, allocation=replace(alloc, weapons=alloc.weapons + 1),
                    weapons=tuple(weapons)),
            f"1 more power to the {ship.cls.weapons[i].name} (now {weapons[i].power})")

