"""A whole basic-game turn for two ships, played only by driving mocked pins.

Each ship has its own bridge (its own Pi: one MockFactory each) wired by the whole default pin
map: the buttons on the 40-pin header (select, up, down, confirm) and the station functions on
the emulated MCP23017 `mcp1` (Engineering's power buttons, Helm's port / starboard / ahead /
fire, Science's add / remove); the Instructor's panel, all on the expanders, sits on the first
ship's Pi and makes every other roll. A "crew" looks at what the panel shows (its editor, as a
player reads the display) and presses pins until the values are those the autopilot would
choose; the dice are scripted. At every step the status lights of all nine panels are checked
against what each seat must do, and the indicator lights on `mcp0` (shields, armed weapons,
power) against the seat's own view, and at the end the game is the same as the panels' actions
applied directly.
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
    view,
)
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState
from hardware.mcp23017_mock import mock_i2c
from hardware.panel import Outcome
from hardware.pinmap import PinRef, load_pinmap
from hardware.ship_bridge import Bridge, pump_all

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
        # The Instructor's panel on the first ship's Pi: the same two expanders, shared.
        self.factories["instructor"] = self.factories[SHIPS[0]]
        self.bridges["instructor"] = Bridge(self.pins, self.factories["instructor"], None,
                                            ("instructor",), clock)
        self.rolls = 0
        self.pressed: set[tuple[str, str]] = set()
        self.lit_seen: set[tuple[str, int]] = set()
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

    def pin(self, ship: str, ref: PinRef) -> Any:
        """The mocked pin: gpiozero's on the header, the emulated MCP23017's on an expander."""
        if ref.on_header:
            return self.factories[ship].pin(ref.pin)
        exp = self.pins.expanders[ref.chip]
        return mock_i2c(self.factories[ship], exp.bus).chip(exp.address).pin(str(ref.pin))

    def press(self, ship: str, panel: str, button: str, long: bool = False) -> None:
        mock = self.pin(ship, self.pins.panels[panel].buttons[button])
        self.pressed.add((panel, button))
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
                out[ship, name] = (self.pin(ship, g).state, self.pin(ship, r).state)
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
    """Press the pins of the panel whose seat must act until its decision is made, with the
    station's function buttons (on the expander) where the panel has them."""
    assert prompt.ship is not None
    panel = next(n for n, st in table.bridges[prompt.ship].stations.items()
                 if st.model.seat.station == prompt.station)
    model = table.model(prompt.ship, panel)
    has = table.pins.panels[panel].buttons
    before = len(table.actions)
    if prompt.roll is not None:
        table.rolls += 1
        if table.rolls % 2:  # every other roll from the Instructor's roll button (mcp1:B5)
            table.press(SHIPS[0], "instructor", "roll")
        else:
            table.press(prompt.ship, panel, "confirm")
        assert len(table.actions) == before + 1
        return
    model.sync(table.state)
    editor = model.editor
    assert editor is not None and editor.decision.prompt == prompt
    want = target_values(table, prompt)
    kind = editor.decision.action

    def go_to(name: str) -> None:
        while editor.field.name != name:
            table.press(prompt.ship, panel, "select")

    if kind == "allocate_power" and "to_movement" in has:
        # Take power off where there is too much (generic), then put units in with the power
        # buttons (mcp1:A0..A2): one unit each press.
        for f in editor.decision.fields:
            if editor.values[f.name] > want[f.name]:
                go_to(f.name)
                while editor.values[f.name] > want[f.name]:
                    table.press(prompt.ship, panel, "down")
        for f in editor.decision.fields:
            while editor.values[f.name] < want[f.name]:
                table.press(prompt.ship, panel, f"to_{f.name}")
    for f in editor.decision.fields:
        target = want.get(f.name, f.default)
        if editor.values[f.name] == target:
            continue
        go_to(f.name)
        if f.kind == "steps" and "port" in has:
            for letter in target:  # Helm's course buttons (mcp1:A3..A5)
                table.press(prompt.ship, panel, {"F": "ahead", "P": "port", "S": "starboard"}[letter])
        elif f.kind == "steps":
            for letter in target:
                table.press(prompt.ship, panel, "up")
                for _ in range("FPS".index(letter)):
                    table.press(prompt.ship, panel, "select")
        else:
            more, less = ("add", "remove") if "add" in has else ("up", "down")
            for _ in range(40):
                if editor.values[f.name] == target:
                    break
                if f.kind == "int" and target < editor.values[f.name]:
                    table.press(prompt.ship, panel, less)
                else:
                    table.press(prompt.ship, panel, more)
        assert editor.values[f.name] == target, (f.name, target, editor.values)
        check_lights(table)
    assert all(editor.values[f.name] == want.get(f.name, f.default)
               for f in editor.decision.fields), (want, editor.values)
    firing = kind == "fire" and any(v is not None for v in want.values())
    confirm = "fire" if firing and "fire" in has else "confirm"
    table.press(prompt.ship, panel, confirm)
    if firing:  # a short press does not fire: firing cannot be undone
        assert len(table.actions) == before
        assert model.last.note and "hold" in model.last.note
        table.press(prompt.ship, panel, confirm, long=True)
    assert len(table.actions) == before + 1, model.last
    # The action the panel built is the autopilot's (weapons listed in the ship's order).
    assert normal(table.actions[-1]) == normal(autopilot.decide(_replayed(table, before), prompt))


