"""The `starbridge` command, driven in-process through companion.cli.main (and once as a process)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare, scenario_names
from engine import state_to_json
from engine.log import CHECK, LOG_VERSION, checksum
from engine.rulesets.fasa.data.datafiles import PACKAGE_DATA
from engine.rulesets.fasa.data.ships import scale_value
from engine.rulesets.fasa.flow.setup import ship_dicts
from engine.rulesets.knighthawks.data.datafiles import class_dicts
from engine.rulesets.strpg.datafiles import class_dicts as templates

SEED, TURNS = 2, 5


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keep the developer's own data folder out of the tests."""
    (tmp_path / "no-user-data").mkdir()   # an empty one: a folder named must be there
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "no-user-data"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean_error(code: int, out: str, err: str, *words: str) -> str:
    """Exit code 2 and one line "starbridge: ..." on stderr, no traceback."""
    assert code == 2
    assert "Traceback" not in err + out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("starbridge: ")
    for word in words:
        assert word in lines[0]
    return lines[0]


def simulate_to(capsys: pytest.CaptureFixture[str], log: Path, *more: str) -> str:
    code, out, err = run(capsys, "simulate", "--scenario", "duel", "--level", "basic",
                         "--seed", str(SEED), "--turns", str(TURNS), "--log", str(log), *more)
    assert code == 0, err
    assert err == ""
    return out


def replayed(capsys: pytest.CaptureFixture[str], log: Path, *before: str) -> dict[str, Any]:
    code, out, err = run(capsys, *before, "replay", str(log))
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def live_duel() -> Any:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, TURNS)
    return autopilot_game(scenario, VirtualDice(SEED).roll)


# -- simulate and replay -------------------------------------------------------------------------

