"""The game turn: who acts when, and the automatic steps between decisions.

Book Two, Advanced: Sequence Of Play — Power Allocation Phase, Tactical Advantage Phase, then
five Movement and Firing Phases alternating, then a new game turn; Ending The Game.
"""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.campaigns import campaign_play
from engine.rulesets.fasa.command import (
    admiral,
    aftermath,
    cc_turn,
    comms,
    frozen_panels,
    helm_rolls,
    ruling,
    science,
)
from engine.rulesets.fasa.engineering import power, power_spent
from engine.rulesets.fasa.firing import combat, evasion, explosions
from engine.rulesets.fasa.flow import advantage, mcp, placement
from engine.rulesets.fasa.flow.prompts import all_prompts
from engine.rulesets.fasa.levels import advanced_rules, expert
from engine.rulesets.fasa.moving import movement, warp
from engine.rulesets.fasa.sensing import arc_scan, cloak, sensor_ask, sensors, sensors_rating
from engine.rulesets.fasa.skills import bonus_place, engineer_roll, officer_roll, ratings, skill_roll
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    ChooseDamagedWeapon,
    CommsTask,
    DeclareFire,
    Evade,
    Move,
    PlaceShip,
    SelfDestruct,
    Sense,
    SetShields,
    SetWarp,
    SkillBonus,
)
from engine.rulesets.fasa.values.crew import ACTION_DUTY
from engine.rulesets.fasa.values.events import GameOver, Note, Rolled
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    ADVANTAGE,
    AFTERMATH,
    CHOOSE,
    DECLARE,
    DISABLED,
    ESCAPED,
    EVADE,
    HAZARD,
    MOVE,
    OVER,
    PLACE,
    POWER,
    RATINGS,
    RESOLVE,
    SCAN,
    SENSE,
    SKILL,
    FasaState,
    Ship,
    Step,
    replace,
)
from engine.stations import INSTRUCTOR, Seat, title

STEP_OF: dict[str, Step] = {
    "allocate_power": POWER, "arm_weapons": POWER, "set_shields": POWER,
    "move": MOVE, "fire": DECLARE, "choose_damaged_weapon": CHOOSE, "evade": EVADE,
    "sense": SENSE, "self_destruct": POWER, "place_ship": PLACE, "skill_bonus": SKILL,
    "set_warp": POWER, "arc_scan": SCAN, "ask": MOVE, **cc_turn.STEP_OF,
    "bonus_power": SKILL, "bonus_shield": SKILL,
    **science.STEPS,  # C&C: the Science Officer's decisions (science.py)
    "power_down": AFTERMATH, "cut_weapons": AFTERMATH, "cut_shields": AFTERMATH,
    "fleet_orders": POWER,
}
"""The step of the game turn in which each action is taken (Advanced: Sequence Of Play)."""

STEP_WORDS = {
    POWER: "the Power Allocation Phase", ADVANTAGE: "the Tactical Advantage Phase",
    MOVE: "a Movement Phase", DECLARE: "a Firing Phase (declaring targets)",
    RESOLVE: "a Firing Phase (resolving fire)", CHOOSE: "a Firing Phase (damage)",
    EVADE: "a Firing Phase (evading a missile)", SENSE: "the Sensor Phase",
    HAZARD: "the blast of a mine or an explosion", RATINGS: "the rolling of the ratings",
    SKILL: "the Skill Roll Phase", SCAN: "the scans of a Movement Phase",
    PLACE: "the placing of ships before turn 1",
    AFTERMATH: "the end of a Firing Phase (bridge hits, repairs, powering down)",
}


