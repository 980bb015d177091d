"""Each roll in words (the kernel's `Explaining`): the Rolls list's few words and outcome, the
"Why?" lines (the rule, the Target and every modifier on it, the face and what it did), and what
the roll now asked for needs. Everything comes from the roll's own request (its purpose and
modifiers: the engine's numbers) and the events as told to the seat, so an explanation holds
nothing the seat was not told."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from engine.rulesets.strpg.events import Rolled
from engine.rulesets.strpg.flow import current_roll
from engine.rulesets.strpg.state import RPGState

RULES = {
    "to_hit": "The To-Hit roll: D100 equal to or under the modified To-Hit Number hits; 01 "
              "always hits, 00 always misses (seed 004 line 214); within 10 under it a graze "
              "(line 226).",
    "initiative": "Action order: D10 + AP, highest first (line 208).",
    "tiebreak": "A tie in the action order: a roll-off (line 208: \"or randomly\").",
    "damage": "Damage dice (line 226).",
}


def _kind(purpose: str) -> str:
    if "to-hit" in purpose:
        return "to_hit"
    if "action order" in purpose:
        return "initiative"
    if "roll-off" in purpose:
        return "tiebreak"
    if ": damage to " in purpose:
        return "damage"
    return ""


def _what(purpose: str) -> str:
    """A roll's purpose in a few words: after the roller's name, up to the first colon."""
    rest = purpose.split(": ", 1)[1] if ": " in purpose else purpose
    return rest.split(": ", 1)[0].split(", ", 1)[0][:60]


def roll_label(before: RPGState, events: Sequence[Event]) -> tuple[str, str] | None:
    rolled = next((e for e in events if isinstance(e, Rolled)), None)
    if rolled is None:
        return None
    return _what(rolled.request.purpose), rolled.outcome


def explain(before: RPGState, events: Sequence[Event], side: str | None) -> tuple[str, ...]:
    rolled = next((e for e in events if isinstance(e, Rolled)), None)
    if rolled is None:
        return ()
    req = rolled.request
    lines = [req.purpose]
    rule = RULES.get(_kind(req.purpose))
    if rule:
        lines.append(rule)
    lines += _modifiers(req.modifiers)
    if req.needs:
        lines.append(f"Needs {req.needs[0]:02d}-{req.needs[1]:02d}; rolled "
                     f"{'00' if rolled.value == 100 else f'{rolled.value:02d}'}"
                     + (f": {rolled.outcome}" if rolled.outcome else ""))
    else:
        lines.append(f"Rolled {rolled.value}" + (f": {rolled.outcome}" if rolled.outcome else ""))
    lines += [e.text for e in events if e is not rolled and not e.quiet and e.text]
    return tuple(lines)


def explain_pending(state: RPGState, side: str | None) -> tuple[str, ...]:
    req = current_roll(state)
    if req is None:
        return ()
    lines = [req.purpose]
    rule = RULES.get(_kind(req.purpose))
    if rule:
        lines.append(rule)
    lines += _modifiers(req.modifiers)
    return tuple(lines)


def _modifiers(modifiers: tuple[tuple[str, int], ...]) -> list[str]:
    """The Target and each modifier on it: the base (the first, a 0 modifier) as it is, each
    other with its sign."""
    return [f"  {why}" if n == 0 and not v else f"  {v:+d} {why}"
            for n, (why, v) in enumerate(modifiers)]
