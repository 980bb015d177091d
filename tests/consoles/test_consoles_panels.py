"""Consoles beside the physical panels (gpiozero's MockFactory): a press that changes the decision
being entered reaches the seat's console, and the panel's lights follow a console's action as
they follow a panel's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from console_client import Net
from gpiozero.pins.mock import MockFactory, MockPWMPin
from table_helpers import choose, expected_state, received

from companion.saves.saved_game import SavedGame
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from companion.table.consoles import Consoles
from engine import crew_stations
from hardware.pinmap import load_pinmap


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def table() -> Iterator[tuple[App, Any, Any, Clock]]:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
    game = SavedGame.new(None, scenario, 5, {})
    seats = {(ship, st): ("panel" if ship == "enterprise" else "autopilot")
             for ship in ("enterprise", "kronos") for st in crew_stations(game.state, ship)}
    pins, factory, clock = load_pinmap(), MockFactory(revision="d04170", pin_class=MockPWMPin), \
        Clock()
    consoles = Consoles.open("127.0.0.1", 0, print)
    assert consoles is not None
    app = App(game, Table(seats, pins, factory, clock=clock, say=lambda _l: None,
                          consoles=consoles))
    clock.t += 1.0   # past the lamp test
    app.step()
    yield app, pins, factory, clock
    app.close()
    consoles.close()
    factory.close()


def press(app: App, pins: Any, factory: Any, clock: Clock, panel: str, button: str) -> None:
    pin = factory.pin(pins.panels[panel].buttons[button].pin)
    pin.drive_low()
    clock.t += 0.03
    app.step()
    pin.drive_high()
    clock.t += 0.03
    app.step()


@pytest.mark.slow
def test_a_panel_press_reaches_the_console_and_the_lights_follow_a_console(
        net: Net, table: tuple[App, Any, Any, Clock]) -> None:
    app, pins, factory, clock = table
    eng = net.console(app.consoles.server.port, app.consoles.server.tokens.issue(
        "enterprise/engineer"))
    first = eng.until(lambda m: m.get("type") == "state", app.step)
    panel = next(n for n, st in app.bridges[0].stations.items()
                 if st.model.seat.station == "engineer")
    assert app.bridges[0].lit()[panel].get("green", 0) > 0   # its move
    press(app, pins, factory, clock, panel, "up")
    moved = eng.until(lambda m: m.get("type") == "state" and m["seq"] > first["seq"]
                      and m["entering"] is not None
                      and any(v for v in m["entering"]["values"].values()), app.step)
    assert moved["entering"]["action"] == "allocate_power"
    assert received(eng) == expected_state(app, "enterprise/engineer")
    # the console decides: the panel's "your move" goes out, as after a panel's confirm
    d = moved["decisions"][0]
    eng.send({"v": 1, "type": "decide", "id": "c", "values": choose(d),
              "decision": {"action": d["action"], "what": d["what"]}})
    assert eng.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    clock.t += 0.5
    app.step()
    assert app.game.by.count("console") == 1
    assert app.bridges[0].lit()[panel].get("green", 0) == 0