def apply(state: FasaState, action: Action) -> tuple[FasaState, tuple[Event, ...]]:
    """One action: checked, applied, then the game runs on to the next decision or roll."""
    if state.step == OVER:
        raise IllegalAction(f"{title(action.station)}: the game is over ({state.outcome})")
    if isinstance(action, ruling.EndGame):  # C&C: the Instructor ends the game (line 1453)
        state, over = _finish(state, ruling.verdict(state, action))
        return state, tuple(over)
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
    if state.science_wait:  # C&C: a Science Officer's roll (science.py)
        state, more = science.on_roll(state, action.value)
        return state, events + more
    if (officer := officer_roll.awaited(state)) is not None:  # C&C: an officer's Skill Roll
        state, more = officer_roll.on_roll(state, officer, action.value)
        if officer.awaiting == helm_rolls.HELM:  # the course waited for it
            return _moved(state, officer.id, events + more)
        return state, events + more
    if state.step == RATINGS:
        if campaign_play.unrolled(state):  # an optional rule: Campaign Advancement
            state, more = campaign_play.on_roll(state, action.value)
        else:
            state, more = ratings.on_roll(state, action.value)
        return state, events + more
    if state.step == SKILL:
        state, more = skill_roll.on_roll(state, action.value)
        return state, events + more
    if state.step == AFTERMATH:  # C&C: the end of a Firing Phase (aftermath.py)
        state, more = aftermath.on_roll(state, action.value)
        return state, events + more
    if state.step == SCAN:
        state, more = arc_scan.on_roll(state, action.value)
        return state, events + more
    if state.step == POWER and state.comms:  # an optional rule: Team Communications
        state, more = comms.on_roll(state, action.value)
        return state, events + more
    if state.step == ADVANTAGE:
        ship = state.queue[0]
        value = action.value + campaign_play.captain_points(state, state.ship(ship))
        rolls = tuple((s, r + (value,)) if s == ship else (s, r) for s, r in state.adv_rolls)
        return replace(state, adv_rolls=rolls, queue=state.queue[1:], roll=None), events
    if state.step == EVADE:
        state, more = evasion.on_roll(state, action.value)
        return state, events + more
    if state.asking:
        state, more = sensors.on_roll(state, action.value)
        return state, events + more
    if state.exploding:
        state, more = explosions.on_roll(state, action.value)
        return state, events + more
    if sensors_rating.owns_damage_roll(state):  # C&C: sensors out by phases (line 1247)
        state, more = sensors_rating.on_damage_roll(state, action.value)
        return state, events + more
    state, more = combat.on_roll(state, action.value)
    return state, events + more


def _decision(state: FasaState, action: Action) -> tuple[FasaState, list[Event]]:
    if isinstance(action, admiral.FleetOrders):  # an optional rule: the Admiral (line 437)
        return admiral.give(state, action)
    kind = action.type_name
    words = kind.replace("_", " ")
    station = title(action.station)
    duty = ACTION_DUTY.get(kind)
    ship_id = getattr(action, "ship", None)
    if duty is None or not isinstance(ship_id, str):
        raise IllegalAction(f"{station}: {words} is not an action of this game")
    if not state.has_ship(ship_id):
        raise IllegalAction(f"{station}: there is no ship {ship_id!r}")
    ship = state.ship(ship_id)
    owner = state.station_for(ship_id, duty)
    if action.station not in (owner, INSTRUCTOR):
        raise IllegalAction(f"{station}: {words} on {ship.name} is for {title(owner)}")
    if isinstance(action, CommsTask):  # C&C: named by the Instructor at any step (hard_comms.py)
        return science.decide(state, action, station)
    if state.roll is not None:
        raise IllegalAction(f"{station}: waiting for a roll first ({state.roll.purpose})")
    if state.step != STEP_OF[kind] and not (kind == "sense" and state.step == MOVE):
        # (C&C: a lock tried again in a Movement Phase, sensors_rating.relock, line 1249)
        raise IllegalAction(
            f"{station}: {words} is not possible during {STEP_WORDS.get(state.step, state.step)}")
    if kind in science.STEPS:  # C&C: the Science Officer's decisions
        return science.decide(state, action, station)
    if state.step == PLACE and isinstance(action, PlaceShip):
        return placement.place(state, ship, action, station)
    if (done := cc_turn.decision(state, ship, action, station)) is not None:
        return done  # C&C: the Captain's orders, the Engineer's choice of roll
    if state.step == POWER:
        if isinstance(action, SelfDestruct):
            # A disabled ship's Captain may still order it (line 1269; explosions.py).
            if not advanced_rules(state.level):
                raise IllegalAction(f"{station}: self-destruction is an advanced rule")
            return explosions.self_destruct(state, ship, action.order, station)
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        if isinstance(action, SetWarp):
            # A scenario may score breaking off at warp (victory.py: broke_off).
            state, events = warp.set_warp(state, ship, action.warp, station)
            state, more = _check_game_over(state)
            return state, [*events, *more]
        if isinstance(action, AllocatePower):
            return power.allocate(state, ship, action)
        if isinstance(action, ArmWeapons):
            return power.arm(state, ship, action)
        if isinstance(action, SetShields):
            return power.set_shields(state, ship, action)
    if state.step == CHOOSE:
        target = state.shots[0].target
        if ship_id != target:
            raise IllegalAction(
                f"{station}: the damaged weapon to choose is {state.ship(target).name}'s")
        if isinstance(action, ChooseDamagedWeapon):
            return combat.choose_weapon(state, ship, action.weapon, station)
    if state.step == AFTERMATH:
        return aftermath.decide(state, ship, action, station)
    if state.step == EVADE and isinstance(action, Evade):
        return evasion.evade(state, ship, action.direction, station)
    if state.step == SKILL and isinstance(action, SkillBonus):
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        return skill_roll.take(state, ship, action, station)
    if state.step == SKILL and kind in ("bonus_power", "bonus_shield"):
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        return bonus_place.place(state, ship, action, station)
    if state.step == SCAN and isinstance(action, ArcScan):
        return arc_scan.scan(state, ship, action.arc, station)
    if state.step == SENSE and isinstance(action, Sense):
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        if crewed(ship):  # C&C: the lock by the Science Officer's rating (sensors_rating.py)
            return sensors_rating.sense(state, ship, action, station)
        return sensors.sense(state, ship, action.target, action.question, action.detail, station)
    if not state.queue or state.queue[0] != ship_id:
        now = state.ship(state.queue[0]).name if state.queue else "nobody"
        raise IllegalAction(f"{station}: it is {now}'s turn to act, not {ship.name}'s")
    if isinstance(action, AskSensor):
        return sensor_ask.ask(state, ship, action.question, action.detail, station)
    if isinstance(action, Sense) and state.step == MOVE:  # C&C: a lock tried again (l.1249)
        return sensors_rating.relock(state, ship, action, station)
    if isinstance(action, Move) and sensor_ask.open_for(state, ship):
        # Expert: "the ship captain ... may ask a question about his target" before he moves
        # (line 711): the question (or none) comes first.
        raise IllegalAction(f"{station}: {ship.name}'s sensor question comes first (the Science "
                            "Officer asks one, or none, before the ship moves)")
    if isinstance(action, Move):
        state, events = helm_rolls.move(state, ship, action.steps, station)
        return _moved(state, ship_id, events)
    if isinstance(action, DeclareFire):
        state, events = helm_rolls.declare(state, ship, action, station)
        declared = state.shots[len(state.shots) - len(action.shots):]
        return evasion.offer(replace(state, queue=state.queue[1:]), declared), events
    raise IllegalAction(f"{station}: {words} is not an action of this game")


