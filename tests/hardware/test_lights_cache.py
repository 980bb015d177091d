"""A bridge lights a panel again only when what its lights are made from changed: these tests
look for a light left stale. After every step the mocked pins must show what the panel's model
says from scratch, whoever acted (another seat, the engine, an undo), and a press's light
changes once, after the engine has answered."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero import PWMLED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import Event, GameState, apply, crew_stations, new_game, pending
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState
from hardware.functions import AMBER
from hardware.lamps import levels
from hardware.mcp23017_mock import mock_i2c
from hardware.panel import Outcome
from hardware.pinmap import PinMap, PinRef, load_pinmap
from hardware.ship_bridge import LAMP_TEST_S, Bridge
from tests.hardware.conftest import ManualClock

SHIP = "enterprise"


class Rig:
    """The default map's bridge for one ship on a MockFactory; the other ship and every roll
    are played by the engine's autopilot and virtual dice."""

    def __init__(self, factory: Any, clock: ManualClock, seed: int = 0) -> None:
        scenario = prepare(load_scenario("duel", None), None, "basic", None, 2, 3)
        self.factory, self.clock = factory, clock
        self.pins: PinMap = load_pinmap()
        self.state: GameState = new_game(scenario)
        self.history: list[GameState] = [self.state]
        self.dice = VirtualDice(seed)
        self.refuse_next = False
        self.green_when_asked: list[float] = []
        self.bridge = Bridge(self.pins, factory, SHIP, crew_stations(self.state, SHIP), clock)
        self.bridge.open(lambda s: None, clock())
        clock.advance(LAMP_TEST_S + 0.1)
        self.bridge.show(self.state, (), clock())

    def pin(self, ref: PinRef) -> Any:
        if ref.on_header:
            return self.factory.pin(ref.pin)
        exp = self.pins.expanders[ref.chip]
        return mock_i2c(self.factory, exp.bus).chip(exp.address).pin(str(ref.pin))

    def act(self, out: Outcome) -> tuple[GameState, tuple[Event, ...]] | None:
        panel = self.bridge.outcomes[-1][0]
        self.green_when_asked.append(self.pin(self.pins.panels[panel].leds["green"].pin).state)
        if out.action is not None and self.refuse_next:
            self.refuse_next = False
            return None    # as the app does when the engine (or the store) refuses after all
        if out.action is not None:
            action = out.action
        else:
            assert out.roll is not None and out.roll.roll is not None
            action = self.dice.roll(out.roll.roll)
        return self.applied(action)

    def applied(self, action: Any) -> tuple[GameState, tuple[Event, ...]]:
        self.state, events = apply(self.state, action)
        self.history.append(self.state)
        return self.state, events

    def pump(self) -> None:
        self.state = self.bridge.pump(self.state, self.clock(), self.act)

    def press(self, panel: str, button: str, hold: bool = False) -> None:
        mock = self.pin(self.pins.panels[panel].buttons[button])
        mock.drive_low()
        self.clock.advance(0.03)
        self.pump()
        self.check()
        if hold:
            self.clock.advance(0.9)
            self.pump()
            self.check()
        mock.drive_high()
        self.clock.advance(0.03)
        self.pump()
        self.check()

    def engine_acts(self) -> tuple[Event, ...]:
        """The first prompt of the game answered elsewhere (autopilot or dice)."""
        prompts = pending(self.state)
        if not prompts:
            return ()
        p = prompts[0]
        assert isinstance(self.state, FasaState)
        action = self.dice.roll(p.roll) if p.roll else autopilot.decide(self.state, p)
        state, events = self.applied(action)
        self.bridge.show(state, events, self.clock())
        return events

    def undo(self) -> None:
        """Back to the state before the last action: the very same object, as a replay may
        give it back."""
        if len(self.history) > 1:
            self.history.pop()
            self.state = self.history[-1]
            self.bridge.show(self.state, (), self.clock())

    def check(self) -> None:
        """Every light of every panel as its model says from scratch, on the pins."""
        t = self.clock()
        for name, station in self.bridge.stations.items():
            devices, model = station.devices, station.model
            plan = model.lamps(self.state, t, AMBER in devices.spec.leds, devices.lights)
            want = levels(plan, t, self.pins.blink_ms / 1000)
            for role, device in devices.lights.items():
                level = want.get(role, 0.0)
                if not isinstance(device, PWMLED):
                    level = 1.0 if level > 0 else 0.0
                got = self.pin(devices.spec.leds[role].pin).state
                assert abs(got - level) < 1e-9, (name, role, got, level, t)

    def green(self, panel: str) -> float:
        return float(self.pin(self.pins.panels[panel].leds["green"].pin).state)


