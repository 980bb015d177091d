"""Reading and checking lights files: the examples are good, and every mistake of a hostile one
is named with its line and key (loops, huge files, unknown keys, conditions that never hold),
never a traceback or a hang."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from lights.load import MAX_FILE, LightsError, check_file, load_rules, parse_rules

EXAMPLES = sorted(p.name for p in (resources.files("lights") / "examples").iterdir()
                  if p.name.endswith(".toml"))
ROOM = '''[outputs.room]
kind = "wled"
url = "http://10.0.0.5"
'''


def problems(text: str) -> list[str]:
    try:
        parse_rules(text, "t.toml")
    except LightsError as exc:
        return exc.problems
    return []


def test_every_example_and_the_panels_default_are_good() -> None:
    assert EXAMPLES, "no examples shipped"
    for name in EXAMPLES:
        path = Path(str(resources.files("lights") / "examples" / name))
        assert check_file(path) == [], name
        assert load_rules(path).rules, name
    assert load_rules(None).rules   # the panels' own LEDs (lights/data/panel_lights.toml)


@pytest.mark.parametrize(("text", "line", "key", "says"), [
    (ROOM + '[[state]]\noutput = "room"\nwhen = "1 > 2"\n', 6, "state.0.when",
     "can never hold"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "ship.x"\nflavour = "mint"\n', 7,
     "state.0.flavour", "a state rule has no key 'flavour'"),
    (ROOM + 'segmant = 1\n', 4, "outputs.room.segmant", "a wled output has no key"),
    (ROOM + '[[event]]\noutput = "room"\non = "Phasered"\n', 6, "event.0.on",
     "no game system has an event 'Phasered'"),
    (ROOM + '[[state]]\nname = "a"\noutput = "room"\nwhen = "held(\'a\')"\n', 7,
     "state.0.when", "in a loop: a -> a"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "held(\'nobody\')"\n', 6, "state.0.when",
     "no state rule is named so"),
    (ROOM + '[[state]]\noutput = "lamp"\nwhen = "asked.decide"\n', 5, "state.0.output",
     "no output 'lamp' is declared"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "event.hit"\n', 6, "state.0.when",
     "event.* is known only to an event rule"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "panel.alert"\n', 6, "state.0.when",
     "known only to a panel's own lights"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "asked.decide"\neffect = "flash"\n', 7,
     "state.0.effect", "it is an event's effect"),
    (ROOM + '[[state]]\noutput = "room"\nwhen = "asked.decide"\ncolour = "mauve"\n', 7,
     "state.0.colour", "a colour is a name"),
    (ROOM + '[[event]]\noutput = "room"\nrises = "asked.decide"\ntime = 0\n', 7, "event.0.time",
     "a time in seconds"),
    ('[outputs.d]\nkind = "dmx"\nchannels = [1, 2]\n', 3, "outputs.d.channels",
     "one DMX channel"),
    ('[outputs.s]\nkind = "sound"\nsound = "klaxon"\nseat = "enterprise/captain"\n'
     '[outputs.room]\nkind = "wled"\nurl = "x.local"\n[[event]]\noutput = ["s", "room"]\n'
     'on = "Damaged"\n', 9, "event.0.output", "lights or plays sounds, not both"),
    ('[outputs.a]\nkind = "wled"\nurl = "a.local"\nseat = "enterprise/helm"\n'
     '[outputs.b]\nkind = "wled"\nurl = "b.local"\n[[state]]\noutput = ["a", "b"]\n'
     'when = "asked.decide"\n', 9, "state.0.output", "in front of the same seat"),
    ('[outputs.a]\nkind = "wled"\nurl = "a.local"\nseat = "instructor"\n', 4,
     "outputs.a.seat", "seat is \"public\""),
    ('[game]\nx = 1\n', 1, "game", "nothing else"),
])
def test_a_mistake_is_named_with_its_line_and_key(text: str, line: int, key: str,
                                                   says: str) -> None:
    found = problems(text)
    assert any(p.startswith(f"t.toml:{line}: {key}: ") and says in p for p in found), found


def test_every_mistake_is_told_at_once_each_on_its_own_line() -> None:
    text = ROOM + ''.join(f'[[state]]\noutput = "room"\nwhen = "nope{i}.x"\n' for i in range(5))
    found = problems(text)
    assert [int(re.match(r"t\.toml:(\d+):", p).group(1)) for p in found] == \
        [6, 9, 12, 15, 18]   # type: ignore[union-attr]


def test_a_loop_through_several_states_is_found() -> None:
    text = ROOM + ''.join(f'[[state]]\nname = "s{i}"\noutput = "room"\n'
                          f'when = "held(\'s{(i + 1) % 3}\')"\n' for i in range(3))
    found = problems(text)
    assert any("in a loop: s0 -> s1 -> s2 -> s0" in p for p in found), found


def test_each_copies_a_rule_and_its_mistake_is_told_once() -> None:
    good = ROOM + ('[[state]]\noutput = "room"\nwhen = "ship.shields[{each}] <= 0"\n'
                   'each = [0, 1, 2]\n')
    assert len(parse_rules(good, "t").rules) == 3
    bad = ROOM + '[[state]]\noutput = "room"\nwhen = "shp{each}.x"\neach = [0, 1, 2]\n'
    assert len(problems(bad)) == 1


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text("# " + "x" * MAX_FILE)
    assert "too large" in check_file(path)[0]


def test_too_many_rules_are_refused_in_time(within: Callable[..., object]) -> None:
    text = ROOM + '[[state]]\noutput = "room"\nwhen = "asked.decide"\neach = [' + \
        ", ".join(map(str, range(32))) + ']\n'
    out = within(20, problems, text * 1)
    assert out.value == []    # type: ignore[attr-defined]
    many = ROOM + ('[[state]]\noutput = "room"\nwhen = "asked.decide"\neach = [' +
                   ", ".join(map(str, range(32))) + ']\n').replace(ROOM, "") * 40
    out = within(30, problems, ROOM + many.replace(ROOM, ""))
    assert any("more than 1000 rules" in p for p in out.value)   # type: ignore[attr-defined]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00binary", b"[[state]\nnot toml", b""])
def test_a_file_that_is_not_a_lights_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(content)
    found = check_file(path)
    if content:
        assert found and found[0].startswith(str(path)), found
    else:
        assert found == []   # an empty file: no outputs, no rules: nothing lit


def test_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path: Path, make_fifo: Callable[
        [Path], Path], within: Callable[..., object]) -> None:
    fifo = make_fifo(tmp_path / "fifo.toml")
    out = within(10, check_file, fifo)
    assert out.value and str(fifo) in out.value[0]  # type: ignore[attr-defined]
    assert check_file(tmp_path)[0].startswith(str(tmp_path))
    assert "No such file" in check_file(tmp_path / "none.toml")[0]
