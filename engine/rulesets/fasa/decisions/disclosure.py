"""What another side may know of each decision while it is open, declared with the decision.

Who is busy at the table is seen by all (the Science Officer bends over his scope, the Helm moves
a counter), what he may choose is not: at most another side learns that a ship acts, never what it
could do (docs/rules-decisions.md, "What each seat may know"). A decision another side is not told
of at all is its own side's business (a self-destruct order, whether a Skill Roll gave a bonus).
Whether a decision is open must itself tell nothing another side may not know: a cloaked ship's
Sensor Phase is open wherever it is (`sensing/sensors.may_lock`).

`seats/views.py` reads this table for a seat of another side; a test holds that every decision of
the game (`flow/turn.STEP_OF`) and the roll have a line here.
"""

from __future__ import annotations

from engine.rulesets.fasa import rules
from engine.rulesets.fasa.rule import Disclosure, Told


def _acts(words: str) -> Disclosure:
    return Disclosure(Told.ACTS, words)


def _own(words: str) -> Disclosure:
    return Disclosure(Told.NOTHING, words)


DISCLOSURE: dict[str, Disclosure] = rules.every_rule({
    "roll": _acts("rolling"),   # any roll asked: no rule's (each decision's is its rule's)
}, lambda r: r.disclosure)
"""Every decision's disclosure to another side, by the decision's kind (`Prompt.action`)."""
