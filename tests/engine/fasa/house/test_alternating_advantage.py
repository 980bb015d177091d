"""House rule: Alternating Advantage (house/alternating_advantage.py; not FASA's): no Tactical
Advantage roll, the advantage passing from side to side each game turn, switched on by the
scenario's `[options] house_rules` and carried in the log so a replay is exact."""

from __future__ import annotations

import io
from typing import Any

import pytest
from test_fasa_advanced import CLASSES

import engine
from companion import cli
from companion.dice import VirtualDice
from companion.session import autopilot_game
from companion.settings.config import ConfigError, game_options, parse_config
from engine.errors import DataError
from engine.log import parse, replay
from engine.rulesets.fasa import hooks, rules
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.house import alternating_advantage
from engine.rulesets.fasa.rule import Rule
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import ADVANTAGE, DESTROYED, POWER, FasaState, replace

HOUSE = {"house_rules": ["alternating_advantage"]}


def _scenario(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Constitution and a Lightning against a D-7: two sides, the Federation's first."""
    ships = [{"id": "ent", "class": "constitution", "side": "Federation", "col": 4, "row": 8,
              "heading": 1},
             {"id": "lar", "class": "lightning", "side": "Federation", "col": 4, "row": 10,
              "heading": 1},
             {"id": "kl", "class": "d7a", "side": "Klingon", "col": 12, "row": 8, "heading": 4}]
    out: dict[str, Any] = {"id": "t", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                           "ships": ships, "max_turns": 4}
    if options is not None:
        out["options"] = options
    return out


def _game(level: str = "basic", options: dict[str, Any] | None = None) -> FasaState:
    state = engine.new_game(setup.build_scenario(_scenario(options), CLASSES, level=level))
    assert isinstance(state, FasaState)
    return state


def _through_power(state: FasaState) -> tuple[FasaState, list[engine.Event]]:
    """The Power Allocation Phase played by the autopilot."""
    events: list[engine.Event] = []
    while state.step == POWER and engine.pending(state):
        after, more = engine.apply(state, autopilot.decide(state, engine.pending(state)[0]))
        assert isinstance(after, FasaState)
        state = after
        events += more
    return state, events


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_no_roll_the_last_side_holds_the_advantage_in_turn_one(level: str) -> None:
    state, events = _through_power(_game(level, HOUSE))
    assert state.step != ADVANTAGE and state.roll is None
    assert state.advantage == ("ent", "lar", "kl")   # the Klingon's, the scenario's last side
    told = [e.text for e in events if isinstance(e, Note) and "tactical advantage" in e.text]
    assert told == [f"Turn 1: {state.ship('kl').name} has the tactical advantage"]


def test_the_advantage_passes_to_the_other_side_each_turn() -> None:
    sides = ("Federation", "Klingon")
    assert [alternating_advantage.holder(sides, t) for t in (1, 2, 3, 4)] == [
        "Klingon", "Federation", "Klingon", "Federation"]
    three = ("A", "B", "C")
    assert [alternating_advantage.holder(three, t) for t in (1, 2, 3, 4)] == ["C", "B", "A", "C"]
    later = replace(_game("basic", HOUSE), turn=2)
    assert alternating_advantage.order(later) == ("kl", "ent", "lar")  # the Federation's last
    gone = later.with_ship(replace(later.ship("lar"), status=DESTROYED))
    assert alternating_advantage.order(gone) == ("kl", "ent")         # ships in play only


def test_without_the_house_rule_each_captain_rolls() -> None:
    state, _ = _through_power(_game("basic"))
    assert state.step == ADVANTAGE and state.roll is not None
    assert "tactical advantage roll" in state.roll.purpose


def test_every_seat_sees_who_holds_it_this_turn_and_next() -> None:
    state = _game("basic", HOUSE)
    for seat in (engine.Seat("helm", "kl"), engine.Seat("captain", "ent"),
                 engine.Seat("instructor")):
        seen = engine.view(state, seat)
        assert seen["alternating_advantage"] == {"this_turn": "Klingon", "next_turn": "Federation"}
        assert seen.get("options", {"house_rules": ["alternating_advantage"]})[
            "house_rules"] == ["alternating_advantage"]
    assert "alternating_advantage" not in engine.view(_game("basic"), engine.Seat("helm", "kl"))


def test_at_the_expert_level_the_ratings_decide_and_the_house_rule_plays_no_part() -> None:
    scenario = _scenario(HOUSE)
    for entry in scenario["ships"]:
        entry |= {"skill": 60, "efficiency": 60}
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, level="expert"))
    assert isinstance(state, FasaState)
    assert alternating_advantage.RULE not in rules.in_play(state)
    assert not isinstance(hooks.of(state), alternating_advantage.AlternatingAdvantage)
    assert "alternating_advantage" not in engine.view(state, engine.Seat("helm", "kl"))
    assert isinstance(hooks.of(_game("advanced", HOUSE)), alternating_advantage.AlternatingAdvantage)