def test_simulate_prints_an_account_and_writes_a_log(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    out = simulate_to(capsys, log)
    lines = out.splitlines()
    assert lines[0].startswith("Duel at the Neutral Zone")
    assert f"seed {SEED}" in lines[0]
    assert any(line.startswith("Turn 1") for line in lines)
    over = [line for line in lines if line.startswith("Game over")]
    assert len(over) == 1
    assert lines[-2] == over[0]
    _, actions = live_duel()
    assert lines[-1] == f"{len(actions)} actions; log written to {log}"
    text = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(text[0])
    assert header["starbridge_log"] == LOG_VERSION
    assert header["scenario"]["id"] == "duel"
    assert header["scenario"]["max_turns"] == TURNS
    assert len(text) == 1 + len(actions)
    assert json.loads(text[-1])["seq"] == len(actions)


def test_simulate_is_repeatable_and_the_seed_matters(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    first = simulate_to(capsys, tmp_path / "a.jsonl")
    second = simulate_to(capsys, tmp_path / "b.jsonl")
    assert first.replace("a.jsonl", "b.jsonl") == second
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    code, other, _ = run(capsys, "simulate", "--scenario", "duel", "--seed", "3",
                         "--turns", str(TURNS))
    assert code == 0
    assert other.splitlines()[1:] != first.splitlines()[1:]


def test_replay_prints_the_final_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    simulate_to(capsys, log)
    data = replayed(capsys, log)
    state, _ = live_duel()
    live = state_to_json(state)
    assert data["turn"] == live["turn"] == state.turn
    assert [s["superstructure"] for s in data["ships"]] == \
        [s.superstructure for s in state.ships]
    assert data["outcome"] == state.outcome != ""
    assert data == json.loads(json.dumps(live))


def test_simulate_ships_free_for_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "ffa.jsonl"
    code, out, err = run(capsys, "simulate", "--ships", "constitution-refit,d7a,lightning",
                         "--turns", "3", "--log", str(log))
    assert code == 0, err
    assert out.startswith("Custom battle")
    assert "Turn 1" in out
    assert "Game over" in out
    for name in ("Constitution Class Heavy Cruiser (refit) #1", "#2", "#3"):
        assert f"{name}: power to movement" in out
    data = replayed(capsys, log)
    assert [s["class_id"] for s in data["ships"]] == ["constitution-refit", "d7a", "lightning"]
    assert [s["id"] for s in data["ships"]] == ["constitution-refit-1", "d7a-2", "lightning-3"]
    assert data["turn"] <= 3
    assert data["step"] == "over"


def test_no_command_plays_a_demonstration_game(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """With no screen, `starbridge` (play) says so and plays a short headless demonstration."""
    monkeypatch.setattr("companion.commands.play.screen_available", lambda: "no display found")
    code, out, err = run(capsys)
    assert code == 0
    assert "no display found" in err and "playing headless" in err
    assert out.startswith("Duel at the Neutral Zone")
    assert "Game over" in out


def test_turn_limit_ends_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "short.jsonl"
    code, out, _ = run(capsys, "simulate", "--scenario", "skirmish", "--turns", "1", "--seed", "3",
                       "--log", str(log))
    assert code == 0
    assert out.splitlines()[-2] == ("Game over: Draw: the turn limit (1) is reached and no "
                                    "victory condition is met")
    data = replayed(capsys, log)
    assert (data["turn"], data["phase"], data["step"], data["winner"]) == (1, 5, "over", "")


# -- listings -------------------------------------------------------------------------------------

def test_scenarios_lists_every_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == scenario_names(None)
    assert {"duel", "skirmish"} <= set(names)
    assert "Duel at the Neutral Zone" in out


def test_ships_lists_every_class(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ships")
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()]
    # FASA's ship classes, Knight Hawks', the away team's character templates
    assert ids == sorted(ship_dicts(None)) + sorted(class_dicts(None)) + sorted(templates(None))
    assert {"constitution-refit", "d7a", "lightning"} <= set(ids)


# -- errors: exit code 2, one line, no traceback --------------------------------------------------

def test_unknown_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run(capsys, "simulate", "--scenario", "tholian-web"),
                       "no scenario 'tholian-web'", "duel")


def test_unknown_ship_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run(capsys, "simulate", "--ships", "constitution,warbird"),
                       "unknown ship class", "warbird")


def test_too_few_ships(capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run(capsys, "simulate", "--ships", "d7a"), "at least two")


def test_the_command_level_plays_with_every_rule_built(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Book Two, Command & Control (seed lines 875-1563): playable, and no rule of it is left to
    # name as not built.
    assert main(["simulate", "--level", "command", "--turns", "1"]) == 0
    captured = capsys.readouterr()
    assert "command rules" in captured.out
    assert "Not built yet" not in captured.out + captured.err


def test_the_advanced_level_has_all_its_rules_built(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--level", "advanced", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "Not built yet" not in out
    assert "advanced rules" in out
    assert main(["simulate", "--turns", "1"]) == 0
    assert "Not built yet" not in capsys.readouterr().out


def test_negative_turns(capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run(capsys, "simulate", "--turns", "-1"), "--turns")


def test_missing_replay_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothing-here.jsonl"
    assert_clean_error(*run(capsys, "replay", str(missing)), str(missing),
                       "No such file or directory")


def test_replay_of_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert_clean_error(*run(capsys, "replay", str(tmp_path)), str(tmp_path))


def test_log_in_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "game.jsonl"
    code, out, err = run(capsys, "simulate", "--turns", "1", "--log", str(target))
    assert_clean_error(code, out, err, str(target))


@pytest.fixture
def good_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    log = tmp_path / "duel.jsonl"
    simulate_to(capsys, log)
    return log


def signed(data: dict[str, Any]) -> str:
    """A log line of `data` with its checksum made anew, to reach the checks behind it."""
    body = {k: v for k, v in data.items() if k != CHECK}
    return json.dumps({**body, CHECK: checksum(body)})


@pytest.mark.slow
def test_truncated_log_replays_to_the_line_before_with_a_warning(
        capsys: pytest.CaptureFixture[str], good_log: Path) -> None:
    text = good_log.read_text(encoding="utf-8")
    lines = text.splitlines()
    good_log.write_text(text[: len(text) - 20], encoding="utf-8")
    code, out, err = run(capsys, "replay", str(good_log))
    assert code == 0
    assert err.splitlines() == [err.strip()]
    assert err.startswith(f"starbridge: warning: {good_log}, line {len(lines)}: ")
    assert "cut short" in err
    before = good_log.with_name("before.jsonl")
    before.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    assert json.loads(out) == replayed(capsys, before)


def test_edited_log_line_is_named(capsys: pytest.CaptureFixture[str], good_log: Path) -> None:
    lines = good_log.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"seq": 3', '"seq": 3 ')
    lines[5] = lines[5].replace('"station": "', '"station": "x')
    good_log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(good_log)), f"{good_log}, line 6",
                       "checksum does not match")


def test_log_with_an_impossible_roll(capsys: pytest.CaptureFixture[str], good_log: Path) -> None:
    lines = good_log.read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if json.loads(line).get("type") == "roll")
    data = json.loads(lines[n])
    data["value"] = 11
    lines[n] = signed(data)
    good_log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = assert_clean_error(*run(capsys, "replay", str(good_log)),
                                 f"action {n} (roll) is refused", "not 11")
    assert message.startswith(f"starbridge: {good_log}: ")


