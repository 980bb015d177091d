"""Hostile lights files: mutated examples, huge ones, deep ones. Each ends in the checker's
words (every problem "file:line: key: what", or the file named with why it is not one), in time
and within memory: never a traceback, a hang or a leaked exception of another kind."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lights.context import event_context
from lights.evaluate import Lit
from lights.load import LightsError, parse_rules

TEXTS = {p.name: p.read_text() for p in (resources.files("lights") / "examples").iterdir()
         if p.name.endswith(".toml")}
TEXTS["panel_lights.toml"] = (resources.files("lights") / "data" / "panel_lights.toml").read_text()
WORDS = re.compile(r"^(t\.toml:\d+: [\w.\-]+: .+|t\.toml: not TOML: .+)$")


def checked(text: str) -> list[str]:
    try:
        parse_rules(text, "t.toml")
    except LightsError as exc:
        return exc.problems
    return []


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice('"[]{}=.,()\'#\\x0 -9') + lines[i][j + 1:]
        elif kind == 3:
            lines[i] = re.sub(r'"[^"]*"', lambda m: rng.choice(
                ['"held(\'x\')"', '"1 > 2"', '"ship.shields[9999999999]"', '""', '"nope.x"',
                 '"' + "(" * 30 + '"', '[]', '5', 'true']), lines[i], count=1)
        elif kind == 4:
            lines[i] = re.sub(r"= .*", rng.choice(["= -1", "= 1e9", "= [[]]", '= "x" ',
                                                  "= {a = 1}", "= 0.0"]), lines[i], count=1)
        else:
            lines.insert(i, rng.choice(["[[state]]", "[[event]]", "[outputs.x]", "kind = 'sound'",
                                        "each = [1, 2]", "name = 'a'", "when = \"held('a')\""]))
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TEXTS)), st.integers(0, 2**32))
def test_a_mutated_file_is_refused_in_the_checkers_words_or_read(name: str, seed: int) -> None:
    text = mutate(TEXTS[name], random.Random(seed))
    for problem in checked(text):
        assert WORDS.match(problem), problem


@pytest.mark.parametrize("text", [
    "[[state]]\n" * 5000,
    "[outputs.a]\nkind = 'wled'\nurl = 'a.local'\n" + "".join(
        f"[outputs.o{i}]\nkind = 'wled'\nurl = 'a.local'\n" for i in range(300)),
    "a = " + "[" * 5000 + "]" * 5000 + "\n",
    "[outputs.a]\nkind = 'wled'\nurl = 'a.local'\n[[state]]\noutput = 'a'\nwhen = \"" +
    " and ".join(["asked.decide"] * 100) + "\"\n",
    "[outputs.a]\nkind = 'wled'\nurl = 'a.local'\n" + "".join(
        f"[[state]]\nname = 's{i}'\noutput = 'a'\nwhen = \"held('s{i + 1}')\"\n"
        for i in range(800)) + "[[state]]\nname = 's800'\noutput = 'a'\nwhen = \"held('s0')\"\n",
])
def test_a_huge_or_deep_or_looping_file_ends_in_time(text: str,
                                                      within: Callable[..., object]) -> None:
    out = within(60, checked, text)
    assert out.error is None, out.message   # type: ignore[attr-defined]
    assert out.value, "a wrong file was taken"   # type: ignore[attr-defined]


def test_rules_over_anything_never_raise_when_read() -> None:
    """Every rule of every example read against contexts of the wrong shapes."""
    rng = random.Random(29)
    junk: list[object] = [None, 0, -1, 1e308, float("nan"), "", "x", [], {}, [1, "a", None],
                          {"shields": "x"}, {"shields": [None, {}]}, True]
    for name, text in TEXTS.items():
        rules = parse_rules(text, name)
        lit = Lit(rules, list(rules.outputs))
        for n in range(60):
            ctx = {k: rng.choice(junk) for k in ("view", "ship", "asked", "seat", "over",
                                                  "panel")}
            told = [{"type": rng.choice(["ShotResolved", "Damaged", "Rolled"]),
                     "weapon_name": rng.choice(junk), "on_me": rng.choice(junk),
                     "status": rng.choice(junk)}]
            lit.update(ctx, told, float(n))
            for look in lit.looks(float(n)).values():
                _colour, level = look.at(float(n) + 0.1)
                assert 0.0 <= level <= 1.0


def test_an_event_of_any_shape_becomes_a_context() -> None:
    from engine.events import Event

    ctx = event_context(Event(), None)
    assert ctx["type"] == "Event" and ctx["on_me"] is False
