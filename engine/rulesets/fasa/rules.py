"""The rules declared with their modules (`rule.Rule`), and the turn's tables assembled from them.

A rule that declares itself is registered here, one line in `RULES`; the turn's tables (the
steps' automatic work, the rolls' owners, the prompts of a step: `flow/turn.py`, `flow/rolls.py`,
`flow/prompts.py`) are assembled per level from the rules that level switches on, and the tables
keyed by a decision's kind (what it does, its legal actions, its fields, the autopilot's choice,
what another side is told: `flow/decide.py`, `decisions/legal.py`, `decisions/controls.py`,
`autopilots/autopilot.py`, `decisions/disclosure.py`) from every rule, as a decision of a rule
not in play is never open. A variant that re-sequences the turn supplies its own rules and
tables the same way (docs/engine.md, "Adding a rule").

What a rule adds to a seat's view and to the explanations, and the hooks it changes, are the
game's own: `in_play` gives the rules a game plays (its level's, and the house rules its options
name), and each rule's hooks are registered with what switches them on (`hooks.register_option`);
a house rule's name is registered for the scenario's `[options] house_rules`
(`values/options.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.command import (
    admiral_rule,
    aftermath_rule,
    comms_rule,
    officer_roll_rule,
    orders_rule,
    science_rule,
)
from engine.rulesets.fasa.engineering import power_rule
from engine.rulesets.fasa.firing import (
    damaged_weapon_rule,
    evasion_rule,
    fire_rule,
    self_destruct_rule,
)
from engine.rulesets.fasa.house import alternating_advantage
from engine.rulesets.fasa.moving import (
    advantage_rule,
    movement_rule,
    placement_rule,
    warp_rule,
)
from engine.rulesets.fasa.phases import (
    fire_resolution_rule,
    scan_step_rule,
    sensor_phase_rule,
    skill_phase_rule,
)
from engine.rulesets.fasa.rule import Prompts, Rule, gather
from engine.rulesets.fasa.sensing import (
    arc_scan_rule,
    sensor_ask_rule,
    sensors_out_rule,
    sensors_rule,
)
from engine.rulesets.fasa.skills import (
    bonus_place_rule,
    engineer_roll_rule,
    ratings_rule,
    skill_roll_rule,
)
from engine.rulesets.fasa.values.options import Options, register_house_rule
from engine.rulesets.fasa.values.state import LEVELS, FasaState, Step

RULES: tuple[Rule, ...] = (
    evasion_rule.RULE,
    admiral_rule.RULE,
    warp_rule.RULE,
    power_rule.RULE,
    comms_rule.RULE,
    movement_rule.RULE,
    placement_rule.RULE,
    advantage_rule.RULE,
    sensors_rule.RULE,
    arc_scan_rule.RULE,
    sensor_ask_rule.RULE,
    fire_rule.RULE,
    damaged_weapon_rule.RULE,
    orders_rule.RULE,  # the Power Allocation Phase's prompts end with the Captain's orders,
    self_destruct_rule.RULE,  # then the self-destruct order
    ratings_rule.RULE,
    skill_roll_rule.RULE,  # the Skill Roll Phase's prompts in this order: the bonus,
    engineer_roll_rule.RULE,  # the Chief Engineer's roll,
    bonus_place_rule.RULE,  # the bonus point placed,
    science_rule.RULE,  # the Science Officer's roll
    officer_roll_rule.RULE,  # an officer's roll at any step, after the Science Officer's
    aftermath_rule.RULE,
    sensors_out_rule.RULE,  # its roll between shots after the explosion's (self_destruct_rule)
    alternating_advantage.RULE,
    # The turn's flow: steps whose work crosses topics (phases/).
    skill_phase_rule.RULE,
    sensor_phase_rule.RULE,
    scan_step_rule.RULE,
    fire_resolution_rule.RULE,
)
"""Every rule declared with its module, in the order their entries are added."""


def plays(rule: Rule, level: str, options: Options) -> bool:
    """Whether a game of `level` with `options` plays `rule`."""
    return level in rule.levels and (not rule.house_rule or rule.house_rule in options.house_rules)


def _rolls_not_of_a_step(rule: Rule) -> bool:
    return bool(rule.rolls_anywhere or rule.rolls_between or rule.rolls_otherwise)


def _switched_on(rule: Rule) -> hooks.OptionHooks:
    def on(level: str, options: Options) -> bool:
        return plays(rule, level, options)
    assert rule.hooks is not None
    return hooks.OptionHooks(rule.name, rule.hooks, on)


def _register(rule: Rule) -> None:
    if rule.house_rule:
        if rule.steps or rule.rolls or rule.prompts or rule.step_of or _rolls_not_of_a_step(rule):
            raise ValueError(f"{rule.name}: a house rule changes the game through its hooks, "
                             "view and explanations; steps, rolls and prompts would be in every "
                             "game of its levels")
        register_house_rule(rule.house_rule, rule.name)
    if rule.hooks is not None:
        hooks.register_option(_switched_on(rule))


for _rule in RULES:
    _register(_rule)

_IN_PLAY: dict[tuple[str, Options], tuple[Rule, ...]] = {}


def in_play(state: FasaState) -> tuple[Rule, ...]:
    """The declared rules the game plays: its level's and the house rules its options name."""
    key = (state.level, state.setup.options)
    found = _IN_PLAY.get(key)
    if found is None:
        found = _IN_PLAY[key] = tuple(r for r in RULES if plays(r, *key))
    return found

