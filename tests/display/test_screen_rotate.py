"""A screen mounted turned ([display] rotate): the picture drawn at the size the players see is
turned onto the screen, and each click and touch on the screen comes back at the point of the
picture under it. Driven through SDL's dummy driver: the real set_mode, blit and event queue."""

from __future__ import annotations

import pygame
import pytest

from display.screen import ROTATIONS, events, open_screen, opened, present, to_drawn, turned

MARK = (255, 0, 0)


@pytest.fixture(autouse=True)
def fresh_display() -> None:
    pygame.display.quit()


def marked_point(surface: pygame.Surface) -> tuple[int, int]:
    w, h = surface.get_size()
    found = [(x, y) for x in range(w) for y in range(h) if surface.get_at((x, y))[:3] == MARK]
    assert len(found) == 1, found[:5]
    return found[0]


@pytest.mark.parametrize("rotate", ROTATIONS)
def test_a_point_drawn_is_shown_where_a_tap_comes_back_to_it(rotate: int) -> None:
    drawn = open_screen((80, 48), False, rotate)
    assert drawn.get_size() == (80, 48)   # the bridge draws as the players see the screen
    shown = pygame.display.get_surface()
    assert shown.get_size() == turned((80, 48), rotate)
    for point in ((0, 0), (79, 0), (13, 37), (79, 47)):
        drawn.fill((0, 0, 0))
        drawn.set_at(point, MARK)
        assert present(drawn)
        on_screen = marked_point(shown)
        assert to_drawn(rotate, shown.get_size(), *on_screen) == point


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_clicks_and_touches_come_back_in_the_pictures_coordinates(rotate: int) -> None:
    drawn = open_screen((80, 48), False, rotate)
    shown = pygame.display.get_surface()
    drawn.fill((0, 0, 0))
    drawn.set_at((13, 37), MARK)
    present(drawn)
    x, y = marked_point(shown)
    sw, sh = shown.get_size()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=(x + 0.5) / sw, y=(y + 0.5) / sh,
                                         dx=0.0, dy=0.0, touch_id=1, finger_id=1))
    click, touch = [e for e in events() if e.type in (pygame.MOUSEBUTTONDOWN,
                                                      pygame.FINGERDOWN)]
    assert click.pos == (13, 37) and click.button == 1
    assert (int(touch.x * 80), int(touch.y * 48)) == (13, 37)


def test_an_unturned_screen_is_drawn_on_directly_and_its_events_are_untouched() -> None:
    drawn = open_screen((80, 48), False, 0)
    assert drawn is pygame.display.get_surface()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    [click] = [e for e in events() if e.type == pygame.MOUSEBUTTONDOWN]
    assert click.pos == (5, 6)


def test_the_same_screen_asked_again_is_the_same_surface_and_another_is_set_up_anew() -> None:
    first = open_screen((80, 48), False, 90)
    assert open_screen((80, 48), False, 90) is first   # the resume question, then the game
    other = open_screen((80, 48), False, 0)
    assert other is not first and opened() is not None and opened().rotate == 0  # type: ignore[union-attr]
    pygame.display.set_mode((30, 20))   # a mode set behind its back: no longer what it opened
    assert opened() is None


def test_a_picture_off_the_screen_is_not_shown() -> None:
    open_screen((80, 48), False, 90)
    assert not present(pygame.Surface((80, 48)))


def test_a_turn_that_is_no_quarter_is_refused() -> None:
    with pytest.raises(ValueError, match="0, 90, 180 or 270"):
        open_screen((80, 48), False, 45)


def on_screen(rotate: int, shown: tuple[int, int], x: int, y: int) -> tuple[int, int]:
    """Where the picture's point (x, y) shows on a screen of size `shown` turned `rotate`."""
    w, h = shown
    return {0: (x, y), 90: (w - 1 - y, x), 180: (w - 1 - x, h - 1 - y),
            270: (y, h - 1 - x)}[rotate]


@pytest.mark.parametrize("rotate", ROTATIONS)
def test_the_bridge_on_a_portrait_panel_turned_takes_a_tap_on_its_tab(rotate: int) -> None:
    """The Touch Display 2 (720x1280, portrait) on its side: the bridge drawn at 1280x720, a
    finger on the SCIENCE tab where the panel shows it brings Science's panel forward."""
    from game_helpers import start

    from display.bridge_display import BridgeDisplay
    from engine import Seat

    panel = (720, 1280)
    drawn = open_screen(turned(panel, rotate), False, rotate)
    d = BridgeDisplay(drawn, Seat("helm", "enterprise"), lambda _o: None)
    d.show(start())
    d.frame()
    tab = next(w for w in d.widgets if w.id == "tab:science")
    shown = pygame.display.get_surface()
    assert shown.get_size() == turned(turned(panel, rotate), rotate)
    x, y = on_screen(rotate, shown.get_size(), *tab.rect.center)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(
        pygame.FINGERDOWN, x=(x + 0.5) / shown.get_width(), y=(y + 0.5) / shown.get_height(),
        touch_id=1, finger_id=0, pressure=1.0, dx=0.0, dy=0.0))
    assert d.frame()
    assert d.tab == "science"