def check_indicators(table: Table) -> None:
    """The lights on the expander `mcp0` (read from the emulated chip's pins) show what the
    seat's own view says: Science's shields up, Helm's armed weapons, Engineering's power; or,
    while the station edits that decision, the values on its panel."""
    for ship in SHIPS:
        for name, st in table.bridges[ship].stations.items():
            seat = st.model.seat
            mine = next(s for s in view(table.state, seat)["ships"] if s["id"] == ship)
            editing = st.model.editor
            values = editing.values if editing is not None else {}
            action = editing.decision.action if editing is not None else None
            expect: dict[str, bool] = {}
            if seat.station == "science":
                for i, points in enumerate(mine["shields"], 1):
                    v = values[f"shield{i}"] if action == "set_shields" else points
                    expect[f"shield{i}"] = v > 0
            elif seat.station == "helm":
                for i, w in enumerate(mine["weapons"][:4], 1):
                    armed = (values[w["id"]] > 0 if action == "arm_weapons" else
                             w["power"] > 0 and not w["fired"] and not w["damaged"])
                    expect[f"weapon{i}"] = armed
            elif seat.station == "engineer":
                alloc = mine["allocation"] or {}
                for n in ("movement", "shields", "weapons"):
                    v = values[n] if action == "allocate_power" else alloc.get(n, 0)
                    expect[n] = v > 0
            for role, on in expect.items():
                ref = st.devices.spec.leds[role].pin
                assert not ref.on_header and ref.chip == "mcp0"
                level = table.pin(ship, ref).state
                assert level == int(on), (ship, name, role, level, values)
                table.lit_seen.add((role, level))


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


@pytest.mark.slow
@pytest.mark.parametrize("phases", [3])
def test_a_whole_turn_from_mocked_buttons(clock: Any, phases: int) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, phases)
    table = Table(clock, scenario)
    # Every part of the default map opened, the expanders' too: nothing to report.
    assert table.said == []
    ever_hit: set[str] = set()
    steps = 0
    while pending(table.state) and steps < 200:
        check_lights(table)
        check_indicators(table)
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
    # The station functions on the expander mcp1 made part of the game.
    used = {b for p, b in table.pressed if not table.pins.panels[p].buttons[b].on_header}
    assert {"to_movement", "to_shields", "to_weapons", "add", "fire", "roll"} <= used, used
    assert {"port", "starboard", "ahead"} & used, used
    # Every indicator role on the expander was seen both lit and dark during the game.
    for role in ("shield1", "weapon1", "movement", "shields", "weapons"):
        assert {(role, 0), (role, 1)} <= table.lit_seen, (role, sorted(table.lit_seen))
    # The game is the same as the panels' actions applied directly.
    direct = apply_all(new_game(scenario), table.actions)
    assert state_to_json(direct) == state_to_json(table.state)


@pytest.mark.slow
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
