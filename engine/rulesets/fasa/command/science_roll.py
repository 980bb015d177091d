"""The Science Officer/Navigator's Skill Roll in the Skill Roll Phase (Book Two, Command &
Control: The Skill Rolls, seed lines 1175-1207; Sequence Of Play step 7, line 1423).

"The Science Officer/Navigator makes a Skill Roll against his rating in DEFLECTOR SHIELD
TECHNOLOGY or in DAMAGE CONTROL PROCEDURES during the Skill Roll Phase of the game turn. He may
choose to make one roll or the other, applying the results in any one of several areas: extra
shield protection, damage control, superstructure repairs, or reducing casualties" (line 1177).
For each crewed ship in play, after the Power Allocation Phase:

- the choice (`science_roll` action, the damage control station's): none, "shields",
  "damage_control", "repair" or "casualties"; a use that can do nothing (an undamaged
  superstructure, no casualties, no working shield) is refused with the reason;
- the percentile roll (science_dice.py), of the shields station for "shields", of the damage
  control station for the rest;
- shields: "two extra shield points that may be placed in any shield desired, even if that
  shield has been powered to the maximum ... If the Skill Roll was 01-05, then the bonus is 4
  shield points. The only restriction on their use is that no shield may be powered to more
  than 2 points above its stated maximum" (lines 1183-1185): an `extra_shields` decision of the
  shields station places them (only as many as the working shields have room for); "The bonus
  lasts only for the game turn": the panel's reset at the turn's end takes them;
- damage control: "He rolls 1 die, divides the number rolled by 2, and rounds up" (line 1189):
  a d10 of the damage control station, the points spent per shot in the Firing Phases
  (damage_control.py);
- repair: "he may repair 1 point of damage ... If the roll is 01-05, he may repair two points"
  (line 1201), never above the ship's data;
- casualties: "he may reduce the number of casualties by 5%" (line 1207), never below 0.
"""

from __future__ import annotations

from engine.dice import D10, RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.skills import science_dice
from engine.rulesets.fasa.values.actions import SCIENCE_USES, ExtraShields, ScienceRoll
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import ScienceApplied
from engine.rulesets.fasa.values.events import RollRequested
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, replace
from engine.stations import title

ABOVE_MAX = 2
"""No shield may hold more than 2 points above its stated maximum (line 1185)."""
EXTRA, EXTRA_DOUBLE = 2, 4
CASUALTY_CUT = 50
"""5% of the crew, in the tenths of a percent `Ship.casualties` keeps (line 1207)."""
USE_WORDS = {"none": "no Skill Roll this turn",
             "shields": "extra shield points (DEFLECTOR SHIELDS: +2, +4 on 01-05)",
             "damage_control": "damage control (DAMAGE CONTROL: a die, half of it off fresh "
                               "damage this turn)",
             "repair": "superstructure repair (DAMAGE CONTROL: 1 point, 2 on 01-05)",
             "casualties": "fewer casualties (DAMAGE CONTROL: 5% of the crew)"}


def skill_of(use: str) -> str:
    """The rating a use rolls against (line 1177)."""
    return "shields" if use == "shields" else "damage_control"


def in_phase(ship: Ship) -> bool:
    """A crewed ship in play takes part in the Skill Roll Phase."""
    return crewed(ship) and ship.status == ACTIVE


def room(ship: Ship) -> tuple[int, ...]:
    """How many extra points each shield may still take (0 for a damaged generator)."""
    top = ship.cls.max_shield_points + ABOVE_MAX
    return tuple(0 if n in ship.shields_damaged else max(0, top - ship.shields[n - 1])
                 for n in range(1, 7))


