"""Screens laid over the bridge display: the end of a game, the kiosk's invitation, briefing and
countdown. The bridge draws its own screen, then each overlay on top (in order); a tap or a key
goes to the overlays first (the last drawn first), and what one takes never reaches the screen
beneath."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from display.layout import Layout
from display.paint import Painter


class Overlay(Protocol):
    def draw(self, p: Painter, lay: Layout, view: Mapping[str, Any]) -> None:
        """Draw over the bridge (nothing when it has nothing to show for `view`)."""

    def tap(self, x: int, y: int) -> bool:
        """Whether the tap was taken (it then goes no further)."""

    def key(self, key: int) -> bool:
        """Whether the key was taken."""


def cover(p: Painter, area: pygame.Rect) -> None:
    """What an overlay draws over `area` hides what was there: the texts and touch targets the
    bridge drew in it are forgotten (a tap there never reaches a button no longer seen)."""
    p.texts[:] = [t for t in p.texts if not area.colliderect(t.rect)]
    p.widgets[:] = [w for w in p.widgets if not area.colliderect(w.rect)]
