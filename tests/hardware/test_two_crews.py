"""Two crews on one Pi: the pin map's `crew`, its checks, and two ships played at panels on one
MockFactory (no Instructor), each crew's presses reaching its own ship and its own lights."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.session import load_scenario, prepare
from companion.table.panels_play import panels_app
from engine import GameState, crew_stations, new_game, pending
from hardware.keyboard import KeyMap
from hardware.mcp23017_mock import mock_i2c
from hardware.pinmap import (
    PinMap,
    PinMapError,
    PinRef,
    example_path,
    load_pinmap,
    parse_pinmap,
)
from hardware.ship_bridge import Bridge, crews_of
from hardware.wiring import render_svg
from tests.hardware.conftest import ManualClock

TWO = """\
[board]
factory = "mock"

[panels.helm]
[panels.helm.buttons]
confirm = "GPIO17"
[panels.helm.leds]
green = "GPIO5"
red = "GPIO6"
[panels.helm.keys]
o = "confirm"

[panels.helm2]
station = "helm"
crew = 2
[panels.helm2.buttons]
confirm = "GPIO18"
[panels.helm2.leds]
green = "GPIO12"
red = "GPIO13"
[panels.helm2.keys]
"[5]" = "confirm"
"""


def problems(text: str) -> list[str]:
    with pytest.raises(PinMapError) as err:
        parse_pinmap(text, "pins.toml")
    return err.value.problems


def test_a_station_may_have_a_panel_in_each_crew() -> None:
    pins = parse_pinmap(TWO)
    assert pins.crews == (1, 2)
    helm1, helm2 = pins.panel_for("helm"), pins.panel_for("helm", 2)
    assert helm1 is not None and helm1.name == "helm" and helm1.crew == 1
    assert helm2 is not None and helm2.name == "helm2" and helm2.crew == 2
    assert pins.panel_for("helm", 3) is None and pins.panel_for("science") is None


def test_mistakes_with_crews_name_the_file_the_line_and_the_key() -> None:
    twice = TWO + '\n[panels.other]\nstation = "helm"\ncrew = 2\n'
    assert any(m.startswith("pins.toml:25: panels.other.station: a second panel for helm in "
                            "crew 2 (panel 'helm2' has it already)") for m in problems(twice))
    for bad in ("0", "9", '"2"', "true", "1.5", "[2]"):
        (msg,) = problems(TWO.replace("crew = 2", f"crew = {bad}"))
        assert msg.startswith("pins.toml:15: panels.helm2.crew: should be a whole number from 1 "
                              "to 8"), msg
    (gap,) = problems(TWO.replace("crew = 2", "crew = 3"))
    assert gap.startswith("pins.toml:15: panels.helm2.crew: crew 3, but no panel is for crew 2")
    clash = TWO.replace('confirm = "GPIO18"', 'confirm = "GPIO17"')
    (msg,) = problems(clash)
    assert msg == ("pins.toml:17: panels.helm2.buttons.confirm: GPIO17 is already used by "
                   "panels.helm.buttons.confirm")
    instructor = TWO + '\n[panels.instructor]\ncrew = 2\n'
    (msg,) = problems(instructor)
    assert msg.startswith("pins.toml:25: panels.instructor.crew: the Instructor's panel serves "
                          "every crew")


def test_one_key_never_stands_in_for_two_panels_buttons() -> None:
    (msg,) = problems(TWO.replace('"[5]" = "confirm"', 'O = "confirm"'))
    assert msg.startswith("pins.toml:22: panels.helm2.keys.O: key 'O' is already "
                          "panels.helm.keys.o"), msg
    (msg,) = problems(TWO.replace('o = "confirm"', '"[5]" = "confirm"'))
    assert msg.startswith("pins.toml:22: panels.helm2.keys.[5]: key '[5]' is already "
                          "panels.helm.keys.[5]"), msg


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.one_of(st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                 st.text(string.printable, max_size=8), st.booleans(),
                 st.lists(st.integers(0, 3), max_size=3)))
def test_any_crew_value_is_taken_or_refused_with_its_line(value: Any) -> None:
    text = TWO.replace("crew = 2", f"crew = {toml_literal(value)}")
    try:
        pins = parse_pinmap(text, "pins.toml")
    except PinMapError as exc:
        assert all(p.startswith("pins.toml:") for p in exc.problems), exc.problems
        return
    assert pins.panels["helm2"].crew in (1, 2)   # only 2 is a crew a map with crew 1 may add


def toml_literal(value: Any) -> str:
    """`value` written as TOML (a string with control characters is not valid TOML, and the
    whole file is then refused as such, which the test accepts too)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, float) and value != value:
        return "nan"
    return repr(value)   # ints, floats (inf, -inf, 1e+20) and lists of ints read the same


