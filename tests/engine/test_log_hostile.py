"""Hostile logs: random lines and headers, mutations of real logs, and files that are not logs.

Whatever the input, `parse` and `replay` raise nothing but LogError, never hang, and never give
a game that differs from the one recorded: a damaged log is refused naming its line, or (a last
line cut short) resumes from the lines before, with a warning.
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from cc_crews import crew_ships
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine import Action
from engine.errors import LogError
from engine.log import CHECK, MAX_BLANK, MAX_DEPTH, MAX_DIGITS, MAX_LINE, checksum, parse, replay

SLOW = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _record() -> tuple[list[str], list[Action], Any]:
    # The command level with the Enterprise's player crew: its lines hold every kind of roll
    # (percentile Skill Rolls too: the Klingon crew's and the Enterprise's officers'), the skill
    # bonus, the warp speed, the Captain's orders and the Engineer's choice of roll besides the
    # basic game's actions; and each side's Admiral's fleet orders (an optional rule, seed line
    # 437: admiral.py).
    scenario = crew_ships(prepare(load_scenario("duel", None), None, "command", None, 4, None,
                                  {"admiral": True}), random.Random(3), share=0.0)
    out = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(3).roll, log=out)
    return out.getvalue().splitlines(), actions, state


LINES, ACTIONS, FINAL = _record()
TEXT = "\n".join(LINES) + "\n"


def signed(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != CHECK}
    return json.dumps({**body, CHECK: checksum(body)})


def outcome(source: Any) -> tuple[str, Any]:
    """("refused", message) or ("read", (actions, warnings, final state)); any other exception
    fails the test."""
    try:
        read = parse(source, "hostile.jsonl")
        state = replay(read.scenario, read.actions, "hostile.jsonl")
    except LogError as exc:
        message = str(exc)
        assert message.startswith("hostile.jsonl"), message
        assert "\n" not in message
        return "refused", message
    return "read", (read.actions, read.warnings, state)


def assert_no_silent_change(text: str) -> None:
    """A mutated log is refused, or reads as a prefix of the recorded game with a warning, or
    (a change JSON does not see, such as spacing) reads as the recorded game itself."""
    kind, result = outcome(io.StringIO(text))
    if kind == "refused":
        return
    actions, warnings, state = result
    assert actions == ACTIONS[:len(actions)]
    if len(actions) == len(ACTIONS):
        assert state == FINAL
    else:  # shorter only with a warning (a cut last line) or when whole lines are gone
        assert warnings or text.count("\n") <= len(actions) + 1


# -- mutations of a real log -------------------------------------------------------------------

def test_the_recorded_log_reads_back() -> None:
    assert outcome(io.StringIO(TEXT)) == ("read", (ACTIONS, (), FINAL))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_flipping_any_byte_is_found_or_harmless(seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(TEXT.encode())
    for _ in range(40):
        i = rng.randrange(len(data))
        mutated = bytearray(data)
        mutated[i] ^= 1 << rng.randrange(8)
        try:
            text = mutated.decode("utf-8")
        except UnicodeDecodeError:
            continue  # the file-level case is tested below
        assert_no_silent_change(text)


def test_flipping_a_byte_in_a_value_is_named() -> None:
    n = next(i for i, line in enumerate(LINES) if '"value": ' in line)
    at = LINES[n].index('"value": ') + len('"value": ')
    digit = LINES[n][at]
    other = "1" if digit != "1" else "2"
    lines = list(LINES)
    lines[n] = LINES[n][:at] + other + LINES[n][at + 1:]
    kind, message = outcome(lines)
    assert kind == "refused"
    assert f"line {n + 1}: checksum does not match" in message


@pytest.mark.parametrize("n", [1, 2, 5, len(LINES) // 2])
def test_dropping_a_line_is_named(n: int) -> None:
    kind, message = outcome([*LINES[:n], *LINES[n + 1:]])
    assert kind == "refused"
    assert f"line {n + 1}" in message


def test_dropping_the_header_is_named() -> None:
    kind, message = outcome(LINES[1:])
    assert (kind, "line 1" in message) == ("refused", True)


@pytest.mark.parametrize("n", [1, 3, len(LINES) - 2])
def test_swapping_two_lines_is_named(n: int) -> None:
    lines = list(LINES)
    lines[n], lines[n + 1] = lines[n + 1], lines[n]
    kind, message = outcome(lines)
    assert kind == "refused"
    assert f"line {n + 1}" in message


@pytest.mark.parametrize("n", [0, 1, 4, len(LINES) - 1])
def test_duplicating_a_line_is_named(n: int) -> None:
    kind, message = outcome([*LINES[:n + 1], LINES[n], *LINES[n + 1:]])
    assert kind == "refused"
    assert f"line {n + 2}" in message


@pytest.mark.slow
def test_truncating_at_every_offset_of_the_last_line_resumes() -> None:
    head = "\n".join(LINES[:-1]) + "\n"
    last = LINES[-1]
    for cut in range(1, len(last)):
        kind, result = outcome(io.StringIO(head + last[:cut]))
        assert kind == "read", result
        actions, warnings, _ = result
        assert actions == ACTIONS[:-1]
        assert len(warnings) == 1


@pytest.mark.slow
def test_truncating_anywhere_never_changes_the_game() -> None:
    rng = random.Random(7)
    for cut in sorted(rng.sample(range(len(TEXT)), 60)):
        assert_no_silent_change(TEXT[:cut])


def test_a_duplicated_key_is_refused() -> None:
    data = json.loads(LINES[1])
    line = signed(data)
    doubled = line[:-1] + f', "{CHECK}": "{data[CHECK]}"}}'
    kind, message = outcome([LINES[0], doubled, *LINES[2:]])
    assert kind == "refused"
    assert "line 2" in message and "appears twice" in message


def test_formatting_that_json_does_not_see_changes_nothing() -> None:
    spaced = [json.dumps(json.loads(line), indent=None, separators=(" ,  ", " : "))
              for line in LINES]
    assert outcome(spaced) == ("read", (ACTIONS, (), FINAL))


# -- what json.loads alone cannot survive ------------------------------------------------------

def test_a_huge_integer_is_refused() -> None:
    data = json.loads(LINES[1])
    line = signed(data).replace(f'"seq": {data["seq"]}', '"seq": ' + "9" * 5000)
    kind, message = outcome([LINES[0], line])
    assert kind == "refused"
    assert f"more than {MAX_DIGITS} digits" in message


@pytest.mark.parametrize("number", ["1e999", "-1e999", "NaN", "Infinity", "1." + "0" * 40])
def test_numbers_json_or_a_float_cannot_hold_are_refused(number: str) -> None:
    kind, message = outcome([LINES[0], f'{{"seq": 1, "x": {number}}}'])
    assert kind == "refused"
    assert "line 2" in message


@pytest.mark.slow
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5000, 200_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    line = '{"seq": 1, "x": ' + "[" * depth + "]" * depth + "}"
    kind, message = outcome([LINES[0], line])
    assert kind == "refused"
    assert "line 2" in message
    assert "nested" in message or "longer than" in message


def test_nesting_inside_a_string_is_only_text() -> None:
    n = next(i for i, line in enumerate(LINES) if json.loads(line).get("type") == "roll")
    data = {**json.loads(LINES[n]), "detail": "[{" * 1000}
    lines = [*LINES[:n], signed(data), *LINES[n + 1:]]
    kind, result = outcome(lines)
    assert kind == "read", result
    assert len(result[0]) == len(ACTIONS)


def test_an_overlong_line_is_refused() -> None:
    kind, message = outcome([LINES[0], '{"seq": 1, "pad": "' + "x" * MAX_LINE + '"}'])
    assert kind == "refused"
    assert f"line 2: longer than {MAX_LINE}" in message


def test_dev_zero_ends_with_an_error() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    with open("/dev/zero", encoding="utf-8") as fh:
        kind, message = outcome(fh)
    assert kind == "refused"
    assert "line 1: longer than" in message


def test_a_binary_file_is_refused_by_line(tmp_path: Path) -> None:
    path = tmp_path / "save.sqlite"
    path.write_bytes(TEXT.encode()[:200] + b"\xff\xfe\x00 SQLite" + TEXT.encode()[200:])
    with path.open(encoding="utf-8") as fh:
        kind, message = outcome(fh)
    assert kind == "refused"
    assert "not UTF-8 text" in message


def test_a_non_utf8_byte_after_the_header_names_a_later_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    head = "\n".join(LINES[:3]) + "\n"
    path.write_bytes(head.encode() + b"\xc3\x28 garbage\n")
    with path.open(encoding="utf-8") as fh:
        kind, message = outcome(fh)
    assert kind == "refused"
    assert "not UTF-8" in message


# -- random lines and headers (hypothesis) -----------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=20)
FIELDS = st.sampled_from(["seq", "type", "station", "ship", "value", "source", "detail",
                          "movement", "shields", "weapons", "power", "points", "steps",
                          "shots", "weapon", CHECK])
ACTION_LIKE = st.dictionaries(FIELDS, JSON | st.sampled_from(
    ["roll", "allocate_power", "move", "fire", "captain", "helm", "enterprise", "kronos"]),
    max_size=8)


@pytest.mark.slow
@SLOW
@given(st.lists(st.text(max_size=60), max_size=5))
def test_random_text_lines_after_a_good_header(lines: list[str]) -> None:
    outcome([LINES[0], *lines])


@pytest.mark.slow
@SLOW
@given(st.lists(st.text(max_size=200), min_size=1, max_size=4))
def test_random_text_instead_of_a_header(lines: list[str]) -> None:
    assert outcome(lines)[0] == "refused"


@pytest.mark.slow
@SLOW
@given(st.lists(ACTION_LIKE, min_size=1, max_size=4), st.booleans())
def test_random_action_objects(objects: list[dict[str, Any]], sign: bool) -> None:
    lines = [signed(o) if sign else json.dumps(o) for o in objects]
    kind, result = outcome([LINES[0], *lines])
    if kind == "read":
        actions, _, _ = result
        assert len(actions) <= len(lines)


@pytest.mark.slow
@SLOW
@given(st.data())
def test_random_changes_to_the_header(data: st.DataObject) -> None:
    header = json.loads(LINES[0])
    scenario = header["scenario"]
    key = data.draw(st.sampled_from(sorted(scenario)))
    scenario[key] = data.draw(JSON)
    ship = data.draw(st.sampled_from(scenario.get("ships") or [{}])) if isinstance(
        scenario.get("ships"), list) else {}
    if isinstance(ship, dict) and data.draw(st.booleans()):
        ship[data.draw(st.sampled_from(["col", "row", "heading", "class", "side", "id"]))] = \
            data.draw(JSON)
    kind, result = outcome([signed(header), *LINES[1:]])
    if kind == "read":
        assert result[0] == ACTIONS


@pytest.mark.slow
@SLOW
@given(JSON)
def test_random_optional_rules_in_the_header(value: Any) -> None:
    """The header's `options` (the optional rules, engine options.py) as any JSON value: refused
    naming the log, or read as the recorded game (the duel fires at most 2 weapons a phase only
    when the limit allows what was recorded)."""
    header = json.loads(LINES[0])
    header["scenario"]["options"] = value
    outcome([signed(header), *LINES[1:]])


def test_a_firing_limit_the_recorded_fire_breaks_is_refused_naming_the_line() -> None:
    """A log whose header says one weapon a Firing Phase while its actions fire more is refused
    at the first action that breaks it, in the limit's words."""
    header = json.loads(LINES[0])
    header["scenario"]["options"] = {**header["scenario"]["options"], "fire_limit": 1}
    kind, message = outcome([signed(header), *LINES[1:]])
    assert kind == "refused" and "firing limit is 1 weapon a ship" in message


