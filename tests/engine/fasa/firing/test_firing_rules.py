"""The Firing rules as declared (firing/fire_rule.py, damaged_weapon_rule.py,
self_destruct_rule.py): each is in the games of its levels and no other, and the Power
Allocation Phase's prompts keep the order the turn gave them before they were declared (the
self-destruct order last, after the Captain's C&C orders: Advanced: Ship Explosions, seed 000
lines 407, 1269)."""

from __future__ import annotations

from test_cc_core import game as command_game
from test_fasa_self_destruct import duel

import engine
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.firing import damaged_weapon_rule, fire_rule, self_destruct_rule
from engine.rulesets.fasa.flow import prompts, turn
from engine.rulesets.fasa.values.state import CHOOSE, DECLARE, LEVELS, POWER


def test_firing_and_the_damaged_weapon_are_in_every_game_the_self_destruct_from_advanced() -> None:
    for level in LEVELS:
        assert turn.FLOWS[level][DECLARE] is fire_rule.RULE.steps[DECLARE]
        assert prompts.BY_LEVEL[level][DECLARE] is fire_rule.RULE.prompts[DECLARE]
        assert prompts.BY_LEVEL[level][CHOOSE] is damaged_weapon_rule.RULE.prompts[CHOOSE]
    assert not any(p.action == "self_destruct"
                   for p in prompts.BY_LEVEL["basic"][POWER](duel("basic")))
    for level in ("advanced", "expert", "command"):
        offered = [p for p in prompts.BY_LEVEL[level][POWER](duel(level))
                   if p.action == "self_destruct"]
        assert {p.ship for p in offered} == {"ent", "kl"}, level


def test_the_self_destruct_order_is_the_power_allocation_phases_last_prompt() -> None:
    if POWER in self_destruct_rule.RULE.prompts:  # once declared, after every other's
        at = rules.RULES.index(self_destruct_rule.RULE)
        assert not any(POWER in r.prompts for r in rules.RULES[at + 1:])
    kinds = [p.action for p in engine.pending(command_game())]
    assert "orders" in kinds and "allocate_power" in kinds
    first = kinds.index("self_destruct")
    assert set(kinds[first:]) == {"self_destruct"} and len(kinds[first:]) == 2