def test_the_packaged_two_crew_example_is_the_default_and_a_second_crew() -> None:
    example, default = load_pinmap(example_path()), load_pinmap()
    assert example.crews == (1, 2)
    crew1 = {n: p for n, p in example.panels.items() if p.crew == 1}
    assert crew1 == default.panels                # crew 1 wired exactly as the default
    crew2 = [p for p in example.panels.values() if p.crew == 2]
    assert sorted(p.station for p in crew2) == ["captain", "engineer", "helm", "science"]
    assert all(not ref.on_header for p in crew2 for ref in (
        *p.buttons.values(), *(led.pin for led in p.leds.values())))   # all on mcp2 and mcp3
    keys = KeyMap(example)
    assert keys.clashes == []
    assert {keys.keys[k][0] for k in ("[5]", "enter", "[6]", "[9]")} == {
        "helm2", "science2", "engineer2", "captain2"}


def test_crew_numbers_follow_the_scenario_order_of_the_ships_at_panels() -> None:
    order = ["lance", "bastion", "spear", "citadel"]
    assert crews_of(order, ["spear", None, "lance"]) == {"lance": 1, "spear": 2}
    assert crews_of(order, ["citadel", "bastion", "citadel"]) == {"bastion": 1, "citadel": 2}
    assert crews_of(order, ["ghost", "spear"]) == {"spear": 1, "ghost": 2}


def test_ships_with_stations_of_their_own_share_a_crew_s_panels() -> None:
    """The away team's characters have a station each: Kirk's Captain, Spock's Science and
    Kang's Captain panels are crew 1, 1 and 2; two starships' crews stay 1 and 2."""
    order = ["kirk", "spock", "kang", "scott"]
    stations = {"kirk": ["captain"], "spock": ["science"], "kang": ["captain"],
                "scott": ["engineer"]}
    assert crews_of(order, order, stations) == {"kirk": 1, "spock": 1, "kang": 2, "scott": 1}
    every = ["captain", "engineer", "helm", "science"]
    assert crews_of(["enterprise", "kronos"], ["kronos", "enterprise"],
                    {"enterprise": every, "kronos": every}) == {"enterprise": 1, "kronos": 2}


def duel(turns: int = 1) -> dict[str, Any]:
    return prepare(load_scenario("duel", None), None, "basic", None, turns, 3)


class TwoCrews:
    """The example map's two crews on one MockFactory: Enterprise crew 1, Kronos crew 2."""

    def __init__(self, factory: Any, clock: ManualClock, pins: PinMap | None = None) -> None:
        self.factory, self.clock = factory, clock
        self.pins = pins or load_pinmap(example_path())
        self.state: GameState = new_game(duel())
        self.said: list[str] = []
        crews = crews_of(["enterprise", "kronos"], ["kronos", "enterprise"])
        self.bridges = {ship: Bridge(self.pins, factory, ship, crew_stations(self.state, ship),
                                     clock, crews[ship]) for ship in ("kronos", "enterprise")}
        for b in self.bridges.values():
            b.open(self.said.append, clock())
        clock.advance(1.0)
        for b in self.bridges.values():
            b.show(self.state, (), clock())

    def pin(self, ref: PinRef) -> Any:
        return pin_of(self.factory, self.pins, ref)

    def green(self, panel: str) -> int:
        return green_of(self.factory, self.pins, panel)


def pin_of(factory: Any, pins: PinMap, ref: PinRef) -> Any:
    """The mock pin `ref` names, on the header or on an expander."""
    if ref.on_header:
        return factory.pin(ref.pin)
    exp = pins.expanders[ref.chip]
    return mock_i2c(factory, exp.bus).chip(exp.address).pin(str(ref.pin))


def green_of(factory: Any, pins: PinMap, panel: str) -> int:
    return int(pin_of(factory, pins, pins.panels[panel].leds["green"].pin).state > 0)


def test_two_crews_open_on_one_pi_with_no_pin_twice_and_light_their_own_ship(
        factory: Any, clock: ManualClock) -> None:
    table = TwoCrews(factory, clock)
    assert table.said == []                       # nothing busy, nothing missing
    opened = [ref for b in table.bridges.values() for st in b.stations.values()
              for ref in (*st.devices.spec.buttons.values(),
                          *(led.pin for led in st.devices.spec.leds.values()))]
    assert len(opened) == len(set(opened))
    assert set(table.bridges["enterprise"].stations) == {"captain", "engineer", "helm", "science"}
    assert set(table.bridges["kronos"].stations) == {"captain2", "engineer2", "helm2",
                                                      "science2"}
    # Both engineers allocate at once: each green is lit by its own ship's prompt.
    assert (table.green("engineer"), table.green("engineer2")) == (1, 1)
    assert (table.green("helm"), table.green("helm2")) == (0, 0)


