"""A seeded Kobayashi Maru at the command level, its full crew played at the mocked panels
(gpiozero's MockFactory, the emulated MCP23017s) and virtual dice to its end: every decision is
entered at the panel of the station that holds its duty and confirmed with that panel's button
(a held confirm where the panel asks one), every roll asked with that panel's button; the
Klingons are the Instructor's, at his panel. After each step the Command & Control lights of
every officer's panel are what the seat's own view says (issue 18, "At the table")."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from companion.table.crew_play import with_crews
from engine import (
    Action,
    Decision,
    Event,
    GameState,
    apply,
    apply_all,
    crew_stations,
    decide,
    new_game,
    pending,
    state_to_json,
    view,
)
from hardware.mcp23017_mock import mock_i2c
from hardware.panel import Outcome
from hardware.pinmap import PinRef, load_pinmap
from hardware.ship_bridge import Bridge, pump_all
from tests.hardware.coded_lamps import command_plan

SHIP = "enterprise"


def values_for(decision: Decision, action: Action) -> dict[str, Any]:
    """The panel's field values that make `action` (the autopilot's choice): what the officer
    enters at his panel."""
    data = action.to_json()
    names = {f.name for f in decision.fields}
    out: dict[str, Any] = {n: data[n] for n in names if n in data}
    if isinstance(data.get("points"), list):
        out.update({f"shield{i}": v for i, v in enumerate(data["points"], 1)})
    if isinstance(data.get("power"), list):
        out.update({w["weapon"]: w["power"] for w in data["power"]})
    if isinstance(data.get("shots"), list):
        out.update({s["weapon"]: s["target"] for s in data["shots"]})
    if isinstance(data.get("cuts"), list):
        out.update({f"{c['firer']}:{c['weapon']}": c["points"] for c in data["cuts"]})
    if isinstance(data.get("weapons"), list):
        out.update(dict(zip(("first", "second"), data["weapons"], strict=False)))
    if data.get("part"):
        out.update({n: data["part"] for n in ("power_to", "repair") if n in names})
    for f in decision.fields:  # a choice's value as the field offers it ("0" for 0)
        if f.kind == "choice" and f.name in out:
            out[f.name] = next((c.value for c in f.choices
                                if str(c.value) == str(out[f.name])), out[f.name])
    return {n: v for n, v in out.items() if n in names}


def normal(action: Action) -> dict[str, Any]:
    """The action's content; the station is the panel's (the Instructor's for his ships)."""
    data = action.to_json()
    data.pop("station", None)
    for key in ("power", "shots", "cuts"):
        if isinstance(data.get(key), list):
            data[key] = sorted(data[key], key=str)
    return data


class Table:
    """The Enterprise's bridge and the Instructor's panel on one Pi; presses go through pins."""

    def __init__(self, clock: Any, scenario: dict[str, Any], seed: int) -> None:
        self.clock = clock
        self.pins = load_pinmap()
        self.state: GameState = new_game(scenario)
        self.scenario = scenario
        self.dice = VirtualDice(seed)
        self.actions: list[Action] = []
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.bridges = {
            SHIP: Bridge(self.pins, self.factory, SHIP, crew_stations(self.state, SHIP), clock),
            "instructor": Bridge(self.pins, self.factory, None, ("instructor",), clock)}
        said: list[str] = []
        for b in self.bridges.values():
            b.open(said.append, clock())
        assert said == []
        clock.advance(1.0)  # past the lamp test
        self.pump()

    def act(self, out: Outcome) -> tuple[GameState, tuple[Event, ...]]:
        action = out.action if out.action is not None else self.dice.roll(out.roll.roll)  # type: ignore[union-attr,arg-type]
        self.state, events = apply(self.state, action)
        self.actions.append(action)
        return self.state, events

    def pump(self) -> None:
        self.state = pump_all(self.bridges.values(), self.state, self.clock(), self.act)

    def pin(self, ref: PinRef) -> Any:
        if ref.on_header:
            return self.factory.pin(ref.pin)
        exp = self.pins.expanders[ref.chip]
        return mock_i2c(self.factory, exp.bus).chip(exp.address).pin(str(ref.pin))

    def press(self, bridge: str, panel: str, button: str, long: bool = False) -> None:
        mock = self.pin(self.pins.panels[panel].buttons[button])
        mock.drive_low()
        self.clock.advance(0.03)
        self.pump()
        if long:
            self.clock.advance(0.9)
            self.pump()
        mock.drive_high()
        self.clock.advance(0.03)
        self.pump()

    def check_command_lights(self) -> None:
        """Each officer's shaken, system-out and grid lights, read off the expander's pins, are
        what that seat's own view of the Enterprise says."""
        bridge = self.bridges[SHIP]
        bridge.show(self.state, (), self.clock())
        for name, st in bridge.stations.items():
            mine = next(s for s in view(self.state, st.model.seat)["ships"] if s["id"] == SHIP)
            for role, lamp in command_plan(mine, st.model.seat.station).items():
                level = self.pin(st.devices.spec.leds[role].pin).state
                assert level == int(lamp.level > 0), (name, role, self.state.turn)  # type: ignore[attr-defined]


def play_step(table: Table) -> None:
    """Answer the first thing the game waits for at the panel it waits on."""
    waiting = pending(table.state)
    ours = [p for p in waiting if p.ship == SHIP and p.station != "instructor"]
    # The crew's own first, at their panels; the Klingons' (the Instructor's ships) at his.
    prompt = ours[0] if ours else waiting[0]
    bridge = SHIP if ours else "instructor"
    panel = next(n for n, st in table.bridges[bridge].stations.items()
                 if bridge == "instructor" or st.model.seat.station == prompt.station)
    model = table.bridges[bridge].stations[panel].model
    before = len(table.actions)
    if prompt.roll is not None:
        buttons = table.pins.panels[panel].buttons
        table.press(bridge, panel, "roll" if "roll" in buttons else "confirm")
        assert len(table.actions) == before + 1, (panel, prompt, model.last)
        return
    editor = model.sync(table.state)
    assert editor is not None, (panel, prompt)
    want = decide(table.state, editor.decision.prompt)
    assert editor.adopt(values_for(editor.decision, want).items()), (want, editor.decision)
    made = normal(editor.decision.make(editor.values))
    # What the panel makes is the autopilot's choice (a field the choice leaves unused, e.g. the
    # part of a skill bonus that aims, may keep the panel's default).
    assert {k: v for k, v in made.items() if v == normal(want).get(k)} | {
        k: v for k, v in normal(want).items() if v in ("", None, [])} == normal(want), made
    table.press(bridge, panel, "confirm")
    if len(table.actions) == before:  # firing, the self-destruct: a held confirm
        assert model.last.note and "hold" in model.last.note, model.last
        table.press(bridge, panel, "confirm", long=True)
    assert len(table.actions) == before + 1, (panel, want, model.last)
    assert normal(table.actions[-1]) == made


@pytest.mark.slow
@pytest.mark.parametrize("seed", [7])
def test_a_seeded_kobayashi_maru_played_at_the_panels_to_its_end(clock: Any, seed: int) -> None:
    scenario = prepare(load_scenario("kobayashi-maru", None), None, "command", None, 4)
    scenario = with_crews(scenario, {}, None, seed, lambda _: None, save=False)[0]
    table = Table(clock, scenario, seed)
    assert table.state.level == "command"  # type: ignore[attr-defined]
    assert table.state.ship(SHIP).officers  # type: ignore[attr-defined]
    steps = 0
    while pending(table.state) and steps < 3000:
        play_step(table)
        table.check_command_lights()
        steps += 1
    assert table.state.over, steps
    kinds = {a.to_json()["type"] for a in table.actions}
    assert {"orders", "engineer_roll", "science_roll", "allocate_power", "move",
            "roll"} <= kinds, kinds
    # The game is the same as the panels' actions applied directly.
    assert state_to_json(apply_all(new_game(scenario), table.actions)) == \
        state_to_json(table.state)
