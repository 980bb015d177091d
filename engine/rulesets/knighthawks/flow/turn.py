"""The game turn and `apply`: each side in turn activates seekers, sets screens and moves, the
other side fires defensively, the moving side fires, then repairs (docs/rules-decisions.md,
Knight Hawks: the turn; defensive fire: seed 002, line 210)."""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.dice import RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.knighthawks.firing import combat, ordnance
from engine.rulesets.knighthawks.firing.fire import (
    attack_chance,
    current_roll,
    fire_problem,
    repairs,
    start_attack,
)
from engine.rulesets.knighthawks.flow.steps import advance, moved, screens_due
from engine.rulesets.knighthawks.moving import movement
from engine.rulesets.knighthawks.values.actions import (
    ActivateSeekers,
    Fire,
    LaunchICMs,
    Move,
    Repair,
    SetScreens,
)
from engine.rulesets.knighthawks.values.crew import Duty, station_for
from engine.rulesets.knighthawks.values.events import (
    Note,
    RollAsked,
    Rolled,
    ShotResolved,
    StatusChanged,
    Struck,
)
from engine.rulesets.knighthawks.values.state import (
    DESTROYED,
    MOVE,
    OVER,
    REPAIR,
    SEEKERS,
    Attack,
    Check,
    KHState,
    Mask,
    Ship,
    replace,
)
from engine.stations import INSTRUCTOR, title
from engine.words import plural

DUTY: dict[type[Action], Duty] = {
    Move: Duty.PILOT, SetScreens: Duty.SCREENS, Fire: Duty.GUNNERY, LaunchICMs: Duty.GUNNERY,
    ActivateSeekers: Duty.COMMAND, Repair: Duty.DAMAGE_CONTROL}


def who(ship: Ship, duty: Duty) -> str:
    return station_for(ship.crew, duty)


def authorise(state: KHState, action: Action, ship: Ship) -> None:
    need = who(ship, DUTY[type(action)])
    if action.station not in (need, INSTRUCTOR):
        raise IllegalAction(f"{title(action.station)}: that is for {title(need)} of "
                            f"{ship.name} (or the Instructor)")


def ship_of(state: KHState, action: Action) -> Ship:
    sid = getattr(action, "ship", None)
    ship = state.find(sid)
    if ship is None:
        raise IllegalAction(f"{title(action.station)}: no ship {str(sid)[:40]!r} in this game")
    return ship


def apply(state: KHState, action: Action) -> tuple[KHState, tuple[Event, ...]]:
    if state.step == OVER:
        raise IllegalAction(f"{title(action.station)}: the game is over ({state.outcome})")
    before = current_roll(state)
    if isinstance(action, RollResult):
        state, events = _roll(state, action, before)
    else:
        if before is not None:
            raise IllegalAction(f"{title(action.station)}: a roll comes first: {before.purpose}")
        if type(action) not in DUTY:
            raise IllegalAction(f"{title(action.station)}: {action.type_name} is not an "
                                f"action of this game")
        ship = ship_of(state, action)
        authorise(state, action, ship)
        state, events = _decide(state, action, ship)
    state, more = advance(state)
    events += more
    roll = current_roll(state)
    if roll is not None and roll != before:
        events.append(RollAsked(roll))
    return state, tuple(events)


def _shot(state: KHState, a: Attack, hit: bool, points: int = 0) -> list[Event]:
    """The after-action report's tally of an attack by a ship (not a mine's, a seeker's or a
    fire's)."""
    firer, target = state.find(a.source), state.find(a.target)
    if firer is None or target is None:
        return []
    weapon = state.tables.weapons.get(a.weapon)
    return [ShotResolved(firer.id, target.id, hit, points,
                         weapon.name if weapon is not None else a.label, target.name)]


