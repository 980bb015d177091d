"""The game log: JSON lines, one header then one action per line (docs/log-format.md).

    {"check": "…", "ruleset": "fasa", "scenario": {...}, "starbridge_log": 2}
    {"check": "4cf0f2b2", "movement": 8, "seq": 1, "shields": 3, "ship": "enterprise", ...}

Every line carries a checksum of itself, so a line edited or damaged is found and named; `seq`
numbers the actions, so a lost, repeated or swapped line is found and named. A last line cut
short (power lost while saving) is dropped with a warning and the game resumes from the lines
before it. Everything else wrong is a `LogError` naming the line: the reader raises nothing else,
whatever the bytes (its line length, nesting depth and number sizes are capped before JSON
decoding). Replaying the actions from the scenario rebuilds the game exactly (DESIGN: Log and
replay).
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any

from engine import rulesets
from engine.actions import Action, action_from_json
from engine.errors import DataError, IllegalAction, LogError
from engine.game import GameState, apply, new_game

LOG_VERSION = 2
CHECK = "check"
RULES = "rules"         # the header's rules revision, for a ruleset that declares one
MAX_LINE = 1 << 20      # characters in one line; a header of a large scenario is about 14 000
MAX_DEPTH = 16          # nesting of objects and lists; a header uses 8
MAX_DIGITS = 15         # digits of one number; no number in a game comes near this
MAX_BLANK = 1000        # blank lines in a row; a log has none, an edited one a few

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def checksum(data: Mapping[str, Any]) -> str:
    """CRC-32 (8 hex digits) of the line's canonical JSON without its own checksum field."""
    body = {k: v for k, v in data.items() if k != CHECK}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f"{zlib.crc32(text.encode('ascii')):08x}"


def _line(data: dict[str, Any]) -> str:
    return json.dumps({**data, CHECK: checksum(data)}, sort_keys=True)


def header_line(scenario: Mapping[str, Any]) -> str:
    """The first line of a log: the self-contained scenario the game started from."""
    ruleset = scenario.get("ruleset", rulesets.DEFAULT)
    head: dict[str, Any] = {"starbridge_log": LOG_VERSION, "ruleset": ruleset,
                            "scenario": {**scenario, "ruleset": ruleset}}
    try:
        revision = getattr(rulesets.get(ruleset), "rules_revision", None)
    except KeyError:   # an unknown ruleset: the reader names it
        revision = None
    if revision is not None:
        head[RULES] = revision
    return _line(head)


def action_line(seq: int, action: Action) -> str:
    """Line `seq` + 1 of a log: action number `seq` (counted from 1) with its checksum."""
    return _line({"seq": seq, **action.to_json()})


class ParsedLog(tuple[dict[str, Any], list[Action]]):
    """What `parse` read: unpacks as `scenario, actions`; `warnings` says what was dropped."""

    warnings: tuple[str, ...]

    def __new__(cls, scenario: dict[str, Any], actions: list[Action],
                warnings: tuple[str, ...] = ()) -> ParsedLog:
        self = super().__new__(cls, (scenario, actions))
        self.warnings = warnings
        return self

    @property
    def scenario(self) -> dict[str, Any]:
        return self[0]

    @property
    def actions(self) -> list[Action]:
        return self[1]


