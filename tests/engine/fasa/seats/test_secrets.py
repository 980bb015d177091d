"""Secrets stay with their seat: at every step of random games, no seat's view, prompts or events
hold a fact that seat may not know (docs/rules-decisions.md, "What each seat may know"), and the
autopilot decides from nothing more than its seat may know.

The test changes every secret of the ships a seat may not see into (an enemy's allocation,
shields, armed weapons, engines, superstructure, casualties) and checks that nothing the seat is
told changes: a leak of any of them would show as a difference. What the hidden side *does* is
varied by `test_secrets_differential.py`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from cc_crews import crew_ships
from test_seat_api import packaged, seats, states
from test_secrets_differential import main_line, scenario_for

import engine
from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay
from display.game_link import weapon_range
from engine import Seat
from engine.hexgrid import hex_to_offset, offset_to_hex
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.command.admiral import FleetOrdered
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.seats.cc_panel import CC_PRIVATE_EVENTS
from engine.rulesets.fasa.seats.views import (
    PRIVATE_EVENTS,
    PUBLIC_SHIP_KEYS,
    may_know_ship,
    redacted,
    side_of,
)
from engine.rulesets.fasa.skills.skill_roll import PLACE_POWER, PLACE_SHIELD
from engine.rulesets.fasa.values.actions import Move
from engine.rulesets.fasa.values.crew import CREWS
from engine.rulesets.fasa.values.crew_events import GridPower, OfficerShaken
from engine.rulesets.fasa.values.events import (
    BlastStruck,
    CloakScanned,
    EnginesSet,
    HeadingStressed,
    Rolled,
    RollRequested,
    SelfDestructOrder,
    SensorLocked,
    ShipMoved,
)
from engine.rulesets.fasa.values.officers import needs
from engine.rulesets.fasa.values.shaken import OfficerOut, SystemOut
from engine.rulesets.fasa.values.state import (
    COUNTERS,
    POWER,
    Allocation,
    FasaState,
    Ship,
    Shot,
    replace,
)
from engine.stations import INSTRUCTOR

OTHER_BONUS = {"due": PLACE_POWER, PLACE_POWER: PLACE_SHIELD, PLACE_SHIELD: "due",
               "none": "repair", "repair": "none", "power": "shield", "shield": "power"}
"""Another skill bonus state of the same kind (one the phase waits for, or one taken)."""


def perturbed(state: FasaState, seat: Seat) -> FasaState:
    """`state` with every secret of the ships `seat` may not know changed (what shows at the
    table, such as whether a crew has finished allocating or a ship is disabled, is kept)."""
    ships = []
    for s in state.ships:
        if may_know_ship(state, seat, s.id):
            ships.append(s)
            continue
        alloc = s.allocation
        ships.append(replace(
            s,
            allocation=None if alloc is None else Allocation(alloc.movement + 3,
                                                             alloc.shields + 2, alloc.weapons + 1),
            shields=tuple(p + 1 for p in s.shields),
            weapons=tuple(replace(w, power=w.power + 1) if w.power else w for w in s.weapons),
            engines=tuple(p + 2 for p in s.engines),
            superstructure=s.superstructure + 5 if s.superstructure > 0 else s.superstructure,
            casualties=s.casualties + 7,
            reverse=not s.reverse, blast_roll=not s.blast_roll,
            lock=s.lock if may_know_ship(state, seat, s.lock) else other_lock(state, seat, s),
            movement_points=s.movement_points + 1 if state.step == POWER else s.movement_points,
            # Expert: the ratings, their rolls and the Skill Roll (ratings.py, skill_roll.py).
            skill=s.skill + 1 if s.skill else 0, efficiency=s.efficiency + 2 if s.efficiency else 0,
            rating_rolls=tuple(7 for _ in s.rating_rolls),
            skill_rolled=s.skill_rolled + 5 if s.skill_rolled else 0,
            # The bonus and whether its point is still to be placed (bonus_place.py).
            bonus=OTHER_BONUS.get(s.bonus, s.bonus),
            record=tuple(replace(r, power=r.power + 1, casualties=r.casualties + 3)
                         for r in s.record),
            # Command & Control: the officers' ratings, the Captain's fire order, what the
            # Engineer's and the Helmsman's rolls gave (officers.py, orders.py, engineer_roll.py,
            # helm_rolls.py).
            officers=tuple(replace(o, ratings=tuple((k, v % 99 + 1) for k, v in o.ratings))
                           for o in s.officers),
            fire_order=NEXT_ORDER.get(s.fire_order, "") if s.orders_given else s.fire_order,
            power_next=s.power_next + 1, extra_power=s.extra_power + 1,
            repairs=((0, 2),), weaponry_rolls=(s.weaponry_rolls + 1) % 3,
            **science_secrets(s),
            # C&C: the shaken bridge, systems out, power off the grid, power spent (shaken.py).
            # (An enemy whose sensors or Science Officer are shaken, or whose power is off, is
            # seen not to use its sensors, as one whose sensors are out: not varied here.)
            shaken=replace(s.shaken, officers=(OfficerOut("helm"),), systems=(SystemOut("shields"),),
                           used=s.shaken.used + 1, cut=s.shaken.cut + 1),
        ))
    side = side_of(state, seat)
    ships = [elsewhere(state, s) if hidden_from(state, s, side, seat.ship) else s for s in ships]
    reports = tuple(replace(r, text=r.text + " (changed)", answer=(("changed", 1),))
                    if not may_know_ship(state, seat, r.ship) else r for r in state.reports)
    # Which face-down counters of other sides are mines (Advanced: Mines: "upside down").
    counters = tuple(replace(c, mine=not c.mine) if c.side != side and not c.shown else c
                     for c in state.counters)
    # Another side's Admiral's orders (an optional rule, seed line 437: admiral.py).
    orders = tuple((s, t, ship, "withdraw" if order != "withdraw" else "hold", target)
                   if s != side else (s, t, ship, order, target)
                   for s, t, ship, order, target in state.fleet_orders)
    # Battlestations!: another side's Fire / No Fire counter, face down while they are laid.
    laid = tuple((s, not fire) if state.step == COUNTERS and state.ship(s).side != side
                 else (s, fire) for s, fire in state.fire_counters)
    return replace(state, ships=tuple(ships), reports=reports, counters=counters,
                   shots=secret_cuts(state, seat), fleet_orders=orders, fire_counters=laid)


def science_secrets(s: Ship) -> dict[str, Any]:
    """C&C: a Science Officer's roll, points and counters (science.py) changed where they are
    set (whether a station is busy is seen by all)."""
    return dict(science_rolled=s.science_rolled + 4 if s.science_rolled else 0,
                dc_points=s.dc_points + 2 if s.dc_points else 0, dc_die=not s.dc_die,
                questions=s.questions + 2 if s.questions else 0,
                extra_questions=s.extra_questions + 1 if s.extra_questions else 0,
                extra_shields=s.extra_shields + 1 if s.extra_shields else 0,
                cloak_sense=s.cloak_sense and "elsewhere",
                cloak_lock=s.cloak_lock and "elsewhere",
                sensor_phases=s.sensor_phases + 1 if s.sensor_phases else 0,
                comms_task=s.comms_task and s.comms_task + " (changed)",
                comms_tried=s.comms_tried + 1)


def secret_cuts(state: FasaState, seat: Seat) -> tuple[Shot, ...]:
    """C&C: the damage control points the target's side put on shots (damage_control.py)."""
    return tuple(replace(t, cut=t.cut + 2) if not may_know_ship(state, seat, t.target) else t
                 for t in state.shots)