def use_problem(ship: Ship, use: object) -> str:
    """Why `use` cannot be chosen for `ship` now, or ""."""
    if use not in SCIENCE_USES:
        return f"the Skill Roll is for one of {', '.join(SCIENCE_USES)}, not {use!r}"
    if use == "shields" and not any(room(ship)):
        return f"no shield of {ship.name} can take more points"
    if use == "repair" and ship.superstructure >= ship.cls.superstructure:
        return f"{ship.name}'s superstructure is undamaged"
    if use == "casualties" and ship.casualties <= 0:
        return f"{ship.name} has no casualties"
    return ""


def choose(state: FasaState, ship: Ship, action: ScienceRoll,
           station: str) -> tuple[FasaState, list[Event]]:
    if not in_phase(ship) or ship.science:
        raise IllegalAction(f"{station}: {ship.name} has no Skill Roll to choose now")
    why = use_problem(ship, action.use)
    if why:
        raise IllegalAction(f"{station}: {why}")
    ship = replace(ship, science=action.use)
    return state.with_ship(ship), [ScienceApplied(ship.id, ship.name,
                                                  f"Science's Skill Roll: {USE_WORDS[action.use]}")]


def placement_problem(ship: Ship, points: object) -> str:
    """Why the extra shield points cannot be placed as `points`, or ""."""
    if ship.extra_shields <= 0:
        return f"{ship.name} has no extra shield points to place"
    if not isinstance(points, tuple) or len(points) != 6:
        return "give the extra points of shields 1 to 6"
    if any(p < 0 for p in points):
        return "extra shield points cannot be negative"
    for n, (p, free) in enumerate(zip(points, room(ship), strict=True), 1):
        if p > free:
            if n in ship.shields_damaged:
                return f"shield {n}'s generator is damaged"
            return (f"shield {n} may hold at most {ship.cls.max_shield_points + ABOVE_MAX} "
                    f"points (2 over its maximum), so at most {free} more")
    if sum(points) != ship.extra_shields:
        return f"place all {ship.extra_shields} extra shield points, not {sum(points)}"
    return ""


def place(state: FasaState, ship: Ship, action: ExtraShields,
          station: str) -> tuple[FasaState, list[Event]]:
    why = placement_problem(ship, action.points)
    if why:
        raise IllegalAction(f"{station}: {why}")
    shields = tuple(s + p for s, p in zip(ship.shields, action.points, strict=True))
    ship = replace(ship, shields=shields, extra_shields=0)
    put = ", ".join(f"shield {n} +{p}" for n, p in enumerate(action.points, 1) if p)
    return state.with_ship(ship), [ScienceApplied(
        ship.id, ship.name, f"extra shield points placed for this turn: {put} (shields now "
                            f"{'/'.join(map(str, shields))})")]


