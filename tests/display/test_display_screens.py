"""Every screen rendered headless at every size: nothing overlaps, nothing is clipped, targets are
large enough, and the right facts are on it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from game_helpers import scenario, start

from companion.headless.screens import (
    ADVANCED_SCREENS,
    INSTRUCTOR_SCREENS,
    SCREENS,
    advance,
    stage_overlays,
    stage_seats,
)
from display.bridge_display import BridgeDisplay
from display.layout import SIZES, layout
from display.paint import ELLIPSIS
from engine import Action, GameState, Seat, new_game, pending
from engine.events import Event


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


_GAMES: dict[tuple[str, Seat, str], tuple[GameState, list[Event]]] = {}
_LOGS: dict[tuple[str, Seat, str], tuple[dict[str, Any], list[Action]]] = {}


def moment(screen: str, seat: Seat, level: str = "basic") -> tuple[GameState, list[Event]]:
    key = (screen, seat, level)
    if key not in _GAMES:
        turns = 30 if screen == "end" else 3
        played = scenario(turns=turns, level=level)
        actions: list[Action] = []
        # the advanced duel is short (seed 1 ends it in turn 2): its screens come from turn 1
        _GAMES[key] = advance(new_game(played), seat, 1 if level == "basic" else 0,
                              SCREENS[screen][1], seed=1, actions=actions)
        _LOGS[key] = (played, actions)
    return _GAMES[key]


def render(screen: str, seat: Seat, size: tuple[int, int], level: str = "basic") -> BridgeDisplay:
    """The screen as the app shows it: the game's log replayed (ticker, Rolls list), then the
    panel or the list brought forward."""
    state, _ = moment(screen, seat, level)
    surface = pygame.Surface(size)
    display = BridgeDisplay(surface, seat, lambda _: None)
    display.rebuild(state, *_LOGS[(screen, seat, level)])
    tab = SCREENS[screen][0]
    if tab is not None and tab in display.stations():
        display.activate(f"tab:{tab}")
    if screen == "seats":
        stage_seats(display, state)
    if screen == "rolls":
        display.activate("rolls")
    stage_overlays(display, state, _LOGS[(screen, seat, level)][0], seat, screen)
    assert display.draw(force=True)
    return display


def cases(level: str) -> list[tuple[str, Seat]]:
    return [(screen, Seat("instructor") if screen in INSTRUCTOR_SCREENS
             else Seat("helm", "enterprise"))
            for screen in SCREENS if level in ADVANCED_SCREENS.get(screen, (level,))]


CASES = cases("basic")
ADVANCED_CASES = cases("advanced")
ADVANCED_SIZES = (SIZES[0], SIZES[-1])
"""The advanced level's screens at the smallest and the largest size (the course buttons and
the evade decision are what differ; the sizes between are the basic level's)."""


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("screen", "seat"), CASES, ids=[c[0] for c in CASES])
def test_nothing_overlaps_and_nothing_is_clipped(screen: str, seat: Seat,
                                                 size: tuple[int, int]) -> None:
    check_laid_out(render(screen, seat, size), size)


@pytest.mark.slow
@pytest.mark.parametrize("size", ADVANCED_SIZES, ids=[f"{w}x{h}" for w, h in ADVANCED_SIZES])
@pytest.mark.parametrize(("screen", "seat"), ADVANCED_CASES, ids=[c[0] for c in ADVANCED_CASES])
def test_nothing_overlaps_and_nothing_is_clipped_at_the_advanced_level(
        screen: str, seat: Seat, size: tuple[int, int]) -> None:
    check_laid_out(render(screen, seat, size, "advanced"), size)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_advanced_helm_offers_every_course_letter_whole(size: tuple[int, int]) -> None:
    """Six course letters and BACK: whole labels, targets of 48 px and more, at every size
    (check_laid_out), and the hard turns and reverse said in words on the screen."""
    d = render("helm", Seat("helm", "enterprise"), size, "advanced")
    check_laid_out(d, size)
    letters = {w.id.rsplit(":", 1)[1] for w in d.widgets if w.id.startswith("letter:steps:")}
    assert letters == set("FPSLRB")
    assert "back:steps" in {w.id for w in d.widgets}
    words = " ".join(t.text for t in d.painter.texts)
    assert "HARD P" in words and "REV" in words and "stationary" in words and "-2 to" in words