def science_perturbed(state: FasaState, seat: Seat) -> FasaState:
    """`state` with the Science Officer's secrets of the ships `seat` may not know changed."""
    ships = tuple(s if may_know_ship(state, seat, s.id) else replace(s, **science_secrets(s))
                  for s in state.ships)
    return replace(state, ships=ships, shots=secret_cuts(state, seat))


NEXT_ORDER = {"hold": "fire", "fire": "at_will", "at_will": "hold"}


def elsewhere(state: FasaState, ship: Ship) -> Ship:
    """A cloaked ship the seat cannot see, somewhere else on the map, turned and moved otherwise
    (Advanced: Romulan Cloaking Device: its counter is off the map)."""
    col, row = hex_to_offset(ship.pos)
    spots = [offset_to_hex(c, r) for c, r in ((col + 2, row), (col - 2, row), (col, row + 2),
                                              (col, row - 2))]
    pos = next(h for h in spots if state.bounds.contains(h) and h not in state.obstacles)
    return replace(ship, pos=pos, heading=(ship.heading + 3) % 6, moved_turn=not ship.moved_turn,
                   moved_last=not ship.moved_last, still=ship.still + 1)


def other_lock(state: FasaState, seat: Seat, ship: Ship) -> str:
    """Another lock for an enemy ship: on a ship of a third side or none (its lock on a ship of
    another side than the seat's is its secret)."""
    others = [s.id for s in state.ships if s.side != ship.side and s.id != ship.lock
              and not may_know_ship(state, seat, s.id)]
    return "" if ship.lock or not others else others[0]