def _roll(state: KHState, action: RollResult, req: RollRequest | None
          ) -> tuple[KHState, list[Event]]:
    if req is None:
        raise IllegalAction(f"{title(action.station)}: no roll is wanted now")
    if action.station not in (req.station, INSTRUCTOR):
        raise IllegalAction(f"{title(action.station)}: this roll is for {title(req.station)}"
                            f" ({req.purpose})")
    if not 1 <= action.value <= req.sides:
        raise IllegalAction(f"{title(action.station)}: a {req.kind} shows 1 to {req.sides}, "
                            f"not {action.value}")
    v = action.value
    events: list[Event] = [Rolled(req, v, action.source, f"{req.purpose}: rolled {v}")]
    a = state.attack
    if a is not None:
        target = state.ship(a.target)
        if a.stage == "hit":
            if v <= attack_chance(state, a):
                events.append(Struck(target.id, f"{_first_up(a.label)}: hit on {target.name}"))
                return replace(state, attack=replace(a, stage="damage")), events
            events.append(Note(f"{_first_up(a.label)}: missed {target.name}", ship=target.id))
            return replace(state, attack=None), events + _shot(state, a, False)
        if a.stage == "damage":
            state, told, hull = combat.damage_result(state, target, v, a.dtm)
            events += told
            if hull is None:
                return replace(state, attack=None), events + _shot(state, a, True)
            return replace(state, attack=replace(a, stage="dice", double=hull == "double")), events
        a = replace(a, dice=a.dice + (v,))
        if len(a.dice) < combat.hull_dice(a.hdr)[0]:
            return replace(state, attack=a), events
        points = combat.hull_damage(a)
        state, told = combat.take_hull(state, target, points, a.label)
        return replace(state, attack=None), events + told + _shot(state, a, True, points)
    c = state.checks[0]
    state = replace(state, checks=state.checks[1:])
    ship = state.ship(c.ship)
    if c.kind == "navigation":
        turn = -1 if v <= 5 else 1
        events.append(Note(f"{ship.name} must turn to {'port' if turn < 0 else 'starboard'}"))
        return state.with_ship(replace(ship, nav_turn=turn)), events
    if c.kind in ("aim", "blast"):
        chosen = state.ship(ordnance.pick(c, v))
        if c.kind == "aim":
            events.append(Note(f"The seeker missile flies at {chosen.name}"))
            return replace(state, seekers=tuple(replace(k, target=chosen.id) if k.id == c.seeker
                                                else k for k in state.seekers)), events
        placer = next((k.placer for k in state.seekers if k.id == c.seeker), "")
        attack = ordnance.hazard(state, c.seeker, "a seeker missile", "S", c.side, chosen, placer)
        events.append(Note(f"The seeker missile strikes at {chosen.name}", ship=chosen.id))
        return replace(state, hazards=state.hazards + (attack,)), events
    if c.kind == "breakup":
        if v <= c.chance:
            state = combat.drop_masks(state.with_ship(replace(ship, status=DESTROYED, hull=0)),
                                      ship.id)
            events.append(StatusChanged(ship.id, f"{ship.name} breaks apart maneuvering"))
        else:
            events.append(Note(f"{ship.name} holds together", ship=ship.id))
        return state, events
    # repair
    if v <= c.chance:
        ship = repaired(ship, c.choices[0])
        events.append(Note(f"{ship.name}: damage control repairs {c.choices[0]}", ship=ship.id))
    else:
        events.append(Note(f"{ship.name}: damage control fails to repair {c.choices[0]}",
                           ship=ship.id))
    return state.with_ship(ship), events


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def repaired(ship: Ship, system: str) -> Ship:
    """The ship with one system mended (ours: docs/rules-decisions.md, Knight Hawks: repair)."""
    if system == "ADF":
        return replace(ship, adf=ship.adf_max)
    if system == "MR":
        return replace(ship, mr=ship.mr_max)
    if system == "fire":
        return replace(ship, fire=False, disastrous=False)
    if system == "navigation":
        return replace(ship, navigation=False, nav_turn=0)
    if system == "combat control":
        return replace(ship, combat_control=False)
    if system == "damage control":
        return replace(ship, dc_hit=False, dcr=ship.dcr_max)
    if system == "power":
        return replace(ship, power_short=False)
    if any(m.id == system for m in ship.weapons):
        return replace(ship, weapons=tuple(replace(m, intact=True) if m.id == system else m
                                           for m in ship.weapons))
    return replace(ship, defences=tuple(replace(d, intact=True) if d.code == system else d
                                        for d in ship.defences))


def _decide(state: KHState, action: Action, ship: Ship) -> tuple[KHState, list[Event]]:
    who_ = title(action.station)
    if isinstance(action, LaunchICMs):
        a = state.attack
        if a is None or a.stage != "icm" or not a.askers or a.askers[0] != ship.id:
            raise IllegalAction(f"{who_}: {ship.name} is not asked to launch ICMs now")
        if not 0 <= action.count <= ship.icms():
            raise IllegalAction(f"{who_}: {ship.name} can launch 0 to {ship.icms()} ICMs")
        d = ship.defence("ICM")
        if action.count and d is not None and d.count is not None:
            ship = replace(ship, defences=tuple(replace(x, count=d.count - action.count)
                                                if x is d else x for x in ship.defences))
        state = replace(state.with_ship(ship), attack=replace(
            a, askers=a.askers[1:], icms=a.icms + action.count,
            stage="icm" if a.askers[1:] else "hit"))
        return state, [Note(f"{ship.name} launches {action.count} ICMs", ship=ship.id)]
    if state.attack is not None:
        raise IllegalAction(f"{who_}: wait until the attack on "
                            f"{state.ship(state.attack.target).name} is resolved")
    if isinstance(action, ActivateSeekers):
        return _activate(state, action, ship)
    if isinstance(action, SetScreens):
        return _screens(state, action, ship)
    if isinstance(action, Move):
        return _move(state, action, ship)
    if isinstance(action, Fire):
        why = fire_problem(state, ship, action.mount, action.target, who_)
        if why:
            raise IllegalAction(why)
        return start_attack(state, ship, action.mount, action.target)
    assert isinstance(action, Repair)
    if state.step != REPAIR or ship.side != state.moving_side or ship.done or not ship.active:
        raise IllegalAction(f"{who_}: {ship.name} cannot try a repair now (each side repairs "
                            f"after its own fire)")
    if action.system == "":
        return state.with_ship(replace(ship, done=True)), []
    if action.system not in repairs(ship):
        raise IllegalAction(f"{who_}: {ship.name} has nothing called {action.system[:30]!r} to "
                            f"repair; it may repair: {', '.join(repairs(ship)) or 'nothing'}")
    check = Check("repair", ship.id, f"repair {action.system} on {ship.name} (DCR {ship.dcr})",
                  ship.dcr, (action.system,))
    return replace(state.with_ship(replace(ship, done=True)), checks=state.checks + (check,)), []


