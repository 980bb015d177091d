"""Random playthroughs (OpenSpiel style): every state reached by legal play is consistent.

Each game picks a packaged scenario or a random free-for-all at a playable level (basic or
advanced), then at every step picks a pending
prompt at random and answers it with the autopilot's decision, a random legal action (from the
prompt's own station or the Instructor), or a roll from a seeded generator. Each game has a random
crew layout (3 to 6 players: Book Two, C&C, Expanding For More Players). About
one step in twenty also tries a deliberately corrupted action, which must be refused with an
`IllegalAction` that names a station and leaves the state alone. After every action the invariants
below are checked; at the end the action list replays to the same state, directly and through the
JSON-lines log.

CI plays 400 games (about half a second each on one core: 1,000 were two fifths of CI's
time); STARBRIDGE_LONG=1 plays 5,000. A developer's run
(`./test`) plays four of them and leaves the rest, marked `slow`, to CI.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import os
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from cc_crews import crew_ships

from companion.session import load_scenario, prepare, scenario_names, ships_scenario
from engine import (
    Action,
    IllegalAction,
    Prompt,
    RollResult,
    Seat,
    apply,
    apply_all,
    legal_actions,
    new_game,
    pending,
    state_to_json,
)
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.flow.setup import ship_dicts
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    BonusPower,
    BonusShield,
    ChooseDamagedWeapon,
    Cut,
    DamageControl,
    DeclareFire,
    Evade,
    ExtraShields,
    Move,
    PlaceShip,
    ScienceRoll,
    SelfDestruct,
    Sense,
    SetShields,
    SetWarp,
    SkillBonus,
)
from engine.rulesets.fasa.values.cc_actions import EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.crew import ACTION_DUTY, CREWS
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    CHOOSE,
    DECLARE,
    DESTROYED,
    EVADE,
    HAZARD,
    MOVE,
    PLAYABLE_LEVELS,
    POWER,
    RESOLVE,
    FasaState,
)
from engine.rulesets.fasa.variants.battlestations.round_actions import FireCounter, TacticalTurn
from engine.stations import INSTRUCTOR, STATION_NAMES, TITLES

LONG = os.environ.get("STARBRIDGE_LONG") == "1"
GAMES = 5000 if LONG else 400
SAMPLE = (1, 2, 3, 4)
"""The games a developer's run plays, four short ones (the rest are `slow`: CI plays them all)."""
MAX_STEPS = 20_000
CORRUPT_RATE = 0.05
_TITLES = "|".join(re.escape(t) for t in TITLES.values())
REFUSAL = re.compile(rf"^({_TITLES}): \S")


@functools.cache
def packaged(name: str, turns: int, level: str = "basic") -> dict[str, Any]:
    return prepare(load_scenario(name, None), None, level, None, turns)


@functools.cache
def free_for_all(classes: tuple[str, ...], turns: int, level: str = "basic") -> dict[str, Any]:
    return prepare(ships_scenario(list(classes)), None, level, None, turns)


@functools.cache
def class_ids() -> tuple[str, ...]:
    return tuple(sorted(ship_dicts(None)))


@functools.cache
def scenario_ids() -> tuple[str, ...]:
    return tuple(scenario_names(None, "fasa"))


def pick_scenario(rng: random.Random) -> dict[str, Any]:
    turns = rng.randint(6, 8)
    level = rng.choice(PLAYABLE_LEVELS)
    name = rng.choice(scenario_ids())
    if level == "basic" and load_scenario(name, None).get("variant"):
        level = "advanced"  # Battlestations! is played at the advanced level and above
    if rng.random() < 0.5:
        scenario = packaged(name, turns, level)
    else:
        classes = tuple(rng.choice(class_ids()) for _ in range(rng.randint(2, 4)))
        scenario = free_for_all(classes, turns, level)
    scenario = {**scenario, "crew": rng.choice(sorted(CREWS))}
    if level == "command":  # C&C: player crews on some ships, the Instructor's on the rest
        scenario = crew_ships(scenario, rng)
    if level != "basic" and rng.random() < 0.3:  # the Battlestations! variant (variant_tables.py)
        scenario["variant"] = "battlestations"
    if level == "advanced" and rng.random() < 0.25:  # the optional rules (options.py)
        scenario["options"] = {"fire_limit": rng.choice([0, 1, 2]),
                               "rescues": rng.random() < 0.5,
                               "team_communications": rng.random() < 0.5}
    return scenario


