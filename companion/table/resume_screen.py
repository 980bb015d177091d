"""At start, on the screen: an unfinished game is offered for resume (Resume / New game)."""

from __future__ import annotations

import pygame

from display import theme
from display.screen import events, present


def ask_resume(screen: pygame.Surface, what: str, max_frames: int | None = None) -> bool:
    """True to resume, False for a new game. Keys: R or Enter resume, N a new game; a tap on
    either button. Closing the window (or `max_frames` with no answer) resumes: nothing is
    lost by resuming."""
    w, h = screen.get_size()
    font = pygame.font.Font(None, max(24, h // 14))
    small = pygame.font.Font(None, max(20, h // 20))
    bw, bh = w // 3, max(48, h // 6)
    resume = pygame.Rect(w // 2 - bw - 10, h * 3 // 5, bw, bh)
    new = pygame.Rect(w // 2 + 10, h * 3 // 5, bw, bh)
    clock = pygame.time.Clock()
    frames = 0
    while max_frames is None or frames < max_frames:
        frames += 1
        screen.fill(theme.BACKGROUND)
        screen.blit(font.render("An unfinished game is saved", True, theme.ACCENT), (20, h // 5))
        screen.blit(small.render(what[:80], True, theme.TEXT), (20, h // 5 + font.get_height() + 10))
        for rect, label in ((resume, "Resume (R)"), (new, "New game (N)")):
            pygame.draw.rect(screen, theme.PANEL, rect, border_radius=8)
            pygame.draw.rect(screen, theme.ACCENT, rect, 2, border_radius=8)
            text = small.render(label, True, theme.TEXT)
            screen.blit(text, text.get_rect(center=rect.center))
        present(screen)
        for event in events():
            if event.type == pygame.QUIT:
                return True
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER):
                    return True
                if event.key == pygame.K_n:
                    return False
            pos = None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                pos = event.pos
            elif event.type == pygame.FINGERDOWN:
                pos = (int(event.x * w), int(event.y * h))
            if pos is not None:
                if resume.collidepoint(pos):
                    return True
                if new.collidepoint(pos):
                    return False
        clock.tick(30)
    return True
