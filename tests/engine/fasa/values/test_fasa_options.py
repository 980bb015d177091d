"""The advanced game's optional rules a scenario or the table turns on (engine options.py; Book
Two, Advanced: Optional Rules And Hints On Play, seed 000 lines 429-529): the firing limit
(lines 449-453), carried in the scenario and the log so a replay is exact."""

from __future__ import annotations

import io
from typing import Any

import pytest
from test_fasa_advanced import act, game

import engine
from companion import cli
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from companion.settings.config import ConfigError, game_options, parse_config
from engine.errors import DataError
from engine.log import parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values.actions import DeclareFire, Target
from engine.rulesets.fasa.values.events import FireDeclared
from engine.rulesets.fasa.values.options import Options, options_from
from engine.rulesets.fasa.values.state import DECLARE, FasaState, replace

FIRE = ("ph1", "ph2", "pt1")


def _declaring(limit: int) -> FasaState:
    """The Constitution with three armed weapons at its Firing Phase, the D-7 3 hexes ahead."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 7, 7, 4))
    state = replace(state, setup=replace(state.setup, options=Options(fire_limit=limit)))
    ship = state.ship("ent")
    weapons = tuple(replace(w, power=1 if spec.kind == "missile" else 2)
                    if spec.id in FIRE else w for spec, w in zip(ship.cls.weapons, ship.weapons,
                                                                 strict=True))
    ship = replace(ship, weapons=weapons, heading=1)
    return replace(state.with_ship(ship), step=DECLARE, phase=1, queue=("ent",))


def _aimed(state: FasaState, n: int) -> DeclareFire:
    ready = [w for w in FIRE if not engine.problem(
        state, DeclareFire("helm", "ent", (Target(w, "kl"),)))]
    assert len(ready) >= n
    return DeclareFire("helm", "ent", tuple(Target(w, "kl") for w in ready[:n]))


def test_the_firing_limit_refuses_a_volley_past_it_in_words() -> None:
    """Line 453: "the number of weapons fired per Firing Phase can be limited ... only two
    weapons or one bank may be fired at one time"."""
    state = _declaring(2)
    three = _aimed(state, 3)
    why = engine.problem(state, three)
    assert why is not None and "firing limit is 2 weapons a ship" in why and "1 fewer" in why
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, three)
    _, events = act(state, _aimed(state, 2))
    assert any(isinstance(e, FireDeclared) and len(e.shots) == 2 for e in events)


def test_without_the_option_the_volley_is_whole() -> None:
    state = _declaring(0)
    assert engine.problem(state, _aimed(state, 3)) is None


def test_controls_legal_actions_and_the_autopilot_keep_to_the_limit() -> None:
    """`controls` says the limit in the fire decision's title; `legal_actions` offers no volley
    past it; the autopilot fires its likeliest hits within it."""
    state = _declaring(1)
    prompt = next(p for p in engine.pending(state) if p.ship == "ent")
    decision = next(d for d in engine.controls(state, engine.Seat(prompt.station, "ent")))
    assert "at most 1 weapon this Firing Phase" in decision.title
    assert all(len(a.shots) <= 1 for a in legal.for_prompt(state, prompt, prompt.station)
               if isinstance(a, DeclareFire))
    choice = autopilot.decide(state, prompt)
    assert isinstance(choice, DeclareFire) and len(choice.shots) == 1
    assert "at most" not in next(iter(engine.controls(
        _declaring(0), engine.Seat(prompt.station, "ent")))).title


@pytest.mark.parametrize(("raw", "words"), [
    ({"fire_limit": -1}, "fire_limit must be a whole number 0 (no limit) to 12"),
    ({"fire_limit": 2.5}, "fire_limit must be a whole number"),
    ({"fire_limit": True}, "fire_limit must be a whole number"),
    ({"rescue": True}, "unknown optional rule(s) rescue; known: fire_limit"),
    ([1, 2], "options must be a table of optional rules"),
])
def test_a_bad_options_table_is_refused_naming_the_field(raw: Any, words: str) -> None:
    with pytest.raises(DataError, match=r"^scenario duel: ") as err:
        engine.new_game({**prepare(load_scenario("duel", None), None, "advanced", None, 3),
                         "options": raw})
    assert words in str(err.value)
    assert options_from(None, "x") == Options()