K = TypeVar("K")
V = TypeVar("V")


def every_rule(base: Mapping[K, V],
               table: Callable[[Rule], Mapping[K, V]]) -> dict[K, V]:
    """`base` with the `table` of every declared rule added."""
    return gather(base, ((r.name, table(r)) for r in RULES))


def per_level(base: Mapping[K, V],
              table: Callable[[Rule], Mapping[K, V]]) -> dict[str, dict[K, V]]:
    """For each level, `base` with the `table` of each rule that level switches on (a house
    rule declares none of these tables)."""
    return {level: gather(base, ((r.name, table(r)) for r in RULES if level in r.levels))
            for level in LEVELS}


def in_order_per_level(table: Callable[[Rule], tuple[V, ...]]) -> dict[str, tuple[V, ...]]:
    """For each level, the entries of `table` of each rule that level switches on, in the order
    of `RULES` (the rolls that are no one step's, tried in that order: a basic game's hold no
    higher level's)."""
    return {level: tuple(v for r in RULES if level in r.levels for v in table(r))
            for level in LEVELS}


def one_per_level(what: str, table: Callable[[Rule], V | None]) -> dict[str, V]:
    """For each level, the one entry of `table` among the rules that level switches on (the
    owner of every roll no other rule claims); a level with none or two is a mistake in the
    declarations, refused with the rules' names (ValueError)."""
    out: dict[str, V] = {}
    for level in LEVELS:
        found = [(r.name, v) for r in RULES if level in r.levels
                 for v in (table(r),) if v is not None]
        if len(found) != 1:
            raise ValueError(f"the {level} level: one rule must declare {what}, not "
                             f"{len(found)} ({', '.join(n for n, _ in found) or 'none'})")
        out[level] = found[0][1]
    return out


def _joined(parts: tuple[Prompts, ...]) -> Prompts:
    if len(parts) == 1:
        return parts[0]

    def prompts(state: FasaState) -> tuple[Prompt, ...]:
        return tuple(p for part in parts for p in part(state))
    return prompts


def joined_prompts(base: Mapping[Step, Prompts], level: str | None = None) -> dict[Step, Prompts]:
    """The decisions open in each step: `base`'s, then those of each rule `level` switches on
    (None: every rule), in the order of `RULES` (several rules may open decisions in one step, as
    the Power Allocation Phase holds the Admiral's orders, the warp speed, the power, the
    Captain's orders and the self-destruct order)."""
    parts: dict[Step, tuple[Prompts, ...]] = {step: (p,) for step, p in base.items()}
    for rule in RULES:
        if level is None or level in rule.levels:
            for step, p in rule.prompts.items():
                parts[step] = (*parts.get(step, ()), p)
    return {step: _joined(ps) for step, ps in parts.items()}


def prompts_per_level(base: Mapping[Step, Prompts]) -> dict[str, dict[Step, Prompts]]:
    """`joined_prompts` of each level."""
    return {level: joined_prompts(base, level) for level in LEVELS}
