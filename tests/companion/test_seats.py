"""The Instructor changes seats between turns, driven at the edges: taps and keys through
pygame's event queue (SDL's dummy driver), gpiozero's MockFactory pins, a real SQLite save."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.saves.saved_game import SavedGame, autopilot_action
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.settings.config import parse_config
from companion.table.app import App, Table
from companion.table.seat_changes import SeatChanges, panel_problem, turn_of
from companion.table.table_setup import Hardware, build_table
from display.bridge_display import Request
from engine import Seat, crew_stations, new_game, pending
from hardware.pinmap import example_path, load_pinmap
from readouts.seats_model import MODES

SHIPS = ("enterprise", "kronos")
INSTRUCTOR_SEAT = Seat("instructor")


class ManualClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    yield surface
    pygame.display.quit()


class Rig:
    """A table with the Instructor's screen: each ship's seats as `modes` says."""

    def __init__(self, tmp_path: Path, surface: Any, modes: dict[str, str],
                 seat: Seat = INSTRUCTOR_SEAT, pins: bool = True, two_crews: bool = False,
                 ) -> None:
        self.clock = ManualClock()
        self.store, _ = Store.open_folder(tmp_path)
        scenario = prepare(load_scenario("duel", None), None, "basic", None, 2)
        state = new_game(scenario)
        seats = {f"{ship}/{st}": modes[ship] for ship in SHIPS for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, scenario, 5, seats)
        self.pins = load_pinmap(example_path() if two_crews else None)
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({(k.split("/")[0], k.split("/")[1]): v for k, v in seats.items()},
                      self.pins if pins else None, self.factory if pins else None, None, surface,
                      seat, self.clock, say=self.said.append)
        self.app = App(self.game, table)

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.clock.t += 0.05
            assert self.app.step()

    def tap(self, wid: str) -> None:
        """A mouse click on the widget `wid` as last drawn, then a step (handled and drawn)."""
        w = next(w for w in self.app.display.widgets if w.id == wid)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w.rect.center,
                                             touch=False))
        self.step()

    def touch_players(self) -> bool:
        """The people at the touchscreen decide what is in front of them (as the display would
        send it); False when nothing is theirs to do."""
        for p in pending(self.game.state):
            if self.app.table.seats.get((p.ship or "", p.station)) == "touch":
                self.app.outputs.put(autopilot_action(self.game, p))
                self.step()
                return True
        return False

    def settle(self) -> None:
        """Let the autopilots act until people must (the panel of whoever must act comes
        forward by itself until then)."""
        for _ in range(300):
            if self.app.waiting_for_people():
                return
            self.step()
        raise AssertionError("the autopilot never stopped")

    def open_seats_and_tap(self, wid: str) -> None:
        self.settle()
        self.tap("tab:instructor")
        self.tap("seats")
        for _ in range(5):
            if any(w.id == wid for w in self.app.display.widgets):
                break
            self.tap("page:+1")
        self.tap(wid)

    def close(self) -> None:
        self.app.close()
        self.factory.close()
        self.store.close()


@pytest.mark.slow
def test_a_seat_tapped_mid_turn_changes_at_the_next_turn_and_the_save_keeps_it(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "touch", "kronos": "autopilot"})
    rig.step(3)
    rig.touch_players()
    assert rig.game.actions and turn_of(rig.game.state) == 1
    rig.open_seats_and_tap("seatmode:kronos/helm:touch")
    # asked: shown as such, nothing changed yet
    assert rig.app.table.seats["kronos", "helm"] == "autopilot"
    row = next(r for r in rig.app.display.seat_rows if (r.ship, r.station) == ("kronos", "helm"))
    assert row.asked == "touch"
    assert any(w.note == "next turn" for w in rig.app.display.widgets)
    assert rig.store.load(rig.game.id).seats["kronos/helm"] == "autopilot"
    for _ in range(400):
        if turn_of(rig.game.state) > 1:
            break
        if not rig.touch_players():
            rig.step()
        if turn_of(rig.game.state) == 1:
            assert rig.app.table.seats["kronos", "helm"] == "autopilot"
    assert turn_of(rig.game.state) == 2
    changed_at = len(rig.game.actions)
    # made as the turn started: the table, the save (durably), and a resumed game
    assert rig.app.table.seats["kronos", "helm"] == "touch"
    assert rig.store.load(rig.game.id).seats["kronos/helm"] == "touch"
    resumed = SavedGame.resume(rig.store, rig.game.id)
    assert resumed.seats["kronos/helm"] == "touch" and resumed.seats["kronos/engineer"] == \
        "autopilot"
    config = parse_config({}, "t")
    assert build_table(resumed, config, Hardware(), False, lambda _l: None).seats[
        "kronos", "helm"] == "touch"
    assert any("seats changed" in line and "Helm of IKS Kronos One by touch" in line
               for line in rig.said), rig.said
    # the autopilot no longer plays Kronos's Helm: the table waits for a person there
    for _ in range(400):
        if any(p.ship == "kronos" and p.station == "helm" for p in pending(rig.game.state)):
            break
        if not rig.touch_players():
            rig.step()
    prompt = next(p for p in pending(rig.game.state) if p.ship == "kronos" and p.station == "helm")
    rig.step(5)
    assert prompt in pending(rig.game.state) and rig.app.waiting_for_people()

    def helm_by_autopilot(start: int, end: int | None) -> int:
        return sum(1 for a, b in zip(rig.game.actions[start:end], rig.game.by[start:end],
                                     strict=True)
                   if a.to_json().get("ship") == "kronos" and a.to_json()["station"] == "helm"
                   and b == "autopilot")

    assert helm_by_autopilot(0, changed_at) > 0 and helm_by_autopilot(changed_at, None) == 0
    rig.close()


@pytest.mark.slow
def test_before_the_first_action_a_change_is_made_at_once_and_opens_the_panel(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "autopilot", "kronos": "autopilot"})
    assert rig.app.bridges == [] and not rig.game.actions
    rig.app.outputs.put(Request("seat", "helm", "enterprise", "panel"))
    rig.app.step()   # the game's first step: the change is made before the autopilot acts
    assert rig.app.table.seats["enterprise", "helm"] == "panel"
    assert rig.store.load(rig.game.id).seats["enterprise/helm"] == "panel"
    (bridge,) = rig.app.bridges
    assert bridge.ship == "enterprise" and [s.model.seat for s in bridge.stations.values()] == \
        [Seat("helm", "enterprise")]
    # the panel works: when Helm must act, its confirm button (a MockFactory pin) decides
    rig.clock.t += 1.0   # past the lamp test
    for _ in range(300):
        if rig.app.waiting_for_people():
            break
        rig.step()
    prompt = next(p for p in pending(rig.game.state) if p.ship == "enterprise")
    assert prompt.station == "helm"
    assert bridge.lit()["helm"].get("green", 0) > 0 or prompt.roll is not None
    pin = rig.factory.pin(rig.pins.panels["helm"].buttons["confirm"].pin)
    n = len(rig.game.actions)
    pin.drive_low()
    rig.step()
    pin.drive_high()
    rig.step()
    if len(rig.game.actions) == n:   # firing is a long press
        pin.drive_low()
        rig.clock.t += 0.9
        rig.step()
        pin.drive_high()
        rig.step()
    assert len(rig.game.actions) > n and rig.game.by[n] == "panel", rig.app.messages[-3:]
    rig.close()


@pytest.mark.slow
def test_a_seat_taken_off_its_panel_closes_it_and_the_lights_strip_goes(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "panel", "kronos": "autopilot"})
    assert len(rig.app.bridges[0].stations) == 4
    for station in crew_stations(rig.game.state, "enterprise"):
        rig.app.outputs.put(Request("seat", station, "enterprise", "autopilot"))
    rig.step(3)
    assert rig.app.bridges == [] and rig.app.display.lights is None
    assert set(rig.store.load(rig.game.id).seats.values()) == {"autopilot"}
    assert len(rig.game.actions) >= 1   # the autopilot plays those seats at once
    rig.close()


@pytest.mark.slow
def test_a_panel_another_ship_holds_is_greyed_and_refused(tmp_path: Path,
                                                         screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "panel", "kronos": "autopilot"})
    rig.step()
    held = "the Helm panel is USS Enterprise's (the pin map has panels for crew 1 only)"
    rig.open_seats_and_tap("seatmode:kronos/helm:panel")
    assert rig.app.display.message == held
    assert rig.app.seat_changes.asked == {}
    # asked through the app's queue anyway: refused with the same reason
    rig.app.outputs.put(Request("seat", "helm", "kronos", "panel"))
    rig.step()
    assert rig.app.messages[-1] == held
    # Enterprise's other stations keep crew 1's panels: Kronos still has none of its own
    rig.app.outputs.put(Request("seat", "helm", "enterprise", "touch"))
    rig.app.outputs.put(Request("seat", "helm", "kronos", "panel"))
    rig.step()
    assert rig.app.seat_changes.asked == {("enterprise", "helm"): "touch"}
    assert rig.app.messages[-1] == held
    # and asking a seat's current mode takes its change back
    rig.app.outputs.put(Request("seat", "helm", "enterprise", "panel"))
    rig.step()
    assert ("enterprise", "helm") not in rig.app.seat_changes.asked
    rig.close()


@pytest.mark.slow
def test_a_second_crew_takes_the_second_crews_panels(tmp_path: Path,
                                                     screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "panel", "kronos": "autopilot"}, two_crews=True)
    rig.step()
    rig.app.outputs.put(Request("seat", "helm", "kronos", "panel"))
    rig.step()
    assert rig.app.seat_changes.asked == {("kronos", "helm"): "panel"}
    rig.close()


@pytest.mark.slow
def test_a_change_that_would_move_another_crews_panels_is_refused(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "autopilot", "kronos": "panel"}, two_crews=True)
    rig.step()
    rig.app.outputs.put(Request("seat", "helm", "enterprise", "panel"))
    rig.step()
    assert rig.app.seat_changes.asked == {}
    assert rig.app.messages[-1] == ("IKS Kronos One's crew would have to move to the crew 2 "
                                    "panels (crew 1 plays the first ship at panels)")
    rig.close()


@pytest.mark.slow
def test_a_table_without_panels_offers_none(tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "touch", "kronos": "autopilot"}, pins=False)
    rows = rig.app.display.seat_rows
    assert rows and all(r.panel_problem == "no station panels at this table" for r in rows)
    rig.app.outputs.put(Request("seat", "helm", "kronos", "panel"))
    rig.step()
    assert rig.app.messages[-1] == "no station panels at this table"
    assert rig.app.table.seats["kronos", "helm"] == "autopilot"
    rig.close()


@pytest.mark.slow
def test_a_player_s_screen_has_no_seats_control_and_cannot_change_one(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "touch", "kronos": "autopilot"},
              seat=Seat("captain", "enterprise"))
    rig.step(2)
    display = rig.app.display
    assert display.seat_rows is None
    for tab in display.stations():
        rig.tap(f"tab:{tab}")
        assert not any(w.id == "seats" or w.id.startswith("seatmode:") for w in display.widgets)
    rig.app.outputs.put(Request("seat", "helm", "kronos", "touch"))
    rig.step()
    assert "only the Instructor changes seats" in rig.app.messages
    assert rig.app.seat_changes.asked == {} and rig.app.table.seats["kronos", "helm"] == \
        "autopilot"
    rig.close()


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(asks=st.lists(st.tuples(st.one_of(st.sampled_from(SHIPS), st.text(max_size=8)),
                               st.one_of(st.sampled_from(("helm", "science", "instructor")),
                                         st.text(max_size=8)),
                               st.one_of(st.sampled_from(MODES), st.text(max_size=8)),
                               st.booleans()),
                     max_size=12))
def test_any_seat_requests_leave_every_seat_with_a_real_mode(
        asks: list[tuple[str, str, str, bool]]) -> None:
    """Whatever is asked (unknown ships, stations, modes): a reason or a change, never an
    exception, and never two ships at one panel."""
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1))
    seats = {(ship, st): "autopilot" for ship in SHIPS for st in crew_stations(state, ship)}
    pins = load_pinmap()
    changes = SeatChanges()
    for ship, station, mode, new_turn in asks:
        problem = changes.ask(seats, (ship, station), mode, pins)
        assert problem is None or (isinstance(problem, str) and problem)
        if new_turn:   # a turn starts: what was asked is made
            seats.update(changes.take())
    seats.update(changes.take())
    assert set(seats) == {(ship, st) for ship in SHIPS for st in crew_stations(state, ship)}
    assert set(seats.values()) <= set(MODES)
    at_panels = [st for (_, st), m in seats.items() if m == "panel"]
    assert len(at_panels) == len(set(at_panels))
    assert all(panel_problem(pins, {k: m for k, m in seats.items() if k != key}, key) is None
               for key, m in seats.items() if m == "panel")


@pytest.mark.slow
def test_a_change_waiting_through_an_undo_is_made_when_the_turn_next_goes_up(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen, {"enterprise": "touch", "kronos": "autopilot"})
    rig.settle()
    rig.touch_players()
    rig.settle()
    rig.app.outputs.put(Request("seat", "science", "enterprise", "autopilot"))
    rig.step()
    assert rig.app.seat_changes.asked == {("enterprise", "science"): "autopilot"}
    rig.app.outputs.put(Request("undo"))   # the Instructor takes back the Enterprise's decision
    rig.step()
    assert rig.store.undos(rig.game.id) and turn_of(rig.game.state) == 1
    assert rig.app.seat_changes.asked == {("enterprise", "science"): "autopilot"}
    assert rig.app.table.seats["enterprise", "science"] == "touch"
    for _ in range(400):
        if turn_of(rig.game.state) > 1:
            break
        if not rig.touch_players():
            rig.step()
    assert rig.app.table.seats["enterprise", "science"] == "autopilot"
    assert rig.store.load(rig.game.id).seats["enterprise/science"] == "autopilot"
    rig.close()


@pytest.mark.slow
def test_a_station_a_panel_stands_in_for_can_be_asked_to_its_panel() -> None:
    """Knight Hawks has no Science: the Science panel plays its Weapons (the pin map's `plays`),
    so the Seats view offers the panel for Weapons and a change to it is taken."""
    from companion.session import ruleset_scenario

    name = ruleset_scenario("knighthawks", None, "duel", None)
    scenario = prepare(load_scenario(name, None), None, None, None, 1, None)
    state = new_game(scenario)
    ships = [str(s["id"]) for s in scenario["ships"]]
    seats = {(ship, st): "autopilot" for ship in ships for st in crew_stations(state, ship)}
    pins = load_pinmap()
    key = (ships[0], "weapons")
    assert key in seats
    assert panel_problem(pins, seats, key) is None
    changes = SeatChanges()
    assert changes.ask(seats, key, "panel", pins) is None
    assert changes.asked == {key: "panel"}
    row = next(r for r in changes.rows(seats, pins) if (r.ship, r.station) == key)
    assert row.panel_problem is None
