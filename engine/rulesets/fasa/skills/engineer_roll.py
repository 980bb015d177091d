"""The Chief Engineer's Skill Roll (Book Two, Command & Control: Chief Engineer, The Skill Rolls,
seed lines 1027-1047; Helmsman, Changing Warp Speed, line 1143; Sequence Of Play step 7).

"Once per game turn, the Chief Engineer may make a Skill Roll against his rating in either WARP
DRIVE TECHNOLOGY or STARSHIP ENGINEERING. This takes place in the Skill Roll Phase" (line 1029).
For a crewed ship it takes the place of the Expert crew Skill Roll and its bonus
(`skill_roll.py`, which the Instructor's ships keep). His choices:

- Extra power (WARP DRIVE TECHNOLOGY, line 1033): at or under the rating, one more power point;
  05 or less, "no matter what his skill rating", two. "The bonus only applies for the game turn
  following the successful Skill Roll" (line 1035): it is added to the next turn's Total Power
  Units Available (`Ship.extra_power`).
- Engine repair (STARSHIP ENGINEERING, lines 1039-1041): one damage point on an engine of his
  choice, two on 05 or less; "effective in the NEXT game turn"; "At no time can the counter be
  moved to a higher number than was given in the Ship Data Tables" (line 1057); "It is
  impossible to repair an undamaged engine". The repair is made at the end of the turn.
- The two-step warp change (lines 1045-1047, 1143): "Warp speed may be increased or decreased one
  step per combat turn, but if a Helmsman desires a two-step change, he may ask the Chief
  Engineer to make a Skill Roll against his rating in WARP DRIVE TECHNOLOGY"; "The decision must
  be made before the Chief Engineer decides to make one of the other rolls. The Helmsman makes
  the request." Helm asks by setting the warp speed two steps away in the Power Allocation Phase
  (`warp.py`); the ship goes the one step it may at once, and the Engineer's roll of that turn is
  the warp roll, made without a choice at the start of the Skill Roll Phase: on success the
  second step is made (before any ship moves, so the stress of an emergency heading change is
  read at the new speed), else the speed stays one step away (docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.skills import officer_roll
from engine.rulesets.fasa.values.cc_actions import ENGINEER_ROLLS, EngineerRoll
from engine.rulesets.fasa.values.cc_events import EngineerChose, EngineRepaired, OfficerRolled
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.officers import command_level, crewed, rating
from engine.rulesets.fasa.values.state import ACTIVE, SKILL, FasaState, Ship, replace

NONE, POWER, REPAIR, WARP = "none", "power", "repair", "warp"


def applies(state: FasaState, ship: Ship) -> bool:
    """Whether `ship`'s Chief Engineer rolls (a crewed ship at the command level)."""
    return command_level(state.level) and crewed(ship)


def to_choose(state: FasaState) -> tuple[Ship, ...]:
    """Ships whose Chief Engineer has this turn's roll to choose (no warp change asked)."""
    return tuple(s for s in state.ships if applies(state, s) and s.status == ACTIVE
                 and not s.engineer_roll and s.warp_asked < 0)


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.POWER),
                        f"the Chief Engineer's Skill Roll of {s.name}: extra power next turn "
                        "(warp drive), an engine repaired from next turn (engineering), or none",
                        None, "engineer_roll")
                 for s in to_choose(state))


def step(state: FasaState) -> tuple[FasaState, list[Event], bool]:
    """The Skill Roll Phase's Engineers: a warp change asked is rolled first, without a choice;
    True while a roll or a choice is awaited."""
    if state.step != SKILL:
        return state, [], False
    for ship in state.ships:
        if (applies(state, ship) and ship.status == ACTIVE and ship.warp_asked >= 0
                and not ship.engineer_roll):
            ship = replace(ship, engineer_roll=WARP)
            state = state.with_ship(ship)
            return (*_ask(state, ship, WARP), True)
    return state, [], bool(to_choose(state))


def damaged_engines(ship: Ship) -> tuple[int, ...]:
    """The engines (1-based) with damage to repair."""
    return tuple(n for n, (spec, now) in enumerate(zip(ship.cls.engines, ship.engines,
                                                       strict=True), 1) if now < spec.power)


def problem(state: FasaState, ship: Ship, action: EngineerRoll) -> str:
    if not applies(state, ship):
        return f"{ship.name} has no player crew: its Skill Roll is the Expert crew's"
    if ship.engineer_roll:
        return f"{ship.name}'s Chief Engineer has made this turn's roll"
    if ship.warp_asked >= 0:
        return "Helm asked for a two-step warp change: this turn's roll is for it (line 1045)"
    if action.roll not in ENGINEER_ROLLS:
        return f"the roll must be one of {', '.join(ENGINEER_ROLLS)}, not {action.roll!r}"
    if action.roll == REPAIR:
        damaged = damaged_engines(ship)
        if not damaged:
            return (f"no engine of {ship.name} is damaged: it is impossible to repair an "
                    "undamaged engine (line 1041)")
        if action.engine not in damaged:
            names = ", ".join(f"{n} ({ship.cls.engines[n - 1].name})" for n in damaged)
            return f"name a damaged engine to repair: {names}; not {action.engine}"
    elif action.engine:
        return "an engine is named only for a repair"
    return ""