def test_log_with_a_bad_field(capsys: pytest.CaptureFixture[str], good_log: Path) -> None:
    lines = good_log.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace('"movement": ', '"movement": "a lot", "x": ', 1)
    good_log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(good_log)), f"{good_log}, line 2")


def test_not_a_log_at_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Captain's log, stardate 8130.3\n", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(notes)), "line 1")


def test_empty_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(empty)), "empty log")


def test_binary_file_given_as_a_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.sqlite"
    save.write_bytes(b"SQLite format 3\x00\xff\xfe\x00\x10\x01\x01")
    assert_clean_error(*run(capsys, "replay", str(save)), str(save), "not UTF-8 text")


def test_log_header_with_an_unknown_ruleset(capsys: pytest.CaptureFixture[str],
                                            good_log: Path) -> None:
    lines = good_log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["scenario"]["ruleset"] = header["ruleset"] = "star-fleet-battles"
    lines[0] = signed(header)
    good_log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(good_log)), "line 1",
                       "unknown ruleset 'star-fleet-battles'")


def test_log_header_with_a_malformed_scenario(capsys: pytest.CaptureFixture[str],
                                              good_log: Path) -> None:
    lines = good_log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["scenario"]["obstacles"] = 5
    lines[0] = signed(header)
    good_log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_error(*run(capsys, "replay", str(good_log)), "obstacles")


# -- a user data folder -----------------------------------------------------------------------------

