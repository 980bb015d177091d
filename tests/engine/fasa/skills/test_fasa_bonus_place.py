"""The skill bonus's power and shield points placed at the Engineer's and Science's panels (Book
Two, Expert: Skill Roll Phase, seed 000_4373da4a9495c8f8.txt lines 701-703; Campaign Advancement,
lines 509-510: "Coax 1 additional power point from the engines. This may be allocated anywhere";
"Coax 1 additional shield point from a specific shield, even above the maximum")."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from test_fasa_expert import duel, to_skill_phase
from test_fasa_fidelity import act, roll

import engine
from engine import Seat
from engine.errors import IllegalAction
from engine.log import action_line, parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.skills.skill_roll import PLACE_POWER, PLACE_SHIELD
from engine.rulesets.fasa.values.actions import BonusPower, BonusShield, SkillBonus
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import BonusTaken
from engine.rulesets.fasa.values.state import SKILL, FasaState, replace


def succeeded() -> FasaState:
    """The duel's Skill Roll Phase with the Enterprise's roll made (1) and the Klingon's failed."""
    state = to_skill_phase(duel())
    state, _ = roll(state, 1, 99)
    return state


def chose(bonus: str) -> FasaState:
    state, events = act(succeeded(), SkillBonus("captain", "ent", bonus))
    assert any(isinstance(e, BonusTaken) and "to place" in e.detail for e in events)
    return state


def test_the_captain_chooses_power_and_the_engineer_places_it() -> None:
    state = chose("power")
    assert state.step == SKILL and state.ship("ent").bonus == PLACE_POWER
    (prompt,) = engine.pending(state)
    assert (prompt.action, prompt.ship, prompt.station) == ("bonus_power", "ent", "engineer")
    assert engine.pending(state, Seat("captain", "ent")) == ()
    (decision,) = engine.controls(state, Seat("engineer", "ent"))
    assert decision.action == "bonus_power"
    field = decision.field_named("to")
    values = [c.value for c in field.choices]
    assert values[:7] == ["movement", *(f"shield{n}" for n in range(1, 7))]
    assert "ph1" in values
    action = decision.make({"to": "shield3"})
    assert action == BonusPower("engineer", "ent", "shield", 3)
    after, events = act(state, action)
    ent = after.ship("ent")
    assert ent.shields[2] == state.ship("ent").shields[2] + ent.cls.shield_points(1)
    assert ent.bonus == "power" and after.step != SKILL
    assert any(isinstance(e, BonusTaken) and "shield 3" in e.detail for e in events)


def test_the_power_point_to_a_beam_weapon_and_to_movement() -> None:
    state = chose("power")
    after, _ = act(state, BonusPower("engineer", "ent", "ph1"))
    assert after.ship("ent").weapons[0].power == 1
    ent = state.ship("ent")
    alloc = ent.allocation
    assert alloc is not None
    why = engine.problem(state, BonusPower("engineer", "ent", "movement"))
    if ent.cls.movement_points(alloc.movement + 1) > ent.cls.movement_points(alloc.movement):
        assert why is None
    else:
        assert why is not None and "buys no movement point" in why


def test_the_captain_chooses_a_shield_point_and_science_places_it_past_the_maximum() -> None:
    base = succeeded()
    ent = base.ship("ent")
    cap = ent.cls.max_shield_points
    base = base.with_ship(replace(ent, shields=(0, cap, 0, 0, 0, 0), shields_damaged=(4,)))
    state, _ = act(base, SkillBonus("captain", "ent", "shield"))
    assert state.ship("ent").bonus == PLACE_SHIELD
    (prompt,) = engine.pending(state)
    assert (prompt.action, prompt.station) == ("bonus_shield", "science")
    (decision,) = engine.controls(state, Seat("science", "ent"))
    choices = {c.value: c for c in decision.field_named("shield").choices}
    assert choices[4].problem is not None and "damaged" in choices[4].problem
    assert choices[2].problem is None
    after, _ = act(state, decision.make({"shield": 2}))
    assert after.ship("ent").shields[1] == cap + 1 and after.ship("ent").bonus == "shield"