def test_another_seats_decision_lights_the_panels_it_concerns(factory: Any,
                                                                  clock: ManualClock) -> None:
    rig = Rig(factory, clock)
    assert [rig.green(p) for p in ("captain", "engineer", "helm", "science")] == [0, 1, 0, 0]
    rig.press("engineer", "confirm")   # the allocation: now Helm arms, Science sets shields
    assert [rig.green(p) for p in ("captain", "engineer", "helm", "science")] == [0, 0, 1, 1]
    rig.press("science", "confirm")
    assert rig.green("science") == 0 and rig.green("helm") == 1
    rig.check()


def test_your_move_is_lit_once_the_engine_answered_and_never_blinks_on_a_refusal(
        factory: Any, clock: ManualClock) -> None:
    """A press is taken, its action applied, and only then is the panel lit, once: a refused
    decision leaves "your move" on without it ever going out, an accepted one puts it out once
    (the LED's recorded states count every write)."""
    rig = Rig(factory, clock)
    green = rig.pin(rig.pins.panels["engineer"].leds["green"].pin)
    writes = len(green.states)
    rig.refuse_next = True
    rig.press("engineer", "confirm")
    assert rig.green_when_asked == [1]     # still lit when the action went to the engine
    assert rig.green("engineer") == 1 and len(green.states) == writes   # refused: not touched
    rig.press("engineer", "confirm")
    assert rig.green_when_asked == [1, 1]
    assert rig.green("engineer") == 0 and rig.green("helm") == 1
    assert len(green.states) == writes + 1   # out, once


def test_going_back_to_the_very_same_earlier_state_lights_it_afresh(
        factory: Any, clock: ManualClock) -> None:
    rig = Rig(factory, clock)
    rig.press("engineer", "confirm")
    rig.undo()
    assert rig.green("engineer") == 1 and rig.green("helm") == 0
    rig.check()


def test_a_value_moved_lights_its_expander_light_and_the_lamp_test_is_put_right(
        factory: Any, clock: ManualClock) -> None:
    rig = Rig(factory, clock)
    movement = rig.pin(rig.pins.panels["engineer"].leds["movement"].pin)
    assert movement.state == 0
    rig.press("engineer", "up")
    assert movement.state == 1
    rig.press("engineer", "down")
    assert movement.state == 0
    rig.bridge.lamp_test(clock())          # every light on, nothing else changed
    assert movement.state == 1 and rig.green("helm") == 1
    rig.bridge.show(rig.state, (), clock.advance(LAMP_TEST_S + 0.01))
    assert movement.state == 0 and rig.green("helm") == 0
    rig.check()


def test_an_alert_set_from_outside_and_a_flash_running_out_are_shown(
        factory: Any, clock: ManualClock) -> None:
    rig = Rig(factory, clock)
    red = rig.pin(rig.pins.panels["helm"].leds["red"].pin)
    rig.bridge.stations["helm"].model.alert = True     # as a lost dice tray does
    rig.bridge.show(rig.state, (), clock())
    assert red.state == 1
    rig.press("helm", "up")                 # acknowledged, but "not now": the flash
    rig.bridge.show(rig.state, (), clock.advance(0.01))
    rig.check()
    rig.bridge.show(rig.state, (), clock.advance(1.0))
    assert red.state == 0
    rig.check()


