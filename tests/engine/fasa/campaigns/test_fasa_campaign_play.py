"""Campaign Advancement in play, an optional rule (engine/rulesets/fasa/campaigns/campaign_play.py; Book
Two, Advanced: Campaign Advancement, seed 000 lines 496-523; Rescues During Combat, line 529):
the initial points, the captain's points on a percentile Tactical Advantage roll, the crew's
roll for a bonus, the Victory Points and next game's totals at the end, carried in the log."""

from __future__ import annotations

import io
from typing import Any

import pytest
from test_fasa_advanced import CLASSES, act
from test_fasa_fidelity import roll

import engine
from companion import cli
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from companion.settings.config import ConfigError, game_options, parse_config
from engine.dice import Die
from engine.errors import DataError
from engine.log import parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values.actions import SkillBonus
from engine.rulesets.fasa.values.events import GameOver, Note, SkillRolled
from engine.rulesets.fasa.values.options import Options, options_from
from engine.rulesets.fasa.values.state import ADVANTAGE, POWER, SKILL, FasaState, replace


def campaign_game(level: str = "advanced", **points: tuple[int, int]) -> FasaState:
    """The Constitution against a D-7 with Campaign Advancement; `points` gives a ship's
    (captain, crew) on its entry, the others roll."""
    entries: list[dict[str, Any]] = [
        {"id": "ent", "class": "constitution", "side": "Federation", "col": 4, "row": 8,
         "heading": 1},
        {"id": "kl", "class": "d7a", "side": "Klingon", "col": 12, "row": 8, "heading": 4}]
    for e in entries:
        if e["id"] in points:
            e["advancement"] = {"captain": points[e["id"]][0], "crew": points[e["id"]][1]}
        if level == "expert":
            e |= {"skill": 60, "efficiency": 60}
    scenario = {"id": "t", "map": {"cols": 16, "rows": 16}, "obstacles": [], "ships": entries,
                "options": {"campaign": True}}
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, level=level))
    assert isinstance(state, FasaState)
    return state


def test_the_option_is_named_checked_and_off_unless_turned_on() -> None:
    assert options_from({"campaign": True}, "t") == Options(campaign=True)
    assert Options(campaign=True).to_dict() == {"campaign": True}
    assert options_from(None, "t").campaign is False
    with pytest.raises(DataError, match="campaign must be true or false"):
        options_from({"campaign": "yes"}, "t")


def test_initial_points_are_one_die_and_ten_divided_between_captain_and_crew() -> None:
    """Line 517: "the player rolls 1 die and adds ten. These numbers between 11 and 20 ... the
    player may divide between that ship's captain and crew"; "each player should give the
    Advancement Points of his captain and crew" (public). A 7 gives 17: captain 9, crew 8."""
    state = campaign_game(ent=(12, 3))
    assert state.ship("ent").advancement == (12, 3)         # given on the entry: no roll
    prompt = engine.pending(state)[0]
    assert prompt.roll is not None and prompt.ship == "kl" and prompt.roll.public
    assert "one die and ten (11-20)" in prompt.roll.purpose
    state, events = roll(state, 7)
    assert state.ship("kl").advancement == (9, 8)
    told = [e.text for e in events if isinstance(e, Note)]
    assert "KL: 17 Advancement Points, captain 9, crew 8" in told[0] or any(
        "17 Advancement Points, captain 9, crew 8" in t for t in told)
    enemy = engine.view(state, engine.Seat("captain", "ent"))
    assert next(s for s in enemy["ships"] if s["id"] == "kl")["advancement"] == {
        "captain": 9, "crew": 8}


def test_a_bad_advancement_entry_is_refused_in_words() -> None:
    with pytest.raises(DataError, match="advancement captain must be a whole number 0 to 999"):
        campaign_game(ent=(-1, 3))


def _allocated(state: FasaState) -> FasaState:
    """The Power Allocation Phase played by the autopilot (initial rolls already made)."""
    while state.step == POWER and engine.pending(state) and engine.pending(state)[0].roll is None:
        state, _ = act(state, autopilot.decide(state, engine.pending(state)[0]))
    return state


def test_the_crew_rolls_percentile_dice_against_its_points_for_a_bonus_this_turn() -> None:
    """Line 506: "the die is rolled twice as percentile dice for each crew. If the roll is the
    same as or lower than the crew's Advancement Points, then the crew has a bonus FOR THAT TURN
    ONLY" (one of the four of lines 508-511)."""
    state = _allocated(campaign_game(ent=(5, 8), kl=(5, 8)))
    assert state.step == SKILL
    req = engine.pending(state)[0].roll
    assert req is not None and req.kind == Die.D100 and "against Advancement Points 8" in req.purpose
    state, events = roll(state, 8, 9)
    rolled = [e for e in events if isinstance(e, SkillRolled)]
    assert [r.success for r in rolled] == [True, False]
    assert "against Advancement Points 8: a bonus this turn" in rolled[0].text
    prompt = engine.pending(state)[0]
    assert prompt.action == "skill_bonus" and prompt.ship == "ent"
    state, _ = act(state, SkillBonus(prompt.station, "ent", "shield", shield=2))
    assert state.step == ADVANTAGE