@pytest.mark.parametrize(("raw", "words"), [
    (["no_such_rule"], "unknown house rule(s) 'no_such_rule'; known: alternating_advantage"),
    ("alternating_advantage", "house_rules must be a list of house rules' names"),
    ([1], "house_rules must be a list"),
    (["x"] * 17, "house_rules must be a list"),
])
def test_a_bad_house_rules_list_is_refused_in_words(raw: Any, words: str) -> None:
    with pytest.raises(DataError, match="options") as caught:
        engine.new_game(setup.build_scenario(_scenario({"house_rules": raw}), CLASSES,
                                             level="basic"))
    assert words in str(caught.value)


def test_a_house_rule_with_steps_of_its_own_is_refused_when_declared() -> None:
    bad = Rule("House rule: Bad", frozenset({"basic"}), house_rule="bad",
               prompts={POWER: lambda state: ()})
    with pytest.raises(ValueError, match="a house rule changes the game through its hooks"):
        rules._register(bad)


@pytest.mark.slow
def test_a_game_with_the_house_rule_replays_from_its_log() -> None:
    scenario = setup.build_scenario(_scenario(HOUSE), CLASSES, level="basic")
    log = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(3).roll, log=log)
    parsed_scenario, parsed = parse(log.getvalue().splitlines(), "house")
    assert parsed_scenario["options"]["house_rules"] == ["alternating_advantage"]
    again = replay(parsed_scenario, parsed)
    assert engine.view(again, engine.Seat("instructor")) == engine.view(
        state, engine.Seat("instructor"))
    assert not any("tactical advantage roll" in getattr(a, "purpose", "") for a in actions)


def test_the_tables_configuration_switches_it_on_and_checks_its_form() -> None:
    """`[game] house_rules` in the app's configuration becomes the scenario's options, so a
    table plays it without editing a scenario; a bad list is refused naming the key, and an
    unknown name when the game is made, naming those there are."""
    config = parse_config({"game": {"house_rules": ["alternating_advantage"]}}, "t.toml")
    assert game_options(config) == {"house_rules": ["alternating_advantage"]}
    state = _game("basic", game_options(config))
    assert state.setup.options.house_rules == ("alternating_advantage",)
    with pytest.raises(ConfigError, match=r"game\.house_rules: must be a list of house rules"):
        parse_config({"game": {"house_rules": "alternating_advantage"}}, "t.toml")
    typo = parse_config({"game": {"house_rules": ["alternate_advantage"]}}, "t.toml")
    with pytest.raises(DataError, match=r"unknown house rule.*known: alternating_advantage"):
        _game("basic", game_options(typo))


@pytest.mark.slow
def test_simulate_plays_it_and_refuses_a_name_no_rule_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--level", "basic", "--house-rule", "alternating_advantage",
                     "--seed", "2", "--turns", "2"]) == 0
    out = capsys.readouterr().out
    assert "tactical advantage roll" not in out
    assert "Turn 1: IKS Kronos One has the tactical advantage" in out      # the duel's Klingon
    assert "Turn 2: USS Enterprise has the tactical advantage" in out
    assert cli.main(["simulate", "--house-rule", "alternate", "--turns", "1"]) == 2
    assert "unknown house rule(s) 'alternate'; known: alternating_advantage" in (
        capsys.readouterr().err)
