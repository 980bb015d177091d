"""The game turn: who acts when, and the automatic steps between decisions.

Book Two, Advanced: Sequence Of Play — Power Allocation Phase, Tactical Advantage Phase, then
five Movement and Firing Phases alternating, then a new game turn; Ending The Game.
"""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Prompt
from engine.rulesets.fasa import combat, movement, power, victory
from engine.rulesets.fasa.actions import (
    AllocatePower,
    ArmWeapons,
    ChooseDamagedWeapon,
    DeclareFire,
    Move,
    SetShields,
)
from engine.rulesets.fasa.events import GameOver, Note, Rolled
from engine.rulesets.fasa.state import (
    ACTIVE,
    ADVANTAGE,
    CHOOSE,
    DECLARE,
    DISABLED,
    ESCAPED,
    MOVE,
    OVER,
    POWER,
    RESOLVE,
    FasaState,
    Ship,
    replace,
)
from engine.stations import (
    CAPTAIN,
    ENGINEER,
    HELM,
    INSTRUCTOR,
    NAVIGATOR,
    SCIENCE,
    WEAPONS,
    title,
)

WHO: dict[type[Action], tuple[str, ...]] = {
    AllocatePower: (ENGINEER,),
    ArmWeapons: (HELM, WEAPONS),
    SetShields: (SCIENCE, NAVIGATOR),
    Move: (HELM,),
    DeclareFire: (HELM, WEAPONS),
    ChooseDamagedWeapon: (CAPTAIN,),
}
STEP_OF: dict[type[Action], tuple[str, ...]] = {
    AllocatePower: (POWER,), ArmWeapons: (POWER,), SetShields: (POWER,),
    Move: (MOVE,), DeclareFire: (DECLARE,), ChooseDamagedWeapon: (CHOOSE,),
}
STEP_WORDS = {
    POWER: "the Power Allocation Phase", ADVANTAGE: "the Tactical Advantage Phase",
    MOVE: "a Movement Phase", DECLARE: "a Firing Phase (declaring targets)",
    RESOLVE: "a Firing Phase (resolving fire)", CHOOSE: "a Firing Phase (damage)",
}


def apply(state: FasaState, action: Action) -> tuple[FasaState, tuple[Event, ...]]:
    """One action: checked, applied, then the game runs on to the next decision or roll."""
    if state.step == OVER:
        raise IllegalAction(f"{title(action.station)}: the game is over ({state.outcome})")
    if isinstance(action, RollResult):
        state, events = _roll(state, action)
    else:
        state, events = _decision(state, action)
    state, more = advance(state)
    return state, tuple(events + more)


def _roll(state: FasaState, action: RollResult) -> tuple[FasaState, list[Event]]:
    req = state.roll
    if req is None:
        raise IllegalAction(f"{title(action.station)}: no roll is wanted now")
    if action.station not in (req.station, INSTRUCTOR):
        raise IllegalAction(
            f"{title(action.station)}: this roll is for {title(req.station)} ({req.purpose})")
    if not 1 <= action.value <= req.sides:
        raise IllegalAction(
            f"{title(action.station)}: a {req.kind} shows 1 to {req.sides}, not {action.value}")
    events: list[Event] = [Rolled(req, action.value, action.source)]
    if state.step == ADVANTAGE:
        ship = state.queue[0]
        rolls = tuple((s, r + (action.value,)) if s == ship else (s, r) for s, r in state.adv_rolls)
        return replace(state, adv_rolls=rolls, queue=state.queue[1:], roll=None), events
    state, more = combat.on_roll(state, action.value)
    return state, events + more


