"""The JSON-lines game log (engine/log.py): writing, parsing, replaying, and every way it fails."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine import Action, RollResult, action_from_json, new_game, state_to_json
from engine.actions import _REGISTRY
from engine.dice import SOURCES
from engine.errors import DataError, LogError
from engine.log import CHECK, LOG_VERSION, action_line, checksum, header_line, parse, replay
from engine.rulesets.fasa.command.admiral import FleetOrders, Order
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
    PlaceShip,
    ScienceRoll,
    SelfDestruct,
    Sense,
    SetShields,
    SetWarp,
    SkillBonus,
)
from engine.rulesets.fasa.values.cc_actions import EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.variants.battlestations.round_actions import FireCounter, TacticalTurn
from engine.rulesets.halfimpulse import actions as half
from engine.rulesets.knighthawks.values import actions as kh
from engine.rulesets.strpg import actions as rpg

SEEDS = (1, 2, 3)


def duel_scenario() -> dict[str, Any]:
    return prepare(load_scenario("duel", None), None, "basic", None, 10)


@dataclasses.dataclass
class Recorded:
    scenario: dict[str, Any]
    state: Any
    actions: list[Action]
    text: str

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


def record(seed: int) -> Recorded:
    scenario = duel_scenario()
    out = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(seed).roll, log=out)
    return Recorded(scenario, state, actions, out.getvalue())


@pytest.fixture(scope="module", params=SEEDS)
def game(request: pytest.FixtureRequest) -> Recorded:
    return record(request.param)


@pytest.fixture(scope="module")
def duel() -> Recorded:
    return record(2)


def signed(data: dict[str, Any]) -> str:
    """A log line of `data` with its checksum made anew (as an editor who knows the format would)."""
    return json.dumps({**data, CHECK: checksum(data)})


def edited(lines: list[str], n: int, **changes: Any) -> list[str]:
    """`lines` with line `n` (1-based) parsed, changed (None deletes a key) and signed again, so
    the checks behind the checksum are reached."""
    data = json.loads(lines[n - 1])
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return [*lines[:n - 1], signed(data), *lines[n:]]


def first_line_of(rec: Recorded, kind: type[Action]) -> int:
    """The line number (header = 1) of the first action of `kind` in the log."""
    for n, action in enumerate(rec.actions, 2):
        if isinstance(action, kind):
            return n
    raise AssertionError(f"the recorded game has no {kind.__name__}")


# -- writing and reading back -------------------------------------------------------------------

def test_the_game_is_finished_and_logged_one_line_per_action(game: Recorded) -> None:
    assert game.state.over
    assert len(game.lines) == 1 + len(game.actions)
    assert game.text.endswith("\n")


def test_header_holds_the_whole_scenario(game: Recorded) -> None:
    header = json.loads(game.lines[0])
    assert header["starbridge_log"] == LOG_VERSION == 2
    assert header["ruleset"] == "fasa"
    assert header["scenario"] == game.scenario
    assert set(header["scenario"]["classes"]) == {"constitution", "d7-torpedo"}


def test_action_lines_are_numbered_from_one(game: Recorded) -> None:
    seqs = [json.loads(line)["seq"] for line in game.lines[1:]]
    assert seqs == list(range(1, len(game.actions) + 1))
    for line, action in zip(game.lines[1:], game.actions, strict=True):
        data = json.loads(line)
        assert data["type"] == action.type_name
        assert data["station"] == action.station


def test_parse_gives_back_scenario_and_equal_actions(game: Recorded) -> None:
    scenario, actions = parse(game.lines, "duel.jsonl")
    assert scenario == game.scenario
    assert actions == game.actions
    assert [type(a) for a in actions] == [type(a) for a in game.actions]


def test_parse_reads_a_file_object_with_newlines(game: Recorded) -> None:
    scenario, actions = parse(io.StringIO(game.text))
    assert scenario == game.scenario
    assert actions == game.actions


def test_blank_lines_are_ignored(duel: Recorded) -> None:
    lines = [duel.lines[0], "", *duel.lines[1:3], "   ", *duel.lines[3:], ""]
    assert parse(lines)[1] == duel.actions


def test_replay_equals_the_live_final_state(game: Recorded) -> None:
    scenario, actions = parse(game.lines)
    final = replay(scenario, actions)
    assert state_to_json(final) == state_to_json(game.state)
    assert final == game.state


@pytest.mark.slow
def test_replay_of_every_prefix_matches_the_live_game_at_that_point() -> None:
    """A log cut between lines (a clean save mid-game) resumes exactly where the game was."""
    scenario = duel_scenario()
    live: list[Any] = []
    out = io.StringIO()
    _, actions = autopilot_game(scenario, VirtualDice(4).roll, log=out,
                                on_events=lambda state, action, events: live.append(state))
    lines = out.getvalue().splitlines()
    assert len(live) == len(actions) > 20
    for n in range(1, len(actions) + 1):
        parsed_scenario, prefix = parse(lines[:1 + n])
        assert prefix == actions[:n]
        assert replay(parsed_scenario, prefix) == live[n - 1], f"after action {n}"
    assert not live[len(actions) // 2].over


def test_different_seeds_give_different_games() -> None:
    assert record(1).actions != record(2).actions


@pytest.mark.slow
def test_same_seed_gives_the_same_log() -> None:
    assert record(5).text == record(5).text


# -- every action type round-trips ---------------------------------------------------------------

EXAMPLES: list[Action] = [
    half.AnnounceSpeeds("captain", "tiger", 2, (half.UnitSpeed("tiger", 8),
                                                half.UnitSpeed("tiger.3", 5))),
    half.Move("captain", "tiger", (half.UnitMove("tiger", "L"), half.UnitMove("pf", "F", 3))),
    half.Move("instructor", "regalhawk", ()),
    half.Target("captain", "regalhawk", "regalhawk", "tiger"),
    half.Target("captain", "tiger", ""),
    half.Transport("captain", "tiger", "tiger", "T-bomb", 7, 15),
    half.Launch("captain", "carrier", "carrier", "Fighter", 2, 7),
    half.Land("captain", "carrier", "carrier.4", "carrier"),
    half.Remove("captain", "regalhawk", "regalhawk.9", "impact"),
    half.Detect("captain", "tiger", "tiger", 3),
    half.Announce("captain", "tiger", "tiger"),
    half.NextStep("instructor"),
    rpg.SetOrder("instructor", "sides", "once"),
    rpg.SideOrder("captain", "kang", ("kang", "kor")),
    rpg.Choose("captain", "kirk", "attacks"),
    rpg.Choose("instructor", "kor", "wait"),
    rpg.Do("captain", "kirk", target="kor", item="kirk:phaser-2", hand="main"),
    rpg.Do("science", "spock", direction="NE", facing="E"),
    rpg.Do("engineer", "scott", device="door:19,5:open"),
    rpg.Do("helm", "sulu", back=True),
    rpg.Respond("weapons", "kor", "parry"),
    rpg.Riposte("weapons", "kor", True),
    rpg.Block("captain", "kang", "kirk", False),
    kh.Move("helm", "scout-1", 4, "FFLFF", "M"),
    kh.Move("instructor", "raider", 0, ""),
    kh.SetScreens("engineer", "destroyer", "ES", True),
    kh.Fire("weapons", "destroyer", "LC", "raider"),
    kh.Fire("captain", "raider", ""),
    kh.LaunchICMs("weapons", "frigate", 2),
    kh.ActivateSeekers("helm", "minelayer", ("seeker-1",)),
    kh.ActivateSeekers("captain", "minelayer", ()),
    kh.Repair("engineer", "destroyer", "LC"),
    *(RollResult("captain", v, source) for v, source in zip((1, 10, 7, 3, 5), SOURCES, strict=True)),
    RollResult("helm", 4, "tray", "tray-1#42"),
    RollResult("instructor", 20),
    AllocatePower("engineer", "enterprise", 8, 6, 5),
    AllocatePower("instructor", "kronos", 0, 0, 0),
    ArmWeapons("helm", "enterprise", (("ph1", 3), ("pt1", 1))),
    ArmWeapons("weapons", "enterprise", ()),
    SetShields("science", "enterprise", (5, 5, 4, 0, 0, 3)),
    SetShields("navigator", "kronos", (0, 0, 0, 0, 0, 0)),
    Move("helm", "enterprise", "FPS"),
    Move("instructor", "kronos", ""),
    DeclareFire("helm", "enterprise", (("ph1", "kronos"), ("pt2", "kronos"))),
    DeclareFire("weapons", "kronos", ()),
    ChooseDamagedWeapon("captain", "kronos", "d1"),
    Evade("helm", "kronos", "port"),
    FireCounter("captain", "kronos", True),         # Battlestations!
    TacticalTurn("helm", "enterprise", "port", "on"),
    Evade("captain", "enterprise", "none"),
    Move("helm", "kronos", "LRB"),
    Sense("science", "enterprise", "kronos", 6, "d1"),
    Sense("instructor", "kronos", ""),
    AllocatePower("engineer", "talon", 4, 3, 0, 5),
    SelfDestruct("captain", "kronos", "hold"),
    SelfDestruct("instructor", "enterprise", "destruct"),
    SkillBonus("captain", "enterprise", "aim", ("ph1", "ph2")),
    SkillBonus("instructor", "kronos", "power", part="shield", shield=2),
    SkillBonus("captain", "kronos", "repair", part="engine1"),
    SkillBonus("captain", "kronos", "power"),
    BonusPower("engineer", "enterprise", "shield", 3),
    BonusPower("instructor", "kronos", "d1"),
    BonusShield("navigator", "kronos", 5),
    SetWarp("helm", "enterprise", 7),
    ArcScan("science", "enterprise", "port"),
    ArcScan("navigator", "kronos", ""),
    AskSensor("science", "enterprise", 4, "2"),
    PlaceShip("captain", "talon", 5, 5, 2),
    GiveOrders("captain", "enterprise", "at_will"),
    EngineerRoll("engineer", "enterprise", "repair", 2),
    DeclareFire("weapons", "enterprise", (("ph1", "kronos"),), True),
    # C&C: the Science Officer's decisions (science.py).
    ScienceRoll("science", "enterprise", "damage_control"),
    ExtraShields("navigator", "enterprise", (0, 2, 2, 0, 0, 0)),
    DamageControl("comms", "enterprise", (("kronos", "d1", 2), ("kronos", "d2", 1))),
    DamageControl("science", "enterprise", ()),
    CommsTask("instructor", "enterprise", "hail the Kobayashi Maru"),
    # Command & Control: powering down after engine damage (power_actions.py).
    PowerDown("engineer", "enterprise", 4, 3, 2),
    CutWeapons("helm", "enterprise", (("ph1", 3),)),
    CutShields("science", "enterprise", (2, 0, 0, 0, 0, 1)),
    FleetOrders("admiral", "Federation", (Order("enterprise", "close", "kronos"),
                                          Order("constitution", "withdraw"))),
    FleetOrders("instructor", "Klingon"),
    EndGame("instructor", "Federation", "marginal victory", "the goal is met"),
    EndGame("instructor", "", "draw", "ended by mutual decision"),
]


def test_examples_cover_every_registered_action_type() -> None:
    """Every packaged ruleset's action types (a test's own ruleset, tests/toy_ruleset, may have
    registered more)."""
    packaged = {name for name, cls in _REGISTRY.items() if cls.__module__.startswith("engine.")}
    assert {a.type_name for a in EXAMPLES} == packaged


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: f"{a.type_name}-{a.station}")
def test_action_round_trips_through_json(action: Action) -> None:
    data = action.to_json()
    assert data["type"] == action.type_name
    text = json.dumps(data)
    back = action_from_json(json.loads(text))
    assert back == action
    assert type(back) is type(action)
    assert back.to_json() == data


@pytest.mark.slow
@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: f"{a.type_name}-{a.station}")
def test_action_round_trips_through_a_log_line(action: Action) -> None:
    line = action_line(1, action)
    assert json.loads(line)["seq"] == 1
    _, actions = parse([header_line(duel_scenario()), line])
    assert actions == [action]


def test_records_in_actions_become_named_objects_in_json() -> None:
    data = ArmWeapons("helm", "enterprise", (("ph1", 3),)).to_json()
    assert data["power"] == [{"weapon": "ph1", "power": 3}]
    assert json.loads(json.dumps(data)) == data


def test_older_logs_that_wrote_records_as_pairs_still_read() -> None:
    action = action_from_json({"type": "arm_weapons", "station": "helm", "ship": "enterprise",
                               "power": [["ph1", 3]]})
    assert action == ArmWeapons("helm", "enterprise", (("ph1", 3),))


@pytest.mark.parametrize("power", [[{"weapon": "ph1"}], [{"weapon": "ph1", "power": 3, "x": 1}],
                                   [["ph1", 3, 4]], [["ph1", 3.0]], [{"weapon": 1, "power": 3}],
                                   ["ph1"], [None]])
def test_malformed_records_are_refused_with_the_field(power: object) -> None:
    with pytest.raises(DataError, match=r"arm_weapons\.power"):
        action_from_json({"type": "arm_weapons", "station": "helm", "ship": "enterprise",
                          "power": power})


def test_roll_source_defaults_to_virtual() -> None:
    action = action_from_json({"type": "roll", "station": "helm", "value": 4})
    assert action == RollResult("helm", 4, "virtual")


def test_a_whole_log_of_every_action_type_parses_back() -> None:
    lines = [header_line(duel_scenario())]
    lines += [action_line(n, a) for n, a in enumerate(EXAMPLES, 1)]
    assert parse(lines)[1] == EXAMPLES


# -- parse errors name the line ------------------------------------------------------------------

def parse_error(lines: list[str], name: str = "game.jsonl") -> str:
    with pytest.raises(LogError) as info:
        parse(lines, name)
    assert isinstance(info.value, DataError)
    message = str(info.value)
    assert message.startswith(name)
    assert "\n" not in message
    return message


def test_invalid_json(duel: Recorded) -> None:
    lines = list(duel.lines)
    lines[2] = '{"seq": 2, "type": "roll", '
    message = parse_error(lines)
    assert "line 3" in message
    assert "not valid JSON" in message


def test_missing_header(duel: Recorded) -> None:
    message = parse_error(duel.lines[1:])
    assert "line 1" in message
    assert "not a starbridge log header" in message


def test_header_that_is_not_an_object(duel: Recorded) -> None:
    message = parse_error(["[1, 2, 3]", *duel.lines[1:]])
    assert "line 1" in message


@pytest.mark.parametrize("version", [3, 0, "2", None, True])
def test_wrong_header_version(duel: Recorded, version: Any) -> None:
    message = parse_error(edited(duel.lines, 1, starbridge_log=version))
    assert "line 1" in message
    assert "starbridge_log" in message


def test_format_1_logs_are_refused_with_a_reason(duel: Recorded) -> None:
    """Format 1 had no checksums; it is refused by name, not read unchecked
    (docs/log-format.md: Older logs)."""
    header = json.loads(duel.lines[0])
    del header[CHECK]
    header["starbridge_log"] = 1
    message = parse_error([json.dumps(header), *duel.lines[1:]])
    assert "line 1: a format 1 log" in message
    assert "checksums" in message


def test_header_without_scenario(duel: Recorded) -> None:
    message = parse_error([signed({"starbridge_log": LOG_VERSION, "ruleset": "fasa"}),
                           *duel.lines[1:]])
    assert "line 1" in message
    assert "no scenario" in message


def test_empty_log() -> None:
    assert "empty log" in parse_error([])
    assert "empty log" in parse_error(["", "  "])


def test_unknown_action_type(duel: Recorded) -> None:
    message = parse_error(edited(duel.lines, 4, type="beam_me_up"))
    assert "line 4" in message
    assert "unknown action type 'beam_me_up'" in message


def test_missing_field(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    message = parse_error(edited(duel.lines, n, value=None))
    assert f"line {n}" in message
    assert "missing the field 'value'" in message


def test_missing_ship(duel: Recorded) -> None:
    message = parse_error(edited(duel.lines, 2, ship=None))
    assert "line 2" in message
    assert "'ship'" in message


@pytest.mark.parametrize("value", ["7", 7.0, True, None, [7]])
def test_wrong_field_type(duel: Recorded, value: Any) -> None:
    n = first_line_of(duel, RollResult)
    data = json.loads(duel.lines[n - 1])
    data["value"] = value
    lines = [*duel.lines[:n - 1], signed(data), *duel.lines[n:]]
    message = parse_error(lines)
    assert f"line {n}" in message
    assert "value" in message


def test_wrong_type_inside_a_list(duel: Recorded) -> None:
    n = first_line_of(duel, SetShields)
    message = parse_error(edited(duel.lines, n, points=[1, 2, 3, 4, 5, "6"]))
    assert f"line {n}" in message
    assert "points" in message


def test_wrong_list_length(duel: Recorded) -> None:
    n = first_line_of(duel, SetShields)
    message = parse_error(edited(duel.lines, n, points=[1, 2, 3]))
    assert f"line {n}" in message
    assert "expected 6 items" in message


def test_unknown_field(duel: Recorded) -> None:
    message = parse_error(edited(duel.lines, 2, warp=9))
    assert "line 2" in message
    assert "warp" in message


def test_unknown_station(duel: Recorded) -> None:
    message = parse_error(edited(duel.lines, 2, station="cook"))
    assert "line 2" in message
    assert "unknown station 'cook'" in message


def test_unknown_roll_source(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    message = parse_error(edited(duel.lines, n, source="loaded"))
    assert f"line {n}" in message
    assert "'loaded'" in message


def test_action_that_is_not_an_object(duel: Recorded) -> None:
    lines = [*duel.lines[:3], "[1, 2]", *duel.lines[4:]]
    message = parse_error(lines)
    assert "line 4" in message
    assert "expected a JSON object" in message


def test_seq_out_of_order(duel: Recorded) -> None:
    lines = list(duel.lines)
    lines[3], lines[4] = lines[4], lines[3]
    message = parse_error(lines)
    assert "line 4" in message
    assert "action number 4 out of order (expected 3)" in message


def test_seq_repeated(duel: Recorded) -> None:
    lines = [*duel.lines[:5], duel.lines[4], *duel.lines[5:]]
    message = parse_error(lines)
    assert "line 6" in message
    assert "out of order" in message


def test_seq_missing_line(duel: Recorded) -> None:
    lines = [*duel.lines[:5], *duel.lines[6:]]
    message = parse_error(lines)
    assert "line 6" in message
    assert "out of order" in message


def test_truncated_last_line_is_dropped_with_a_warning(duel: Recorded) -> None:
    """Power lost while saving: the last line is cut mid-write; the game resumes before it."""
    last = duel.lines[-1]
    text = "\n".join(duel.lines[:-1]) + "\n" + last[: len(last) // 2]
    read = parse(io.StringIO(text), "game.jsonl")
    assert read.actions == duel.actions[:-1]
    assert len(read.warnings) == 1
    assert read.warnings[0].startswith(f"game.jsonl, line {len(duel.lines)}: ")
    assert "cut short" in read.warnings[0]
    assert f"resumes after action {len(duel.actions) - 1}" in read.warnings[0]


@pytest.mark.slow
def test_log_cut_anywhere_in_its_last_line_resumes_from_the_line_before(duel: Recorded) -> None:
    last = duel.lines[-1]
    head = "\n".join(duel.lines[:-1]) + "\n"
    for cut in range(1, len(last)):
        for source in (io.StringIO(head + last[:cut]), (head + last[:cut]).splitlines()):
            read = parse(source)
            assert read.actions == duel.actions[:-1], cut
            assert read.warnings, cut
    whole = parse(io.StringIO(head + last))
    assert (whole.actions, whole.warnings) == (duel.actions, ())


def test_a_damaged_line_ended_by_a_newline_is_not_taken_for_a_cut(duel: Recorded) -> None:
    last = duel.lines[-1]
    text = "\n".join(duel.lines[:-1]) + "\n" + last[:20] + "\n"
    with pytest.raises(LogError, match=f"line {len(duel.lines)}: not valid JSON"):
        parse(io.StringIO(text))


def test_a_cut_line_before_other_lines_is_damage(duel: Recorded) -> None:
    lines = [*duel.lines[:3], duel.lines[3][:30], *duel.lines[4:]]
    message = parse_error(lines)
    assert "line 4" in message
    assert "not valid JSON" in message


def test_a_cut_header_is_an_error(duel: Recorded) -> None:
    assert "line 1" in parse_error([duel.lines[0][:100]])


def test_an_edited_line_is_found_by_its_checksum(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    line = duel.lines[n - 1]
    value = json.loads(line)["value"]
    other = 1 if value != 1 else 2
    lines = list(duel.lines)
    lines[n - 1] = line.replace(f'"value": {value}', f'"value": {other}')
    assert lines[n - 1] != line
    message = parse_error(lines)
    assert f"line {n}: checksum does not match" in message


def test_a_line_without_checksum_is_refused(duel: Recorded) -> None:
    data = json.loads(duel.lines[2])
    del data[CHECK]
    message = parse_error([*duel.lines[:2], json.dumps(data), *duel.lines[3:]])
    assert "line 3: no checksum" in message


def test_seq_is_required(duel: Recorded) -> None:
    message = parse_error(edited(duel.lines, 3, seq=None))
    assert "line 3: no action number" in message


@pytest.mark.parametrize("seq", [2.0, "2", True, [2]])
def test_seq_must_be_a_whole_number(duel: Recorded, seq: Any) -> None:
    assert "line 3: action number" in parse_error(edited(duel.lines, 3, seq=seq))


def test_error_uses_the_default_name() -> None:
    with pytest.raises(LogError, match=r"^log, line 1: "):
        parse(["nonsense"])


# -- replay refuses actions the rules refuse -----------------------------------------------------

def test_replay_refuses_an_impossible_roll(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    scenario, actions = parse(edited(duel.lines, n, value=11))
    with pytest.raises(LogError) as info:
        replay(scenario, actions, "game.jsonl")
    message = str(info.value)
    assert message.startswith("game.jsonl: ")
    assert f"action {n - 1} (roll) is refused" in message
    assert "a d10 shows 1 to 10, not 11" in message


def test_replay_refuses_an_allocation_above_available_power(duel: Recorded) -> None:
    n = first_line_of(duel, AllocatePower)
    alloc = duel.actions[n - 2]
    assert isinstance(alloc, AllocatePower)
    power = new_game(duel.scenario).ship(alloc.ship).total_power  # type: ignore[attr-defined]
    extra = power - alloc.movement - alloc.shields - alloc.weapons + 1
    scenario, actions = parse(edited(duel.lines, n, shields=alloc.shields + extra))
    with pytest.raises(LogError) as info:
        replay(scenario, actions, "game.jsonl")
    message = str(info.value)
    assert f"action {n - 1} (allocate_power) is refused" in message
    assert f"Engineering: {power + 1} power allocated, only {power} available" in message


def test_replay_refuses_a_roll_by_the_wrong_station(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    scenario, actions = parse(edited(duel.lines, n, station="engineer"))
    with pytest.raises(LogError, match=rf"action {n - 1} \(roll\) is refused: Engineering: "):
        replay(scenario, actions)


def test_replay_refuses_actions_in_the_wrong_order(duel: Recorded) -> None:
    actions = list(duel.actions)
    k = next(i for i, a in enumerate(actions) if isinstance(a, RollResult))
    actions.insert(0, actions.pop(k))
    with pytest.raises(LogError, match=r"action 1 \(roll\) is refused: .*no roll is wanted"):
        replay(duel.scenario, actions)


def test_replay_refuses_actions_after_the_game_is_over(duel: Recorded) -> None:
    actions = [*duel.actions, RollResult("captain", 5)]
    with pytest.raises(LogError) as info:
        replay(duel.scenario, actions)
    assert f"action {len(actions)} (roll) is refused" in str(info.value)
    assert "the game is over" in str(info.value)


def test_replay_error_is_a_single_line(duel: Recorded) -> None:
    n = first_line_of(duel, RollResult)
    scenario, actions = parse(edited(duel.lines, n, value=0))
    with pytest.raises(LogError) as info:
        replay(scenario, actions)
    assert "\n" not in str(info.value)
    assert info.value.__cause__ is None


# -- the ruleset named in the header --------------------------------------------------------------

def test_unknown_ruleset_in_the_header(duel: Recorded) -> None:
    header = json.loads(duel.lines[0])
    header["scenario"]["ruleset"] = header["ruleset"] = "knight-hawks"
    del header[CHECK]
    message = parse_error([signed(header), *duel.lines[1:]])
    assert "line 1" in message
    assert "unknown ruleset 'knight-hawks'" in message


@pytest.mark.parametrize("top", ["knight-hawks", None, 1])
def test_the_headers_ruleset_must_agree_with_its_scenario(duel: Recorded, top: Any) -> None:
    message = parse_error(edited(duel.lines, 1, ruleset=top))  # None: no ruleset at all
    assert "line 1" in message
    assert "ruleset" in message


@pytest.mark.parametrize("part", ["tables", "classes"])
def test_a_header_without_its_tables_or_classes_is_refused(duel: Recorded, part: str) -> None:
    header = json.loads(duel.lines[0])
    del header["scenario"][part], header[CHECK]
    message = parse_error([signed(header), *duel.lines[1:]])
    assert f"line 1: the scenario does not carry its {part}" in message


def test_a_header_naming_a_data_folder_is_refused(duel: Recorded, tmp_path: Path) -> None:
    header = json.loads(duel.lines[0])
    header["scenario"]["data_dir"] = str(tmp_path)
    del header[CHECK]
    message = parse_error([signed(header), *duel.lines[1:]])
    assert "line 1" in message
    assert "data folder" in message


def test_a_header_with_an_unknown_field_is_refused(duel: Recorded) -> None:
    assert "unknown field(s) comment" in parse_error(edited(duel.lines, 1, comment="hi"))


def test_a_malformed_scenario_in_the_header_is_named_at_line_1(duel: Recorded) -> None:
    header = json.loads(duel.lines[0])
    header["scenario"]["ships"][0]["heading"] = 9
    del header[CHECK]
    message = parse_error([signed(header), *duel.lines[1:]])
    assert message.startswith("game.jsonl, line 1: scenario duel, ships[1]: heading")


@pytest.mark.slow
def test_parse_loads_the_ruleset_named_in_the_header(duel: Recorded, tmp_path: Path) -> None:
    """A fresh process that imports only engine.log can read a FASA log: parse loads the ruleset
    (and with it its action types) named in the header."""
    path = tmp_path / "duel.jsonl"
    path.write_text(duel.text, encoding="utf-8")
    code = ("import sys\n"
            "from engine.log import parse, replay\n"
            "with open(sys.argv[1], encoding='utf-8') as fh:\n"
            "    scenario, actions = parse(fh, sys.argv[1])\n"
            "print(len(actions), replay(scenario, actions).over)\n")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(len(duel.actions)), "True"]


@pytest.mark.slow
def test_a_log_carries_the_tables_it_was_played_with(tmp_path: Path) -> None:
    """A game played with a user's own firing chart replays with that chart anywhere."""
    from engine.rulesets.fasa.data.datafiles import PACKAGE_DATA
    from engine.rulesets.fasa.values.state import FasaState

    (tmp_path / "tables").mkdir()
    packaged = PACKAGE_DATA / "tables" / "firing_chart.csv"
    text = packaged.read_text(encoding="utf-8").replace(
        "Y,10,10,10,9,9,9,8,8,8,7,7,7,6,6,5,5,4,4,3,3,2,2,1,1",
        "Y,10,10,10,9,9,9,8,8,8,7,7,7,6,6,5,5,4,4,3,3,2,2,2,2")
    assert text != packaged.read_text(encoding="utf-8")
    (tmp_path / "tables" / "firing_chart.csv").write_text(text, encoding="utf-8")
    scenario = prepare(load_scenario("duel", None), tmp_path, "basic", None, 3)
    out = io.StringIO()
    live, _ = autopilot_game(scenario, VirtualDice(5).roll, log=out)
    parsed_scenario, actions = parse(out.getvalue().splitlines(), "mine")
    replayed = replay(parsed_scenario, actions)
    assert isinstance(replayed, FasaState)
    assert replayed.tables.to_hit("Y", 24) == 2
    assert replayed == live


def test_the_checksum_is_the_documented_crc32_of_canonical_json(duel: Recorded) -> None:
    """docs/log-format.md: Checksums, recomputed here without engine.log's help."""
    import zlib

    for line in duel.lines[:5]:
        data = json.loads(line)
        body = {k: v for k, v in data.items() if k != CHECK}
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        assert data[CHECK] == f"{zlib.crc32(text.encode('ascii')):08x}"


def test_a_log_with_non_ascii_names_round_trips() -> None:
    scenario = duel_scenario()
    scenario["ships"][0]["name"] = "USS Défiant ☄"
    lines = [header_line(scenario), action_line(1, RollResult("captain", 3, "tray", "tray-1#é"))]
    read = parse(lines)
    assert read.scenario["ships"][0]["name"] == "USS Défiant ☄"
    assert read.actions == [RollResult("captain", 3, "tray", "tray-1#é")]
