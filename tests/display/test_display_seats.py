"""The Instructor's Seats view: its model, every page at every size, taps, keys, and a player's
screen that never offers it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from game_helpers import play, start
from hypothesis import given, settings
from hypothesis import strategies as st
from test_display_screens import check_laid_out

from display.bridge_display import BridgeDisplay, Output, Request
from display.layout import SIZES
from engine import GameState, Seat, crew_stations
from engine.stations import STATION_NAMES
from readouts.seats_model import MODES, SeatRow, choices, mode_id, parse_mode_id, seat_lines


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def rows_for(state: GameState, asked: str | None = "touch") -> tuple[SeatRow, ...]:
    """Enterprise's crew at panels, Kronos's on the autopilot with its panels taken (greyed),
    and Enterprise's Science asked to go to the touchscreen (so Kronos may take that panel)."""
    out = []
    for ship in ("enterprise", "kronos"):
        for station in crew_stations(state, ship):
            mine = ship == "enterprise"
            out.append(SeatRow(ship, station, "panel" if mine else "autopilot",
                               asked if mine and station == "science" else None,
                               None if mine or station == "science"
                               else f"the {station} panel is USS Enterprise's"))
    return tuple(out)


INSTRUCTOR_SEAT = Seat("instructor")


def seats_display(surface: pygame.Surface, seat: Seat = INSTRUCTOR_SEAT,
                  state: GameState | None = None) -> tuple[BridgeDisplay, list[Output]]:
    out: list[Output] = []
    d = BridgeDisplay(surface, seat, out.append)
    state = state or start()
    d.show(state)
    d.show_seats(rows_for(state))
    d.activate("tab:instructor")
    d.draw(force=True)
    return d, out


def ids(d: BridgeDisplay) -> set[str]:
    return {w.id for w in d.widgets}


def test_panel_is_greyed_with_the_reason_and_the_asked_mode_is_marked() -> None:
    row = SeatRow("kronos", "helm", "autopilot", "touch", "the Helm panel is USS Enterprise's")
    panel, touch, auto = choices(row)
    assert (panel.problem, touch.problem, auto.problem) == \
        ("the Helm panel is USS Enterprise's", None, None)
    assert auto.current and not touch.current and touch.asked and not auto.asked
    # played at a panel now: that panel is never greyed out under it
    assert choices(SeatRow("kronos", "helm", "panel", None, "taken"))[0].problem is None
    lines = seat_lines((row, SeatRow("kronos", "science", "touch")), {"kronos": "IKS Kronos One"})
    assert [ln.label for ln in lines] == ["IKS Kronos One", "Helm", "Science"]
    assert lines[0].choices == () and len(lines[1].choices) == 3


@pytest.mark.slow
@given(ship=st.text(min_size=1, max_size=20), station=st.sampled_from(STATION_NAMES),
       mode=st.sampled_from(MODES))
def test_a_mode_id_reads_back_whatever_the_ship_is_called(ship: str, station: str,
                                                          mode: str) -> None:
    wid = mode_id(ship, station, mode)
    assert parse_mode_id(wid.partition(":")[2]) == (ship, station, mode)


@given(text=st.text(max_size=40))
def test_any_widget_id_text_reads_as_a_seat_or_nothing(text: str) -> None:
    got = parse_mode_id(text)
    assert got is None or (got[0] and got[1] and got[2] in MODES)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_page_at_every_size_overlaps_nothing_and_clips_nothing(
        size: tuple[int, int]) -> None:
    d, _ = seats_display(pygame.Surface(size))
    d.activate("seats")
    d.message = "the Helm panel is USS Enterprise's"   # the reason line, as after a greyed tap
    seen: set[str] = set()
    for _ in range(10):
        d.draw(force=True)
        check_laid_out(d, size)
        seen |= {w.id for w in d.widgets if w.id.startswith("seatmode:")}
        if "page:+1" not in {w.id for w in d.widgets if w.enabled}:
            break
        d.activate("page:+1")
        d.message = "the Helm panel is USS Enterprise's"
    assert len(seen) == 3 * 8   # every seat of both ships, three modes each, on some page


def test_a_bigger_crew_pages_with_the_ship_named_on_every_page() -> None:
    """Six players a ship (Book Two, C&C: Expanding For More Players) on the 7" screen."""
    state = start("skirmish")
    d, _ = seats_display(pygame.Surface((800, 480)), state=state)
    d.activate("seats")
    names = {str(s["id"]): str(s["name"]) for s in d.view["ships"]}
    for _ in range(20):
        d.draw(force=True)
        check_laid_out(d, (800, 480))
        words = [t.text for t in d.painter.texts]
        shown_ships = {w.id.split(":")[1].rpartition("/")[0] for w in d.widgets
                       if w.id.startswith("seatmode:")}
        assert all(names.get(s, s) in words for s in shown_ships)
        if "page:+1" not in {w.id for w in d.widgets if w.enabled}:
            break
        d.activate("page:+1")