@pytest.mark.slow
def test_the_options_ride_in_the_log_and_the_replay_plays_under_them() -> None:
    """The table's options go into the scenario (`build_scenario`), so the log's header holds
    them and a replay is the same game; the view tells every seat which are in play."""
    scenario = prepare(load_scenario("skirmish", None), None, "advanced", None, 4, None,
                       {"fire_limit": 2})
    assert scenario["options"] == {"fire_limit": 2}
    out = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(4).roll, log=out)
    read = parse(io.StringIO(out.getvalue()), "game.jsonl")
    again = replay(read.scenario, read.actions, "game.jsonl")
    assert again == state and isinstance(again, FasaState)
    assert again.setup.options == Options(fire_limit=2)
    assert all(len(a.shots) <= 2 for a in actions if isinstance(a, DeclareFire))
    seen = engine.view(state, engine.Seat("captain", "lance"))
    assert seen["options"] == {"fire_limit": 2}
    plain = setup.build_scenario(load_scenario("skirmish", None), setup.ship_dicts(None))
    assert "options" not in plain


def test_simulate_names_the_option_and_plays_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "--fire-limit N" in capsys.readouterr().out
    assert cli.main(["simulate", "--level", "advanced", "--fire-limit", "1", "--turns", "2"]) == 0
    assert cli.main(["simulate", "--fire-limit", "99", "--turns", "1"]) == 2
    assert "fire_limit must be a whole number 0 (no limit) to 12" in capsys.readouterr().err


def test_the_configuration_takes_the_firing_limit_and_checks_it() -> None:
    config = parse_config({"game": {"fire_limit": 2}}, "t.toml")
    assert game_options(config) == {"fire_limit": 2}
    assert game_options(parse_config({}, "t.toml")) == {}
    with pytest.raises(ConfigError, match=r"game\.fire_limit: must be a whole number from 0 to 12"):
        parse_config({"game": {"fire_limit": 13}}, "t.toml")


THREE_PHASE_CHART = {  # seed lines 459-480, Movement With Three Movement/Firing Phases
    1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (2, 1, 2), 6: (2, 2, 2),
    7: (2, 3, 2), 8: (3, 2, 3), 9: (3, 3, 3), 10: (3, 4, 3), 11: (4, 3, 4), 12: (4, 4, 4),
    13: (4, 5, 4), 14: (5, 4, 5), 15: (5, 5, 5), 16: (5, 6, 5), 17: (6, 5, 6), 18: (6, 6, 6),
    19: (6, 7, 6), 20: (7, 6, 7)}


@pytest.mark.parametrize(("points", "per_phase"), sorted(THREE_PHASE_CHART.items()))
def test_the_three_phase_chart_row_by_row(points: int, per_phase: tuple[int, int, int]) -> None:
    """Lines 457-480 ("None" is 0): the optional three Movement/Firing Phases, every printed
    row, as the packaged table gives it to `phases = 3` games."""
    state = game(("a", "constitution", "Federation", 2, 2, 1), ("b", "d7a", "Klingon", 9, 9, 4))
    assert tuple(state.tables.movement_per_phase(points, 3)) == per_phase


# -- Rescues During Combat (lines 525-529) -------------------------------------------------------


def _two_klingons(rescues: bool, gap: int = 3) -> FasaState:
    """Two D-7s `gap` hexes apart in a column and the Constitution: at the Power Allocation
    Phase, the Klingons' self-destruct (and abandon) orders open."""
    state = game(("ent", "constitution", "Federation", 2, 2, 1),
                 ("k1", "d7a", "Klingon", 10, 4, 4), ("k2", "d7a", "Klingon", 10, 4 + gap, 4))
    return replace(state, setup=replace(state.setup, options=Options(rescues=rescues)))


def _order(state: FasaState, ship: str, order: str) -> Any:
    from engine.rulesets.fasa.values.actions import SelfDestruct
    prompt = next(p for p in engine.pending(state) if p.ship == ship
                  and p.action == "self_destruct")
    return SelfDestruct(prompt.station, ship, order)


def test_a_captain_abandons_ship_to_a_friendly_ship_within_4_hexes() -> None:
    """Line 527: "abandon ship by beaming aboard a friendly ship or base provided it is no more
    than 4 hexes away"; line 529: "an automatic victory for the opposing side": the ship is a
    derelict, out of the fight, with no order to give again."""
    from engine.rulesets.fasa.values.events import StatusChanged
    state = _two_klingons(True, 4)
    new, events = act(state, _order(state, "k1", "abandon"))
    k1 = new.ship("k1")
    assert k1.status == "disabled" and k1.abandoned
    said = next(e for e in events if isinstance(e, StatusChanged))
    assert "beam aboard K2" in said.text
    enemy = engine.Seat("captain", "ent")
    assert said in engine.events_for(new, events, enemy)       # seen by the whole table
    assert next(s for s in engine.view(new, enemy)["ships"] if s["id"] == "k1")["abandoned"]
    assert not any(p.ship == "k1" for p in engine.pending(new))


