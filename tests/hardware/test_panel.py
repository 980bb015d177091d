"""The panel state machine on real game states: station functions, lights, crews, fuzzing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import (
    GameState,
    Prompt,
    RollResult,
    Seat,
    apply,
    crew_stations,
    new_game,
    pending,
    problem,
)
from engine.rulesets.fasa.autopilots import autopilot
from hardware import functions as fn
from hardware.debounce import LONG, PRESS
from hardware.lamps import levels
from hardware.panel import PanelModel
from hardware.pinmap import parse_pinmap
from hardware.ship_bridge import Bridge


def duel(crew: str = "4", turns: int = 2) -> dict[str, Any]:
    sc = load_scenario("duel", None)
    sc["crew"] = crew
    return prepare(sc, None, "basic", None, turns, 3)


def until(state: GameState, stop: Callable[[Prompt], bool], seed: int = 0,
          limit: int = 500) -> GameState:
    """Play autopilots and virtual dice until the first prompt `stop` accepts."""
    dice = VirtualDice(seed)
    for _ in range(limit):
        prompts = pending(state)
        assert prompts, "the game ended first"
        if stop(prompts[0]):
            return state
        p = prompts[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else autopilot.decide(state, p))
    raise AssertionError("no such prompt")


def presses(model: PanelModel, state: GameState, *buttons: str) -> list[Any]:
    return [model.press(b, PRESS, state) for b in buttons]


def test_engineering_moves_a_unit_of_power_between_movement_shields_and_weapons() -> None:
    state = new_game(duel())
    model = PanelModel(Seat("engineer", "enterprise"))
    editor = model.sync(state)
    assert editor is not None and editor.decision.action == "allocate_power"
    budget = editor.decision.budgets[0].maximum
    move_step = editor.decision.field_named("movement").step
    shields_max = editor.decision.field_named("shields").maximum
    out = presses(model, state, *[fn.TO_SHIELDS] * shields_max)
    assert all(o.refused is None for o in out)
    assert editor.values["shields"] == shields_max
    assert model.press(fn.TO_SHIELDS, PRESS, state).refused  # at its maximum: "not now"
    for _ in range(budget):  # fill the rest into weapons while the budget allows
        if model.press(fn.TO_WEAPONS, PRESS, state).refused:
            break
    used = sum(int(editor.values[n] or 0) for n in ("movement", "shields", "weapons"))
    assert used <= budget
    before = dict(editor.values)
    assert model.press(fn.TO_MOVEMENT, PRESS, state).refused is None
    # One movement point's power came out of the fullest other field when the budget was full.
    assert editor.values["movement"] == before["movement"] + move_step
    assert sum(int(v or 0) for v in editor.values.values()) <= budget
    out = model.press(fn.CONFIRM, PRESS, state)
    assert out.action is not None and problem(state, out.action) is None
    assert out.action.to_json()["movement"] == move_step


def test_helm_turns_and_moves_with_its_own_buttons_and_never_overruns() -> None:
    state = until(new_game(duel()), lambda p: p.action == "move")
    prompt = pending(state)[0]
    assert prompt.ship is not None
    model = PanelModel(Seat("helm", prompt.ship))
    editor = model.sync(state)
    assert editor is not None
    most = editor.decision.fields[0].maximum
    presses(model, state, fn.PORT, fn.AHEAD, fn.STARBOARD, fn.UNDO_STEP, fn.STARBOARD)
    if most >= 3:
        assert editor.values["steps"] == "PFS"
    for _ in range(most + 2):
        last = model.press(fn.AHEAD, PRESS, state)
    assert len(str(editor.values["steps"])) == most and last.refused  # never past the points
    out = model.press(fn.CONFIRM, PRESS, state)
    if out.action is not None:
        assert problem(state, out.action) is None
        assert out.action.to_json()["steps"] == editor.values["steps"] or model.editor is None
    else:  # the course runs into something: the engine's reason, flashed as "not now"
        assert out.refused and out.refused == problem(state, editor.decision.make(editor.values))


def test_science_shield_lights_follow_the_points_being_set(factory: Any, clock: Any) -> None:
    text = """
