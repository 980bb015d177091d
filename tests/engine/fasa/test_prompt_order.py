"""The order of a step's prompts: several declared rules may open decisions in one step, and a
step's prompts come out as its rules are registered (`rules.RULES`), each rule's together. The
order is the table's: the autopilot answers the first prompt waiting, and a screen lists them as
they come (Book Two, Advanced: Sequence Of Play step 1, the Power Allocation Phase: the optional
Admiral's orders, line 437; the warp speed, Expert: Helm Display, line 759; the power; C&C: the
Captain's orders, line 1101; the self-destruct order, Advanced: Ship Explosions, lines 407, 1269).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cc_crews import crew_ships

import engine
from companion.session import load_scenario, prepare
from engine.actions import RollResult
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import (
    admiral_rule,
    aftermath_rule,
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
from engine.rulesets.fasa.moving import movement_rule, placement_rule, warp_rule
from engine.rulesets.fasa.rule import Rule
from engine.rulesets.fasa.sensing import arc_scan_rule, sensor_ask_rule, sensors_rule
from engine.rulesets.fasa.skills import bonus_place_rule, engineer_roll_rule, skill_roll_rule
from engine.rulesets.fasa.values.state import (
    AFTERMATH,
    CHOOSE,
    DECLARE,
    EVADE,
    LEVELS,
    MOVE,
    PLACE,
    POWER,
    RESOLVE,
    SCAN,
    SENSE,
    SKILL,
    FasaState,
    Step,
)

ORDER: dict[Step, tuple[Rule, ...]] = {
    POWER: (admiral_rule.RULE, warp_rule.RULE, power_rule.RULE, orders_rule.RULE,
            self_destruct_rule.RULE),
    SKILL: (skill_roll_rule.RULE, engineer_roll_rule.RULE, bonus_place_rule.RULE,
            science_rule.RULE),
    MOVE: (movement_rule.RULE, sensor_ask_rule.RULE),  # never both: the question comes first
    EVADE: (evasion_rule.RULE,),
    PLACE: (placement_rule.RULE,),
    SENSE: (sensors_rule.RULE,),
    SCAN: (arc_scan_rule.RULE,),
    DECLARE: (fire_rule.RULE,),
    CHOOSE: (damaged_weapon_rule.RULE,),
    RESOLVE: (science_rule.RULE,),
    AFTERMATH: (aftermath_rule.RULE,),
}
"""Each step's rules that open decisions in it, in the order their prompts are listed."""


def _owner(kind: str) -> Rule:
    """The rule whose decision `kind` is."""
    return next(r for r in rules.RULES if kind in r.step_of)


def test_each_steps_prompts_are_its_rules_in_the_order_of_the_table() -> None:
    # Moving a rule's line in `RULES` changes the order of the steps it opens decisions in, and
    # no other: each step's prompts are its own rules', in the order of `RULES`.
    for step, order in ORDER.items():
        declaring = [r.name for r in rules.RULES if step in r.prompts]
        assert declaring == [r.name for r in order], step
    assert {s for r in rules.RULES for s in r.prompts} == set(ORDER)


def game(level: str, crewed: bool, seed: int) -> Any:
    scenario = load_scenario("skirmish", None)
    if crewed:
        scenario = crew_ships(dict(scenario), random.Random(seed), share=1.0)
    return engine.new_game(prepare(scenario, None, level, None, 3, None, {"admiral": True}))


def owners_in_order(state: FasaState) -> list[Rule]:
    """The rules of the prompts waiting, in the order they are listed."""
    return [_owner(p.action) for p in engine.pending(state) if p.roll is None]


@pytest.mark.slow
@pytest.mark.parametrize(("level", "crewed"), [(level, False) for level in LEVELS]
                         + [("command", True)])
def test_a_games_prompts_come_grouped_by_rule_in_the_steps_order(level: str,
                                                                   crewed: bool) -> None:
    state = game(level, crewed, 3)
    dice = random.Random(11)
    seen: set[tuple[Step, str]] = set()
    for _ in range(600):
        prompts = engine.pending(state)
        if not prompts:
            break
        owners = owners_in_order(state)
        if owners:
            order = ORDER[state.step]
            places = [order.index(r) for r in owners]
            assert places == sorted(places), (level, state.step, [p.action for p in prompts])
            seen.update((state.step, p.action) for p in prompts)
        first = prompts[0]
        action = (RollResult(first.roll.station, dice.randint(1, first.roll.sides))
                  if first.roll else engine.decide(state, first))
        state, _ = engine.apply(state, action)
    kinds = {kind for step, kind in seen if step == POWER}
    assert {"fleet_orders", "allocate_power"} <= kinds
    if level != "basic":
        assert "self_destruct" in kinds
    if crewed:
        assert "orders" in kinds
