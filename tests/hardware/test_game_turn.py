"""A whole basic-game turn for two ships, played only by driving mocked pins.

Each ship has its own bridge (its own Pi: one MockFactory each) wired by the default pin map,
so only the buttons on the 40-pin header are used: select, up, down, confirm. A "crew" looks at
what the panel shows (its editor, as a player reads the display) and presses pins until the
values are those the autopilot would choose; the dice are scripted. At every step the lights of
all eight panels are checked against what each seat must do, and at the end the game is the
same as the panels' actions applied directly.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.session import load_scenario, prepare
from engine import (
    Action,
    Event,
    GameState,
    Prompt,
    RollRequest,
    RollResult,
    Seat,
    apply,
    apply_all,
    crew_stations,
    new_game,
    pending,
    state_to_json,
)
from engine.rulesets.fasa import autopilot
from engine.rulesets.fasa.state import FasaState
from hardware.bridge import Bridge, pump_all
from hardware.panel import Outcome
from hardware.pinmap import load_pinmap

SHIPS = ("enterprise", "kronos")
BLINK = 0.25


class Table:
    """Two bridges on one game; presses go through the pins and nothing else."""

    def __init__(self, clock: Any, scenario: dict[str, Any]) -> None:
        self.clock = clock
        self.pins = load_pinmap()
        self.state: GameState = new_game(scenario)
        self.scenario = scenario
        self.actions: list[Action] = []
        self.events: list[tuple[Event, ...]] = []
        self.dice = itertools.cycle([7, 3, 9, 1, 5, 10, 2, 8, 4, 6])
        self.factories = {s: MockFactory(revision="d04170", pin_class=MockPWMPin) for s in SHIPS}
        self.bridges = {s: Bridge(self.pins, self.factories[s], s, crew_stations(self.state, s),
                                  clock) for s in SHIPS}
        self.said: list[str] = []
        for b in self.bridges.values():
            b.open(self.said.append, clock())
        clock.advance(1.0)  # past the lamp test
        self.pump()

    def roll(self, req: RollRequest) -> RollResult:
        return RollResult(req.station, next(self.dice) % req.sides + 1, "script")

    def act(self, out: Outcome) -> tuple[GameState, tuple[Event, ...]]:
        action = out.action if out.action is not None else self.roll(out.roll.roll)  # type: ignore[union-attr]
        self.state, events = apply(self.state, action)
        self.actions.append(action)
        self.events.append(events)
        return self.state, events

    def pump(self) -> None:
        self.state = pump_all(self.bridges.values(), self.state, self.clock(), self.act)

    def press(self, ship: str, panel: str, button: str, long: bool = False) -> None:
        pin = self.pins.panels[panel].buttons[button]
        assert pin.on_header
        mock = self.factories[ship].pin(pin.pin)
        mock.drive_low()
        self.clock.advance(0.001)
        mock.drive_high()   # chatter on every press: it must still count once
        self.clock.advance(0.001)
        mock.drive_low()
        self.clock.advance(0.03)
        self.pump()
        if long:
            self.clock.advance(0.9)
            self.pump()
        mock.drive_high()
        self.clock.advance(0.03)
        self.pump()

    def model(self, ship: str, panel: str) -> Any:
        return self.bridges[ship].stations[panel].model

    def lights(self, t: float) -> dict[tuple[str, str], tuple[float, float]]:
        """(green, red) of every panel at time t, read from the mocked pins."""
        out = {}
        for ship, b in self.bridges.items():
            b.show(self.state, (), t)
            for name, st in b.stations.items():
                g, r = st.devices.spec.leds["green"].pin, st.devices.spec.leds["red"].pin
                out[ship, name] = (self.factories[ship].pin(g.pin).state,
                                   self.factories[ship].pin(r.pin).state)
        return out


def blink_phase(t: float, on: bool) -> float:
    """The next time at or after t when the blink is on (or off)."""
    k = int(t / BLINK) + 1
    if (k % 2 == 0) != on:
        k += 1
    return k * BLINK + 0.01


def check_lights(table: Table) -> None:
    """Green steady exactly where a seat must decide; both legs (amber) blinking exactly where
    a roll is awaited; otherwise red only for an alert on that ship."""
    t = table.clock()
    on = table.lights(blink_phase(t, True))
    off = table.lights(blink_phase(t, False))
    for (ship, name), (green, red) in on.items():
        model = table.model(ship, name)
        prompts = pending(table.state, model.seat)
        rolling = any(p.roll is not None for p in prompts)
        deciding = any(p.roll is None for p in prompts)
        where = f"{ship}/{name} prompts={prompts}"
        if rolling:
            assert (green, red) == (1, 1), where
            assert off[ship, name] == (0, 0), where + " should blink"
        elif model.alert:
            assert (green, red) == (0, 1) == off[ship, name], where
        else:
            assert (green, red) == (1 if deciding else 0, 0) == off[ship, name], where


def target_values(table: Table, prompt: Prompt) -> dict[str, Any]:
    """The autopilot's choice for this prompt, as the panel's field values."""
    assert isinstance(table.state, FasaState)
    action = autopilot.decide(table.state, prompt)
    data = action.to_json()
    kind = data["type"]
    if kind == "allocate_power":
        return {k: data[k] for k in ("movement", "shields", "weapons")}
    if kind == "arm_weapons":
        return {w["weapon"]: w["power"] for w in data["power"]}
    if kind == "set_shields":
        return {f"shield{i}": v for i, v in enumerate(data["points"], 1)}
    if kind == "move":
        return {"steps": data["steps"]}
    if kind == "fire":
        return {s["weapon"]: s["target"] for s in data["shots"]}
    assert kind == "choose_damaged_weapon"
    return {"weapon": data["weapon"]}


def play_prompt(table: Table, prompt: Prompt) -> None:
    """Press the pins of the panel whose seat must act until its decision is made."""
    assert prompt.ship is not None
    panel = next(n for n, st in table.bridges[prompt.ship].stations.items()
                 if st.model.seat.station == prompt.station)
    model = table.model(prompt.ship, panel)
    before = len(table.actions)
    if prompt.roll is not None:
        table.press(prompt.ship, panel, "confirm")
        assert len(table.actions) == before + 1
        return
    model.sync(table.state)
    editor = model.editor
    assert editor is not None and editor.decision.prompt == prompt
    want = target_values(table, prompt)
    for f in editor.decision.fields:
        while editor.field.name != f.name:
            table.press(prompt.ship, panel, "select")
        target = want.get(f.name, f.default)
        if f.kind == "steps":
            for letter in target:
                table.press(prompt.ship, panel, "up")
                for _ in range("FPS".index(letter)):
                    table.press(prompt.ship, panel, "select")
        else:
            for _ in range(40):
                if editor.values[f.name] == target:
                    break
                if f.kind == "int" and target < editor.values[f.name]:
                    table.press(prompt.ship, panel, "down")
                else:
                    table.press(prompt.ship, panel, "up")
        assert editor.values[f.name] == target, (f.name, target, editor.values)
        check_lights(table)
    firing = editor.decision.action == "fire" and any(v is not None for v in want.values())
    table.press(prompt.ship, panel, "confirm")
    if firing:  # a short press does not fire: firing cannot be undone
        assert len(table.actions) == before
        assert model.last.note and "hold" in model.last.note
        table.press(prompt.ship, panel, "confirm", long=True)
    assert len(table.actions) == before + 1, model.last
    # The action the panel built is the autopilot's (weapons listed in the ship's order).
    assert normal(table.actions[-1]) == normal(autopilot.decide(_replayed(table, before), prompt))


def normal(action: Action) -> dict[str, Any]:
    data = action.to_json()
    for key in ("power", "shots"):
        if key in data:
            data[key] = sorted(data[key], key=lambda d: d["weapon"])
    return data


def _replayed(table: Table, n: int) -> FasaState:
    state = apply_all(new_game(table.scenario), table.actions[:n])
    assert isinstance(state, FasaState)
    return state


@pytest.mark.parametrize("phases", [3])
def test_a_whole_turn_from_mocked_buttons(clock: Any, phases: int) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, phases)
    table = Table(clock, scenario)
    # The default map's expander parts are reported once per panel; the header core works.
    assert len([s for s in table.said if s.startswith("panel ")]) == 8
    ever_hit: set[str] = set()
    steps = 0
    while pending(table.state) and steps < 200:
        check_lights(table)
        play_prompt(table, pending(table.state)[0])
        hit = {getattr(e, "ship", "") for e in table.events[-1]
               if type(e).__name__ in ("ShieldStruck", "Damaged")}
        ever_hit |= hit
        # A hit puts the alert on at every panel of that ship, and at no other ship's panels
        # until that ship is hit too (a press at a panel acknowledges its alert).
        for ship in SHIPS:
            alerts = [table.model(ship, n).alert for n in table.bridges[ship].stations]
            if ship in hit:
                assert all(alerts), (ship, alerts)
            if ship not in ever_hit:
                assert not any(alerts), (ship, alerts)
        steps += 1
    assert table.state.over
    assert ever_hit, "the scripted dice should make at least one hit"
    kinds = {a.to_json()["type"] for a in table.actions}
    assert {"allocate_power", "arm_weapons", "set_shields", "move", "fire", "roll"} <= kinds, \
        [a.to_json() for a in table.actions]
    # The game is the same as the panels' actions applied directly.
    direct = apply_all(new_game(scenario), table.actions)
    assert state_to_json(direct) == state_to_json(table.state)


def test_a_press_at_a_seat_that_may_not_act_only_flashes(clock: Any) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, 3)
    table = Table(clock, scenario)
    assert pending(table.state, Seat("helm", "enterprise")) == ()
    table.press("enterprise", "helm", "confirm")
    assert table.actions == []
    model = table.model("enterprise", "helm")
    assert model.last.refused and "not now" in model.last.refused
    red = table.pins.panels["helm"].leds["red"].pin.pin
    table.bridges["enterprise"].show(table.state, (), clock())
    assert table.factories["enterprise"].pin(red).state == 1  # the short "not now" flash
    table.bridges["enterprise"].show(table.state, (), clock.advance(0.2))
    assert table.factories["enterprise"].pin(red).state == 0  # and it is over