def next_roll(state: FasaState) -> tuple[FasaState, list[Event]] | None:
    """The next roll of the phase: a ship's Skill Roll once its use is chosen, then its damage
    control die; None when no roll is due."""
    for ship in state.ships:
        if not in_phase(ship):
            continue
        if ship.science not in ("", "none") and not ship.science_rolled:
            skill = skill_of(ship.science)
            return science_dice.ask(state, ship, skill, "skill", "succeeds")
        if ship.dc_die:
            station = state.station_for(ship.id, Duty.DAMAGE_CONTROL)
            req = RollRequest(D10, ship.id, station,
                              f"{title(station)}: damage control die for {ship.name}: half of "
                              "it, rounded up, comes off fresh damage this turn")
            return replace(state, roll=req, science_wait=(ship.id, "dc_die")), [RollRequested(req)]
    return None


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The Science decisions the Skill Roll Phase waits for."""
    out = []
    for s in state.ships:
        if not in_phase(s):
            continue
        if not s.science:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.DAMAGE_CONTROL),
                              f"choose {s.name}'s Science Skill Roll: extra shields, damage "
                              "control, superstructure repair, fewer casualties, or none", None,
                              "science_roll"))
        elif s.extra_shields > 0:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.SHIELDS),
                              f"place {s.name}'s {s.extra_shields} extra shield points (at most "
                              f"{ABOVE_MAX} over a shield's maximum)", None, "extra_shields"))
    return tuple(out)


def on_roll(state: FasaState, ship: Ship, what: str, value: int) -> tuple[FasaState, list[Event]]:
    if what == "dc_die":
        points = -(-value // 2)
        ship = replace(ship, dc_die=False, dc_points=points)
        return state.with_ship(ship), [ScienceApplied(
            ship.id, ship.name, f"damage control: {points} point(s) off fresh damage this turn")]
    use = ship.science
    skill = skill_of(use)
    double = value <= science_dice.DOUBLE
    ok, event = science_dice.read(state, ship, skill, value, _success_words(use, double),
                                  "no effect this turn")
    ship = replace(ship, science_rolled=value)
    events: list[Event] = [event]
    if ok and use == "shields":
        won = EXTRA_DOUBLE if double else EXTRA
        ship = replace(ship, extra_shields=min(won, sum(room(ship))))
    elif ok and use == "damage_control":
        ship = replace(ship, dc_die=True)
    elif ok and use == "repair":
        mended = min(2 if double else 1, ship.cls.superstructure - ship.superstructure)
        ship = replace(ship, superstructure=ship.superstructure + mended)
        events.append(ScienceApplied(ship.id, ship.name, f"superstructure +{mended}, now "
                                                         f"{ship.superstructure}"))
    elif ok and use == "casualties":
        ship = replace(ship, casualties=max(0, ship.casualties - CASUALTY_CUT))
        events.append(ScienceApplied(ship.id, ship.name, f"casualties 5% less, now "
                                                         f"{ship.casualties / 10:g}%"))
    return state.with_ship(ship), events


def _success_words(use: str, double: bool) -> str:
    return {"shields": f"{EXTRA_DOUBLE if double else EXTRA} extra shield points",
            "damage_control": "damage control: roll the die",
            "repair": f"{2 if double else 1} superstructure point(s) repaired",
            "casualties": "casualties 5% less"}[use]


def end_of_turn(ship: Ship) -> Ship:
    """The Skill Roll and its bonuses are the turn's (lines 1183, 1189: "For the game turn
    only")."""
    if not crewed(ship):
        return ship
    return replace(ship, science="", science_rolled=0, extra_shields=0, dc_die=False,
                   dc_points=0, dc_phase=0)


def autopilot_use(state: FasaState, ship: Ship) -> str:
    """The autopilot's choice: repair when the superstructure is down to half or less, fewer
    casualties at 20% or more, else damage control when an enemy is in play, else shields."""
    for use in ("repair", "casualties"):
        if use_problem(ship, use):
            continue
        if use == "repair" and ship.superstructure <= ship.cls.superstructure // 2:
            return use
        if use == "casualties" and ship.casualties >= 200:
            return use
    if any(s.side != ship.side and s.status == ACTIVE for s in state.ships):
        return "damage_control"
    return "shields" if not use_problem(ship, "shields") else "none"


def autopilot_place(state: FasaState, ship: Ship) -> tuple[int, int, int, int, int, int]:
    """Place the extra points one at a time on the working shield with room facing the nearest
    enemy (the forward shield, 2, when none is seen), then its neighbours."""
    foes = [s for s in state.ships if s.side != ship.side and s.status == ACTIVE
            and not hidden_from(state, s, ship.side, ship.id)]
    order = [2, 1, 3, 6, 4, 5]
    if foes:
        near = min(foes, key=lambda s: (distance(ship.pos, s.pos), s.id))
        if near.pos != ship.pos:
            first = shields_facing(ship.pos, ship.heading, near.pos)
            order = list(dict.fromkeys([*first, *order]))
    free = list(room(ship))
    points = [0] * 6
    for _ in range(ship.extra_shields):
        n = next((n for n in order if free[n - 1] > 0), 0)
        if not n:
            break
        points[n - 1] += 1
        free[n - 1] -= 1
    return (points[0], points[1], points[2], points[3], points[4], points[5])