def test_no_friendly_ship_near_or_the_option_off_refuses_in_words() -> None:
    far = _two_klingons(True, 5)
    why = engine.problem(far, _order(far, "k1", "abandon"))
    assert why is not None and "no friendly ship within 4 hexes" in why
    off = _two_klingons(False, 2)
    why = engine.problem(off, _order(off, "k1", "abandon"))
    assert why is not None and "optional rule this game does not play (rescues)" in why
    assert not any(getattr(a, "order", "") == "abandon"
                   for a in legal.legal_actions(off, engine.Seat("captain", "k1")))


def test_controls_offer_abandon_ship_only_with_the_option_and_say_why_not() -> None:
    def choices(state: FasaState) -> dict[object, str | None]:
        decision = next(d for d in engine.controls(state, engine.Seat("captain", "k1"))
                        if d.action == "self_destruct")
        return {c.value: c.problem for c in decision.field_named("order").choices}
    assert choices(_two_klingons(True, 4))["abandon"] is None
    assert "no friendly ship within 4 hexes" in str(choices(_two_klingons(True, 5))["abandon"])
    assert "abandon" not in choices(_two_klingons(False, 2))


def test_simulate_and_the_configuration_name_rescues(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "--rescues" in capsys.readouterr().out
    assert cli.main(["simulate", "--level", "advanced", "--rescues", "--turns", "1"]) == 0
    assert game_options(parse_config({"game": {"rescues": True}}, "t.toml")) == {"rescues": True}
    with pytest.raises(ConfigError, match=r"game\.rescues: must be true or false"):
        parse_config({"game": {"rescues": "yes"}}, "t.toml")
    with pytest.raises(DataError, match="rescues must be true or false"):
        options_from({"rescues": 1}, "x")


# -- Team Communications (line 447) ---------------------------------------------------------------


def test_each_side_rolls_each_turn_and_1_to_3_talks_aloud() -> None:
    """Line 447: "have the teams roll one die each. On a 1, 2, or 3, the players must talk loudly
    enough for the opposing team to hear; on any other number, they may pass notes". The rolls
    open the game turn, before any power is allocated, seen by the whole table."""
    from engine.actions import RollResult
    from engine.rulesets.fasa.values.events import Note
    scenario = prepare(load_scenario("duel", None), None, "advanced", None, 3, None,
                       {"team_communications": True})
    state = engine.new_game(scenario)
    assert isinstance(state, FasaState)
    first = engine.pending(state)
    assert len(first) == 1 and first[0].roll is not None and first[0].roll.public
    assert "team communications roll for the Federation side" in first[0].roll.purpose
    blocked = autopilot.decide(state, replace(first[0], roll=None, action="allocate_power"))
    assert engine.problem(state, blocked) is not None
    state, events = act(state, RollResult(first[0].station, 3))
    assert any(isinstance(e, Note) and "Federation team must talk aloud" in e.text
               for e in events)
    second = engine.pending(state)[0]
    assert second.roll is not None and "Klingon side" in second.roll.purpose
    state, events = act(state, RollResult(second.station, 4))
    assert any(isinstance(e, Note) and "Klingon team may pass notes" in e.text for e in events)
    assert state.aloud == ("Federation",)
    assert engine.view(state, engine.Seat("captain", "kronos"))["talk_aloud"] == ["Federation"]
    assert all(p.roll is None for p in engine.pending(state))


def test_a_game_with_team_rolls_plays_out_and_replays() -> None:
    scenario = prepare(load_scenario("duel", None), None, "advanced", None, 4, None,
                       {"team_communications": True})
    out = io.StringIO()
    state, _ = autopilot_game(scenario, VirtualDice(2).roll, log=out)
    read = parse(io.StringIO(out.getvalue()), "game.jsonl")
    assert replay(read.scenario, read.actions, "game.jsonl") == state
    assert isinstance(state, FasaState) and state.comms_turn == state.turn > 1


def test_simulate_and_the_configuration_name_team_communications(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "--team-communications" in capsys.readouterr().out
    assert cli.main(["simulate", "--level", "advanced", "--team-communications",
                     "--turns", "1"]) == 0
    said = capsys.readouterr().out
    assert "Federation team must talk aloud" in said or "Federation team may pass notes" in said
    config = parse_config({"game": {"team_communications": True}}, "t.toml")
    assert game_options(config) == {"team_communications": True}
