"""What every part of the bridge display reads of the scene it works on: the screen, its layout,
the painter and the seat's view (`draw_scene.Scene`, `bridge_input.Inputs` build on it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from display.layout import Layout
from display.paint import Painter


class SceneParts(Protocol):
    """The scene's screen, layout, painter and the seat's view, read only."""

    @property
    def surface(self) -> pygame.Surface: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def painter(self) -> Painter: ...
    @property
    def view(self) -> Mapping[str, Any]: ...