def test_a_whole_turn_with_both_crews_at_their_panels_on_one_pi(factory: Any,
                                                                  clock: ManualClock) -> None:
    pins = load_pinmap(example_path())
    app = panels_app(duel(), ["enterprise", "kronos"], pins, factory, 2, lambda _l: None, clock)
    held: list[Any] = []
    lights: list[tuple[int, dict[str, int]]] = []
    clock.advance(1.0)   # past the lamp test
    for _ in range(800):
        if not app.step() or app.game.over:
            break
        # Whoever's seat must act presses confirm (held over a second: a long press).
        lights.append((len(app.game.actions), {p: green_of(factory, pins, p) for p in
                                               ("engineer", "engineer2", "helm", "helm2")}))
        clock.advance(1.0)
        if held:
            held.pop().drive_high()
            continue
        for b in app.bridges:
            for name, station in b.stations.items():
                if pending(app.game.state, station.model.seat):
                    pin = pin_of(factory, pins, pins.panels[name].buttons["confirm"])
                    pin.drive_low()
                    held.append(pin)
                    break
            if held:
                break
    assert app.game.over
    actions = app.game.actions
    assert {b.ship for b in app.bridges} == {"enterprise", "kronos"}
    for b in app.bridges:
        made = [out.action for _, out in b.outcomes if out.action is not None]
        assert made and all(getattr(a, "ship", None) == b.ship for a in made)
        ours = [a for a in actions if getattr(a, "ship", None) == b.ship
                and a.to_json()["type"] != "roll"]
        assert ours == made            # every decision of the ship came from its own crew
    # Before any press both engineers were lit; after the first allocation that ship's
    # engineer went out and its helm came on, while the other engineer still had to allocate.
    assert lights[0] == (0, {"engineer": 1, "engineer2": 1, "helm": 0, "helm2": 0})
    first = getattr(actions[0], "ship", None)
    mine, theirs = ("", "2") if first == "enterprise" else ("2", "")
    after = next(seen for n, seen in lights if n == 1)
    assert after == {f"engineer{mine}": 0, f"helm{mine}": 1, f"engineer{theirs}": 1,
                     f"helm{theirs}": 0}
    app.close()


def test_with_a_one_crew_map_the_second_ship_is_said_once_to_play_elsewhere(
        factory: Any, clock: ManualClock) -> None:
    table = TwoCrews(factory, clock, load_pinmap())
    assert table.said == [
        "no panel in " + table.pins.source + " for kronos's crew (crew 2: the map has panels "
        "for crew 1 only): captain, engineer, helm, science (those stations play on the "
        "touchscreen or the keyboard)"]
    assert table.bridges["kronos"].stations == {}
    assert set(table.bridges["enterprise"].stations) == {"captain", "engineer", "helm",
                                                          "science"}
    assert table.green("engineer") == 1


@pytest.mark.slow
def test_a_third_crew_beyond_the_map_is_said_once_and_the_two_others_play(
        factory: Any, clock: ManualClock) -> None:
    scenario = prepare(load_scenario("skirmish", None), None, "basic", None, 1, 3)
    state = new_game(scenario)
    ids = [str(s["id"]) for s in scenario["ships"]]
    pins = load_pinmap(example_path())
    said: list[str] = []
    crews = crews_of(ids, ids[:3])
    bridges = [Bridge(pins, factory, ship, crew_stations(state, ship), clock, crews[ship])
               for ship in ids[:3]]
    for b in bridges:
        b.open(said.append, clock())
    assert len(said) == 1 and said[0].startswith(
        f"no panel in {pins.source} for {ids[2]}'s crew (crew 3: the map has panels for crew "
        "1, 2 only): ")
    assert [len(b.stations) for b in bridges][:2] == [4, 4] and bridges[2].stations == {}
    for b in bridges:
        b.close()


def test_the_two_crew_diagram_in_the_docs_is_the_examples() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "wiring-two-crews.svg"
    assert doc.read_text(encoding="utf-8") == render_svg(load_pinmap(example_path())), \
        "run: python -m hardware.wiring hardware/data/two_crews_pins.toml docs/wiring-two-crews.svg"
    assert "panel helm2 (helm, crew 2)" in doc.read_text(encoding="utf-8")