def test_the_evade_screen_asks_the_target_s_mover() -> None:
    d = render("evade", Seat("helm", "enterprise"), (800, 480), "advanced")
    state, _ = moment("evade", Seat("helm", "enterprise"), "advanced")
    (prompt,) = pending(state, Seat("helm", "enterprise"))
    assert prompt.action == "evade" and d.tab == prompt.station   # the mover's panel
    picks = {w.id for w in d.widgets if w.id.startswith("pick:direction:")}
    assert picks == {"pick:direction:none", "pick:direction:port", "pick:direction:starboard"}
    words = " ".join(t.text for t in d.painter.texts)
    assert "halves the hit" in words   # the engine's whole label, wrapped, not cut


def check_laid_out(d: BridgeDisplay, size: tuple[int, int]) -> None:
    """Every widget and text on screen, in its region, overlapping nothing; targets >= 48 px;
    no button's label cut."""
    lay = layout(*size, lights=d.lights is not None)
    regions = lay.regions()
    screen_rect = pygame.Rect(0, 0, *size)
    widgets = d.widgets
    assert widgets, "no touch targets drawn"
    for n, w in enumerate(widgets):
        assert screen_rect.contains(w.rect), (w.id, w.rect)
        assert w.rect.width >= 48 and w.rect.height >= 48, (w.id, w.rect)
        for other in widgets[n + 1:]:
            assert not w.rect.colliderect(other.rect), (w.id, other.id)
    regions["split"] = lay.shared   # officers deciding at once share the panel and its row
    texts = d.painter.texts
    for n, t in enumerate(texts):
        region = pygame.Rect(regions[t.region])
        assert region.contains(t.rect), (t.text, t.rect, t.region, region)
        for other in texts[n + 1:]:
            assert not t.rect.colliderect(other.rect), (t.text, other.text)
    for w in widgets:   # a button's label is whole, never cut
        labels = [t for t in texts if w.rect.contains(t.rect)]
        assert labels and all(not t.text.endswith(ELLIPSIS) for t in labels), w.id


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_map_screen_shows_the_turn_the_ships_and_the_crew_tabs(size: tuple[int, int]) -> None:
    d = render("map", Seat("helm", "enterprise"), size)
    words = " ".join(t.text for t in d.painter.texts)
    assert "TURN 2" in words
    assert "USS Enterprise" in words and "IKS Kronos One" in words
    assert {w.id for w in d.widgets} >= {"tab:captain", "tab:engineer", "tab:helm", "tab:science"}


@pytest.mark.slow
def test_end_of_game_shows_the_after_action_report() -> None:
    d = render("end", Seat("helm", "enterprise"), (800, 480))
    words = " ".join(t.text for t in d.painter.texts)
    assert "AFTER-ACTION REPORT" in words
    assert "Victory" in words or "over" in words


def test_instructor_panel_lists_every_ship_and_offers_undo() -> None:
    d = render("instructor", Seat("instructor"), (800, 480))
    words = " ".join(t.text for t in d.painter.texts)
    assert "INSTRUCTOR" in words and "USS Enterprise" in words and "IKS Kronos One" in words
    assert "undo" in {w.id for w in d.widgets}


def test_an_idle_table_does_not_redraw() -> None:
    d = render("map", Seat("helm", "enterprise"), (800, 480))
    assert not d.draw()            # nothing changed: no drawing at all
    d.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    assert not d.draw()            # moving the mouse changes nothing either
    d.activate("tab:science")
    assert d.draw()


@pytest.mark.slow
def test_fire_choices_say_the_number_the_shot_needs() -> None:
    d = render("fire", Seat("helm", "enterprise"), (800, 480))
    notes = [w.note for w in d.widgets if w.id.startswith("pick:") and not w.id.endswith(":-")]
    assert notes and all(n.startswith("needs 1-") for n in notes)
    state, _ = moment("fire", Seat("helm", "enterprise"))
    need = state.tables.to_hit(  # type: ignore[attr-defined]
        state.ship("enterprise").cls.weapon("ph1").chart,  # type: ignore[attr-defined]
        state.ship("enterprise").pos.distance(state.ship("kronos").pos))  # type: ignore[attr-defined]
    assert f"needs 1-{need}" in notes


def test_dice_status_shows_in_the_phase_bar() -> None:
    d = render("map", Seat("helm", "enterprise"), (800, 480))
    d.set_dice_status("tray connected")
    assert d.draw()
    assert any(t.text == "Dice: tray connected" for t in d.painter.texts)


