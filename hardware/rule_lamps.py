"""A panel's lights from its lights file (the packaged lights/data/panel_lights.toml, or the
table's own: [panels] lights): the rules read the panel's seat alone and what is being entered
at the panel (lights.context.panel_context), and each light takes the winning rule's look.

    plan = panel_plan(rules, seat, state, entering, has_amber=False, lights=("green", "red"))

A light is steady at a level, blinks (at the pin map's blink_ms: hardware.lamps) or is off; the
rules say which, not code.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from engine import Decision, GameState, Seat
from hardware import engine_api as api
from hardware.lamps import BLINK, OFF, ON, Lamp
from lights.context import asked_entries, make_context, panel_part
from lights.evaluate import Look, steady_looks
from lights.load import load_rules
from lights.rules import BLINK as BLINKS
from lights.rules import PANEL, STEADY, RuleSet


@cache
def default_rules() -> RuleSet:
    """The packaged panels' lights file, read once."""
    return load_rules(None)


@dataclass(frozen=True)
class Entering:
    """What the panel holds besides the game: the decision being edited (or just sent) and its
    values, the alert, the "not now" flash, and whether a decision was just sent."""

    decision: Decision | None = None
    values: Mapping[str, object] = field(default_factory=dict)
    alert: bool = False
    flash: bool = False
    sent: bool = False


def lamp_of(look: Look) -> Lamp:
    if look.rule < 0 or look.effect not in (STEADY, BLINKS) or look.level <= 0:
        return OFF
    if look.effect == BLINKS:
        return BLINK if look.level >= 1 else Lamp(look.level, True)
    return ON if look.level >= 1 else Lamp(look.level)


def outputs_for(rules: RuleSet, station: str, lights: Collection[str] | None) -> list[str]:
    return [o.name for o in rules.outputs.values() if o.kind == PANEL
            and (not o.stations or station in o.stations) and (lights is None or o.role in lights)]


def panel_plan(rules: RuleSet, seat: Seat, state: GameState, entering: Entering,
               has_amber: bool, lights: Collection[str] | None = None,
               decisions: Sequence[Decision] | None = None) -> dict[str, Lamp]:
    """Each of the panel's lights (`lights`: the roles it has; None: every role of the file);
    `decisions`: the seat's (`controls`), when the caller has them already."""
    names = outputs_for(rules, str(seat.station), lights)
    if not names:
        return {}
    d = entering.decision
    maximum = max((f.maximum for f in d.fields), default=1) if d is not None else 1
    budget = sum(b.maximum for b in d.budgets[:1]) if d is not None else 1
    prompts = api.prompts(state, seat)
    if decisions is None and any(p.roll is None for p in prompts):
        decisions = api.decisions(state, seat)
    ctx = make_context(api.view_of(state, seat), api.own_ship_of(state, seat),
                       asked_entries(prompts, decisions or ()), seat,
                       bool(getattr(state, "over", False)))
    ctx["panel"] = panel_part(d.action if d is not None else None, entering.values, maximum,
                              budget, entering.alert, entering.flash, entering.sent, has_amber)
    looks = steady_looks(rules, names, ctx)
    return {rules.outputs[n].role: lamp_of(look) for n, look in looks.items()}