SEEDS = [*range(12), *(f"gambit{n}" for n in range(4)), *(f"expert{n}" for n in range(3)),
         *(f"command{n}" for n in range(3)), *(f"shaken{n}" for n in range(3)),
         *(f"admiral{n}" for n in range(3))]
"""Random games of the packaged scenarios, and games of The Romulan Gambit at the advanced level,
where the Romulans start cloaked (Advanced: Romulan Cloaking Device); at the command level with a
player crew on some ships (Command & Control: their officers' ratings and rolls); "admiral": at
the expert level (finds by arc scans are the sensing ship's alone) with an Admiral for each side
(an optional rule, seed line 437), whose seats are among those checked."""
COMMAND_SEEDS = [seed for seed in SEEDS if str(seed).startswith("command")]
SCIENCE_SEEDS = [f"science{n}" for n in range(3)]


def sampled(seeds: list[Any], kept: Any) -> list[Any]:
    """The seeds as cases, all but `kept` left to CI (`slow`) from a developer's run."""
    assert kept in seeds
    return [seed if seed == kept else pytest.param(seed, marks=pytest.mark.slow) for seed in seeds]
"""Games of The Romulan Gambit at the command level with a crewed Federation cruiser whose
Science Officer rates 92, 48 or 75 in sensors (and in "science2" crewed Romulans too: two crews
and no Instructor, C&C line 1516): his rolls, questions and arc scans (science.py)."""


def with_officers(scenario: dict[str, Any], crew: str, ships: tuple[str, ...],
                  sensors: int) -> dict[str, Any]:
    """`scenario` with a full crew of officers on `ships` (every rating their stations need)."""
    from engine.rulesets.fasa.values.officers import needs
    officers = {station: {key: sensors if key == "sensors" else 70 for key in keys}
                for station, keys in needs(crew).items()}
    return {**scenario, "ships": [{**e, "officers": officers} if e["id"] in ships else e
                                  for e in scenario["ships"]]}


def game_states(seed: int | str, base: int, limit: int = 300) -> Iterator[FasaState]:
    if isinstance(seed, int):
        yield from states(base + seed, limit)
        return
    if seed.startswith("shaken"):
        yield from shaken_states(int(seed.removeprefix("shaken")), base, limit)
        return
    level = "expert" if seed.startswith(("expert", "admiral")) else "advanced"
    n = int(seed.removeprefix("gambit").removeprefix("expert").removeprefix("command")
            .removeprefix("science").removeprefix("admiral"))
    rng = random.Random(n)
    scenario = {**packaged("romulan-gambit", level), "crew": rng.choice(sorted(CREWS))}
    if seed.startswith("admiral"):
        scenario = {**scenario, "options": {"admiral": True}}
    if seed.startswith("command"):
        scenario = crew_ships({**packaged(rng.choice(("duel", "romulan-gambit")), "command"),
                               "crew": rng.choice(sorted(CREWS))}, rng)
    if seed.startswith("science"):
        crew = rng.choice(sorted(CREWS))
        crewed = ("constitution", "bop1", "bop2") if n == 2 else ("constitution",)
        scenario = with_officers({**packaged("romulan-gambit", "command"), "crew": crew}, crew,
                                 crewed, (92, 48, 75)[n])
    state: Any = engine.new_game(scenario)
    dice = VirtualDice(base + n)
    for _ in range(limit):
        yield state
        prompts = engine.pending(state)
        if not prompts:
            return
        p = rng.choice(prompts)
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]


