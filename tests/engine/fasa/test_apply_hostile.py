"""Typed garbage into `apply`: whatever a panel, a script or a hostile client builds, `apply`
raises nothing but `IllegalAction` (with exactly the reason `problem` gives), and every action it
accepts round-trips through the JSON-lines log and replays to the same state."""

from __future__ import annotations

import dataclasses
import functools
import io
import random
from typing import Any

import pytest
from cc_crews import crew_ships
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import IllegalAction, RollResult
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.command.admiral import FleetOrders
from engine.rulesets.fasa.command.ruling import EndGame
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    BonusPower,
    BonusShield,
    ChooseDamagedWeapon,
    CommsTask,
    DamageControl,
    DeclareFire,
    Evade,
    ExtraShields,
    Move,
    ScienceRoll,
    SelfDestruct,
    Sense,
    SetShields,
    SetWarp,
    SkillBonus,
)
from engine.rulesets.fasa.values.cc_actions import EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.officers import needs
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.stations import STATION_NAMES

# The advanced level: the basic game's actions and its own (emergency turns, reverse, evasion,
# the Sensor Phase, self-destruction), and the Romulan Gambit's cloaks and mines.
SCENARIO = prepare(load_scenario("duel", None), None, "advanced", None, 3)
GAMBIT = prepare(load_scenario("romulan-gambit", None), None, "advanced", None, 3)
# The expert level: ratings rolled at setup, the Skill Roll Phase (percentile rolls) and its
# bonus, warp speed changes (Book Two, Expert Starship Tactics).
EXPERT = prepare(load_scenario("duel", None), None, "expert", None, 3)
EXPERT_GAMBIT = prepare(load_scenario("romulan-gambit", None), None, "expert", None, 3)
# The duel under the optional firing limit of one weapon a Firing Phase and rescues (options.py):
# volleys of garbage and of legal shots with one field changed meet the limit's refusal, and
# abandon orders with no friendly ship near the rescue's.
LIMITED = {**prepare(load_scenario("duel", None), None, "advanced", None, 3, None,
                     {"fire_limit": 1, "rescues": True, "team_communications": True}),
           "id": "duel-limited"}
# The command level: the duel with the Enterprise's player crew (Command & Control: the
# Captain's orders, the Engineer's choice of roll, the Helmsman's weaponry and helm rolls).
COMMAND = {**crew_ships(prepare(load_scenario("duel", None), None, "command", None, 3),
                        random.Random(7), share=0.0), "id": "duel-command"}
# The command level: The Romulan Gambit with a crewed Federation cruiser, whose Science Officer
# chooses his Skill Roll, places extra shields, spends damage control and rolls for his sensors
# (Book Two, Command & Control; science.py).
SCIENCE = {**prepare(load_scenario("romulan-gambit", None), None, "command", None, 3),
           "id": "gambit-science"}
SCIENCE["ships"] = [{**e, "officers": {st: {k: 70 for k in keys}
                                       for st, keys in needs("4").items()}}
                    if e["id"] == "constitution" else e for e in SCIENCE["ships"]]
HEADERS = {str(s["id"]): s for s in (SCENARIO, GAMBIT, LIMITED, COMMAND, SCIENCE)}


def _crewed(scenario: dict[str, Any]) -> dict[str, Any]:
    """Every ship of `scenario` with a crew of four, every rating 60 (Command & Control)."""
    officers = {station: dict.fromkeys(keys, 60) for station, keys in needs("4").items()}
    return {**scenario, "ships": [{**s, "crew": "4", "officers": officers}
                                  for s in scenario["ships"]]}


# The command level with both ships crewed: bridge hits, engineering out and powering down at the
# end of each Firing Phase (Command & Control, lines 1079-1089, 1345-1401).
CREWED = {**_crewed(prepare(load_scenario("duel", None), None, "command", None, 3)),
          "id": "duel-crewed"}
HEADERS[str(CREWED["id"])] = CREWED
# The skirmish with an Admiral for the Blue side (an optional rule, seed line 437; admiral.py):
# fleet orders of garbage, for the wrong side, ships or targets, twice in a turn.
ADMIRALS = {**prepare(load_scenario("skirmish", None), None, "advanced", None, 3, None,
                      {"admirals": ["Blue"]}), "id": "skirmish-admirals"}
HEADERS[str(ADMIRALS["id"])] = ADMIRALS


def _states(scenario: Any = SCENARIO) -> list[tuple[Any, list[engine.Action]]]:
    """States of one autopilot game, each with the actions that led to it."""
    state: Any = engine.new_game(scenario)
    dice = VirtualDice(5)
    out, actions = [], []
    while prompts := engine.pending(state):
        out.append((state, list(actions)))
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]
        actions.append(action)
    return out[::3]