def test_the_captains_points_are_added_to_a_percentile_tactical_advantage_roll() -> None:
    """Line 504: "percentile dice replace the single die used to determine the advantage ...
    the player adds his captain's Advancement Points to the number obtained". The Klingon's 50
    and 20 points beat the Constitution's 65 and none."""
    state = _allocated(campaign_game(ent=(0, 0), kl=(20, 0)))
    assert state.step == ADVANTAGE      # no crew rolls: no crew has a point to roll under
    req = engine.pending(state)[0].roll
    assert req is not None and req.kind == Die.D100
    state, _ = roll(state, 65, 50)
    assert state.advantage[-1] == "kl"


def _over(state: FasaState, loser: str, abandoned: str = "") -> list[Any]:
    """End the game with `loser` out of the fight: its superstructure gone."""
    ships = tuple(replace(s, status="disabled", superstructure=0, abandoned=s.id == abandoned)
                  if s.id == loser else s for s in state.ships)
    from engine.rulesets.fasa import ending
    _, events = ending.check_game_over(replace(state, ships=ships))
    return events


def test_victory_points_are_the_vanquished_ships_power_over_ten_added_for_next_game() -> None:
    """Line 521: "dividing the vanquished ship's Total Power Units Available by 10 ... added to
    the Advancement Point totals, with the new totals to be used in the next game". The D-7's
    40 full-value power units give 4, split captain 2, crew 2; at 1/3 scale too."""
    state = campaign_game(ent=(6, 5), kl=(7, 7))
    assert state.ship("kl").cls.total_power != 40       # the game's figure is cut to 1/3
    events = _over(state, "kl")
    assert isinstance(events[-1], GameOver) and events[-1].winner == "Federation"
    text = [e.text for e in events if isinstance(e, Note)]
    assert any("4 Victory Points for vanquishing KL" in t for t in text) or any(
        "4 Victory Points for vanquishing" in t for t in text)
    assert any("captain 8, crew 7 (+2 captain, +2 crew)" in t for t in text)


def test_a_rescued_captain_keeps_his_points_and_his_crew_loses_theirs() -> None:
    """Line 529: "The captain will retain his Advancement Points ... but the crew will lose
    theirs"."""
    state = campaign_game(ent=(6, 5), kl=(7, 7))
    text = [e.text for e in _over(state, "kl", abandoned="kl") if isinstance(e, Note)]
    assert any("captain 7, crew 0 (abandoned ship" in t for t in text)


def test_at_the_expert_level_the_ratings_play_the_points_part() -> None:
    """Line 689: Expert's Skill Roll is made against the Crew Efficiency Rating "just as in the
    Campaign Advancement rules": at the expert level the crew rolls against its efficiency, and
    the advantage is the ratings' (no roll), the points told and reckoned at the end."""
    state = _allocated(campaign_game("expert", ent=(5, 8), kl=(5, 8)))
    req = engine.pending(state)[0].roll
    assert req is not None and "against efficiency 60" in req.purpose


def test_a_campaign_game_rides_in_the_log_and_replays() -> None:
    scenario = prepare(load_scenario("duel", None), None, "advanced", None, 6, None,
                       {"campaign": True, "team_communications": True, "fire_limit": 2,
                        "rescues": True})
    assert scenario["options"]["campaign"] is True
    out = io.StringIO()
    state, _ = autopilot_game(scenario, VirtualDice(3).roll, log=out)
    read = parse(io.StringIO(out.getvalue()), "game.jsonl")
    again = replay(read.scenario, read.actions, "game.jsonl")
    assert again == state and isinstance(again, FasaState)
    assert all(s.advancement for s in again.ships)


def test_simulate_and_the_configuration_name_the_campaign(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "--campaign" in capsys.readouterr().out
    assert cli.main(["simulate", "--level", "advanced", "--campaign", "--turns", "2"]) == 0
    assert "Advancement Points" in capsys.readouterr().out
    assert game_options(parse_config({"game": {"campaign": True}}, "t.toml")) == {"campaign": True}
    with pytest.raises(ConfigError, match=r"game\.campaign: must be true or false"):
        parse_config({"game": {"campaign": 1}}, "t.toml")