def test_a_tap_shorter_than_the_bounce_still_releases_and_presses_again(
        factory: Any, clock: ManualClock) -> None:
    """The debouncers at rest are not polled: one that still has a release to report is."""
    rig = Rig(factory, clock)
    up = rig.pin(rig.pins.panels["engineer"].buttons["up"])
    movement = rig.pin(rig.pins.panels["engineer"].leds["movement"].pin)
    editor = rig.bridge.stations["engineer"].model.editor
    assert editor is not None
    step = editor.decision.fields[0].step
    for n in range(3):
        clock.advance(0.05)                 # well after the last release
        up.drive_low()
        clock.advance(0.005)
        up.drive_high()                     # released inside the bounce window
        clock.advance(0.03)
        rig.pump()
        assert editor.values["movement"] == (n + 1) * step   # one press each, none lost
    assert movement.state == 1
    assert len(rig.bridge.outcomes) == 6    # three presses and their releases


def test_a_button_held_or_let_go_in_the_chatter_is_still_looked_at(
        factory: Any, clock: ManualClock) -> None:
    """A held button's long press, and a release seen only inside the bounce window, come
    from polling with no edge to wake it: such a button stays among those polled."""
    rig = Rig(factory, clock)
    confirm = rig.pin(rig.pins.panels["helm"].buttons["confirm"])
    confirm.drive_low()
    assert [p.kind for p in rig.bridge.presses(clock.advance(0.03))] == ["press"]
    assert rig.bridge.presses(clock.advance(0.3)) == []
    assert [p.kind for p in rig.bridge.presses(clock.advance(0.6))] == ["long"]
    confirm.drive_high()
    assert [p.kind for p in rig.bridge.presses(clock.advance(0.03))] == ["release"]
    clock.advance(0.1)
    confirm.drive_low()
    assert [p.kind for p in rig.bridge.presses(clock.advance(0.001))] == ["press"]
    confirm.drive_high()                    # let go inside the bounce window
    assert rig.bridge.presses(clock.advance(0.002)) == []
    assert [p.kind for p in rig.bridge.presses(clock.advance(0.05))] == ["release"]
    assert rig.bridge.live == set()


@pytest.mark.slow
def test_the_engine_playing_on_lights_every_panel_at_every_step(factory: Any,
                                                                 clock: ManualClock) -> None:
    """A whole game played elsewhere: rolls blink at the seats that roll (looked at in both
    halves of the blink), hits light the alert, and each new state lights every panel."""
    rig = Rig(factory, clock, seed=3)
    blinked = hit = False
    for _ in range(400):
        if not pending(rig.state):
            break
        events = rig.engine_acts()
        rig.check()
        if any(e.alerts == SHIP for e in events):
            hit = True
            assert all(s.model.alert for s in rig.bridge.stations.values())
        for dt in (0.13, 0.25):
            rig.bridge.show(rig.state, (), clock.advance(dt))
            rig.check()
        blinked = blinked or any(lamp.blink for s in rig.bridge.stations.values()
                                 for lamp in (s.plan or {}).values())
    assert blinked and hit                  # a roll blinked here, and the ship was hit


OPS = st.one_of(
    st.tuples(st.just("press"), st.sampled_from(sorted(
        (name, button) for name, panel in load_pinmap().panels.items() if name != "instructor"
        for button in panel.buttons)), st.booleans()),
    st.tuples(st.just("engine")),
    st.tuples(st.just("wait"), st.sampled_from((0.01, 0.1, 0.13, 0.3, 1.0))),
    st.tuples(st.just("alert"), st.sampled_from(("captain", "engineer", "helm", "science"))),
    st.tuples(st.just("undo")),
    st.tuples(st.just("refuse")),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(OPS, max_size=60), st.integers(0, 3))
def test_after_any_steps_every_light_is_what_its_panel_says_from_scratch(
        factory: Any, ops: list[tuple[Any, ...]], seed: int) -> None:
    clock = ManualClock()
    rig = Rig(factory, clock, seed)
    try:
        for op in ops:
            if op[0] == "press":
                rig.press(*op[1], hold=op[2])
            elif op[0] == "engine":
                rig.engine_acts()
            elif op[0] == "wait":
                rig.bridge.show(rig.state, (), clock.advance(op[1]))
            elif op[0] == "alert":
                rig.bridge.stations[op[1]].model.alert = True
                rig.bridge.show(rig.state, (), clock())
            elif op[0] == "undo":
                rig.undo()
            else:
                rig.refuse_next = True
            rig.check()
    finally:
        rig.bridge.close()