@pytest.fixture()
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    yield surface
    pygame.display.quit()


def centre(d: BridgeDisplay, wid: str) -> tuple[int, int]:
    return next(w for w in d.widgets if w.id == wid).rect.center


def test_taps_open_the_view_and_ask_for_a_seat(screen: pygame.Surface) -> None:
    d, out = seats_display(screen)
    assert "seats" in ids(d) and not any(i.startswith("seatmode:") for i in ids(d))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(d, "seats"),
                                         button=1, touch=False))
    d.frame()
    assert d.showing_seats and "close-seats" in ids(d)
    x, y = centre(d, "seatmode:enterprise/helm:autopilot")
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, touch_id=1,
                                         finger_id=0, pressure=1.0, dx=0.0, dy=0.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1,
                                         touch=True))   # the same tap, as SDL repeats it
    d.frame()
    assert out == [Request("seat", "helm", "enterprise", "autopilot")]


def test_a_greyed_panel_says_why_and_asks_nothing(screen: pygame.Surface) -> None:
    d, out = seats_display(screen)
    d.activate("seats")
    d.activate("page:+1")
    d.draw()
    w = next(w for w in d.widgets if w.id == "seatmode:kronos/helm:panel")
    assert not w.enabled
    d.tap(*w.rect.center)
    d.draw()
    assert out == [] and d.message == "the helm panel is USS Enterprise's"
    assert "the helm panel is USS Enterprise's" in [t.text for t in d.painter.texts]


def test_the_keyboard_opens_pages_and_chooses(screen: pygame.Surface) -> None:
    d, out = seats_display(screen)

    def key(k: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))
        d.frame()

    for _ in range(20):
        if d.focus == "seats":
            break
        key(pygame.K_TAB)
    key(pygame.K_RETURN)
    assert d.showing_seats
    key(pygame.K_PAGEDOWN)
    assert d.seats_page == 1
    while d.focus != "seatmode:kronos/helm:touch":
        key(pygame.K_TAB)
    key(pygame.K_RETURN)
    assert out == [Request("seat", "helm", "kronos", "touch")]
    key(pygame.K_TAB, pygame.KMOD_SHIFT)   # back past the greyed-out panel of Kronos's Helm
    assert d.focus == "seatmode:kronos/engineer:autopilot"
    while d.focus != "close-seats":
        key(pygame.K_TAB)
    key(pygame.K_RETURN)
    assert not d.showing_seats


@pytest.mark.slow
def test_the_view_stays_open_while_the_autopilots_play_on(screen: pygame.Surface) -> None:
    d, _ = seats_display(screen)
    d.activate("seats")
    d.activate("page:+1")
    d.focus = "seatmode:kronos/helm:touch"
    state = start()
    for _ in range(5):
        state, _ = play(state, limit=1)   # one action by an autopilot or a virtual die
        d.show(state)
        d.draw()
        assert d.showing_seats and d.seats_page == 1 and d.focus == "seatmode:kronos/helm:touch"
    d.activate("tab:helm")
    assert not d.showing_seats


def test_a_player_s_screen_never_offers_seats(screen: pygame.Surface) -> None:
    d, out = seats_display(screen, Seat("captain", "enterprise"))
    assert d.seat_rows is None
    d.activate("seats")
    d.activate("seatmode:enterprise/helm:touch")
    for tab in d.stations():
        d.activate(f"tab:{tab}")
        d.draw(force=True)
        assert not any(i == "seats" or i.startswith("seatmode:") for i in ids(d)), tab
        assert "SEATS" not in [t.text for t in d.painter.texts]
    assert out == [] and not d.showing_seats


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(taps=st.lists(st.tuples(st.integers(0, 799), st.integers(0, 479)), max_size=30))
def test_random_taps_on_the_view_ask_only_for_real_seats_and_modes(
        taps: list[tuple[int, int]]) -> None:
    d, out = seats_display(pygame.Surface((800, 480)))
    d.activate("seats")
    real = {(r.ship, r.station) for r in d.seat_rows or ()}
    for x, y in taps:
        d.draw()
        d.tap(x, y)
    for o in out:   # (a tap on a tab leaves the view: the Instructor's panel may ask an undo)
        if isinstance(o, Request) and o.kind == "seat":
            assert (o.ship, o.station) in real and o.mode in MODES


def test_an_admirals_seat_is_listed_under_its_side() -> None:
    """The optional Admiral's seat (engine/rulesets/fasa/command/admiral.py), key (side, "admiral"): a
    line of its own under "Blue side", with the three modes offered."""
    rows = (SeatRow("lance", "captain", "panel"), SeatRow("Blue", "admiral", "autopilot"))
    lines = seat_lines(rows, {"lance": "Lance"})
    assert [ln.label for ln in lines] == ["Lance", "Captain", "Blue side", "Admiral"]
    assert len(lines[3].choices) == 3