class _Refused(ValueError):
    """A reason to refuse a line found while decoding it."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _real(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise _Refused(f"a number is written with more than {2 * MAX_DIGITS} characters")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text} is too large")
    return value


def _constant(text: str) -> float:
    raise _Refused(f"{text} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the field {key!r} appears twice")
        out[key] = value
    return out


def _decode(text: str) -> Any:
    """The JSON value of one line, within the caps; `_Refused` or JSONDecodeError if not."""
    bare = _STRINGS.sub('""', text)
    depth = deepest = 0
    for bracket in _BRACKETS.findall(bare):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise _Refused(f"nested more than {MAX_DEPTH} deep")
    if _LONG_NUMBER.search(bare):
        raise _Refused(f"a number has more than {MAX_DIGITS} digits")
    return json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant,
                      object_pairs_hook=_object)


def _lines(source: Iterable[str] | IO[str], name: str) -> Iterator[tuple[int, str]]:
    """(line number, text with its newline if it had one), never holding more than one line
    longer than MAX_LINE: a file is read with a bounded readline (so /dev/zero ends)."""
    n = 0
    try:
        if hasattr(source, "readline"):
            while True:
                text = source.readline(MAX_LINE + 2)
                if not text:
                    return
                n += 1
                yield n, text
        else:
            for text in source:
                n += 1
                yield n, text
    except UnicodeDecodeError:
        raise LogError(f"{name}, line {n + 1}: not UTF-8 text (is this a game log?)") from None
    except OSError as exc:
        raise LogError(f"{name}, line {n + 1}: cannot be read: {exc.strerror or exc}") from None


def parse(lines: Iterable[str] | IO[str], name: str = "log") -> ParsedLog:
    """The scenario and actions of a log, or LogError naming the line and what is wrong.

    `lines` is a text file or any iterable of lines (with or without their newlines). The last
    line, when it is cut short (not a whole JSON object, and not ended by a newline where the
    newline can be seen), is dropped with a warning in the result's `warnings`.
    """
    scenario: dict[str, Any] | None = None
    actions: list[Action] = []
    warnings: list[str] = []
    cut: tuple[str, str] | None = None  # (where, why) of a damaged line that may be the last
    blank = 0   # blank lines in a row: a run longer than MAX_BLANK is no log (it ends the read)
    for n, raw in _lines(lines, name):
        if not isinstance(raw, str):
            raise LogError(f"{name}, line {n}: not text")
        where = f"{name}, line {n}"
        if len(raw) > MAX_LINE + 1 or (len(raw) > MAX_LINE and not raw.endswith("\n")):
            raise LogError(f"{where}: longer than {MAX_LINE} characters; not a game log line")
        if not raw.strip():
            blank += 1
            if blank > MAX_BLANK:
                raise LogError(f"{where}: more than {MAX_BLANK} blank lines in a row; not a game "
                               f"log (nothing after them is read)")
            continue
        blank = 0
        if cut is not None:
            raise LogError(f"{cut[0]}: {cut[1]}")
        try:
            data = _decode(raw)
        except _Refused as exc:
            raise LogError(f"{where}: {exc}") from None
        except (ValueError, RecursionError) as exc:
            why = f"not valid JSON ({getattr(exc, 'msg', exc)})"
            if raw.lstrip().startswith("{") and not raw.endswith("\n") and scenario is not None:
                cut = (where, why)  # cut short, if nothing follows
                continue
            raise LogError(f"{where}: {why}") from None
        if not isinstance(data, dict):
            raise LogError(f"{where}: expected a JSON object, got {type(data).__name__}")
        _check_sum(where, data)
        if scenario is None:
            scenario = _header(where, data)
            continue
        actions.append(_action(where, data, len(actions) + 1))
    if scenario is None:
        raise LogError(f"{name}: empty log (no header line)")
    if cut is not None:
        warnings.append(f"{cut[0]}: the last line was cut short (power lost while saving?) "
                        f"and is left out; the game resumes after action {len(actions)}")
    return ParsedLog(scenario, actions, tuple(warnings))


def parse_actions(lines: Iterable[str], first: int, name: str = "log") -> list[Action]:
    """Action lines numbered from `first` on (a log's lines after a point already read, e.g. a
    save's lines after its snapshot), each checked as `parse` checks it; LogError if one fails."""
    actions: list[Action] = []
    for n, raw in enumerate(lines, first):
        where = f"{name}, action {n}"
        if not isinstance(raw, str) or len(raw.rstrip("\n")) > MAX_LINE:
            raise LogError(f"{where}: not a game log line")
        try:
            data = _decode(raw)
        except _Refused as exc:
            raise LogError(f"{where}: {exc}") from None
        except (ValueError, RecursionError) as exc:
            raise LogError(f"{where}: not valid JSON ({getattr(exc, 'msg', exc)})") from None
        if not isinstance(data, dict):
            raise LogError(f"{where}: expected a JSON object, got {type(data).__name__}")
        _check_sum(where, data)
        actions.append(_action(where, data, n))
    return actions


def _check_sum(where: str, data: dict[str, Any]) -> None:
    mark = data.get(CHECK)
    if mark is None:
        if "starbridge_log" in data and data["starbridge_log"] != LOG_VERSION:
            return  # an older or newer format: the header check says so
        raise LogError(f"{where}: no checksum ({CHECK!r} field); the line was not written by "
                       f"starbridge or was edited")
    if mark != checksum(data):
        raise LogError(f"{where}: checksum does not match; the line was edited or damaged")


def _header(where: str, data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("starbridge_log")
    if version == 1 and type(version) is int:
        raise LogError(f"{where}: a format 1 log (from before lines carried checksums); this "
                       f"starbridge reads format {LOG_VERSION} only, so replay it with the "
                       f"starbridge that wrote it")
    if type(version) is not int or version != LOG_VERSION:
        raise LogError(f"{where}: not a starbridge log header "
                       f"(expected {{\"starbridge_log\": {LOG_VERSION}, ...}})")
    extra = sorted(data.keys() - {"starbridge_log", "ruleset", "scenario", RULES, CHECK})
    if extra:
        raise LogError(f"{where}: the header has unknown field(s) {', '.join(extra)}")
    scenario = data.get("scenario")
    if not isinstance(scenario, dict):
        raise LogError(f"{where}: the header has no scenario")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str):
        raise LogError(f"{where}: the header names no ruleset")
    if scenario.get("ruleset") != ruleset:
        raise LogError(f"{where}: the header's ruleset {ruleset!r} and its scenario's "
                       f"{scenario.get('ruleset')!r} differ")
    if "data_dir" in scenario:
        raise LogError(f"{where}: the scenario names a data folder; a log carries its own "
                       f"tables and ship classes and never reads this machine's")
    try:  # loading the ruleset registers its action types
        found = rulesets.get(ruleset)
    except KeyError as exc:
        raise LogError(f"{where}: {exc.args[0]}") from None
    # The parts of its own data a ruleset's scenario must carry (`log_carries`: FASA's and
    # Knight Hawks' ship classes and tables); none for a ruleset that reads no data files.
    for part in getattr(found, "log_carries", ()):
        if not isinstance(scenario.get(part), dict):
            raise LogError(f"{where}: the scenario does not carry its {part}; a log must hold "
                           f"everything it replays from")
    # A log played by older rules of its ruleset (docs/log-format.md, Rules revisions): refused
    # before its first action, with what changed and what to do, where its actions would make
    # another game now; replayed as it was played where they would not.
    revision = data.get(RULES, 1)
    if type(revision) is not int or revision < 1:
        raise LogError(f"{where}: the header's rules revision {revision!r} is not a whole "
                       f"number from 1")
    current = getattr(found, "rules_revision", None)
    if current is not None and revision > current:
        raise LogError(f"{where}: written by a newer starbridge (rules revision {revision}; this "
                       f"one plays {current}): replay it with that starbridge or a later one")
    older = getattr(found, "older_rules", None)
    why = older(revision, scenario) if callable(older) else ""
    if why:
        raise LogError(f"{where}: {why}")
    try:
        new_game(scenario)
    except DataError as exc:
        raise LogError(f"{where}: {exc}") from None
    return scenario


def _action(where: str, data: dict[str, Any], expected: int) -> Action:
    seq = data.get("seq")
    if seq is None:
        raise LogError(f"{where}: no action number ('seq')")
    if type(seq) is not int or seq != expected:
        raise LogError(f"{where}: action number {seq!r} out of order (expected {expected}); "
                       f"a line is missing, repeated or moved")
    body = {k: v for k, v in data.items() if k != CHECK}
    try:
        return action_from_json(body, where)
    except LogError:
        raise
    except DataError as exc:
        raise LogError(str(exc)) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise LogError(f"{where}: malformed action ({exc})") from None


def replay(scenario: Mapping[str, Any], actions: Iterable[Action],
           name: str = "log") -> GameState:
    """The state after all actions; LogError names the action that the rules refuse."""
    try:
        state = new_game(scenario)
    except DataError as exc:
        raise LogError(f"{name}: the scenario cannot start a game: {exc}") from None
    for n, action in enumerate(actions, 1):
        try:
            state = apply(state, action)[0]
        except IllegalAction as exc:
            raise LogError(f"{name}: action {n} ({action.type_name}) is refused: {exc}") from None
    return state
