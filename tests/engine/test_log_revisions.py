"""Logs played by older rules (docs/log-format.md, Rules revisions): the three logs here were
written by starbridge 0.7.0's engine (`starbridge simulate ... --log`), before the Book Two and
Knight Hawks corrections. One whose actions would make another game now is refused before its
first action, with what changed and what to do; one they do not touch replays as it was played."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest

from engine.errors import LogError
from engine.game import apply_all, new_game, state_to_json
from engine.log import RULES, _line, header_line, parse
from engine.rulesets.fasa import revisions

HERE = Path(__file__).parent
BASIC = HERE / "fasa" / "logs" / "basic-0.7.0.jsonl"
EXPERT = HERE / "fasa" / "logs" / "expert-0.7.0.jsonl"
KNIGHT_HAWKS = HERE / "logs" / "knighthawks-0.7.0.jsonl"
BASIC_END = "689c6ccd4cff0667f3de5897523c9d915ad1c45b550546823684d71b4cd7673d"
"""The SHA-256 of the basic game's last state as 0.7.0's engine replayed it (state_to_json)."""


ADDED_SINCE = {"bodies": [], "variant": ""}
"""The state's fields added since 0.7.0 (Battlestations!' bodies on the map and the variant), at
what a game without them holds: left out of the digest, so that it is of the state 0.7.0 wrote."""


def digest(path: Path) -> str:
    with path.open(encoding="utf-8") as f:
        scenario, actions = parse(f, path.name)
    state = state_to_json(apply_all(new_game(scenario), actions))
    for key, unset in ADDED_SINCE.items():
        assert state.pop(key) == unset, key
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def test_a_basic_game_of_the_older_rules_replays_as_it_was_played() -> None:
    assert RULES not in json.loads(BASIC.read_text().splitlines()[0])
    assert digest(BASIC) == BASIC_END


@pytest.mark.parametrize(("path", "words"), [
    (EXPERT, "FASA rules revision 1"), (KNIGHT_HAWKS, "Knight Hawks rules revision 1")])
def test_a_game_whose_rules_changed_is_refused_with_what_changed_and_what_to_do(
        path: Path, words: str) -> None:
    with pytest.raises(LogError) as info, path.open(encoding="utf-8") as f:
        parse(f, path.name)
    message = str(info.value)
    assert f"{path.name}, line 1: " in message and words in message
    assert "Replay it with the starbridge that wrote it (0.7.x)" in message


def test_a_new_log_carries_the_rules_revision_and_a_newer_or_bad_one_is_refused() -> None:
    with EXPERT.open(encoding="utf-8") as f:
        head = json.loads(f.readline())
    scenario = head["scenario"]
    fresh = json.loads(header_line(scenario))
    assert fresh[RULES] == revisions.RULES_REVISION
    assert parse(io.StringIO(header_line(scenario) + "\n")).scenario == scenario
    for revision, why in ((revisions.RULES_REVISION + 1, "newer starbridge"),
                          (0, "not a whole number"), ("2", "not a whole number")):
        body = {k: v for k, v in fresh.items() if k != "check"}
        with pytest.raises(LogError, match=why):
            parse(io.StringIO(_line({**body, RULES: revision}) + "\n"))
