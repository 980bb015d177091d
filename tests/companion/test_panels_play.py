"""A game at the panels: one crew at mocked buttons, the other ship on autopilot."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.dice import VirtualDice
from companion.panels_play import play
from companion.session import load_scenario, prepare
from engine import Action, Event, GameState, crew_stations, new_game, pending
from hardware.pinmap import load_pinmap
from hardware.ship_bridge import Bridge


class Clock:
    def __init__(self) -> None:
        self.t = 10.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.slow
def test_one_crew_plays_a_turn_at_its_panels_against_the_autopilot() -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, 3)
    state = new_game(scenario)
    pins = load_pinmap()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    clock = Clock()
    bridge = Bridge(pins, factory, "enterprise", crew_stations(state, "enterprise"), clock)
    bridge.open(lambda s: None, clock())
    actions: list[Action] = []
    now: dict[str, GameState] = {"state": state}

    def report(s: GameState, action: Action, events: tuple[Event, ...]) -> None:
        now["state"] = s
        actions.append(action)

    def idle() -> None:
        """The crew: a held confirm is let go; else whoever's light says so presses confirm
        (held over a second, so it is a long press: a fire decision goes too). Nothing sleeps."""
        clock.t += 1.0
        for name in bridge.stations:
            pin = factory.pin(pins.panels[name].buttons["confirm"].pin)
            if pin.state == 0:
                pin.drive_high()
                return
        for name, st in bridge.stations.items():
            if pending(now["state"], st.model.seat):
                factory.pin(pins.panels[name].buttons["confirm"].pin).drive_low()
                return

    final = play(state, [bridge], VirtualDice(4).roll, clock, idle, report, max_idle=500)
    assert final.over, "the turn was played to the end"
    ours = {a.to_json()["type"] for a in actions if getattr(a, "ship", "") == "enterprise"}
    theirs = {a.to_json()["type"] for a in actions if getattr(a, "ship", "") == "kronos"}
    assert {"allocate_power", "set_shields"} <= ours  # no power to movement or weapons: no more
    assert {"allocate_power", "arm_weapons", "set_shields", "move"} <= theirs
    # Enterprise's allocation came from its panel's defaults (confirm only): nothing allocated;
    # the autopilot allocated Kronos's power.
    first = next(a.to_json() for a in actions if a.to_json()["type"] == "allocate_power"
                 and a.to_json()["ship"] == "enterprise")
    assert (first["movement"], first["shields"], first["weapons"]) == (0, 0, 0)
    bridge.close()
    factory.close()