def shaken_states(n: int, base: int, limit: int) -> Iterator[FasaState]:
    """A Duel at the command level with a crewed Enterprise (every rating 60), a bridge hit and an
    engineering-out hit waiting for the end of the first Firing Phase (Command & Control, lines
    1345-1401): the shaken bridge and powering down are among the secrets."""
    rng = random.Random(n)
    crew = rng.choice(sorted(CREWS))
    scenario = packaged("duel", "command")
    ships = [dict(s) for s in scenario["ships"]]
    ships[0] |= {"crew": crew, "officers": {station: dict.fromkeys(keys, 60)
                                            for station, keys in needs(crew).items()}}
    state: Any = engine.new_game({**scenario, "ships": ships})
    fed = state.ship(ships[0]["id"])
    state = state.with_ship(replace(fed, shaken=replace(fed.shaken, bridge=(6,), engineering=1)))
    dice = VirtualDice(base + n)
    for _ in range(limit):
        yield state
        prompts = engine.pending(state)
        if not prompts:
            return
        p = rng.choice(prompts)
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]


@pytest.mark.parametrize("seed", sampled(SEEDS + SCIENCE_SEEDS, "command1"))
def test_no_seat_is_told_what_it_may_not_know(seed: int | str) -> None:
    rng = random.Random(seed)
    checked = 0
    previous: FasaState | None = None
    for state in game_states(seed, 100):
        players = [s for s in seats(state) if s.station != INSTRUCTOR]
        admirals = [s for s in players if s.is_admiral]  # each checked at every step
        for seat in rng.sample([s for s in players if not s.is_admiral], 4) + admirals:
            mine = side_of(state, seat)
            seen = engine.view(state, seat)
            for ship in seen["ships"]:
                if ship["side"] != mine:
                    assert set(ship) <= PUBLIC_SHIP_KEYS, ship
                    if state.step == POWER:
                        assert ship["movement_points"] is None
            twin = perturbed(state, seat)
            assert engine.view(twin, seat) == seen, f"{seat} sees an enemy secret"
            assert redacted(twin, seat) == redacted(state, seat)
            assert engine.view(redacted(state, seat), seat) == seen
            assert engine.pending(twin, seat) == engine.pending(state, seat)
            for prompt in engine.pending(state, seat):
                assert (prompt.ship, prompt.station) == (seat.ship, seat.station)
                if prompt.roll is None:
                    assert autopilot.decide(state, prompt) == autopilot.decide(twin, prompt), \
                        f"the autopilot at {seat} decides from an enemy secret"
            checked += 1
        previous = state
    assert previous is not None and checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("seed", SCIENCE_SEEDS + COMMAND_SEEDS)
def test_the_science_officers_rolls_and_points_are_his_sides_alone(seed: str) -> None:
    """C&C: the Science Officer's Skill Roll and what it gave, his questions left, damage control
    points (on his ship and on the shots coming in) and the task at hand change nothing another
    side's seat is told or its autopilot decides (docs/rules-decisions.md, Command & Control:
    Science Officer)."""
    rng = random.Random(seed)
    checked = 0
    for state in game_states(seed, 100):
        for seat in rng.sample([s for s in seats(state) if s.station != INSTRUCTOR], 4):
            twin = science_perturbed(state, seat)
            assert engine.view(twin, seat) == engine.view(state, seat), seat
            assert redacted(twin, seat) == redacted(state, seat)
            assert engine.pending(twin, seat) == engine.pending(state, seat)
            for prompt in engine.pending(state, seat):
                if prompt.roll is None:
                    assert autopilot.decide(state, prompt) == autopilot.decide(twin, prompt)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("seed", sampled(SEEDS + SCIENCE_SEEDS, 6))