def test_fleet_orders_the_header_gives_no_admiral_are_refused_naming_the_line() -> None:
    """The Admiral's orders recorded (an optional rule, seed line 437): a header without the
    Admiral, or a line that gives an order to the other side's ship, is refused at that line."""
    first = next(n for n, a in enumerate(ACTIONS, 1) if a.type_name == "fleet_orders")
    header = json.loads(LINES[0])
    header["scenario"]["options"] = {}
    kind, message = outcome([signed(header), *LINES[1:]])
    assert kind == "refused" and "has no Admiral in this game" in message
    assert f"action {first} (fleet_orders)" in message, message
    line = json.loads(LINES[first])
    other = "kronos" if line["side"] == "Federation" else "enterprise"
    line["orders"] = [{"ship": other, "order": "withdraw", "target": ""}]
    kind, message = outcome([LINES[0], *LINES[1:first], signed(line), *LINES[first + 1:]])
    assert kind == "refused" and f"'{other}' is not a ship of the" in message, message


@pytest.mark.slow
@SLOW
@given(st.data())
def test_random_changes_to_a_ship_class_in_the_header(data: st.DataObject) -> None:
    header = json.loads(LINES[0])
    classes = header["scenario"]["classes"]
    cls = classes[data.draw(st.sampled_from(sorted(classes)))]
    key = data.draw(st.sampled_from(sorted(cls)))
    cls[key] = data.draw(JSON | st.integers(-10**6, 10**6))
    outcome([signed(header), *LINES[1:]])


