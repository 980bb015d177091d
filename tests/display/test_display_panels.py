"""Station panels from the engine's `controls`, edited within bounds and budgets (no pygame)."""

from __future__ import annotations

import functools

import pytest
from game_helpers import play, start
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Decision, GameState, Seat, controls, problem, view
from readouts.panel_model import DecisionEditor, panel_model, station_facts


def decision_at(station: str, action: str, ship: str = "enterprise") -> tuple[GameState, Decision]:
    state, _ = play(start(), until=lambda s, p: p.ship == ship and p.station == station
                    and p.roll is None and p.action == action)
    found = [d for d in controls(state, Seat(station, ship)) if d.action == action]
    assert found, f"no {action} decision for {station}"
    return state, found[0]


def test_engineering_steppers_keep_to_bounds_and_the_power_budget() -> None:
    state, d = decision_at("engineer", "allocate_power")
    ed = DecisionEditor(d)
    assert not ed.step("movement", -1)              # already at its minimum
    movement = d.field_named("movement")
    assert ed.step("movement", +1) and ed.values["movement"] == movement.step
    while ed.step("weapons", +1):
        pass
    total = d.budgets[0].maximum
    assert sum(int(v) for v in ed.values.values() if isinstance(v, int)) <= total
    assert not ed.can_step("shields", +1) or ed.values["weapons"] == d.field_named("weapons").maximum
    model = panel_model(view(state, Seat("engineer", "enterprise")), "engineer", "enterprise", ed,
                        lambda a: problem(state, a))
    assert model.budgets[0].used <= model.budgets[0].maximum == total
    assert model.problem == problem(state, ed.action())
    assert [f.name for f in model.fields] == ["movement", "shields", "weapons"]


@functools.cache
def engineer_decision() -> Decision:
    return decision_at("engineer", "allocate_power")[1]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["movement", "shields", "weapons", "nonsense"]),
                          st.sampled_from([-1, 1])), max_size=60))
def test_any_taps_stay_within_bounds_and_budget(taps: list[tuple[str, int]]) -> None:
    d = engineer_decision()
    ed = DecisionEditor(d)
    for name, direction in taps:
        ed.step(name, direction)
    for f in d.fields:
        v = ed.values[f.name]
        assert f.accepts(v), (f.name, v)
    assert d.used(d.budgets[0], ed.values) <= d.budgets[0].maximum


def test_fire_choices_grey_out_with_the_engines_reason_and_refuse_to_be_picked() -> None:
    state, _ = play(start("skirmish"), until=lambda s, p: p.action == "fire" and p.ship == "lance")
    d = next(d for d in controls(state, Seat("helm", "lance")) if d.action == "fire")
    ed = DecisionEditor(d)
    model = panel_model(view(state, Seat("helm", "lance")), "helm", "lance", ed,
                        lambda a: problem(state, a))
    for f in model.fields:
        assert f.kind == "choice"
        assert f.choices[0].value is None and f.choices[0].chosen   # hold fire by default
        for c in f.choices:
            if c.problem is not None:
                assert not ed.choose(f.name, c.key)
                assert ed.values[f.name] is None
            else:
                assert ed.choose(f.name, c.key) and ed.values[f.name] == c.value
    assert not ed.choose("no-such-weapon", "-")


def test_a_planned_move_is_bounded_and_can_be_taken_back() -> None:
    state, d = decision_at("helm", "move")
    ed = DecisionEditor(d)
    steps = d.field_named("steps")
    assert not ed.take_back("steps")
    assert not ed.add_letter("steps", "X")          # not a letter of the alphabet
    for _ in range(steps.maximum):
        assert ed.add_letter("steps", "F")
    assert not ed.add_letter("steps", "F")          # no movement left
    assert ed.take_back("steps") and ed.values["steps"] == "F" * (steps.maximum - 1)
    assert problem(state, ed.action()) is None


def test_station_facts_read_the_view() -> None:
    state = start()
    v = view(state, Seat("science", "enterprise"))
    ours = state.ship("enterprise")  # type: ignore[attr-defined]
    science = {f.label: f for f in station_facts(v, "science", "enterprise")}
    assert science["Superstructure"].value == f"{ours.superstructure}/{ours.cls.superstructure}"
    assert ours.superstructure == 7  # the duel's Constitution at 1/3 (20 / 3, rounded)
    assert science["Sensors"].value == "working"
    engineering = {f.label: f.value for f in station_facts(v, "engineer", "enterprise")}
    assert engineering["Total power"] == str(ours.total_power) == "15"
    # An enemy ship's internals are not in this seat's view: the panel says so.
    enemy = station_facts(v, "science", "kronos")
    assert enemy[0].value == "no sensor readings"


def test_panel_without_a_decision_says_what_it_waits_for() -> None:
    v = view(start(), Seat("helm", "enterprise"))
    model = panel_model(v, "helm", "enterprise", None)
    assert model.decision is None and model.fields == ()
    assert model.waiting == "Nothing to do now"
    eng = panel_model(v, "engineer", "enterprise", None)
    assert "allocate" in eng.waiting


def test_helm_with_nothing_to_decide_lists_each_weapons_arming_and_arcs() -> None:
    v = view(start(), Seat("helm", "enterprise"))
    model = panel_model(v, "helm", "enterprise", None)
    weapons = {f.label: f.value for f in model.facts}
    assert weapons["Phaser bank 1"] == "0 · F FP"
    assert weapons["Photon torpedo 1"].startswith("0 · ")