def test_events_for_a_seat_leave_out_the_other_sides_secrets(seed: int | str) -> None:
    rng = random.Random(seed)
    told_private = told_public_roll = told_lock = told_hidden = told_cc = 0
    told_private = told_public_roll = told_lock = told_hidden = told_orders = 0
    game = game_states(seed, 200)
    state = next(game)
    for after in game:
        # Replay the step that led here to get its events.
        for action in _step_actions(state, after):
            new, events = engine.apply(state, action)
            assert engine.events_for(new, events, Seat(INSTRUCTOR)) == events
            for seat in rng.sample([s for s in seats(new) if s.station != INSTRUCTOR], 3):
                told = engine.events_for(new, events, seat)
                assert all(e in events for e in told)
                mine = side_of(new, seat)
                for e in events:
                    if isinstance(e, PRIVATE_EVENTS):
                        owner = new.ship(e.ship).side
                        assert (e in told) == (owner == mine), (seat, e)
                        told_private += owner == mine
                        ours_cc = (*CC_PRIVATE_EVENTS, OfficerShaken, GridPower)
                        told_cc += isinstance(e, ours_cc) and owner == mine
                    elif isinstance(e, ShipMoved | HeadingStressed | BlastStruck):
                        moved = new.ship(e.target if isinstance(e, BlastStruck) else e.ship)
                        unseen = hidden_from(new, moved, mine, seat.ship)  # Expert: per ship
                        assert (e in told) == (not unseen), (seat, e)
                        told_hidden += unseen
                    elif isinstance(e, SelfDestructOrder):
                        ours = new.ship(e.ship).side == mine
                        assert (e in told) == (ours or e.order == "destruct"), (seat, e)
                    elif isinstance(e, FleetOrdered):  # an Admiral's: its side's alone
                        assert (e in told) == (e.side == mine), (seat, e)
                        told_orders += e.side == mine
                    elif isinstance(e, CloakScanned):
                        # Expert: the sensing ship's alone (line 783), not its Admiral's.
                        scanner = (seat.ship == e.ship if expert(new.level)
                                   else new.ship(e.ship).side == mine)
                        ours = scanner or (
                            bool(e.found) and new.ship(e.found).side == mine)
                        assert (e in told) == ours, (seat, e)
                    elif isinstance(e, SensorLocked):
                        sensing = new.ship(e.ship).side == mine
                        targeted = (e.result in ("locked", "held")
                                    and new.ship(e.target).side == mine)
                        assert (e in told) == (sensing or targeted), (seat, e)
                        told_lock += sensing
                    elif isinstance(e, RollRequested | Rolled):
                        req = e.request
                        ours = req.ship is not None and new.ship(req.ship).side == mine
                        assert (e in told) == (req.public or ours), (seat, e)
                        told_public_roll += req.public and not ours
                    else:
                        assert e in told, (seat, e)
        state = after
    assert told_private and told_public_roll
    if isinstance(seed, str) and not seed.startswith(("command", "shaken")):
        assert told_hidden, "a cloaked Romulan moved unseen"
    if isinstance(seed, str) and seed.startswith("command"):
        assert told_cc, "no officer's order or roll was told to its own side"
    if isinstance(seed, str) and seed.startswith("shaken"):
        assert told_cc, "no bridge hit or power off the grid was told"
    if str(seed).startswith("admiral"):
        assert told_orders, "an Admiral's orders reached its side"


def _step_actions(before: FasaState, after: FasaState) -> list[engine.Action]:
    """The one action that turned `before` into `after` (found among the legal actions of every
    seat and the roll faces; the autopilot's choice is among them or is re-derived)."""
    for prompt in engine.pending(before):
        if prompt.roll is not None:
            for v in range(1, prompt.roll.sides + 1):
                action = engine.RollResult(prompt.roll.station, v, "virtual")
                if engine.apply(before, action)[0] == after:
                    return [action]
            continue
        action = autopilot.decide(before, prompt)
        if engine.apply(before, action)[0] == after:
            return [action]
    raise AssertionError("no action leads from one state to the next")


# -- what a hidden or enemy ship does (issue 15's three leaks) -----------------------------------