@pytest.mark.slow
@SLOW
@given(st.data())
def test_random_changes_to_a_table_in_the_header(data: st.DataObject) -> None:
    header = json.loads(LINES[0])
    tables = header["scenario"]["tables"]
    name = data.draw(st.sampled_from(sorted(tables)))
    text = tables[name]
    at = data.draw(st.integers(0, len(text)))
    tables[name] = text[:at] + data.draw(st.text(max_size=12)) + text[at + data.draw(
        st.integers(0, 30)):]
    outcome([signed(header), *LINES[1:]])


# -- a log followed by an endless run of blank lines ------------------------------------------
def test_a_run_of_blank_lines_after_a_log_stops_the_read() -> None:
    read = 0

    def lines() -> Any:
        nonlocal read
        for line in TEXT.splitlines(keepends=True):
            read += 1
            yield line
        for _ in range(100 * MAX_BLANK):   # as 150 MB of blank lines would, only sooner
            read += 1
            yield "\n"

    kind, message = outcome(lines())
    assert kind == "refused" and f"more than {MAX_BLANK} blank lines in a row" in message
    assert read == len(LINES) + MAX_BLANK + 1


@pytest.mark.slow
def test_a_few_blank_lines_in_a_log_are_still_read() -> None:
    text = "\n" * 3 + TEXT.replace("\n", "\n\n\n", 5) + "\n" * MAX_BLANK
    assert outcome(io.StringIO(text)) == ("read", (ACTIONS, (), FINAL))