def test_why_opens_the_last_rolls_explanation_and_closes_again() -> None:
    from companion.dice import VirtualDice
    from engine import apply, pending
    seat = Seat("helm", "enterprise")
    state, events = moment("roll", seat)
    surface = pygame.Surface((800, 480))
    d = BridgeDisplay(surface, seat, lambda _: None)
    d.show(state, events)
    request = pending(state)[0].roll
    assert request is not None
    after, more = apply(state, VirtualDice(1).roll(request))
    d.show(after, more)
    d.draw()
    d.activate("why")
    d.draw()
    words = " ".join(t.text for t in d.painter.texts)
    assert "WHY: THE LAST ROLL" in words and "Firing Chart" in words
    d.activate("close-why")
    d.draw()
    assert "WHY: THE LAST ROLL" not in " ".join(t.text for t in d.painter.texts)


@pytest.mark.slow
def test_a_resized_screen_is_laid_out_afresh() -> None:
    d = render("engineering", Seat("helm", "enterprise"), (800, 480))
    small = {w.id: w.rect.copy() for w in d.widgets}
    d.resize(pygame.Surface((1280, 720)))
    assert d.draw()
    big = {w.id: w.rect for w in d.widgets}
    assert set(small) == set(big)
    assert big["confirm"].bottom > 480 and big["up:movement"].height > small["up:movement"].height


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_captain_chooses_the_damaged_weapon_on_a_clean_screen(size: tuple[int, int]) -> None:
    from game_helpers import play
    state, history = play(start("skirmish", turns=10), seed=1,
                          until=lambda s, p: p.action == "choose_damaged_weapon")
    surface = pygame.Surface(size)
    chooser = pending(state)[0].ship  # whichever ship's weapon was hit
    d = BridgeDisplay(surface, Seat("captain", chooser), lambda _: None)
    d.show(state, [e for _, e in history])
    assert d.draw()
    assert d.tab == "captain"
    picks = [w for w in d.widgets if w.id.startswith("pick:weapon:")]
    assert len(picks) >= 2
    for n, w in enumerate(d.widgets):
        assert w.rect.width >= 48 and w.rect.height >= 48
        assert not any(w.rect.colliderect(o.rect) for o in d.widgets[n + 1:])
    texts = d.painter.texts
    for n, t in enumerate(texts):
        assert not any(t.rect.colliderect(o.rect) for o in texts[n + 1:]), t.text


def big_ship_arming(size: tuple[int, int]) -> BridgeDisplay:
    """Helm of a ten-weapon battlecruiser (the skirmish's Bastion) arming its weapons."""
    seat = Seat("helm", "bastion")
    state, _ = advance(start("skirmish"), seat, 0,
                       lambda s, p, st: p.action == "arm_weapons" and p.ship == "bastion", 1)
    d = BridgeDisplay(pygame.Surface(size), seat, lambda _: None)
    d.show(state)
    d.activate("tab:helm")
    assert d.draw(force=True)
    return d


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_long_panel_is_laid_out_for_the_screen(size: tuple[int, int]) -> None:
    """Ten steppers: paged in one column on the smaller screens, more of them a page as the
    screen grows, all on one page in two columns at 1920x1080; clean at every size."""
    d = big_ship_arming(size)
    check_laid_out(d, size)
    ups = [w for w in d.widgets if w.id.startswith("up:")]
    columns = {w.rect.x for w in ups}
    paged = any(w.id == "page:+1" for w in d.widgets)
    if size == (1920, 1080):
        assert len(ups) == 10 and len(columns) == 2 and not paged
    else:
        assert len(columns) == 1 and paged and len(ups) < 10
    if size != SIZES[0]:
        smaller = big_ship_arming(SIZES[SIZES.index(size) - 1])
        assert len(ups) >= len([w for w in smaller.widgets if w.id.startswith("up:")])


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_refused_press_at_a_panel_with_nothing_to_do_overlaps_no_reading(
        size: tuple[int, int]) -> None:
    """Helm's readings (eight weapons and the arcs' key) stop above the "not now" note that a
    press at a station with nothing to do leaves at the panel's foot."""
    d = render("engineering", Seat("helm", "enterprise"), size)
    d.activate("tab:helm")
    d.message = "not now: nothing for this station to do"
    d.draw(force=True)
    assert any(t.text.startswith("not now") for t in d.painter.texts)
    check_laid_out(d, size)