def _moving(hidden: bool) -> tuple[FasaState, engine.Prompt]:
    """A Movement Phase of The Romulan Gambit (advanced) where a Bird of Prey must move: cloaked
    where the Federation has not detected it (`hidden`), or uncloaked in plain sight."""
    for state in game_states("gambit0", 300):
        for p in engine.pending(state):
            ship = state.ship(p.ship or "") if p.ship else None
            if p.action == "move" and ship is not None and ship.side == "Romulan":
                ship = replace(ship, cloaked=hidden)
                return state.with_ship(ship), p
    raise AssertionError("no Romulan move in the game")


def test_a_hidden_ships_emergency_heading_change_is_told_only_to_its_side() -> None:
    """Advanced: Emergency Heading Changes (seed 000 lines 337-345) on a cloaked ship the other
    side has not detected (Romulan Cloaking Device, lines 397-403: its counter is off the map):
    the turn and its stress are the Romulans' to know."""
    state, p = _moving(hidden=True)
    assert hidden_from(state, state.ship(p.ship or ""), "Federation")
    after, events = engine.apply(state, Move(p.station, p.ship or "", "L"))
    stressed = [e for e in events if isinstance(e, HeadingStressed)]
    assert stressed and "emergency heading change" in stressed[0].text
    federation = Seat("helm", "constitution")
    told = engine.events_for(after, events, federation)
    assert not [e for e in told if "emergency" in e.text or "stress" in e.text], told
    assert stressed[0] in engine.events_for(after, events, Seat("captain", p.ship))
    # In plain sight the turn is seen on the map, and so told to all.
    state, p = _moving(hidden=False)
    after, events = engine.apply(state, Move(p.station, p.ship or "", "L"))
    assert any(isinstance(e, HeadingStressed) for e in engine.events_for(after, events, federation))


def test_an_enemys_reverse_setting_is_told_only_to_its_side() -> None:
    """Advanced: Reverse Movement (seed 000 lines 349-355: five stationary phases "to allow the
    engineers to make the systems change-over"): the engines' setting is inside the ship
    (docs/rules-decisions.md); the step back itself is seen on the map."""
    state, p = _moving(hidden=False)
    state = state.with_ship(replace(state.ship(p.ship or ""), still=5))
    after, events = engine.apply(state, Move(p.station, p.ship or "", "B"))
    assert after.ship(p.ship or "").reverse
    told = engine.events_for(after, events, Seat("helm", "constitution"))
    assert not [e for e in told if "reverse" in e.text], told
    assert any(isinstance(e, ShipMoved) for e in told)
    own = engine.events_for(after, events, Seat("engineer", p.ship))
    assert any(isinstance(e, EnginesSet) and e.reverse for e in own)


def _firing_with_one_hidden() -> FasaState:
    """The Gambit staged with one Bird of Prey uncloaked in the cruiser's sights and the other
    cloaked, undetected (`test_secrets_differential.staged`), played on to the cruiser's fire
    decision."""
    for step in main_line(scenario_for("staged", 0), 1000, "staged"):
        state = step.state
        if step.prompt.action == "fire" and step.prompt.ship == "constitution" \
                and hidden_from(state, state.ship("bop2"), "Federation"):
            return state
    raise AssertionError("the cruiser never came to fire with a Bird of Prey hidden")


def test_the_fire_decision_gives_each_seen_targets_need_and_nothing_for_a_hidden_one() -> None:
    """Advanced: Firing Weapons (the Firing Chart by range) and Romulan Cloaking Device (seed 000
    lines 399-403: a ship "may not fire into a hex hoping a successfully cloaked ship is there"):
    the need of a shot at a hidden ship would tell its distance."""
    state = _firing_with_one_hidden()
    seat = Seat("helm", "constitution")
    decisions = [d for d in engine.controls(state, seat) if d.action == "fire"]
    if not decisions:   # a crew of four splits Helm and Weapons otherwise
        decisions = [d for st in engine.crew_stations(state, "constitution")
                     for d in engine.controls(state, Seat(st, "constitution"))
                     if d.action == "fire"]
    (decision,) = decisions
    cruiser = state.ship("constitution")
    for f in decision.fields:
        by_target = {c.value: c for c in f.choices}
        assert by_target["bop2"].need is None and by_target["bop2"].problem
        spec = cruiser.cls.weapon(f.name)
        rng = cruiser.pos.distance(state.ship("bop1").pos)
        assert by_target["bop1"].need == state.tables.to_hit(spec.chart, rng)
        assert by_target[None].need is None
    # The display shows the engine's number, and none for the hidden ship wherever it is.
    pygame.font.init()
    twin = state.with_ship(elsewhere(state, state.ship("bop2")))
    notes = []
    for s in (state, twin):
        d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None)
        d.show(s)
        d.activate(f"tab:{decision.station}")
        model = d.panel()
        assert model is not None
        notes.append(model)
    assert notes[0] == notes[1]
    words = repr(notes[0])
    assert "needs 1-" in words