@functools.cache
def states() -> list[tuple[Any, list[engine.Action]]]:
    """The states the garbage is tried on, played when a test first asks (not at collection)."""
    return (_states() + _states(GAMBIT) + _states(LIMITED) + _states(EXPERT)
            + _states(EXPERT_GAMBIT) + _states(COMMAND) + _states(SCIENCE) + _states(CREWED)
            + _states(ADMIRALS))
SHIPS = ["enterprise", "kronos", "constitution", "bop1", "lance", "spear", "nobody", ""]
SIDES = ["Blue", "Red", "Federation", "blue", ""]
WEAPONS = ["ph1", "ph2", "pt1", "d1", "b1", "pl1", "zz9"]

scalar = st.one_of(st.integers(-3, 25), st.integers(), st.floats(allow_nan=True), st.booleans(),
                   st.none(), st.text(max_size=6), st.sampled_from(SHIPS + WEAPONS))
number = st.one_of(st.integers(-2, 24), scalar)
garbage = st.recursive(scalar, lambda inner: st.lists(inner, max_size=4)
                       | st.tuples(inner, inner), max_leaves=8)
station = st.one_of(st.sampled_from(STATION_NAMES), scalar)
ship = st.one_of(st.sampled_from(SHIPS), scalar)
pairs = st.one_of(st.lists(st.tuples(st.sampled_from(WEAPONS), number), max_size=4).map(tuple),
                  garbage)
targets = st.one_of(st.lists(st.tuples(st.sampled_from(WEAPONS), ship), max_size=3).map(tuple),
                    garbage)
actions = st.one_of(
    st.builds(AllocatePower, station, ship, number, number, number),
    st.builds(AllocatePower, station, ship, number, number, number, number),
    st.builds(Sense, station, ship, ship, number, st.one_of(st.sampled_from(
        ["", "1", "7", "beam", "missile", "pt1", "zz9"]), scalar)),
    st.builds(SelfDestruct, station, ship, st.one_of(st.sampled_from(["hold", "destruct",
                                                                      "abandon"]),
                                                     scalar)),
    st.builds(ArmWeapons, station, ship, pairs),
    st.builds(SkillBonus, station, ship, st.one_of(st.sampled_from(
        ["none", "aim", "power", "shield", "repair", "AIM"]), scalar),
        st.one_of(st.lists(st.sampled_from(WEAPONS), max_size=3).map(tuple), garbage),
        st.one_of(st.sampled_from(["movement", "shield", "superstructure", "engine1", "engine9",
                                   "ph1", "zz9"]), scalar), number),
    st.builds(BonusPower, station, ship, st.one_of(st.sampled_from(
        ["movement", "shield", "ph1", "pt1", "d1", "zz9", ""]), scalar), number),
    st.builds(BonusShield, station, ship, number),
    st.builds(SetWarp, station, ship, number),
    st.builds(FleetOrders, station, st.one_of(st.sampled_from(SIDES), scalar), st.one_of(
        st.lists(st.tuples(ship, st.one_of(st.sampled_from(
            ["close", "hold", "withdraw", "charge", ""]), scalar), ship), max_size=3).map(tuple),
        garbage)),
    st.builds(AskSensor, station, ship, number, st.one_of(st.sampled_from(
        ["", "1", "beam", "ph1", "zz9"]), scalar)),
    st.builds(ArcScan, station, ship, st.one_of(st.sampled_from(
        ["", "forward", "port", "starboard", "aft", "fore"]), scalar)),
    st.builds(SetShields, station, ship, st.one_of(st.tuples(*[number] * 6), garbage)),
    # C&C: the Science Officer's decisions and the Instructor's communications task.
    st.builds(ScienceRoll, station, ship, st.one_of(st.sampled_from(
        ["none", "shields", "damage_control", "repair", "casualties", "SHIELDS"]), scalar)),
    st.builds(ExtraShields, station, ship, st.one_of(st.tuples(*[number] * 6), garbage)),
    st.builds(DamageControl, station, ship, st.one_of(
        st.lists(st.tuples(ship, st.sampled_from(WEAPONS), number), max_size=3).map(tuple),
        garbage)),
    st.builds(CommsTask, station, ship, st.one_of(st.text(max_size=90), scalar)),
    # C&C: the Instructor ends the game (ruling.py): sides, results and reasons of every kind.
    st.builds(EndGame, station, st.one_of(st.sampled_from(SIDES), scalar), st.one_of(
        st.sampled_from(["decisive victory", "marginal victory", "draw", "rout", ""]), scalar),
        st.one_of(st.sampled_from(["the goal is met", "", " "]), st.text(max_size=90), scalar)),
    st.builds(Move, station, ship, st.one_of(st.text(alphabet="FPSLRBX", max_size=8), scalar)),
    st.builds(Evade, station, ship, st.one_of(st.sampled_from(["none", "port", "starboard"]),
                                              scalar)),
    st.builds(DeclareFire, station, ship, targets),
    st.builds(DeclareFire, station, ship, targets, st.one_of(st.booleans(), scalar)),
    st.builds(GiveOrders, station, ship, st.one_of(st.sampled_from(
        ["hold", "fire", "at_will", "FIRE"]), scalar)),
    st.builds(EngineerRoll, station, ship, st.one_of(st.sampled_from(
        ["none", "power", "repair", "warp"]), scalar), number),
    st.builds(ChooseDamagedWeapon, station, ship, st.one_of(st.sampled_from(WEAPONS), scalar)),
    st.builds(PowerDown, station, ship, number, number, number),
    st.builds(CutWeapons, station, ship, pairs),
    st.builds(CutShields, station, ship, st.one_of(st.tuples(*[number] * 6), garbage)),
    st.builds(RollResult, station, st.one_of(number, st.integers(95, 101)),
              st.one_of(st.sampled_from(["virtual", "tray", "manual"]), scalar),
              st.one_of(st.just(""), scalar)),
    garbage,
)