@dataclass
class Game:
    seed: int
    scenario: dict[str, Any]
    state: FasaState
    actions: list[Action] = field(default_factory=list)
    refused: int = 0
    kinds: set[str] = field(default_factory=set)


# -- choosing actions ----------------------------------------------------------------------------

def choose(state: FasaState, prompt: Prompt, rng: random.Random) -> Action:
    """A legal action for `prompt`: the autopilot's, or a random one from the legal list."""
    if prompt.roll is not None:
        station = INSTRUCTOR if rng.random() < 0.05 else prompt.roll.station
        if rng.random() < 0.1:  # a face from the legal list
            return rng.choice(legal_actions(state, Seat(station, prompt.ship)))
        return RollResult(station, rng.randint(1, prompt.roll.sides), "virtual")
    if rng.random() < 0.5 or (prompt.action == "self_destruct"
                              and (state.turn < 3 or rng.random() < 0.98)):
        return autopilot.decide(state, prompt)  # a self-destruct now and then, not every game
    station = INSTRUCTOR if rng.random() < 0.1 else prompt.station
    options = legal_actions(state, Seat(station, prompt.ship))
    assert options, f"no legal action for {station} of {prompt.ship}: {prompt.what}"
    # The Instructor's list holds every prompt of the ship: a self-destruct only when asked.
    options = [o for o in options if prompt.action == "self_destruct"
               or not isinstance(o, SelfDestruct)] or options
    for option in options:
        assert getattr(option, "ship", prompt.ship) == prompt.ship
        assert option.station == station
    if prompt.action == "skill_bonus":  # each kind of bonus as often, not each pair aimed
        kind = rng.choice(sorted({o.bonus for o in options if isinstance(o, SkillBonus)}))
        options = [o for o in options if getattr(o, "bonus", kind) == kind]
    return rng.choice(options)


def corrupt(state: FasaState, prompt: Prompt, rng: random.Random) -> Action:
    """An action that the rules must refuse now."""
    if prompt.roll is not None:
        req = prompt.roll
        how = rng.randrange(4)
        if how == 0:
            return RollResult(req.station, 0)
        if how == 1:
            return RollResult(req.station, req.sides + rng.randint(1, 10))
        if how == 2:
            wrong = [s for s in STATION_NAMES if s not in (req.station, INSTRUCTOR)]
            return RollResult(rng.choice(wrong), rng.randint(1, req.sides))
        assert prompt.ship is not None
        return Move("helm", prompt.ship, "")  # a decision while a roll is awaited
    assert prompt.ship is not None
    good = autopilot.decide(state, prompt)
    how = rng.randrange(4)
    if how == 0:  # wrong station
        duty = variant_tables.layered(variant_tables.of(state).duties, ACTION_DUTY, good.type_name)
        assert duty is not None
        allowed = {state.station_for(prompt.ship, duty), INSTRUCTOR}
        return dataclasses.replace(good, station=rng.choice(
            [s for s in STATION_NAMES if s not in allowed]))
    if how == 1:  # wrong ship
        others = [s.id for s in state.ships if s.id != prompt.ship]
        if state.step in (MOVE, DECLARE, CHOOSE, EVADE) and others and rng.random() < 0.5:
            return dataclasses.replace(good, ship=rng.choice(others))  # type: ignore[call-arg]
        return dataclasses.replace(good, ship="no-such-ship")  # type: ignore[call-arg]
    if how == 2:  # an action of another step
        if state.step == POWER:
            return Move("helm", prompt.ship, "F")
        return AllocatePower("engineer", prompt.ship, 0, 0, 0)
    return out_of_range(state, good, rng)


