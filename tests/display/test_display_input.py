"""Touch, mouse and keys through pygame's real event queue under the dummy video driver."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import start

from display.bridge_display import BridgeDisplay, Output, Request
from engine import Seat


def bridge(screen: pygame.Surface, seat: Seat) -> tuple[BridgeDisplay, list[Output]]:
    out: list[Output] = []
    d = BridgeDisplay(screen, seat, out.append)
    d.show(start())
    if seat.ship is None:
        d.activate("tab:instructor")
    d.frame()
    return d, out


def centre(d: BridgeDisplay, wid: str) -> tuple[int, int]:
    w = next(w for w in d.widgets if w.id == wid)
    return w.rect.center


def finger(pos: tuple[int, int], size: tuple[int, int] = (800, 480)) -> pygame.event.Event:
    return pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / size[0], y=pos[1] / size[1],
                              touch_id=1, finger_id=0, pressure=1.0, dx=0.0, dy=0.0)


def click(pos: tuple[int, int], touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=touch)


def test_a_tap_that_arrives_as_finger_and_mouse_counts_once(screen: pygame.Surface) -> None:
    d, out = bridge(screen, Seat("instructor"))
    at = centre(d, "undo")
    pygame.event.post(finger(at))
    pygame.event.post(click(at, touch=True))   # SDL's mouse copy of the same touch
    d.frame()
    assert out == [Request("undo")]


def test_a_mouse_click_alone_works(screen: pygame.Surface) -> None:
    d, out = bridge(screen, Seat("instructor"))
    pygame.event.post(click(centre(d, "undo")))
    d.frame()
    assert out == [Request("undo")]


def test_the_phase_undo_is_its_own_button(screen: pygame.Surface) -> None:
    d, out = bridge(screen, Seat("instructor"))
    assert centre(d, "undo-phase") != centre(d, "undo")
    pygame.event.post(click(centre(d, "undo-phase")))
    d.frame()
    assert out == [Request("undo-phase")]


def test_a_right_click_or_a_tap_on_nothing_does_nothing(screen: pygame.Surface) -> None:
    d, out = bridge(screen, Seat("instructor"))
    at = centre(d, "undo")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=3, touch=False))
    pygame.event.post(click((2, 470)))
    pygame.event.post(finger((400, 300)))
    d.frame()
    assert out == []


def test_tapping_a_tab_brings_that_panel_forward(screen: pygame.Surface) -> None:
    d, _ = bridge(screen, Seat("helm", "enterprise"))
    pygame.event.post(finger(centre(d, "tab:science")))
    assert d.frame()
    assert d.tab == "science"
    assert any(t.text.startswith("SCIENCE") for t in d.painter.texts)


def test_keyboard_tab_moves_focus_and_enter_activates(screen: pygame.Surface) -> None:
    d, out = bridge(screen, Seat("instructor"))
    ids = [w.id for w in d.widgets if w.enabled]
    for _ in range(ids.index("undo") + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
    d.frame()
    assert d.focus == "undo"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    d.frame()
    assert out == [Request("undo")]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                         mod=pygame.KMOD_SHIFT))
    d.frame()
    assert d.focus == ids[ids.index("undo") - 1]


def test_random_events_never_raise(screen: pygame.Surface) -> None:
    d, _ = bridge(screen, Seat("helm", "enterprise"))
    import random
    rng = random.Random(7)
    for _ in range(300):
        kind = rng.choice(["finger", "click", "key"])
        if kind == "finger":
            pygame.event.post(finger((rng.randrange(-50, 900), rng.randrange(-50, 600))))
        elif kind == "click":
            pygame.event.post(click((rng.randrange(800), rng.randrange(480)),
                                    touch=rng.random() < 0.5))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.randrange(0, 300),
                                                 mod=rng.choice([0, pygame.KMOD_SHIFT])))
        d.frame()
    assert d.message is None or "went wrong" not in d.message


def test_an_internal_error_is_shown_kindly_and_logged(screen: pygame.Surface,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    def broken(_: Output) -> None:
        raise RuntimeError("the save store is full")

    d = BridgeDisplay(screen, Seat("instructor"), broken)
    d.show(start())
    d.activate("tab:instructor")
    d.frame()
    pygame.event.post(click(centre(d, "undo")))
    d.frame()   # no traceback escapes
    assert d.message is not None and "nothing was lost" in d.message
    assert "the save store is full" in caplog.text
    assert any("went wrong" in t.text or "nothing was lost" in t.text for t in d.painter.texts)


def test_a_tap_on_a_decision_not_yet_drawn_does_nothing(screen: pygame.Surface) -> None:
    from game_helpers import play
    d, out = bridge(screen, Seat("helm", "enterprise"))
    assert d.tab == "engineer"
    at = centre(d, "confirm")
    state, _ = play(start(), until=lambda s, p: p.action == "arm_weapons")
    d.show(state)                         # a new decision, not drawn yet
    pygame.event.post(click(at))          # the crew tapped where Confirm was
    for event in pygame.event.get():
        d.handle(event)
    assert out == []


def test_open_screen_under_the_dummy_driver_is_a_window_of_the_asked_size() -> None:
    from display.screen import open_screen
    screen = open_screen((1024, 600))
    try:
        assert screen.get_size() == (1024, 600)
        assert pygame.display.get_driver() == "dummy"
    finally:
        pygame.display.quit()