def _decision(state: FasaState, action: Action) -> tuple[FasaState, list[Event]]:
    kind = type(action)
    who = WHO.get(kind)
    ship_id: str = getattr(action, "ship", "")
    station = title(action.station)
    if who is None:
        raise IllegalAction(
            f"{station}: {action.type_name.replace('_', ' ')} is not an action of this game")
    if action.station not in who and action.station != INSTRUCTOR:
        raise IllegalAction(
            f"{station}: {action.type_name.replace('_', ' ')} is for "
            f"{' or '.join(title(w) for w in who)}")
    if not state.has_ship(ship_id):
        raise IllegalAction(f"{station}: there is no ship {ship_id!r}")
    ship = state.ship(ship_id)
    if state.roll is not None:
        raise IllegalAction(f"{station}: waiting for a roll first ({state.roll.purpose})")
    if state.step not in STEP_OF[kind]:
        raise IllegalAction(
            f"{station}: {action.type_name.replace('_', ' ')} is not possible during "
            f"{STEP_WORDS.get(state.step, state.step)}")
    if state.step == POWER:
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        if isinstance(action, AllocatePower):
            return power.allocate(state, ship, action)
        if isinstance(action, ArmWeapons):
            return power.arm(state, ship, action)
        assert isinstance(action, SetShields)
        return power.set_shields(state, ship, action)
    if state.step == CHOOSE:
        target = state.shots[0].target
        if ship_id != target:
            raise IllegalAction(
                f"{station}: the damaged weapon to choose is {state.ship(target).name}'s")
        assert isinstance(action, ChooseDamagedWeapon)
        return combat.choose_weapon(state, ship, action.weapon, station)
    if not state.queue or state.queue[0] != ship_id:
        now = state.ship(state.queue[0]).name if state.queue else "nobody"
        raise IllegalAction(f"{station}: it is {now}'s turn to act, not {ship.name}'s")
    if isinstance(action, Move):
        state, events = movement.move(state, ship, action.steps, station)
        state = replace(state, queue=state.queue[1:])
        if state.ship(ship_id).status == ESCAPED:
            state, more = _check_game_over(state)
            events += more
        return state, events
    assert isinstance(action, DeclareFire)
    state, events = combat.declare(state, ship, action.shots, station)
    return replace(state, queue=state.queue[1:]), events


