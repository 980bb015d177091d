"""Where each part of the bridge display goes, for each screen size. Pure: no pygame.

800x480 (the official 7" touchscreen) first. Larger screens get a wider panel, taller bars and
somewhat bigger text and touch targets (theme.ui_scale), and use the room to show more at once:
more of the map, more ticker lines, more panel rows; at 1920x1080 the station panel lays its
steppers and choices out in two columns (display.draw_panel) rather than paging one.
"""

from __future__ import annotations

from dataclasses import dataclass

from display.geometry import Rect
from display.theme import MIN_TOUCH, font_sizes, ui_scale

SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))
"""The screen sizes laid out and tested."""

GAP = 6


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    fonts: dict[str, int]
    touch: int               # touch-target size (>= 48 px)
    bar: Rect                # phase bar across the top
    map: Rect                # tactical map (or the after-action report at the end)
    ticker: Rect             # event ticker under the map
    tabs: Rect               # station tabs above the panel
    panel: Rect              # the station panel's body (or the roll dialog)
    actions: Rect            # the panel's action row (pages, Confirm)
    lights: Rect | None = None  # the mocked panels' lights, under the map (when shown)

    @property
    def shared(self) -> Rect:
        """The panel's place and its action row together: shared by officers deciding at once
        (display.draw_split)."""
        x, y, w, _ = self.panel
        return (x, y, w, self.actions[1] + self.actions[3] - y)

    def regions(self) -> dict[str, Rect]:
        out = {"bar": self.bar, "map": self.map, "ticker": self.ticker, "tabs": self.tabs,
               "panel": self.panel, "actions": self.actions}
        if self.lights is not None:
            out["lights"] = self.lights
        return out


def layout(width: int, height: int, lights: bool = False) -> Layout:
    """The regions for a `width` x `height` screen; none overlaps another. With `lights`, a
    strip for the mocked station panels' lights sits between the map and the ticker (two rows:
    each panel's name and status light over its indicators; its KEYS button a touch target)."""
    if width < 640 or height < 400:
        raise ValueError(f"the bridge display needs at least 640x400, not {width}x{height}")
    fonts = font_sizes(height)
    touch = max(MIN_TOUCH, round(MIN_TOUCH * ui_scale(height)))
    bar_h = round(fonts["large"] + fonts["small"] + 18)
    ticker_lines = 3 if height < 700 else 4 if height < 1000 else 5
    ticker_h = max(ticker_lines * (fonts["small"] + 4) + 10, touch + 8)   # + the ROLLS button
    # Beyond 1280 px the panel takes a little more of the width: room for two columns.
    panel_w = max(360, round(width * 0.46 + max(0, width - 1280) * 0.1))
    map_w = width - panel_w - GAP
    top = bar_h + GAP
    bar = (0, 0, width, bar_h)
    map_rect = (0, top, map_w, height - top - ticker_h - GAP)
    ticker = (0, height - ticker_h, map_w, ticker_h)
    px = map_w + GAP
    tabs = (px, top, panel_w, touch)
    actions_h = touch + 8
    actions = (px, height - actions_h, panel_w, actions_h)
    panel = (px, top + touch + GAP, panel_w, height - actions_h - GAP - (top + touch + GAP))
    strip: Rect | None = None
    if lights:
        strip_h = max(touch, 2 * round(fonts["small"] * 1.3) + 4)   # two rows; KEYS a target
        x, y, w, h = map_rect
        map_rect = (x, y, w, h - strip_h - GAP)
        strip = (0, ticker[1] - GAP - strip_h, map_w, strip_h)
    return Layout(width, height, fonts, touch, bar, map_rect, ticker, tabs, panel, actions, strip)


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share any pixel."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(inner: Rect, outer: Rect) -> bool:
    ix, iy, iw, ih = inner
    ox, oy, ow, oh = outer
    return ox <= ix and oy <= iy and ix + iw <= ox + ow and iy + ih <= oy + oh