def choose(state: FasaState, ship: Ship, action: EngineerRoll,
           station: str) -> tuple[FasaState, list[Event]]:
    why = problem(state, ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    ship = replace(ship, engineer_roll=action.roll,
                   repair_engine=action.engine if action.roll == REPAIR else 0)
    state = state.with_ship(ship)
    if action.roll == NONE:
        return state, [EngineerChose(ship.id, ship.name, NONE, "makes no Skill Roll this turn")]
    detail = ("rolls for extra power next turn" if action.roll == POWER else
              f"rolls to repair the {ship.cls.engines[action.engine - 1].name}")
    state, events = _ask(state, ship, action.roll)
    return state, [EngineerChose(ship.id, ship.name, action.roll, detail), *events]


def _skill(kind: str) -> str:
    return "engineering" if kind == REPAIR else "warp_drive"


def _ask(state: FasaState, ship: Ship, kind: str) -> tuple[FasaState, list[Event]]:
    if kind == WARP:
        gives = f"lets Helm make the two-step change to warp {ship.warp_asked}"
        return officer_roll.ask(state, ship, "warp_drive", "engineer", gives)
    if kind == POWER:
        gives = "gives 1 more power next turn (05 or less: 2)"
    else:
        name = ship.cls.engines[ship.repair_engine - 1].name
        gives = f"repairs 1 point of the {name} from next turn (05 or less: 2)"
    return officer_roll.ask(state, ship, _skill(kind), "engineer", gives, double=True)


@officer_roll.handles("engineer")
def on_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    kind = ship.engineer_roll
    skill = _skill(kind)
    double = kind != WARP
    ok = officer_roll.succeeded(state, ship, skill, value, double)
    points = 0 if not ok else 2 if double and value <= officer_roll.DOUBLE else 1
    if kind == WARP:
        asked = ship.warp_asked
        result = (f"Helm takes {ship.name} to warp {asked}" if ok
                  else f"{ship.name} stays at warp {ship.warp}")
        ship = replace(ship, warp=asked if ok else ship.warp, warp_asked=-1)
    elif kind == POWER:
        result = f"{points} more power next turn" if ok else "no extra power"
        ship = replace(ship, power_next=points)
    else:
        i = ship.repair_engine - 1
        spec = ship.cls.engines[i]
        points = min(points, spec.power - ship.engines[i])
        result = (f"the {spec.name} +{points} power from next turn" if points
                  else f"the {spec.name} is not repaired")
        ship = replace(ship, repairs=((i, points),) if points else ())
    event = OfficerRolled(ship.id, ship.name, state.station_for(ship.id, Duty.POWER),
                          skill.replace("_", " "), value, officer_roll.modifier(state, ship),
                          rating(state, ship, skill), ok, result)
    return state.with_ship(ship), [event]


def end_of_turn(ship: Ship) -> tuple[Ship, list[Event]]:
    """The turn is over: the extra power rolled for comes into the next turn, the repairs are
    made (never above the engine's data), the roll is free again."""
    events: list[Event] = []
    engines = list(ship.engines)
    for i, points in ship.repairs:
        spec = ship.cls.engines[i]
        gain = max(0, min(points, spec.power - engines[i]))
        if gain:
            engines[i] += gain
            events.append(EngineRepaired(ship.id, ship.name, spec.name, gain, engines[i]))
    if not (ship.repairs or ship.power_next or ship.extra_power or ship.engineer_roll
            or ship.warp_asked >= 0):
        return ship, events
    return replace(ship, engines=tuple(engines), repairs=(), extra_power=ship.power_next,
                   power_next=0, engineer_roll="", repair_engine=0, warp_asked=-1), events


def autopilot_choice(ship: Ship, station: str) -> EngineerRoll:
    """The autopilot's Engineer: repair the most damaged engine when an engine has lost a
    third of its power or more; else roll for extra power."""
    damaged = damaged_engines(ship)
    if damaged:
        worst = max(damaged, key=lambda n: (ship.cls.engines[n - 1].power - ship.engines[n - 1],
                                            -n))
        spec = ship.cls.engines[worst - 1]
        if (spec.power - ship.engines[worst - 1]) * 3 >= spec.power:
            return EngineerRoll(station, ship.id, REPAIR, worst)
    return EngineerRoll(station, ship.id, POWER)