[panels.science.buttons]
select = "GPIO4"
add = "GPIO5"
remove = "GPIO6"
confirm = "GPIO7"
[panels.science.leds]
green = "GPIO8"
red = "GPIO9"
""" + "".join(f'shield{i} = {{ pin = "GPIO{n}", pwm = true }}\n'
              for i, n in zip(range(1, 7), (12, 13, 16, 17, 18, 19), strict=True))
    pins = parse_pinmap(text, "science.toml")
    state = until(new_game(duel()), lambda p: p.action == "set_shields")
    ship = pending(state)[0].ship
    bridge = Bridge(pins, factory, ship, ("science",), clock)
    bridge.open(lambda s: None, clock())
    bridge.show(state, (), clock.advance(1.0))

    def act(out: Any) -> None:
        raise AssertionError("nothing to apply yet")

    def press(button: str) -> None:
        pin = factory.pin({"select": 4, "add": 5, "remove": 6, "confirm": 7}[button])
        pin.drive_low()
        bridge.pump(state, clock.advance(0.03), act)
        pin.drive_high()
        bridge.pump(state, clock.advance(0.03), act)

    editor = bridge.stations["science"].model.editor
    assert editor is not None
    full = max(f.maximum for f in editor.decision.fields)
    for _ in range(2):
        press("add")                    # shield 1: 2 points
    press("select")
    press("add")                        # shield 2: 1 point
    assert editor.values["shield1"] == 2 and editor.values["shield2"] == 1
    bright = [factory.pin(n).state for n in (12, 13, 16)]
    assert bright == [2 / full, 1 / full, 0]  # lit by strength, with PWM
    press("remove")
    assert factory.pin(13).state == 0
    assert factory.pin(8).state == 1    # green: "your move"
    bridge.close()


def test_the_captain_picks_the_damaged_weapon() -> None:
    state = until(new_game(duel(turns=3)), lambda p: p.action == "choose_damaged_weapon")
    prompt = pending(state)[0]
    assert prompt.ship is not None
    model = PanelModel(Seat("captain", prompt.ship))
    editor = model.sync(state)
    assert editor is not None
    choices = [c.value for c in editor.decision.fields[0].choices if c.problem is None]
    seen = {editor.values["weapon"]}
    for _ in range(len(choices)):
        model.press(fn.NEXT_CHOICE, PRESS, state)
        seen.add(editor.values["weapon"])
    assert seen == set(choices)
    out = model.press(fn.END_PHASE, PRESS, state)
    assert out.action is not None and problem(state, out.action) is None
    # Another seat of that ship has nothing to do: "not now", naming the station pressed (the
    # screen shows it beside the panel of the station that must act).
    assert PanelModel(Seat("engineer", prompt.ship)).press(fn.UP, PRESS, state).refused == \
        "not now: nothing for Engineering to do"


CREW_MAP = "\n".join(
    f'[panels.{s}.buttons]\nconfirm = "GPIO{b}"\n[panels.{s}.leds]\ngreen = "GPIO{g}"\n'
    f'red = "GPIO{r}"\n'
    for s, (b, g, r) in zip(("captain", "engineer", "helm", "weapons", "science", "navigator",
                             "comms"),
                            ((4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 16, 17), (18, 19, 20),
                             (21, 22, 23), (24, 25, 26)), strict=True))


@pytest.mark.slow
def test_crews_of_three_to_six_get_one_panel_per_station_and_every_prompt_a_panel(
        factory: Any, clock: Any) -> None:
    pins = parse_pinmap(CREW_MAP, "crew.toml")
    for crew in ("3", "4", "4-split", "5", "6"):
        state = new_game(duel(crew))
        stations = crew_stations(state, "enterprise")
        bridge = Bridge(pins, factory, "enterprise", stations, clock)
        bridge.open(lambda s: None, clock())
        assert {st.model.seat.station for st in bridge.stations.values()} == set(stations)
        assert 3 <= len(stations) <= 6 or crew == "3"
        dice = VirtualDice(1)
        for _ in range(60):
            prompts = pending(state)
            if not prompts:
                break
            for p in prompts:
                if p.ship != "enterprise":
                    continue
                owners = [st.name for st in bridge.stations.values()
                          if p in pending(state, st.model.seat)]
                assert len(owners) == 1, (crew, p, owners)  # exactly one panel is lit for it
            p = prompts[0]
            state, _ = apply(state, dice.roll(p.roll) if p.roll else autopilot.decide(state, p))
        bridge.close()
        factory.reset()


BUTTONS = tuple(sorted({b for s in ("captain", "engineer", "helm", "science")
                        for b in fn.buttons_for(s)}))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(("captain", "engineer", "helm", "science")),
                          st.sampled_from(BUTTONS), st.sampled_from((PRESS, LONG)),
                          st.sampled_from(("enterprise", "kronos"))),
                max_size=120),
       st.integers(0, 5))
def test_any_presses_never_raise_and_only_make_actions_the_engine_accepts(
        seq: list[tuple[str, str, str, str]], seed: int) -> None:
    state = new_game(duel())
    dice = VirtualDice(seed)
    models = {(ship, s): PanelModel(Seat(s, ship)) for ship in ("enterprise", "kronos")
              for s in ("captain", "engineer", "helm", "science")}
    for station, button, kind, ship in seq:
        model = models[ship, station]
        out = model.press(button, kind, state)
        if out.action is not None:
            assert problem(state, out.action) is None
            assert out.action.station == station
            state, events = apply(state, out.action)
        elif out.roll is not None:
            assert out.roll in pending(state, model.seat)
            state, events = apply(state, dice.roll(out.roll.roll))
        else:
            events = ()
        for m in models.values():
            m.told(events)
            plan = m.lamps(state, 0.0, has_amber=False)
            assert all(0.0 <= v <= 1.0 for v in levels(plan, 0.0, 0.25).values())
            if not pending(state, m.seat):
                assert plan["green"].level == 0  # "your move" only where the seat must act


def test_a_roll_is_made_by_the_roll_button_or_confirm_and_nothing_else() -> None:
    state = until(new_game(duel()), lambda p: p.roll is not None)
    p = pending(state)[0]
    assert p.ship is not None
    model = PanelModel(Seat(p.roll.station if p.roll else "captain", p.ship))
    assert model.press(fn.UP, PRESS, state).refused  # roll the die first
    out = model.press(fn.ROLL, PRESS, state)
    assert out.roll == p
    result = RollResult(model.seat.station, 5, "script")
    assert problem(state, result) is None


def test_holding_confirm_past_one_decision_does_not_confirm_the_next() -> None:
    state = until(new_game(duel()), lambda p: p.action == "fire")
    prompt = pending(state)[0]
    assert prompt.ship is not None
    model = PanelModel(Seat("helm", prompt.ship))
    editor = model.sync(state)
    assert editor is not None
    fields = editor.decision.fields
    target = next((c.value for f in fields for c in f.choices
                   if c.value is not None and c.problem is None), None)
    assert target is not None, "the duel's first fire decision has a target in reach"
    model.press(fn.NEXT_CHOICE, PRESS, state)  # the first weapon: its next allowed choice
    while not any(v is not None for v in editor.values.values()):
        model.press(fn.SELECT, PRESS, state)
        model.press(fn.UP, PRESS, state)
    assert model.press(fn.CONFIRM, PRESS, state).note  # a short press does not fire
    earlier = model._pressed_on
    model._pressed_on = None  # as if the press had begun on the decision before this one
    assert model.press(fn.CONFIRM, LONG, state).action is None
    model._pressed_on = earlier
    out = model.press(fn.CONFIRM, LONG, state)
    assert out.action is not None and problem(state, out.action) is None
    assert out.action.to_json()["shots"]


def test_holding_a_turn_button_makes_it_a_hard_turn_at_the_advanced_level() -> None:
    """Book Two, Advanced: Emergency Heading Changes: a press of PORT adds a turn of one
    hex-side; held, it becomes the hard turn of two (course letter L; R for STARBOARD), where
    the level has them. At the basic level a hold changes nothing."""
    for level, expect in (("advanced", "LR"), ("basic", "PS")):
        sc = load_scenario("duel", None)
        state = until(new_game(prepare(sc, None, level, None, 2, 3)),
                      lambda p: p.action == "move")
        prompt = pending(state)[0]
        model = PanelModel(Seat("helm", prompt.ship))
        editor = model.sync(state)
        assert editor is not None
        assert editor.decision.fields[0].maximum >= 2   # room for two turns
        for button in (fn.PORT, fn.STARBOARD):
            model.press(button, PRESS, state)
            model.press(button, LONG, state)
        assert editor.values["steps"] == expect
        model.press(fn.PORT, LONG, state)   # a hold with no turn just added: nothing
        assert editor.values["steps"] == expect


def test_holding_select_cycles_the_quick_fills_and_skips_what_the_rules_refuse() -> None:
    state = new_game(duel())
    model = PanelModel(Seat("engineer", "enterprise"))
    editor = model.sync(state)
    assert editor is not None
    last, even = editor.decision.presets
    assert last.problem is not None and even.problem is None   # turn 1: nothing last turn
    model.press(fn.SELECT, PRESS, state)
    out = model.press(fn.SELECT, LONG, state)
    assert editor.values == dict(even.values) and editor.cursor == 0
    assert out.note == "Spread evenly" and out.refused is None
    assert problem(state, editor.decision.make(editor.values)) is None


def test_a_long_select_with_no_quick_fill_is_a_not_now() -> None:
    state = until(new_game(duel()), lambda p: p.action == "move" and p.ship == "enterprise")
    model = PanelModel(Seat("helm", "enterprise"))
    assert model.sync(state) is not None
    model.press(fn.SELECT, PRESS, state)
    out = model.press(fn.SELECT, LONG, state)
    assert out.refused is None and out.note is None   # a course has none: nothing happens


def test_values_from_the_touchscreen_are_taken_whole_or_not_at_all() -> None:
    state = new_game(duel())
    model = PanelModel(Seat("engineer", "enterprise"))
    editor = model.sync(state)
    assert editor is not None
    total = editor.decision.budgets[0].maximum
    assert not editor.adopt([("shields", total), ("weapons", total)])
    assert not editor.adopt([("movement", 1)])   # not a whole movement point
    assert editor.values == editor.decision.defaults()
    assert editor.adopt([("shields", 2)], "weapons")
    assert editor.values["shields"] == 2 and editor.cursor == 2


def test_a_refused_step_at_the_panel_says_why_in_the_decisions_numbers() -> None:
    """The panel's "not now" for + and - says what the screen's greyed-out stepper says."""
    state = new_game(duel())
    model = PanelModel(Seat("engineer", "enterprise"))
    down = presses(model, state, "down")[0]
    assert down.refused is not None and "already at its least, 0" in down.refused
    said = [o.refused for o in presses(model, state, *["up"] * 20) if o.refused]
    assert said, "twenty steps up must pass the power to allocate"
    assert "cannot change" not in said[0]
    assert "used" in said[0] or "left" in said[0] or "at its most" in said[0]


def test_a_step_with_nothing_to_spend_says_so() -> None:
    from engine import Budget, Decision, Field, FieldKind
    from engine.steps import step_problem

    decision = Decision(pending(new_game(duel()))[0], "arm_weapons", "helm", "Arm",
                        (Field("w1", "Phaser bank 1", FieldKind.INT, 0, 0, 2),),
                        (Budget(("w1",), 0, "Power to weapons available"),))
    assert step_problem(decision, {"w1": 0}, "w1", 1) == "Power to weapons: none to spend this time"
    assert step_problem(decision, {"w1": 0}, "w1", -1) == "Phaser bank 1 is already at its least, 0"