def test_the_recorded_game_holds_the_expert_actions_and_percentile_rolls() -> None:
    kinds = {a.type_name for a in ACTIONS}
    assert {"skill_bonus", "roll"} <= kinds
    assert any(getattr(a, "value", 0) > 10 for a in ACTIONS)  # a percentile roll


# -- a command-level log: the Science Officer's actions and percentile rolls --------------------

def _command_record() -> tuple[str, list[Action]]:
    """The Romulan Gambit at the command level with a crewed Federation cruiser: its lines hold
    the Science Officer's choices, damage control, sensor questions and their percentile rolls,
    and the Instructor's communications task (Book Two, Command & Control; science.py)."""
    import engine
    from engine.log import action_line, header_line
    from engine.rulesets.fasa.autopilots import autopilot
    from engine.rulesets.fasa.command.ruling import EndGame
    from engine.rulesets.fasa.values.actions import CommsTask
    from engine.rulesets.fasa.values.officers import needs
    scenario = prepare(load_scenario("romulan-gambit", None), None, "command", None, 3)
    scenario["ships"] = [{**e, "officers": {s: {k: 80 for k in keys}
                                            for s, keys in needs("4").items()}}
                         if e["id"] == "constitution" else e for e in scenario["ships"]]
    dice = VirtualDice(4)
    state: Any = engine.new_game(scenario)
    lines, actions, named = [header_line(scenario)], [], False
    while prompts := engine.pending(state):
        p = prompts[0]
        action: Action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        if state.step == "power" and not p.roll and not named:  # the Instructor names a task
            action, named = CommsTask("instructor", "constitution", "hail the Romulans"), True
        elif (state.step == "power" and not p.roll
              and {"science_roll", "ask"} <= {a.type_name for a in actions}):
            # The Instructor ends the game by his ruling (line 1453; ruling.py).
            action = EndGame("instructor", "Federation", "marginal victory", "the goal is met")
        state = engine.apply(state, action)[0]
        actions.append(action)
        lines.append(action_line(len(actions), action))
    assert {"science_roll", "comms_task", "ask"} <= {a.type_name for a in actions}
    assert actions[-1].type_name == "end_game" and state.step == "over"
    return "\n".join(lines) + "\n", actions


COMMAND_TEXT, COMMAND_ACTIONS = _command_record()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_flipping_any_byte_of_a_command_log_is_found_or_harmless(seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(COMMAND_TEXT.encode())
    recorded = outcome(io.StringIO(COMMAND_TEXT))
    assert recorded[0] == "read" and recorded[1][0] == COMMAND_ACTIONS
    for _ in range(40):
        i = rng.randrange(len(data))
        mutated = bytearray(data)
        mutated[i] ^= 1 << rng.randrange(8)
        try:
            text = mutated.decode("utf-8")
        except UnicodeDecodeError:
            continue
        kind, result = outcome(io.StringIO(text))
        if kind == "read":
            actions, _, state = result
            assert actions == COMMAND_ACTIONS[:len(actions)]
            if len(actions) == len(COMMAND_ACTIONS):
                assert state == recorded[1][2]