def test_the_display_takes_a_weapons_reach_from_the_seats_view() -> None:
    """The arc a screen draws reaches as far as the weapon's Firing Chart (Advanced: Firing
    Weapons): the engine's view gives it for the seat's own ships, and nothing for an enemy's."""
    state = next(iter(game_states("gambit0", 1)))
    seat = Seat("helm", "constitution")
    seen = engine.view(state, seat)
    cruiser = state.ship("constitution")
    for spec in cruiser.cls.weapons:
        assert weapon_range(seen, "constitution", spec.id) == state.tables.max_range(spec.chart) > 0
    enemy = state.ship("bop1")
    assert all(weapon_range(seen, "bop1", spec.id) == 0 for spec in enemy.cls.weapons)
    assert weapon_range(engine.view(state, Seat(INSTRUCTOR)), "bop1", enemy.cls.weapons[0].id) > 0


def test_the_optional_rules_tell_every_seat_the_same() -> None:
    """The optional rules (engine options.py; Book Two, Advanced, seed 000 lines 447, 449-453,
    525-529): which are in play, a team's roll and whether it must talk aloud, and a ship left
    derelict are the whole table's; a Captain's order to hold stays his side's."""
    from companion.session import load_scenario, prepare
    from engine.actions import RollResult
    from engine.rulesets.fasa.values.actions import SelfDestruct
    from engine.rulesets.fasa.values.events import StatusChanged
    state: Any = engine.new_game(prepare(
        load_scenario("skirmish", None), None, "advanced", None, 3, None,
        {"fire_limit": 1, "rescues": True, "team_communications": True}))
    for value in (2, 7):  # the two teams' rolls: Blue talks aloud, Red may pass notes
        prompt = engine.pending(state)[0]
        assert prompt.roll is not None and prompt.roll.public
        state, events = engine.apply(state, RollResult(prompt.station, value))
        for seat in (Seat(INSTRUCTOR, None), *(Seat("captain", s.id) for s in state.ships)):
            assert engine.events_for(state, events, seat) == events
    every = [Seat(INSTRUCTOR, None), *(Seat("captain", s.id) for s in state.ships)]
    views = [engine.view(state, seat) for seat in every]
    assert all(v["options"] == views[0]["options"] for v in views)
    assert views[0]["options"] == {"fire_limit": 1, "rescues": True, "team_communications": True}
    assert all(v["talk_aloud"] == [state.ships[0].side] for v in views)
    blue = [s for s in state.ships if s.side == state.ships[0].side]
    near = replace(blue[1], pos=blue[0].pos.neighbor(0))
    state = state.with_ship(near)
    prompt = next(p for p in engine.pending(state) if p.ship == blue[0].id
                  and p.action == "self_destruct")
    after, events = engine.apply(state, SelfDestruct(prompt.station, blue[0].id, "abandon"))
    abandoned = [e for e in events if isinstance(e, StatusChanged)]
    assert abandoned
    for seat in every:
        assert set(abandoned) <= set(engine.events_for(after, events, seat))
        seen = next(s for s in engine.view(after, seat)["ships"] if s["id"] == blue[0].id)
        assert seen["abandoned"] and seen["status"] == "disabled"
    prompt = next(p for p in engine.pending(after) if p.ship == blue[1].id
                  and p.action == "self_destruct")
    _, held = engine.apply(after, SelfDestruct(prompt.station, blue[1].id, "hold"))
    enemy = next(s for s in after.ships if s.side != blue[0].side)
    assert not engine.events_for(after, held, Seat("captain", enemy.id))