def out_of_range(state: FasaState, good: Action, rng: random.Random) -> Action:
    if isinstance(good, AllocatePower):
        ship = state.ship(good.ship)
        return rng.choice([
            dataclasses.replace(good, weapons=ship.total_power + 1),
            dataclasses.replace(good, movement=-ship.cls.mpr[0]),
            dataclasses.replace(good, shields=-1),
        ])
    if isinstance(good, ArmWeapons):
        ship = state.ship(good.ship)
        beams = [s for s, w in zip(ship.cls.weapons, ship.weapons, strict=True)
                 if s.kind == "beam" and not w.damaged]
        if beams and rng.random() < 0.5:
            spec = rng.choice(beams)
            return dataclasses.replace(good, power=((spec.id, spec.max_power + 1),))
        return dataclasses.replace(good, power=(("zz9", 1),))
    if isinstance(good, SetShields):
        ship = state.ship(good.ship)
        points = list(good.points)
        points[rng.randrange(6)] = rng.choice([-1, ship.cls.max_shield_points + 1])
        return dataclasses.replace(good, points=tuple(points))  # type: ignore[arg-type]
    if isinstance(good, Move):
        ship = state.ship(good.ship)
        n = movement.phase_points(state, ship)
        return dataclasses.replace(good, steps=rng.choice(["F" * (n + 1), "X"]))
    if isinstance(good, DeclareFire):
        ship = state.ship(good.ship)
        weapon = ship.cls.weapons[0].id if ship.cls.weapons else "zz9"
        return dataclasses.replace(good, shots=rng.choice([
            (("zz9", good.ship),), ((weapon, "no-such-ship"),), ((weapon, good.ship),)]))
    if isinstance(good, Evade):
        return dataclasses.replace(good, direction=rng.choice(["sideways", "", "PORT"]))
    if isinstance(good, SelfDestruct):
        return rng.choice([dataclasses.replace(good, order=rng.choice(["now", "", "DESTRUCT"])),
                           dataclasses.replace(good, ship="no-such-ship")])
    if isinstance(good, Sense):
        return rng.choice([
            dataclasses.replace(good, target="no-such-ship"),
            dataclasses.replace(good, target=good.ship),
            dataclasses.replace(good, question=rng.choice([-1, 11, 99])),
            dataclasses.replace(good, question=4, detail="7"),
            dataclasses.replace(good, question=6, detail="zz9"),
            dataclasses.replace(good, target="", question=3),
        ])
    if isinstance(good, AskSensor):  # Expert: questions 1-9 or none
        return dataclasses.replace(good, question=rng.choice([10, 11, -1]), detail="zz9")
    if isinstance(good, ArcScan):  # Expert: four arcs, or none
        return dataclasses.replace(good, arc=rng.choice(["fore", "PORT", "all", "f"]))
    if isinstance(good, SetWarp):  # Expert: 0 to the Emergency Speed, at most 10 (line 759)
        ship = state.ship(good.ship)
        past_top = max(ship.cls.emergency_warp, ship.warp) + 1
        return dataclasses.replace(good, warp=rng.choice([past_top, -1, 11]))
    if isinstance(good, SkillBonus):  # Expert: Skill Roll Phase
        return rng.choice([
            dataclasses.replace(good, bonus=rng.choice(["", "AIM", "all"])),
            dataclasses.replace(good, bonus="aim", weapons=("zz9",)),
            dataclasses.replace(good, bonus="aim", weapons=()),
            dataclasses.replace(good, bonus="shield", shield=rng.choice([7, -1])),
            dataclasses.replace(good, bonus="power", part="warp core"),
            dataclasses.replace(good, bonus="repair", part=rng.choice(["engine0", "engine9"])),
        ])
    if isinstance(good, GiveOrders):  # C&C: hold, fire or fire at will
        return dataclasses.replace(good, fire=rng.choice(["", "FIRE", "at will", "cease"]))
    if isinstance(good, EngineerRoll):  # C&C: none, power or a damaged engine's repair
        return rng.choice([dataclasses.replace(good, roll=rng.choice(["", "warp", "POWER"])),
                           dataclasses.replace(good, roll="repair", engine=rng.choice([0, 9])),
                           dataclasses.replace(good, roll="none", engine=1)])
    if isinstance(good, BonusPower):  # Expert: the Engineer places the bonus power point
        return rng.choice([dataclasses.replace(good, part="warp core"),
                           dataclasses.replace(good, part="shield", shield=rng.choice([0, 7])),
                           dataclasses.replace(good, ship="no-such-ship")])
    if isinstance(good, BonusShield):  # Expert: Science places the bonus shield point
        return dataclasses.replace(good, shield=rng.choice([0, 7, -1]))
    if isinstance(good, ScienceRoll):  # C&C: none, shields, damage control, repair, casualties
        return dataclasses.replace(good, use=rng.choice(["", "SHIELDS", "all", "sensors"]))
    if isinstance(good, ExtraShields):  # C&C: all the points won, 2 over a maximum at most
        return dataclasses.replace(good, points=rng.choice([(-1, 0, 0, 0, 0, 0),
                                                            (99, 0, 0, 0, 0, 0),
                                                            (0, 0, 0, 0, 0, 0)]))
    if isinstance(good, DamageControl):  # C&C: points on incoming shots, the points left
        return dataclasses.replace(good, cuts=rng.choice([
            (Cut("no-such-ship", "zz9", 1),), (Cut(good.ship, "zz9", 1),),
            tuple(Cut(c.firer, c.weapon, 99) for c in good.cuts) or (Cut("", "", 1),)]))
    if isinstance(good, PlaceShip):
        return rng.choice([dataclasses.replace(good, col=-1), dataclasses.replace(good, row=999),
                           dataclasses.replace(good, heading=6),
                           dataclasses.replace(good, ship="no-such-ship")])
    if isinstance(good, PowerDown):  # C&C: exactly the power lost, each within what is left
        return rng.choice([dataclasses.replace(good, movement=-1),
                           dataclasses.replace(good, weapons=good.weapons + 1),
                           dataclasses.replace(good, shields=good.shields + 999)])
    if isinstance(good, CutWeapons):  # C&C: armed weapons not yet fired, at most their power
        return dataclasses.replace(good, power=rng.choice([(("zz9", 1),), (), (("ph1", 99),)]))
    if isinstance(good, CutShields):  # C&C: the points the cut takes, at most those standing
        return dataclasses.replace(good, points=rng.choice([(-1, 0, 0, 0, 0, 0), (99,) * 6]))
    if isinstance(good, TacticalTurn):  # Battlestations!: none, port or starboard; the cloak
        return rng.choice([dataclasses.replace(good, turn=rng.choice(["left", "", "PORT"])),
                           dataclasses.replace(good, cloak=rng.choice(["up", "ON"]))])
    if isinstance(good, FireCounter):  # Battlestations!: one counter a Firing Phase
        return dataclasses.replace(good, ship="no-such-ship")
    assert isinstance(good, ChooseDamagedWeapon)
    return dataclasses.replace(good, weapon="zz9")