def _activate(state: KHState, action: ActivateSeekers, ship: Ship) -> tuple[KHState, list[Event]]:
    who_ = title(action.station)
    if state.step != SEEKERS or state.seekers_decided or ship.side != state.moving_side:
        raise IllegalAction(f"{who_}: seekers are activated at the start of their side's "
                            f"movement")
    mine = {s.id for s in state.seekers if s.side == ship.side and not s.active}
    bad = [s for s in action.seekers if s not in mine]
    if bad:
        raise IllegalAction(f"{who_}: no inactive seeker {bad[0][:30]!r} of this side")
    seekers = tuple(replace(s, active=True) if s.id in action.seekers else s
                    for s in state.seekers)
    note = Note(f"{state.side_name(ship.side)} activates "
                f"{plural(len(set(action.seekers)), 'seeker missile')}") if action.seekers \
        else Note("No seekers activated", side=ship.side)
    return replace(state, seekers=seekers, seekers_decided=True), [note]


def _screens(state: KHState, action: SetScreens, ship: Ship) -> tuple[KHState, list[Event]]:
    who_ = title(action.station)
    if state.step != MOVE or ship.side != state.moving_side or ship.moved or ship.screened:
        raise IllegalAction(f"{who_}: screens are set before the ship moves, once a turn")
    if action.screen not in ("", "PS", "ES", "SS"):
        raise IllegalAction(f"{who_}: the screen is one of none, PS, ES, SS")
    if action.screen and not ship.has(action.screen):
        raise IllegalAction(f"{who_}: {ship.name} has no working {combat.DEFENCE_NAMES[action.screen]}")
    if action.screen and ship.power_short:
        raise IllegalAction(f"{who_}: {ship.name} has a power short circuit: no screens")
    events: list[Event] = []
    masks = state.masks
    if action.mask:
        d = ship.defence("MS")
        if d is None or not d.count or ship.power_short:
            raise IllegalAction(f"{who_}: {ship.name} cannot release a masking screen (none "
                                f"left, or a power short circuit)")
        ship = replace(ship, defences=tuple(replace(x, count=(d.count or 1) - 1) if x is d else x
                                            for x in ship.defences))
        masks = tuple(m for m in masks if m.ship != ship.id) + (Mask(ship.id, ship.pos),)
        events.append(Note(f"{ship.name} releases a masking screen", ship=ship.id))
    if action.screen != (ship.screen or ""):
        events.append(Note(f"{ship.name}: {combat.DEFENCE_NAMES[action.screen or 'none']} on "
                           f"(one screen at a time)", ship=ship.id))
    ship = replace(ship, screen=action.screen or None, screened=True)
    return replace(state.with_ship(ship), masks=masks), events


def _move(state: KHState, action: Move, ship: Ship) -> tuple[KHState, list[Event]]:
    who_ = title(action.station)
    if state.step != MOVE or ship.side != state.moving_side or ship.moved or not ship.active:
        raise IllegalAction(f"{who_}: {ship.name} cannot move now (each side moves in its own "
                            f"movement, each ship once)")
    if movement.out_of_control(ship) and ship.nav_turn == 0:
        raise IllegalAction(f"{who_}: {ship.name} rolls for its navigation hit first")
    if screens_due(ship):
        raise IllegalAction(f"{who_}: set {ship.name}'s screens first")
    why = movement.course_problem(ship, action.speed, action.course)
    if why:
        raise IllegalAction(f"{who_}: {why}")
    if action.drop not in ("", "M", "S"):
        raise IllegalAction(f"{who_}: drop is M (mines), S (a seeker) or nothing")
    # Line 44: a drop in any hex of the move. The helm's control offers 0 to the most hexes
    # the ship can move this turn, whatever course is entered beside it, so a place past this
    # course's end is its end (`flow.moved`) and only a place past any course is refused.
    reach = movement.speed_range(ship)[1]
    if type(action.drop_at) is not int or not -1 <= action.drop_at <= reach:
        raise IllegalAction(f"{who_}: drop_at is how many hexes along the course the drop is "
                            f"made, 0 to {reach} (-1, or more than the course has: where the "
                            f"move ends), not {action.drop_at!r}")
    drop = None
    if action.drop:
        drop = next((m for m in ship.weapons if m.code == action.drop and m.intact
                     and (m.ammo or 0) > 0), None)
        if drop is None:
            what = "mines" if action.drop == "M" else "seekers"
            raise IllegalAction(f"{who_}: {ship.name} has no {what} to drop")
    return moved(state, ship, action.speed, action.course, drop.id if drop else "",
                 action.drop_at)


