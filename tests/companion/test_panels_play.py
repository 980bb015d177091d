"""A game at the panels (`starbridge panels play`): one crew at mocked buttons, the other ship on
autopilot, run by the one table loop (companion/table/app.py), at any level."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.cli import main
from companion.session import load_scenario, prepare
from companion.table.app import App
from companion.table.panels_play import panel_seats, panels_app
from engine import Event, pending
from hardware.pinmap import load_pinmap


class Clock:
    def __init__(self) -> None:
        self.t = 10.0

    def __call__(self) -> float:
        return self.t


def crew_presses(app: App, factory: Any, clock: Clock, steps: int = 600) -> None:
    """The crew: a held confirm is let go; else whoever's light says so presses confirm (held
    over a second, so it is a long press: a fire decision goes too). Nothing sleeps."""
    pins = app.table.pins
    assert pins is not None
    for _ in range(steps):
        if not app.step() or app.game.over:
            return
        clock.t += 1.0
        stations = {n: st for b in app.bridges for n, st in b.stations.items()}
        held = [factory.pin(pins.panels[n].buttons["confirm"].pin) for n in stations]
        up = next((pin for pin in held if pin.state == 0), None)
        if up is not None:
            up.drive_high()
            continue
        for name, st in stations.items():
            if pending(app.game.state, st.model.seat):
                factory.pin(pins.panels[name].buttons["confirm"].pin).drive_low()
                break


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_one_crew_plays_a_turn_at_its_panels_against_the_autopilot(level: str) -> None:
    scenario = prepare(load_scenario("duel", None), None, level, None, 1, 3)
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    clock, told = Clock(), []
    accounts: list[tuple[Event, ...]] = []
    app = panels_app(scenario, ["enterprise"], load_pinmap(), factory, 4, told.append, clock,
                     accounts.append)
    try:
        assert app.game.state.level == level   # type: ignore[attr-defined]
        crew_presses(app, factory, clock)
        assert app.game.over, "the turn was played to the end"
        actions = app.game.actions
        ours = {a.to_json()["type"] for a in actions if getattr(a, "ship", "") == "enterprise"}
        theirs = {a.to_json()["type"] for a in actions if getattr(a, "ship", "") == "kronos"}
        assert {"allocate_power", "set_shields"} <= ours  # no power to movement or weapons
        assert {"allocate_power", "arm_weapons", "set_shields", "move"} <= theirs
        # Enterprise's allocation came from its panel's defaults (confirm only): nothing
        # allocated; the autopilot allocated Kronos's power.
        first = next(a.to_json() for a in actions if a.to_json()["type"] == "allocate_power"
                     and a.to_json()["ship"] == "enterprise")
        assert (first["movement"], first["shields"], first["weapons"]) == (0, 0, 0)
        made = [o.action for b in app.bridges for _, o in b.outcomes if o.action is not None]
        assert made and all(getattr(a, "ship", None) == "enterprise" for a in made)
        assert accounts and all(isinstance(e, tuple) for e in accounts)   # the account went out
    finally:
        app.close()
        factory.close()


@pytest.mark.slow
def test_a_station_with_no_panel_is_said_once_and_played_by_the_autopilot() -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, 3)
    pins = load_pinmap()
    told: list[str] = []
    seats = panel_seats(scenario, ["enterprise", "kronos"], pins, told.append)
    assert {k for k, m in seats.items() if m == "panel"} == {
        ("enterprise", st) for st in ("captain", "engineer", "helm", "science")}
    assert all(m == "autopilot" for (ship, _), m in seats.items() if ship != "enterprise")
    assert len(told) == 1 and told[0].startswith("starbridge: the autopilot plays ")


def test_panels_play_refuses_a_level_or_ruleset_it_does_not_know(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["panels", "play", "--factory", "mock", "--level", "heroic"]) == 2
    assert "invalid choice: 'heroic'" in capsys.readouterr().err
    assert main(["panels", "play", "--factory", "mock", "--ruleset", "fasa",
                 "--scenario", "nosuch"]) == 2
    assert "no fasa scenario 'nosuch'" in capsys.readouterr().err


def test_a_station_a_panel_stands_in_for_is_played_there() -> None:
    """Knight Hawks' Weapons at the Science panel of a FASA bridge (the pin map's `plays`)."""
    from companion.session import ruleset_scenario

    name = ruleset_scenario("knighthawks", None, "duel", None)
    scenario = prepare(load_scenario(name, None), None, None, None, 1, None)
    ship = str(scenario["ships"][0]["id"])
    told: list[str] = []
    seats = panel_seats(scenario, [ship], load_pinmap(), told.append)
    assert seats[ship, "weapons"] == "panel" and told == []