def advance(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Run the automatic steps until somebody must decide or roll."""
    events: list[Event] = []
    while True:
        if state.roll is not None or state.step in (OVER, CHOOSE):
            return state, events
        if state.step == POWER:
            if any(s.status == ACTIVE and not s.allocated for s in state.ships):
                return state, events
            state = _start_advantage(state)
        elif state.step == ADVANTAGE:
            if state.queue:
                return _ask_advantage(state, events)
            state, more = _settle_advantage(state)
            events += more
        elif state.step == MOVE:
            if state.queue:
                return state, events
            state = replace(state, step=DECLARE, queue=_declare_order(state))
        elif state.step == DECLARE:
            queue = state.queue
            while queue and not combat.has_shot(state, state.ship(queue[0])):
                queue = queue[1:]
            state = replace(state, queue=queue)
            if queue:
                return state, events
            state = replace(state, step=RESOLVE)
        elif state.step == RESOLVE:
            if state.shots:
                state, more = combat.next_roll(state)
                return state, events + more
            state, more = _end_of_firing_phase(state)
            events += more


def _start_advantage(state: FasaState) -> FasaState:
    """Tactical Advantage Phase: each ship's captain rolls; ties roll again (Advanced step 2)."""
    ships = tuple(s.id for s in state.ships if s.status == ACTIVE)
    return replace(state, step=ADVANTAGE, queue=ships if len(ships) > 1 else (),
                   adv_rolls=tuple((s, ()) for s in ships))


def _ask_advantage(state: FasaState, events: list[Event]) -> tuple[FasaState, list[Event]]:
    ship = state.ship(state.queue[0])
    state, ev = combat.request(state, ship.id, CAPTAIN,
                               f"Captain: tactical advantage roll for {ship.name}")
    return state, [*events, ev]


def _settle_advantage(state: FasaState) -> tuple[FasaState, list[Event]]:
    rolls = dict(state.adv_rolls)
    counts: dict[tuple[int, ...], int] = {}
    for r in rolls.values():
        counts[r] = counts.get(r, 0) + 1
    tied = tuple(s for s, r in state.adv_rolls if counts[r] > 1)
    if tied:
        return replace(state, queue=tied), [Note("Tied tactical advantage rolls: roll again")]
    order = tuple(sorted(rolls, key=lambda s: rolls[s]))
    state = replace(state, advantage=order, adv_rolls=(), step=MOVE, phase=1)
    leader = state.ship(order[-1]).name if order else "nobody"
    state = replace(state, queue=movement.movement_order(state))
    return state, [Note(f"Turn {state.turn}: {leader} has the tactical advantage"),
                   Note(f"Movement Phase 1 of turn {state.turn}")]


def _declare_order(state: FasaState) -> tuple[str, ...]:
    """The ship with the tactical advantage declares its targets last (Advanced step 7)."""
    return tuple(sorted((s.id for s in state.ships if combat.can_fire(s)), key=state.rank))


def _end_of_firing_phase(state: FasaState) -> tuple[FasaState, list[Event]]:
    state, events = _check_game_over(state)
    if state.step == OVER:
        return state, events
    if state.phase < state.phases:
        state = replace(state, step=MOVE, phase=state.phase + 1)
        state = replace(state, queue=movement.movement_order(state))
        return state, [*events, Note(f"Movement Phase {state.phase} of turn {state.turn}")]
    if state.max_turns and state.turn >= state.max_turns:
        return _finish(state, victory.at_turn_limit(state.max_turns))
    # Every ship still on the map resets its panel, a disabled one included: it allocates no
    # power, so it must not keep last turn's shields (C&C: Resetting The Panel).
    ships = tuple(power.end_of_turn(s) if s.status in (ACTIVE, DISABLED) else s
                  for s in state.ships)
    state = replace(state, ships=ships, turn=state.turn + 1, phase=0, step=POWER, advantage=())
    return state, [*events, Note(f"Turn {state.turn}: Power Allocation Phase")]


def fighting(ship: Ship) -> bool:
    """On the map with superstructure and power: a ship at zero power is disabled (Advanced
    Scenarios, Raiders: "disable (reduce to zero power or superstructure)")."""
    return victory.fighting(ship)


def _check_game_over(state: FasaState) -> tuple[FasaState, list[Event]]:
    """The game ends when one side has destroyed, captured or driven off all its opponents, or
    when the victory conditions have been met (Advanced: Ending The Game); a disabled ship counts
    as captured. The scenario's conditions judge the result (`victory`)."""
    verdict = victory.judge(state, state.setup.victory)
    if verdict is None:
        return state, []
    return _finish(state, verdict)


def _finish(state: FasaState, verdict: victory.Verdict) -> tuple[FasaState, list[Event]]:
    state = replace(state, step=OVER, outcome=verdict.outcome, winner=verdict.winner, queue=(),
                    roll=None)
    return state, [GameOver(verdict.outcome, verdict.winner, verdict.kind, verdict.ending)]


def pending(state: FasaState) -> tuple[Prompt, ...]:
    if state.step == OVER:
        return ()
    if state.roll is not None:
        r = state.roll
        return (Prompt(r.ship, r.station, r.purpose, r),)
    if state.step == POWER:
        out = []
        for s in state.ships:
            if s.status != ACTIVE:
                continue
            if s.allocation is None:
                out.append(Prompt(s.id, ENGINEER, f"allocate {s.total_power} power"))
                continue
            if not s.armed:
                out.append(Prompt(s.id, HELM, f"arm weapons with {s.allocation.weapons} power"))
            if not s.shields_set:
                out.append(Prompt(s.id, SCIENCE,
                                  f"set {s.cls.shield_points(s.allocation.shields)} shield points"))
        return tuple(out)
    if state.step == CHOOSE:
        return (Prompt(state.shots[0].target, CAPTAIN, "choose which weapon is damaged"),)
    ship = state.ship(state.queue[0])
    if state.step == MOVE:
        n = movement.phase_points(state, ship)
        return (Prompt(ship.id, HELM, f"move {ship.name}: up to {n} movement points"),)
    return (Prompt(ship.id, HELM, f"declare targets for {ship.name}"),)
