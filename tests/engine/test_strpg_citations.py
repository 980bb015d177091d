"""The away team's citations hold to the seed: every passage the ruleset quotes with a line
number ("..." (line 216)) is on that line of seed 004 (its words, case and punctuation aside;
"..." leaves words out, ";" joins a table's rows), and every module of rules cites a line."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED = Path(os.environ.get(
    "STARBRIDGE_SEED_STRPG",
    Path(__file__).resolve().parents[3] / "shared" / "seeds" / "004_62fe6546ab0de811.txt"))
RULESET = ROOT / "engine" / "rulesets" / "strpg"
QUOTE = re.compile(r'"(?P<q>[^"]{12,}?)"[^"\n]{0,40}?\(?(?:seed 004 )?lines? '
                   r'(?P<lines>\d+(?:\s*(?:-|,|and|;\s*line)\s*\d+)*)')
NOT_RULES = {
    "autopilot.py": "how the autopilot plays, not a rule",
    "datafiles.py": "reads the data files (each row cites its line)",
    "events.py": "the events' shapes",
    "setup.py": "scenarios and templates into a state",
    "tables.py": "the tables' rows as types (each row cites its line)",
}


def words(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def cited(spec: str) -> list[int]:
    numbers = [int(n) for n in re.findall(r"\d+", spec)]
    if "-" in spec and len(numbers) == 2:
        return list(range(numbers[0], numbers[1] + 1))
    return numbers


def quotations() -> list[tuple[str, str, list[int]]]:
    found = []
    for path in sorted(RULESET.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in QUOTE.finditer(text):
            q = m["q"]
            if q[0] in ",)]}" or "return " in q:
                continue   # code between two strings, not a quotation
            found.append((f"{path.name}:{text[:m.start()].count(chr(10)) + 1}", q,
                          cited(m["lines"])))
    return found


@pytest.mark.skipif(not SEED.is_file(), reason="the seed's text is not beside the checkout "
                                                  "(set STARBRIDGE_SEED_STRPG)")
def test_every_quotation_is_on_the_line_it_cites() -> None:
    seed = SEED.read_text(encoding="utf-8").splitlines()
    checked, wrong = 0, []
    for where, quote, lines in quotations():
        text = words(" ".join(seed[n - 1] for n in lines if 0 < n <= len(seed)))
        for piece in re.split(r"\.\.\.|…|;", quote):
            piece = words(piece.replace("#", ""))
            if piece and piece not in text:
                on = [n + 1 for n, line in enumerate(seed) if piece in words(line)]
                wrong.append(f"{where}: {piece[:60]!r} is not on line {lines} (found on {on})")
        checked += 1
    assert checked >= 30, f"only {checked} quotations found: the pattern has gone stale"
    assert not wrong, "\n".join(wrong)


def test_every_module_of_rules_cites_the_seed() -> None:
    silent = [p.name for p in sorted(RULESET.glob("*.py"))
              if p.name not in NOT_RULES and not re.search(r"\blines? \d{3}\b",
                                                           p.read_text(encoding="utf-8"))]
    assert not silent, f"modules of rules that cite no line of seed 004: {silent}"