def legal(state: Any) -> list[engine.Action]:
    return [a for p in engine.pending(state)
            for a in engine.legal_actions(state, engine.Seat(p.station, p.ship, p.side))]


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0), actions)
def test_apply_refuses_garbage_in_words_and_what_it_accepts_replays(index: int, action: Any) -> None:
    check(index, action)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_actions_with_one_field_changed(data: st.DataObject) -> None:
    """A legal action with one field swapped for a neighbouring value or for garbage: refused in
    words, or accepted and replayed."""
    index = data.draw(st.integers(0, len(states()) - 1))
    options = legal(states()[index][0])
    action = data.draw(st.sampled_from(options))
    if data.draw(st.booleans()):
        fields = [f for f in dataclasses.fields(action)]
        f = data.draw(st.sampled_from(fields))
        value = getattr(action, f.name)
        new = data.draw(st.one_of(garbage, st.integers(-1, 1).map(lambda d: value + d)
                                  if type(value) is int else garbage))
        try:
            action = dataclasses.replace(action, **{f.name: new})
        except (TypeError, ValueError):  # the action class's own coercion refused the shape
            return
    check(index, action)


def check(index: int, action: Any) -> None:
    state, before = states()[index % len(states())]
    why = engine.problem(state, action)
    try:
        new, _ = engine.apply(state, action)
    except IllegalAction as exc:
        assert str(exc) == why and why
        event("refused")
        return
    assert why is None
    event(f"accepted {type(action).__name__}")
    log = io.StringIO()
    if state.level == "command":
        source = HEADERS[state.scenario]
    elif state.level == "expert":
        source = EXPERT_GAMBIT if state.scenario == "romulan-gambit" else EXPERT
    else:
        source = HEADERS[state.scenario]
    log.write(header_line(source) + "\n")
    for n, a in enumerate([*before, action], 1):
        log.write(action_line(n, a) + "\n")
    scenario, parsed = parse(io.StringIO(log.getvalue()), "hostile")
    assert parsed[-1] == action
    assert engine.state_to_json(replay(scenario, parsed)) == engine.state_to_json(new)


# -- the kernel's own functions given what is no scenario, no state, no seat -------------------
@pytest.mark.parametrize("scenario", [None, [], "duel", 7, {"ruleset": "chess"},
                                      {"ruleset": ["fasa"]}])
def test_new_game_of_what_is_no_scenario_is_a_data_error(scenario: Any) -> None:
    with pytest.raises(engine.DataError, match="scenario") as err:
        engine.new_game(scenario)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("state", [None, {}, [], "state", {"ruleset": "fasa", "over": False}])
def test_every_kernel_function_given_what_is_no_state_raises_the_engines_error(
        state: Any) -> None:
    seat = engine.Seat("instructor")
    action = engine.RollResult("helm", 3, "virtual")
    for call in (lambda: engine.apply(state, action), lambda: engine.problem(state, action),
                 lambda: engine.pending(state), lambda: engine.view(state, seat),
                 lambda: engine.controls(state, seat), lambda: engine.legal_actions(state, seat),
                 lambda: engine.events_for(state, (), seat), lambda: engine.state_to_json(state),
                 lambda: engine.crew_stations(state, "enterprise")):
        with pytest.raises(engine.StateError, match="not a game state"):
            call()


@pytest.mark.parametrize(("args", "words"), [
    (("janitor",), "unknown station 'janitor'"), (("helm",), "needs a ship"),
    (("helm", 3), "a ship id, not 3"), ((None,), "unknown station None"),
    (("admiral",), "names a side and no ship"), (("admiral", "enterprise"), "names a side"),
    (("admiral", None, 7), "a side's name, not 7"), (("admiral", None, ""), "a side's name"),
    (("helm", "enterprise", "Federation"), "only the Admiral seat names a side"),
])
def test_a_seat_that_cannot_be_is_a_seat_error(args: tuple[Any, ...], words: str) -> None:
    with pytest.raises(engine.SeatError, match=words) as err:
        engine.Seat(*args)
    assert isinstance(err.value, engine.EngineError) and isinstance(err.value, ValueError)