@pytest.mark.slow
def test_a_placement_is_refused_with_a_reason() -> None:
    state = chose("power")
    cases: list[tuple[Any, str]] = [
        (BonusPower("captain", "ent", "movement"), "is for Engineer"),
        (BonusPower("engineer", "ent", "shield", 7), "1 to 6"),
        (BonusPower("engineer", "ent", "warp core"), "not 'warp core'"),
        (BonusPower("engineer", "ent", "movement", 2), "only for a power point to a shield"),
        (BonusShield("science", "ent", 2), "no bonus shield point"),
        (BonusPower("engineer", "kl", "movement"), "no bonus power point"),
    ]
    for action, words in cases:
        why = engine.problem(state, action)
        assert why is not None and words in why, (action, why)
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            assert str(exc) == why
        else:
            raise AssertionError(f"{action} was accepted")
    # Before the Captain chooses, nobody places anything.
    assert "no bonus power point" in (engine.problem(
        succeeded(), BonusPower("engineer", "ent", "movement")) or "")


def test_the_placement_is_its_sides_secret() -> None:
    """Whether the bonus is being placed tells that the Skill Roll succeeded: the other side is
    not told the prompt is open (views.SIDE_PROMPTS)."""
    state = chose("shield")
    mine = engine.view(state, Seat("science", "ent"))["pending"]
    theirs = engine.view(state, Seat("captain", "kl"))["pending"]
    assert any(p["ship"] == "ent" for p in mine)
    assert not any(p["ship"] == "ent" for p in theirs)


@pytest.mark.slow
def test_the_autopilot_places_the_points() -> None:
    for bonus, station in (("power", "engineer"), ("shield", "science")):
        state = chose(bonus)
        (prompt,) = engine.pending(state)
        action = autopilot.decide(state, prompt)
        assert action.station == station
        after, _ = act(state, action)
        assert after.ship("ent").bonus == bonus


OLD_LOG = Path(__file__).parent.parent / "logs" / "expert-before-bonus-split.jsonl"
"""An expert duel recorded before the placement was split off: the Captains' `skill_bonus`
lines carry the place (power to shield 2, a shield point on shield 3, ...)."""


def test_an_older_log_with_the_placement_inside_the_skill_bonus_still_replays() -> None:
    with OLD_LOG.open(encoding="utf-8") as f:
        read = parse(f, OLD_LOG.name)
    placed = [a for a in read.actions if isinstance(a, SkillBonus) and a.bonus in ("power", "shield")]
    assert placed and all(a.part or a.shield for a in placed)
    state = replay(read.scenario, read.actions, OLD_LOG.name)
    assert isinstance(state, FasaState)
    # As the code that wrote it replayed it.
    assert (state.turn, state.outcome.startswith("Federation wins")) == (2, True)
    assert [(s.id, s.superstructure, s.shields, s.bonus) for s in state.ships] == [
        ("enterprise", 17, (11, 0, 16, 9, 0, 0), "power"),
        ("kronos", -5, (0, 0, 11, 0, 0, 0), "shield")]


def test_a_log_of_the_split_placement_reads_back() -> None:
    state = chose("power")
    actions = [SkillBonus("captain", "ent", "power"), BonusPower("engineer", "ent", "shield", 2),
               BonusShield("science", "kl", 3)]
    text = "".join(action_line(n, a) + "\n" for n, a in enumerate(actions, 1))
    from engine.log import parse_actions
    assert parse_actions(io.StringIO(text).readlines(), 1) == actions
    assert state.ship("ent").bonus == PLACE_POWER


def test_in_a_five_seat_crew_the_navigator_places_the_shield_point() -> None:
    """Crew `5` gives the shields to the Navigator (C&C: Expanding For More Players; crew.py):
    the bonus shield point follows the shields, the power point the Engineer."""
    state = duel()
    state = replace(state, setup=replace(state.setup, crews=(("ent", "5"), ("kl", "5"))))
    assert state.station_for("ent", Duty.SHIELDS) == "navigator"
    while state.step != SKILL:
        (prompt, *_) = engine.pending(state)
        assert prompt.roll is None
        state, _ = act(state, autopilot.decide(state, prompt))
    base, _ = roll(state, 1, 99)
    after, _ = act(base, SkillBonus("captain", "ent", "shield"))
    (prompt,) = engine.pending(after)
    assert (prompt.action, prompt.station) == ("bonus_shield", "navigator")
    assert engine.problem(after, BonusShield("science", "ent", 2)) is not None
    done, _ = act(after, BonusShield("navigator", "ent", 2))
    assert done.ship("ent").bonus == "shield"
