"""Knight Hawks against hostile input: typed garbage into `apply` (refused with exactly the words
`problem` gives; what it accepts replays through the log), and broken data files, scenarios and
log headers (refused with a message naming the file or part, the line or entry, and the field).
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from companion.commands.simulate_ruleset import play, playable
from companion.dice import VirtualDice
from engine import DataError, IllegalAction, RollResult
from engine.errors import LogError
from engine.log import action_line, checksum, header_line, parse, replay
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.data.datafiles import PACKAGE_DATA, parse_tables, table_texts
from engine.rulesets.knighthawks.flow.setup import load_scenario
from engine.rulesets.knighthawks.values.actions import (
    ActivateSeekers,
    Fire,
    LaunchICMs,
    Move,
    Repair,
    SetScreens,
)
from engine.stations import STATION_NAMES

SCENARIO = load_scenario("fleet", None, 4)


def _states() -> list[tuple[Any, list[engine.Action]]]:
    state: Any = engine.new_game(SCENARIO)
    dice = VirtualDice(3)
    out: list[tuple[Any, list[engine.Action]]] = []
    actions: list[engine.Action] = []
    while prompts := engine.pending(state):
        out.append((state, list(actions)))
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]
        actions.append(action)
    return out[::7]


states = functools.cache(_states)
"""The states the garbage is tried on, played when a test first asks (not at collection)."""
SHIPS = ["destroyer", "cruiser", "minelayer", "s-fighter-1", "nobody", ""]
MOUNTS = ["LC", "LB", "T", "RB", "AR", "DC", "M", "S", "LB2", ""]
scalar = st.one_of(st.integers(-3, 120), st.integers(), st.booleans(), st.none(),
                   st.text(max_size=6), st.sampled_from(SHIPS + MOUNTS))
number = st.one_of(st.integers(-2, 101), scalar)
station = st.one_of(st.sampled_from(STATION_NAMES), scalar)
ship = st.one_of(st.sampled_from(SHIPS), scalar)
text = st.one_of(st.text(alphabet="FPSX", max_size=10), scalar)
actions = st.one_of(
    st.builds(Move, station, ship, number, text, st.one_of(st.sampled_from(["", "M", "S"]),
                                                           scalar)),
    st.builds(SetScreens, station, ship, st.one_of(st.sampled_from(["", "PS", "ES", "SS", "MS"]),
                                                   scalar), st.one_of(st.booleans(), scalar)),
    st.builds(Fire, station, ship, st.one_of(st.sampled_from(MOUNTS), scalar), ship),
    st.builds(LaunchICMs, station, ship, number),
    st.builds(ActivateSeekers, station, ship, st.one_of(st.lists(st.sampled_from(
        ["seeker-1", "x", ""]), max_size=3).map(tuple), scalar)),
    st.builds(Repair, station, ship, st.one_of(st.sampled_from(
        ["", "LC", "ADF", "fire", "power", "ICM", "hull"]), scalar)),
    st.builds(RollResult, station, number, st.one_of(st.sampled_from(["virtual", "tray"]),
                                                     scalar), st.just("")),
    scalar,
)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0), actions)
def test_apply_refuses_garbage_in_words_and_what_it_accepts_replays(index: int,
                                                                    action: Any) -> None:
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
    log.write(header_line(SCENARIO) + "\n")
    for n, a in enumerate([*before, action], 1):
        log.write(action_line(n, a) + "\n")
    scenario, parsed = parse(io.StringIO(log.getvalue()), "hostile")
    assert engine.state_to_json(replay(scenario, parsed)) == engine.state_to_json(new)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_actions_with_one_field_changed(data: st.DataObject) -> None:
    state, _ = states()[data.draw(st.integers(0, len(states()) - 1))]
    options = [a for p in engine.pending(state)
               for a in engine.legal_actions(state, engine.Seat(p.station, p.ship))]
    action = data.draw(st.sampled_from(options))
    f = data.draw(st.sampled_from(dataclasses.fields(action)))
    action = dataclasses.replace(action, **{f.name: data.draw(scalar)})
    why = engine.problem(state, action)
    try:
        engine.apply(state, action)
    except IllegalAction as exc:
        assert str(exc) == why
    else:
        assert why is None


# --- Data files --------------------------------------------------------------------------

def _bad_table(name: str, old: str, new: str) -> str:
    texts = table_texts()
    assert old in texts[name]
    texts[name] = texts[name].replace(old, new, 1)
    with pytest.raises(DataError) as exc:
        parse_tables(texts)
    return str(exc.value)


def test_a_broken_table_cell_is_named_by_file_line_and_field() -> None:
    assert _bad_table("weapons", "LC,Laser Cannon,1,1,0,0,10,", "LC,Laser Cannon,1,1,0,0,ten,") \
        == "weapons.csv, line 6: range must be a whole number, not 'ten'"
    assert _bad_table(
        "combat", "LC,none,75,", "LC,none,175,") == "combat.csv, line 7: plain must be 0 to 100, not 175"
    assert _bad_table(
        "damage", "11,45,hull", "12,45,hull") == "damage.csv, line 5: low must be 11 (rows follow on)"
    assert "hdr must be like 2d10" in _bad_table("weapons", "4d10,-10", "9d10,-10")
    assert "is not a weapon code" in _bad_table("damage", "LC;LB;PB", "LC;XX;PB")
    assert "no entry for LC vs none" in _bad_table("combat", "LC,none,75,60,0,91\n", "")


def test_a_broken_ship_class_in_the_user_folder_is_named(tmp_path: Path) -> None:
    ships = tmp_path / "knighthawks" / "ships"
    ships.mkdir(parents=True)
    text = (PACKAGE_DATA / "ships" / "upf-frigate.toml").read_text()
    (ships / "upf-frigate.toml").write_text(text.replace('"RB:4"', '"RB"'))
    with pytest.raises(DataError, match=r"upf-frigate.toml: weapons: 'RB' needs a supply, like "
                                        r"RB:4"):
        load_scenario("patrol", tmp_path)
    (ships / "upf-frigate.toml").write_text(text.replace("hull = 40", "hull = -4"))
    with pytest.raises(DataError, match=r"upf-frigate.toml: hull must be 1 to 999, not -4"):
        load_scenario("patrol", tmp_path)
    (ships / "upf-frigate.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(DataError, match="not a UTF-8 text file"):
        load_scenario("patrol", tmp_path)


def test_a_table_own_scenario_and_ship_are_read_from_the_user_folder(tmp_path: Path) -> None:
    (tmp_path / "knighthawks" / "scenarios").mkdir(parents=True)
    (tmp_path / "knighthawks" / "ships").mkdir(parents=True)
    text = (PACKAGE_DATA / "ships" / "upf-fighter.toml").read_text()
    (tmp_path / "knighthawks" / "ships" / "my-fighter.toml").write_text(
        text.replace('id = "upf-fighter"', 'id = "my-fighter"').replace("hull = 8", "hull = 9"))
    sc = (PACKAGE_DATA / "scenarios" / "patrol.toml").read_text().replace(
        'class = "upf-fighter"', 'class = "my-fighter"')
    (tmp_path / "knighthawks" / "scenarios" / "mine.toml").write_text(sc)
    state = engine.new_game(load_scenario("mine", tmp_path))
    assert engine.view(state, engine.Seat("instructor"))["ships"][2]["hull_max"] == 9


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s["ships"][0].update(at=[99, 0]), "ship 1: column must be 0 to 29, not 99"),
    (lambda s: s["ships"][1].update(side="klingon"), "ship 2: side must be one of"),
    (lambda s: s["ships"][0].update(crew="9"), "ship 1: crew must be one of 1, 2, 3, 4"),
    (lambda s: s.update(first="nobody"), "first must be one of the sides"),
    (lambda s: s.update(surprise=1), "unknown field 'surprise'"),
    (lambda s: s["mines"].append({"side": "upf"}), "mine 3: at must be \\[column, row\\]"),
    (lambda s: s["classes"]["upf-destroyer"].update(adf="3"), "adf must be a whole number"),
])
def test_a_broken_scenario_is_named_by_part_and_field(change: Any, words: str) -> None:
    sc = json.loads(json.dumps(SCENARIO))
    change(sc)
    with pytest.raises(DataError, match="scenario 'fleet': .*" + words.replace("(", r"\(")):
        engine.new_game(sc)


def test_a_log_whose_header_carries_a_broken_table_is_refused() -> None:
    header = json.loads(header_line(SCENARIO))
    header["scenario"]["tables"]["damage"] = "low,high\n1,2\n"
    del header["check"]

    header["check"] = checksum(header)
    with pytest.raises(LogError, match=r"line 1: damage\.csv, line 1: header is low,high"):
        parse(io.StringIO(json.dumps(header) + "\n"), "kh.jsonl")


# --- Damaged logs ----------------------------------------------------------------------------

def _recorded() -> tuple[str, list[engine.Action], Any]:
    out = io.StringIO()
    state, acts = play(playable("knighthawks"), load_scenario("patrol", None, 3), 4, log=out)
    return out.getvalue(), acts, state


LOG_TEXT, LOG_ACTIONS, LOG_FINAL = _recorded()


def _no_silent_change(text: str) -> None:
    try:
        read = parse(io.StringIO(text), "kh.jsonl")
        state = replay(read.scenario, read.actions, "kh.jsonl")
    except LogError as exc:
        assert str(exc).startswith("kh.jsonl") and "\n" not in str(exc)
        return
    assert read.actions == LOG_ACTIONS[:len(read.actions)]
    if len(read.actions) == len(LOG_ACTIONS):
        assert engine.state_to_json(state) == engine.state_to_json(LOG_FINAL)
    else:
        assert read.warnings or text.count("\n") <= len(read.actions) + 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_flipping_any_byte_of_a_knight_hawks_log_is_found_or_harmless(seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(LOG_TEXT.encode())
    for _ in range(25):
        changed = bytearray(data)
        i = rng.randrange(len(changed))
        changed[i] = rng.choice(b'{}[]":,0123456789aZ \n')
        _no_silent_change(changed.decode("utf-8", errors="replace"))


@pytest.mark.parametrize("n", [1, 5, 20])
def test_dropping_or_repeating_a_line_of_a_knight_hawks_log_is_named(n: int) -> None:
    lines = LOG_TEXT.splitlines(keepends=True)
    with pytest.raises(LogError, match="out of order"):
        parse(io.StringIO("".join(lines[:n] + lines[n + 1:])), "kh.jsonl")
    with pytest.raises(LogError, match="out of order"):
        parse(io.StringIO("".join(lines[:n + 1] + lines[n:])), "kh.jsonl")
