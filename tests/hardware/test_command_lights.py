"""Command & Control lights on the mocked panels (gpiozero MockFactory and the emulated MCP23017):
a shaken officer's panel, a shaken system's officer's panel and, for power off the grid, every
panel of the ship are lit, from the seat's own view (Book Two, C&C: Bridge Hits And DEX Rolls,
seed lines 1353-1375; Engineering Out, lines 1393-1401)."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

import engine
from companion.session import load_scenario, prepare
from engine import crew_stations
from engine.rulesets.fasa.values.officers import needs
from engine.rulesets.fasa.values.shaken import OfficerOut, SystemOut
from engine.rulesets.fasa.values.state import FasaState, replace
from hardware.mcp23017_mock import mock_i2c
from hardware.pinmap import load_pinmap
from hardware.ship_bridge import Bridge

ROLES = ("shaken", "system_out", "grid_out")


def crewed_duel(crew: str = "4") -> FasaState:
    """The Duel at the command level, both ships with a crew of `crew`, every rating 60."""
    scenario = prepare(load_scenario("duel", None), None, "command", None, 3)
    officers = {station: dict.fromkeys(keys, 60) for station, keys in needs(crew).items()}
    state = engine.new_game({**scenario, "ships": [{**s, "crew": crew, "officers": officers}
                                                   for s in scenario["ships"]]})
    assert isinstance(state, FasaState)
    return state


def shake(state: FasaState, ship: str, officers: tuple[str, ...] = (),
          systems: tuple[str, ...] = (), grid: int = 0) -> FasaState:
    s = state.ship(ship)
    return state.with_ship(replace(s, shaken=replace(
        s.shaken, officers=tuple(OfficerOut(o) for o in officers),
        systems=tuple(SystemOut(x) for x in systems), grid=grid)))


def lit(state: FasaState, ship: str, clock: Any) -> dict[tuple[str, str], int]:
    """Every C&C light of `ship`'s bridge, read from the emulated expander's pins."""
    pins = load_pinmap()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    bridge = Bridge(pins, factory, ship, crew_stations(state, ship), clock)
    try:
        bridge.open(lambda _: None, clock())
        clock.advance(1.0)  # past the lamp test
        bridge.show(state, (), clock())
        out = {}
        for name, st in bridge.stations.items():
            for role in ROLES:
                ref = st.devices.spec.leds[role].pin
                exp = pins.expanders[ref.chip]
                pin = mock_i2c(factory, exp.bus).chip(exp.address).pin(str(ref.pin))
                out[name, role] = int(pin.state)
        return out
    finally:
        bridge.close()
        factory.close()


def test_a_calm_bridge_lights_none(clock: Any) -> None:
    state = crewed_duel()
    assert set(lit(state, "enterprise", clock).values()) == {0}


@pytest.mark.slow
def test_a_shaken_helmsman_and_shaken_shields_light_their_officers_panels(clock: Any) -> None:
    """Line 1355: a shaken officer; line 1373: a shaken system, whose officer in charge (line
    1371) is Science for the shields in a crew of four."""
    state = shake(crewed_duel(), "enterprise", officers=("helm",), systems=("shields",))
    on = {k for k, v in lit(state, "enterprise", clock).items() if v}
    assert on == {("helm", "shaken"), ("science", "system_out")}


@pytest.mark.slow
def test_power_off_the_grid_lights_every_panel_of_the_ship(clock: Any) -> None:
    """Line 1397: "all power is cut off from the grid"."""
    state = shake(crewed_duel(), "enterprise", grid=2)
    on = {k for k, v in lit(state, "enterprise", clock).items() if v}
    assert on == {(p, "grid_out") for p in ("captain", "engineer", "helm", "science")}


@pytest.mark.parametrize("system", ["helm", "weapons"])
def test_a_shaken_helm_or_weapons_lights_the_helm_panel(clock: Any, system: str) -> None:
    state = shake(crewed_duel(), "enterprise", systems=(system,))
    on = {k for k, v in lit(state, "enterprise", clock).items() if v}
    assert on == {("helm", "system_out")}


@pytest.mark.slow
def test_the_other_ships_troubles_light_nothing_here(clock: Any) -> None:
    """Each bridge lights from its own seats' views: the Klingon's shaken bridge is its secret."""
    state = shake(crewed_duel(), "kronos", officers=("helm", "science"), systems=("sensors",),
                  grid=1)
    assert set(lit(state, "enterprise", clock).values()) == {0}
    on = {k for k, v in lit(state, "kronos", clock).items() if v}
    assert ("helm", "shaken") in on and ("science", "system_out") in on
    assert ("captain", "grid_out") in on