def _moved(state: FasaState, ship_id: str, events: list[Event]) -> tuple[FasaState, list[Event]]:
    if state.ship(ship_id).helm_steps:  # C&C: the course waits for the helm operation roll
        return state, events
    state = replace(state, queue=state.queue[1:])
    if state.shots:  # mines set off (Advanced: Mines), before the next ship moves
        state = replace(state, step=HAZARD, after=MOVE.value)
    if state.ship(ship_id).status == ESCAPED:
        state, more = _check_game_over(state)
        events += more
    return state, events


def advance(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Run the automatic steps until somebody must decide or roll."""
    events: list[Event] = []
    while True:
        if state.roll is not None or state.step in (OVER, CHOOSE):
            return state, events
        if state.step == PLACE:
            if state.to_place:
                return state, events
            state = replace(state, step=POWER)
            events.append(Note(f"Turn {state.turn}: Power Allocation Phase"))
            continue
        if state.step == RATINGS:
            # Campaign Advancement's initial points (an optional rule), then Expert: Creating
            # The Ratings, before the first Power Allocation Phase.
            if campaign_play.unrolled(state):
                state, more = campaign_play.ask(state)
                return state, events + more
            if expert(state.level) and ratings.unrated(state):
                state, more = ratings.ask(state)
                return state, events + more
            state = replace(state, step=POWER)
            events += campaign_play.opening_notes(state)
            events.append(Note(f"Turn {state.turn}: Power Allocation Phase"))
            continue
        if state.step == POWER and campaign_play.unrolled(state):
            state = replace(state, step=RATINGS)
            events.append(Note("Campaign Advancement: each ship rolls its initial points"))
            continue
        if state.step == POWER and expert(state.level) and ratings.unrated(state):
            state = replace(state, step=RATINGS)
            events.append(Note("The ratings are rolled: three dice and 45 each"))
            continue
        if state.step == SKILL:
            if state.queue:
                state, more = skill_roll.ask(state)
                return state, events + more
            if skill_roll.waiting(state) or bonus_place.placing(state):
                return state, events
            state, more, wait = engineer_roll.step(state)  # C&C: the Chief Engineer's roll
            if wait:
                return state, events + more
            events += more
            state, more, wait = science.skill_phase(state)  # C&C: the Science Officer's roll
            events += more
            if wait:
                return state, events
            state, more = advantage.start(state)
            events += more
            continue
        if state.step == POWER:
            if comms.due(state):  # an optional rule: the turn's team rolls come first
                state, more = comms.start(state)
                events += more
                continue
            # C&C: panels that keep last turn's settings (frozen_panels.py, lines 1357, 1401).
            state, more = frozen_panels.settle(state)
            events += more
            if any(s.status == ACTIVE and not s.allocated for s in state.ships):
                return state, events
            if advanced_rules(state.level) and any(s.status == DISABLED
                                                   and explosions.may_self_destruct(s)
                                                   for s in state.ships):
                # A disabled ship's Captain has this order alone to give: the phase waits for
                # it (line 1269; docs/rules-decisions.md).
                return state, events
            state, more = cloak.engage(state)
            events += more
            if expert(state.level):
                # Expert: Skill Roll Phase, after the Power Allocation Phase (step 3).
                state = skill_roll.start(state)
                events.append(Note(f"Skill Roll Phase of turn {state.turn}"))
                continue
            if campaign_play.crew_roll_in_play(state):  # an optional rule (line 506)
                state = skill_roll.start(state)
                events.append(Note(f"Campaign Advancement: the crews' rolls of turn "
                                   f"{state.turn}"))
                continue
            state, more = advantage.start(state)
            events += more
        elif state.step == ADVANTAGE:
            if state.queue:
                return advantage.ask(state, events)
            state, more = advantage.settle(state)
            events += more
        elif state.step == SENSE:
            if sensors.in_sensor_phase(state) and any(sensors.may_sense(state, s)
                                                      for s in state.ships):
                return state, events
            state, more = _start_movement(state)
            events += more
        elif state.step == SCAN:
            state = arc_scan.settle(state)
            if state.step == SCAN:
                return state, events
            # No ship has moved yet: the order is made again, so a ship whose scan found a
            # cloaked ship (a lock and its questions) has its place to ask (sensor_ask.py).
            state = replace(state, queue=movement.movement_order(state))
        elif state.step == MOVE:
            state = movement.skip_idle(state)  # a ship that only had a question to ask
            if state.queue:
                return state, events
            state = movement.end_of_movement_phase(state)
            state = replace(state, step=DECLARE, queue=_declare_order(state))
        elif state.step == HAZARD:
            if state.shots:
                state, more = combat.next_roll(state)
                events += more
                continue
            state, more = explosions.next_check(state)
            events += more
            if state.roll is not None or state.shots:
                continue
            state, more = _check_game_over(replace(state, step=Step(state.after), after=""))
            events += more
        elif state.step == EVADE:
            state = evasion.settle(state)
            if state.step == EVADE:
                return state, events
        elif state.step == DECLARE:
            queue = state.queue
            while queue and not combat.has_shot(state, state.ship(queue[0])):
                queue = queue[1:]
            state = replace(state, queue=queue)
            if queue:
                return state, events
            state = replace(state, step=RESOLVE)
        elif state.step == RESOLVE:
            if science.prompts(state):  # C&C: damage control decided before the dice
                return state, events
            if state.shots:  # a shot's to-hit roll, or a blast, which may need no roll
                state, more = combat.next_roll(state)
                events += more
                continue
            # After the barrage: explosion rolls and blasts (Advanced: Ship Explosions).
            state, more = explosions.next_check(state)
            events += more
            if state.roll is not None or state.shots:
                continue
            if aftermath.in_play(state):
                # C&C: bridge hits, repairs and powering down at the end of the Firing Phase.
                state, more = aftermath.start(state)
                events += more
                continue
            state, more = _end_of_firing_phase(state)
            events += more
        elif state.step == AFTERMATH:
            state, more, done = aftermath.advance(state)
            events += more
            if not done:
                return state, events
            state, more = _end_of_firing_phase(state)
            events += more


def _start_movement(state: FasaState) -> tuple[FasaState, list[Event]]:
    state = power_spent.start_turn(replace(state, step=MOVE, phase=1))
    state = arc_scan.start_phase(replace(state, queue=movement.movement_order(state)))
    return state, [Note(f"Movement Phase 1 of turn {state.turn}")]


def _declare_order(state: FasaState) -> tuple[str, ...]:
    """The ship with the tactical advantage declares its targets last (Advanced step 7)."""
    return tuple(sorted((s.id for s in state.ships if combat.can_fire(s)), key=state.rank))


def _end_of_firing_phase(state: FasaState) -> tuple[FasaState, list[Event]]:
    state, sensing = sensors_rating.end_of_firing_phase(state)  # C&C: the Sensors Counter
    state, events = _end_of_firing_phase_rest(state)
    return state, sensing + events


def _end_of_firing_phase_rest(state: FasaState) -> tuple[FasaState, list[Event]]:
    # An emergency heading change costs to-hit in the Firing Phase after it; an evasion costs
    # that Firing Phase's fire (Advanced: Evading Missile Fire): both end with the phase.
    state = helm_rolls.end_of_phase(replace(state, ships=tuple(
        replace(s, hard_turned=False, evading=False) if s.hard_turned or s.evading else s
        for s in state.ships)))
    state, events = _check_game_over(state)
    if state.step == OVER:
        return state, events
    if state.phase < state.phases:
        state = replace(state, step=MOVE, phase=state.phase + 1)
        state = arc_scan.start_phase(replace(state, queue=movement.movement_order(state)))
        return state, [*events, Note(f"Movement Phase {state.phase} of turn {state.turn}")]
    state, more = _check_game_over(state, turn_over=True)   # a clause's after_turn (victory.py)
    if state.step == OVER:
        return state, [*events, *more]
    if state.max_turns and state.turn >= state.max_turns:
        return _finish(state, victory.at_turn_limit(state.max_turns))
    # Every ship still on the map resets its panel, a disabled one included: it allocates no
    # power, so it must not keep last turn's shields (C&C: Resetting The Panel).
    # The Master Control Panel's column for the turn is kept first (Expert; mcp.py).
    ships = tuple(power.end_of_turn(mcp.close_turn(s, state.turn) if expert(state.level) else s)
                  if s.status in (ACTIVE, DISABLED) else s for s in state.ships)
    ships, more = cc_turn.end_of_turn(state, ships)  # C&C: orders, officers' rolls, repairs
    events += more
    ships = science.end_of_turn(replace(state, ships=ships)).ships  # C&C: Science's counters
    # A lock on a ship no longer on the map, or held by sensors knocked out, is gone (Advanced:
    # Sensors: "until the sensors are knocked out by enemy fire").
    gone = {s.id for s in ships if not combat.targetable(s)}
    ships = tuple(replace(s, lock="") if s.lock and (s.lock in gone or s.sensors_out) else s
                  for s in ships)
    state = cloak.new_turn(replace(state, ships=ships, turn=state.turn + 1, phase=0, step=POWER,
                                   advantage=()))
    return state, [*events, Note(f"Turn {state.turn}: Power Allocation Phase")]


def fighting(ship: Ship) -> bool:
    """On the map with superstructure and power: a ship at zero power is disabled (Advanced
    Scenarios, Raiders: "disable (reduce to zero power or superstructure)")."""
    return victory.fighting(ship)


def _check_game_over(state: FasaState, turn_over: bool = False) -> tuple[FasaState, list[Event]]:
    """The game ends when one side has destroyed, captured or driven off all its opponents, or
    when the victory conditions have been met (Advanced: Ending The Game); a disabled ship counts
    as captured. The scenario's conditions judge the result (`victory`)."""
    verdict = victory.judge(state, state.setup.victory, turn_over)
    if verdict is None:
        return state, []
    return _finish(state, verdict)


def _finish(state: FasaState, verdict: victory.Verdict) -> tuple[FasaState, list[Event]]:
    state = replace(state, step=OVER, outcome=verdict.outcome, winner=verdict.winner, queue=(),
                    roll=None)
    notes = campaign_play.victory_notes(state, verdict.winner)  # an optional rule (line 521)
    return state, [*notes, GameOver(verdict.outcome, verdict.winner, verdict.kind,
                                    verdict.ending)]


def pending(state: FasaState, seat: Seat | None = None) -> tuple[Prompt, ...]:
    """Who must act now; with a seat, only what that seat must do (the Instructor may act for
    every ship, so its seat lists everything, or one ship's prompts when the seat names one)."""
    prompts = all_prompts(state)
    if seat is None:
        return prompts
    return tuple(p for p in prompts if seat_may_act(seat, p))


def seat_may_act(seat: Seat, prompt: Prompt) -> bool:
    """Whether `seat` may answer `prompt`: its own station on its own ship, or the Instructor."""
    if seat.ship is not None and seat.ship != prompt.ship:
        return False
    if seat.side is not None and seat.side != prompt.side:  # an Admiral: its own side's
        return False
    return seat.station in (INSTRUCTOR, prompt.station)