# -- invariants ----------------------------------------------------------------------------------

def check_invariants(state: FasaState, power_at_allocation: dict[str, int]) -> None:
    for ship in state.ships:
        cls = ship.cls
        where = f"{ship.id} on turn {state.turn}, step {state.step}"
        # Expert: a skill bonus's shield point goes past the maximum; its power point past the
        # allocation (skill_roll.py).
        past = 1 if ship.bonus == "shield" else 0
        bonus_power = 1 if ship.bonus == "power" else 0
        # C&C: the Science Officer's extra shield points, 4 at most, no shield 2 past its
        # maximum (science_roll.py).
        extra = 4 if ship.science == "shields" else 0
        for n, points in enumerate(ship.shields, 1):
            assert 0 <= points <= cls.max_shield_points + max(past, min(extra, 2)), \
                f"{where}: shield {n} at {points}"
            if n in ship.shields_damaged:
                assert points == 0, f"{where}: damaged shield {n} holds {points}"
        assert ship.superstructure <= cls.superstructure
        assert not (ship.status == ACTIVE and ship.superstructure <= 0), where
        assert all(0 <= p <= spec.power for p, spec in zip(ship.engines, cls.engines, strict=True))
        alloc = ship.allocation
        if alloc is None:
            assert not ship.armed and not ship.shields_set, where
            assert all(w.power == 0 for w in ship.weapons), where
            assert ship.shields == (0, 0, 0, 0, 0, 0), where
            continue
        assert min(alloc.movement, alloc.shields, alloc.weapons) >= 0, where
        assert alloc.total <= power_at_allocation[ship.id] + bonus_power, \
            f"{where}: {alloc} over the {power_at_allocation[ship.id]} power it had"
        assert bonus_power or alloc.movement * cls.mpr[1] % cls.mpr[0] == 0, \
            f"{where}: {alloc.movement} power to movement buys a fraction at {cls.mpr}"
        assert ship.movement_points == cls.movement_points(alloc.movement), where
        assert sum(ship.shields) <= cls.shield_points(alloc.shields) + past + extra, where
        armed = 0
        for spec, w in zip(cls.weapons, ship.weapons, strict=True):
            if w.power:
                if spec.kind == "beam":
                    assert 1 <= w.power <= spec.max_power, f"{where}: {spec.id} at {w.power}"
                else:
                    assert w.power == spec.arm_power, f"{where}: {spec.id} at {w.power}"
            assert not w.fired or w.power, f"{where}: {spec.id} fired unarmed"
            armed += w.power
        assert armed <= alloc.weapons, f"{where}: {armed} power armed of {alloc.weapons}"
    for ship in state.ships:  # the advanced game's bookkeeping
        where = f"{ship.id} on turn {state.turn}, step {state.step}"
        assert ship.still >= 0 and 0 <= ship.warp <= 10, where
        assert not ship.blast_roll or ship.superstructure < 0, where
        if ship.status == DESTROYED:  # exploded below 0, or by its captain's order
            assert not ship.blast_roll and (ship.superstructure < 0 or ship.ordered), where
        if state.level == "basic":
            assert not (ship.reverse or ship.hard_turned or ship.evading or ship.blast_roll), where
    assert bool(state.evasions) == (state.step == EVADE), state.step
    assert state.step != HAZARD or state.after in ("power", "move"), state.after
    assert not state.after or state.step in (HAZARD, CHOOSE) or state.roll is not None, state.step
    assert all(c.side in state.sides for c in state.counters)
    assert not state.exploding or (state.roll is not None and state.step in (RESOLVE, HAZARD))
    prompts = pending(state)
    if state.over:
        assert prompts == () and state.outcome
    else:
        assert prompts
        if state.roll is not None:
            assert len(prompts) == 1 and prompts[0].roll == state.roll
    if state.max_turns:
        assert state.turn <= state.max_turns