@pytest.mark.slow
def test_user_ship_file_replaces_the_packaged_one(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    (data_dir / "ships").mkdir(parents=True)
    packaged = (PACKAGE_DATA / "ships" / "constitution.toml").read_text(encoding="utf-8")
    mine, n = re.subn(r"(?m)^superstructure = \d+$", "superstructure = 60", packaged)
    assert n == 1
    (data_dir / "ships" / "constitution.toml").write_text(mine, encoding="utf-8")
    found = re.search(r"(?m)^superstructure = (\d+)$", packaged)
    assert found is not None
    expected = scale_value(60, Fraction(1, 3))
    default = scale_value(int(found[1]), Fraction(1, 3))
    assert expected != default

    log = tmp_path / "mine.jsonl"
    code, _, err = run(capsys, "--data-dir", str(data_dir), "simulate", "--scenario", "duel",
                       "--level", "basic", "--turns", "2", "--log", str(log))
    assert code == 0, err
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["scenario"]["classes"]["constitution"]["superstructure"] == 60
    ships = {s["id"]: s for s in replayed(capsys, log)["ships"]}
    assert ships["enterprise"]["superstructure_max"] == expected
    assert ships["kronos"]["class_id"] == "d7-torpedo"

    # The log is self-contained: replayed with the data folder, it is the same game.
    assert replayed(capsys, log, "--data-dir", str(data_dir)) == replayed(capsys, log)

    # Without the folder, simulate uses the packaged ship again.
    code, _, _ = run(capsys, "simulate", "--scenario", "duel", "--level", "basic", "--turns",
                     "2", "--log", str(tmp_path / "packaged.jsonl"))
    assert code == 0
    ships = {s["id"]: s for s in replayed(capsys, tmp_path / "packaged.jsonl")["ships"]}
    assert ships["enterprise"]["superstructure_max"] == default


def test_user_data_folder_from_the_environment(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir = tmp_path / "env-data"
    (data_dir / "scenarios").mkdir(parents=True)
    duel = (PACKAGE_DATA / "scenarios" / "duel.toml").read_text(encoding="utf-8")
    (data_dir / "scenarios" / "rematch.toml").write_text(
        duel.replace('id = "duel"', 'id = "rematch"')
            .replace('name = "Duel at the Neutral Zone"', 'name = "The Rematch"'),
        encoding="utf-8")
    monkeypatch.setenv("STARBRIDGE_DATA", str(data_dir))
    code, out, _ = run(capsys, "scenarios")
    assert code == 0
    assert "rematch" in out and "The Rematch" in out
    code, out, _ = run(capsys, "simulate", "--scenario", "rematch", "--turns", "1")
    assert code == 0
    assert out.startswith("The Rematch")


def test_bad_user_ship_file_is_a_clean_error(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    (data_dir / "ships").mkdir(parents=True)
    (data_dir / "ships" / "d7a.toml").write_text("id = \"d7a\"\nsuperstructure = [\n",
                                                  encoding="utf-8")
    assert_clean_error(*run(capsys, "--data-dir", str(data_dir), "simulate"), "d7a.toml")


# -- as a process -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_runs_as_a_process(tmp_path: Path) -> None:
    (tmp_path / "no-user-data").mkdir(exist_ok=True)
    env = {**os.environ, "STARBRIDGE_DATA": str(tmp_path / "no-user-data")}
    done = subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "--turns", "2"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert done.stderr == ""


def test_explicit_data_folder_that_does_not_exist(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """A mistyped --data-dir is reported, not silently ignored (the default folder may be absent)."""
    missing = tmp_path / "my-bookz"
    assert_clean_error(*run(capsys, "--data-dir", str(missing), "simulate", "--turns", "1"),
                       str(missing), "no such folder")


@pytest.mark.slow
def test_simulate_plays_knight_hawks_by_ruleset_name(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --ruleset knighthawks` plays a scenario headless by autopilots, writes a log
    that replays, and sums up several games."""
    log = tmp_path / "kh.jsonl"
    assert main(["simulate", "--ruleset", "knighthawks", "--scenario", "patrol", "--seed", "2",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Game over: victory to" in out and "Roll: " not in out
    assert main(["replay", str(log)]) == 0
    assert '"ruleset": "knighthawks"' in capsys.readouterr().out
    assert main(["simulate", "--ruleset", "knighthawks", "--games", "2"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_simulate_names_an_unknown_ruleset_and_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "nope"]) == 2
    assert "unknown ruleset 'nope'; known: fasa, halfimpulse, knighthawks" in \
        capsys.readouterr().err
    assert main(["simulate", "--ruleset", "knighthawks", "--scenario", "duel"]) == 2
    assert "there are: fleet, patrol" in capsys.readouterr().err


def test_the_expert_level_plays_with_all_its_rules_built(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --level expert` plays (Book Two, Expert Starship Tactics, every rule built)."""
    assert main(["simulate", "--level", "expert", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "Not built yet" not in out and "expert rules" in out
    assert "Skill Roll" in out and "Crew Efficiency Rating" in out
