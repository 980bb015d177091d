"""The variant's notice names every section the seed's contents list without text (seed 001
lines 3-20) and the ones it plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rulesets.fasa.variants.battlestations.notice import MISSING, NOTICE

SEED = Path(__file__).parents[5] / ".." / "shared" / "seeds" / "001_74138f2fe25a5e82.txt"


def test_the_notice_names_each_section_without_text() -> None:
    for name, _ in MISSING:
        assert name in NOTICE
    assert "gravity wells" in NOTICE and "not played" in NOTICE
    assert len(NOTICE) < 600  # a paragraph on an 800x480 screen


def test_each_missing_section_is_named_on_its_line_of_the_contents_and_has_no_text() -> None:
    if not SEED.exists():
        pytest.skip("the rulebooks are beside the checkout, not in it")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    headings = {"tractor beams": "Tractor Beams", "phasers": "Phasers", "mines": "Mines",
                "power": "Power", "torpedoes": "Torpedoes"}
    for name, line in MISSING:
        if name in headings:
            assert headings[name] in lines[line - 1]
            # No heading of that name in the text after the contents ("2) GRAVITY WELLS" is
            # how the seed heads a section).
            heading = re.compile(rf"^(\d\) )?{headings[name]}\s*$", re.IGNORECASE)
            assert not any(heading.match(t.strip()) for t in lines[74:])
