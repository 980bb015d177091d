"""The levels as layers (`hooks.py`, `layers/`) and the rules declared once (`rule.py`,
`rules.py`): docs/engine.md, "Adding a rule" and "Levels and options as layers"."""

from __future__ import annotations

import inspect

import pytest

from engine.rulesets.fasa import hooks, rules
from engine.rulesets.fasa.firing import evasion_rule
from engine.rulesets.fasa.flow import prompts, rolls, turn
from engine.rulesets.fasa.house import alternating_advantage
from engine.rulesets.fasa.layers import option_hooks
from engine.rulesets.fasa.layers.advanced_hooks import Advanced
from engine.rulesets.fasa.layers.command_hooks import Command
from engine.rulesets.fasa.layers.expert_hooks import Expert
from engine.rulesets.fasa.rule import Rule, gather
from engine.rulesets.fasa.values.options import Options
from engine.rulesets.fasa.values.state import EVADE, LEVELS


def test_every_level_has_its_hooks_each_on_the_level_below() -> None:
    assert [type(hooks._BY_LEVEL[level]) for level in LEVELS] == [
        hooks.Hooks, Advanced, Expert, Command]
    assert issubclass(Command, Expert) and issubclass(Expert, Advanced)
    assert issubclass(Advanced, hooks.Hooks)


@pytest.mark.parametrize("layer", [Advanced, Expert, Command])
def test_a_level_overrides_only_the_basic_games_named_hooks(layer: type) -> None:
    """A misspelt hook would be a method nobody calls: each a level defines is one of `Hooks`'."""
    named = {n for n, _ in inspect.getmembers(hooks.Hooks, inspect.isfunction)}
    own = {n for n, v in vars(layer).items() if inspect.isfunction(v)}
    assert own, f"{layer.__name__} overrides nothing"
    assert own <= named, f"{layer.__name__} defines {sorted(own - named)}, no hook of Hooks"


def test_the_basic_game_hides_nothing_and_has_no_mines() -> None:
    basic = hooks.Hooks()
    with pytest.raises(LookupError, match="no mines at the basic level"):
        basic.mine_roll(None, None, None)  # type: ignore[arg-type]


def test_a_declared_rule_is_in_the_turns_tables_of_its_levels_only() -> None:
    assert evasion_rule.RULE in rules.RULES
    for level in LEVELS:
        switched_on = level in evasion_rule.RULE.levels
        assert (EVADE in turn.FLOWS[level]) is switched_on
        assert (EVADE in rolls.BY_LEVEL[level]) is switched_on
        assert (EVADE in prompts.BY_LEVEL[level]) is switched_on
    assert turn.STEP_FLOWS[EVADE] is evasion_rule.RULE.steps[EVADE]
    assert turn.STEP_OF["evade"] == EVADE
    assert "basic" not in evasion_rule.RULE.levels


def test_a_key_two_rules_declare_is_refused_naming_both() -> None:
    one = Rule("Rule one", frozenset({"basic"}), step_of={"x": EVADE})
    two = Rule("Rule two", frozenset({"basic"}), step_of={"x": EVADE})
    with pytest.raises(ValueError, match="Rule two declares 'x', already declared by Rule one"):
        gather({}, [(r.name, r.step_of) for r in (one, two)])
    with pytest.raises(ValueError, match="already declared by the base table"):
        gather({"x": EVADE}, [(one.name, one.step_of)])


@pytest.mark.parametrize("option", [*option_hooks.OPTIONS, "house"])
def test_an_optional_rule_overrides_only_named_hooks(option: object) -> None:
    """An optional rule's (and a house rule's) hooks are `Hooks`' own methods, none new."""
    layer = (alternating_advantage.AlternatingAdvantage if option == "house"
             else option.hooks)  # type: ignore[attr-defined]
    named = {n for n, _ in inspect.getmembers(hooks.Hooks, inspect.isfunction)}
    own = {n for n, v in vars(layer).items() if inspect.isfunction(v)}
    assert own and own <= named, f"{layer.__name__} defines {sorted(own - named)}"


def test_an_options_hooks_lie_under_the_levels_own() -> None:
    """Campaign Advancement's crew roll is against the crew's points at the advanced level and
    against the Crew Efficiency Rating at the expert level (line 689): the level's answer stands
    where it gives one."""
    campaign = Options(campaign=True)
    advanced = hooks._compose("advanced", campaign)
    expert = hooks._compose("expert", campaign)
    assert isinstance(advanced, option_hooks.CampaignAdvancement)
    assert type(expert).__mro__.index(Expert) < type(expert).__mro__.index(
        option_hooks.CampaignAdvancement)
    assert hooks._compose("basic", Options()) is hooks._BY_LEVEL["basic"]
    assert type(expert).crew_roll_target is Expert.crew_roll_target
    assert type(advanced).crew_roll_target is option_hooks.CampaignAdvancement.crew_roll_target
