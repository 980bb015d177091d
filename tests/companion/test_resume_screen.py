"""The resume offer at start, answered by keys and taps (SDL's dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from companion.table.resume_screen import ask_resume


@pytest.mark.parametrize(("event", "resume"), [
    (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0), False),
    (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0), True),
    (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0), True),
    (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(500, 320)), False),
    (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(300, 320)), True),
    (pygame.event.Event(pygame.FINGERDOWN, x=500 / 800, y=320 / 480, touch_id=1, finger_id=1,
                        dx=0, dy=0, pressure=1), False),
    (pygame.event.Event(pygame.QUIT), True),
])
def test_the_offer_is_answered(screen: pygame.Surface, event: pygame.event.Event,
                               resume: bool) -> None:
    pygame.event.clear()
    pygame.event.post(event)
    assert ask_resume(screen, "Game 3: Duel, 40 actions", max_frames=5) is resume


def test_no_answer_resumes(screen: pygame.Surface) -> None:
    pygame.event.clear()
    assert ask_resume(screen, "Game 3", max_frames=2) is True
