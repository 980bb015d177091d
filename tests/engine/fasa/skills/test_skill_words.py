"""Each Skill Roll choice of Command & Control says what it does and what it takes before it is
chosen (`Choice.explain`): the skill, its rating and the odds, the same number the roll asks."""

from __future__ import annotations

import re

from companion.dice import VirtualDice
from engine import Decision, GameState, Seat, apply, controls, decide, pending
from engine.rulesets.fasa.skills import officer_roll, science_dice
from engine.rulesets.fasa.values.state import FasaState


def first(action: str, station: str) -> tuple[GameState, Decision]:
    from benchmarks.panels import command_start

    state = command_start()   # the Kobayashi Maru with a crewed Enterprise: its officers
    dice = VirtualDice(4)
    for _ in range(3000):
        found = [d for d in controls(state, Seat(station, "enterprise")) if d.action == action]
        if found:
            return state, found[0]
        p = pending(state)[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    raise AssertionError(f"no {action}")


def test_science_uses_say_what_they_do_with_the_skill_rating_and_odds() -> None:
    state, d = first("science_roll", "science")
    assert isinstance(state, FasaState)
    ship = state.ship("enterprise")
    (field,) = d.fields
    for c in field.choices:
        assert c.explain, c
        if c.value == "none":
            continue
        skill = "shields" if c.value == "shields" else "damage_control"
        need = science_dice.need(state, ship, skill)
        assert ("DEFLECTOR SHIELDS" if skill == "shields" else "DAMAGE CONTROL") in c.explain
        assert f"01-{need:02d} succeeds, {need}%" in c.explain, c.explain


def test_the_engineers_rolls_say_what_they_do_and_their_odds() -> None:
    """The Chief Engineer's choices (engineer_roll_rule) carry these words; 05 or less always
    succeeds (line 1033), so the odds are never under 5%."""
    from benchmarks.panels import command_start
    from engine.rulesets.fasa.skills.skill_words import engineer_explain

    state = command_start()
    assert isinstance(state, FasaState)
    ship = state.ship("enterprise")
    power = engineer_explain(state, ship, "power", "warp_drive")
    need = max(officer_roll.need(state, ship, "warp_drive"), officer_roll.DOUBLE)
    assert "WARP DRIVE TECHNOLOGY" in power and f"{need}%" in power
    assert re.search(r"rating \d+", power)
    assert "STARSHIP ENGINEERING" in engineer_explain(state, ship, "repair", "engineering")
    assert engineer_explain(state, ship, "none", "warp_drive").startswith("No Skill Roll")