def track_allocations(before: FasaState, after: FasaState, action: Action,
                      power_at_allocation: dict[str, int]) -> None:
    for old, new in zip(before.ships, after.ships, strict=True):
        if old.allocation is None and new.allocation is not None:
            assert isinstance(action, AllocatePower) and action.ship == new.id
            assert (new.allocation.movement, new.allocation.shields, new.allocation.weapons) == (
                action.movement, action.shields, action.weapons)
            power_at_allocation[new.id] = old.total_power


# -- the game ------------------------------------------------------------------------------------

def play(seed: int) -> Game:
    rng = random.Random(seed)
    scenario = pick_scenario(rng)
    state = new_game(scenario)
    assert isinstance(state, FasaState)
    game = Game(seed, scenario, state)
    # A ship that enters at full speed starts allocated (The Romulan Gambit): its power then.
    power: dict[str, int] = {s.id: s.total_power for s in state.ships if s.allocation is not None}
    check_invariants(state, power)
    before = state_to_json(state)   # the state's JSON before each action: made once a state
    for _ in range(MAX_STEPS):
        prompts = pending(state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        if rng.random() < CORRUPT_RATE:
            bad = corrupt(state, prompt, rng)
            with pytest.raises(IllegalAction) as info:
                apply(state, bad)
            assert REFUSAL.match(str(info.value)), f"{bad}: {info.value}"
            assert state_to_json(state) == before
            game.refused += 1
            continue
        action = choose(state, prompt, rng)
        new, events = apply(state, action)
        assert isinstance(new, FasaState)
        assert state_to_json(state) == before, f"apply changed its input state ({action})"
        assert events, f"{action} happened without an event"
        track_allocations(state, new, action, power)
        check_invariants(new, power)
        game.actions.append(action)
        game.kinds.add(action.type_name)
        state = new
        before = state_to_json(state)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    game.state = state
    return game


@functools.cache
def played(seed: int) -> Game:
    """The game of `seed`, played once a process: `test_playthroughs_cover_the_game` reads the
    first games `test_random_playthrough` checked, rather than playing them again (neither
    changes a Game; `test_same_seed_same_game` plays its games afresh)."""
    return play(seed)


COVER = 40
"""The games whose actions, refusals and outcomes together must cover the game."""
SHARED = pytest.mark.xdist_group("playthroughs-cover")
"""The games `test_playthroughs_cover_the_game` reads are meant to be checked in its process
(xdist), so that each is played once; run alone, in another order or in another process than
some of them, it plays those it lacks."""


def case(seed: int) -> Any:
    """A seed's case: `slow` unless in SAMPLE; in the cover test's process if it reads it."""
    marks = [SHARED] if seed < COVER else []
    if seed not in SAMPLE:
        marks.append(pytest.mark.slow)
    return pytest.param(seed, marks=marks)


@pytest.mark.parametrize("seed", [case(seed) for seed in range(GAMES)])
def test_random_playthrough(seed: int) -> None:
    game = played(seed) if seed < COVER else play(seed)
    assert game.state.over
    kinds = {"allocate_power", "arm_weapons", "set_shields", "roll"}
    if "broke off" in game.state.outcome:
        kinds = set()   # the Kobayashi Maru: a warp speed raised ends it at once (victory.py)
    assert kinds <= game.kinds
    again = apply_all(new_game(game.scenario), game.actions)
    assert again == game.state
    assert state_to_json(again) == state_to_json(game.state)
    log = io.StringIO()
    log.write(header_line(game.scenario) + "\n")
    for n, action in enumerate(game.actions, 1):
        log.write(action_line(n, action) + "\n")
    scenario, actions = parse(io.StringIO(log.getvalue()), f"seed {seed}")
    assert actions == game.actions
    assert replay(scenario, actions) == game.state


@pytest.mark.slow
@SHARED
def test_playthroughs_cover_the_game() -> None:
    """The random games reach every kind of action, corrupt some, and end both ways."""
    kinds: set[str] = set()
    refused = 0
    outcomes: set[bool] = set()
    for seed in range(COVER):
        game = played(seed)
        kinds |= game.kinds
        refused += game.refused
        outcomes.add(bool(game.state.winner))
    assert kinds == {"allocate_power", "arm_weapons", "set_shields", "roll", "move", "fire",
                     "choose_damaged_weapon", "evade", "sense", "self_destruct", "skill_bonus",
                     "set_warp", "place_ship", "ask", "arc_scan", "orders", "engineer_roll",
                     "bonus_power", "bonus_shield",
                     # C&C: the Science Officer's decisions and powering down (science.py,
                     # aftermath.py), reached now that crewed ships play both
                     "science_roll", "extra_shields", "damage_control", "power_down",
                     "cut_weapons", "cut_shields",
                     "fire_counter", "tactical_turn"}  # Battlestations! (variant_tables.py)
    assert refused >= 40
    assert outcomes == {True, False}


@pytest.mark.slow
def test_same_seed_same_game() -> None:
    firsts = []
    for seed in (3, 77):
        first, second = play(seed), play(seed)
        assert first.actions == second.actions
        assert first.refused == second.refused
        assert state_to_json(first.state) == state_to_json(second.state)
        assert first.state == second.state
        firsts.append(first)
    assert firsts[0].actions != firsts[1].actions


SEATS = ("captain", "engineer", "helm", "science", "weapons", "navigator", "comms", "instructor")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000, 1003))
def test_every_listed_legal_action_is_accepted(seed: int) -> None:
    """Whatever seat asks, legal_actions lists only actions that apply accepts, and the seat
    asked for by each prompt has something to do."""
    rng = random.Random(seed)
    state: Any = new_game(pick_scenario(rng))
    assert isinstance(state, FasaState)
    checked = 0
    while prompts := pending(state):
        seats = [Seat(INSTRUCTOR)] + [Seat(st, s.id) for s in state.ships for st in SEATS]
        for seat in seats:
            for action in legal_actions(state, seat):
                try:
                    apply(state, action)
                except IllegalAction as exc:
                    raise AssertionError(f"listed for {seat}, refused: {exc}") from None
                checked += 1
        for prompt in prompts:
            asked = prompt.roll.station if prompt.roll else prompt.station
            assert legal_actions(state, Seat(asked, prompt.ship)), prompt
        prompt = rng.choice(prompts)
        state = apply(state, choose(state, prompt, rng))[0]
    assert checked > 100
