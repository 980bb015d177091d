"""Drawing the tactical map model: grid, obstacles, arc, reachable hexes, planned move, ships (a
square map is drawn by draw_squares.py)."""

from __future__ import annotations

import math
import random

import pygame

from display import theme
from display.draw_counters import draw_counters, draw_legend
from display.draw_shields import draw_shields
from display.draw_squares import draw_square_map
from display.geometry import (
    MapFrame,
    Window,
    corners,
    fit_map,
    heading_angle,
    window_around,
)
from display.paint import Painter
from readouts.map_model import BodyMarker, MapModel, ShipMarker, distance

MAX_LAYERS = 6
"""Map layers kept (grid, fills and lines under the ships); each is a map-sized surface."""

MIN_WINDOW = (14, 10)
"""At least this many columns and rows stay in view when the map follows the ships."""


def frame_for(model: MapModel, area: pygame.Rect, follow: bool,
              keep: Window | None = None) -> MapFrame:
    """The whole map, or (when `follow`) a window round the ships and the move being planned,
    so hexes stay large enough to read on the 7-inch screen. `keep`: the window shown before
    for the same moment of the game, kept while everything still lies in it, so that the map
    holds still under a course planned step by step or a ship placed by taps (hexes neither
    grow nor shrink at each press, and a second tap lands where the first did)."""
    if not follow:
        return fit_map(model.cols, model.rows, tuple(area))  # type: ignore[arg-type]
    points = [(s.col, s.row) for s in model.ships if s.status in ("active", "disabled")]
    points += list(model.plan) + list(model.reach_hexes)
    points += [(c.col, c.row) for c in model.counters]   # the minefield stays in view
    points += [(b.col, b.row) for b in model.bodies]     # and a planet with its well
    window = window_around(points, model.cols, model.rows, 2, *MIN_WINDOW)
    if keep is not None and all(keep[0] <= c <= keep[2] and keep[1] <= r <= keep[3]
                                for c, r in points):
        window = keep
    return fit_map(model.cols, model.rows, tuple(area), window)  # type: ignore[arg-type]


def _blend(a: theme.Colour, b: theme.Colour, t: float) -> theme.Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def draw_map(p: Painter, model: MapModel, area: pygame.Rect, follow: bool = True,
             keep: Window | None = None) -> MapFrame:
    if model.squares is not None:   # a square map (the view's `map.grid`): draw_squares.py
        return draw_square_map(p, model, area, follow)
    surf = p.surface
    p.region = "map"
    pygame.draw.rect(surf, theme.BACKGROUND, area)
    frame = frame_for(model, area, follow, keep)
    clip = surf.get_clip()
    surf.set_clip(area)
    surf.blit(_layer(p, model, frame, area), area)
    planets = [_body(surf, frame, b) for b in model.bodies]
    boxes: list[pygame.Rect] = []
    draw_counters(p, frame, model.counters, area)   # mines and decoys, under the ships
    for ship in model.ships:
        boxes.append(_ship(surf, frame, ship))
    surf.set_clip(clip)
    rings = draw_shields(p, frame, model.shields, area)   # the own ship's shields round it
    markers = [m.unionall([r for r, s in rings if (s.col, s.row) == (ship.col, ship.row)])
               for ship, m in zip(model.ships, boxes, strict=True)]   # names go outside them
    boxes += [r for r, _ in rings] + planets
    draw_legend(p, model.counters, area, boxes)
    for body, box in zip(model.bodies, planets, strict=True):
        _body_label(p, body, box, boxes, area)
    for ship, marker in zip(model.ships, markers, strict=True):
        _label(p, frame, ship, marker, boxes, area)
    if model.target_line is not None and model.target_range is not None:
        a, b = (frame.center(*h) for h in model.target_line)
        mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
        text = f"range {model.target_range}"
        w, h = p.font("small").size(text)
        box = pygame.Rect(0, 0, w + 8, h + 4)
        box.center = mid
        box.clamp_ip(area)
        if not any(box.colliderect(other) for other in boxes):
            pygame.draw.rect(surf, theme.BACKGROUND, box, border_radius=6)
            p.text(text, (box.x + 4, box.y + 2), "small", theme.ACCENT)
            boxes.append(box)
    if model.movement_left is not None:
        text = f"{model.movement_left} movement left"
        w, h = p.font("small").size(text)
        spot = pygame.Rect(area.right - w - 8, area.bottom - h - 4, w, h)
        if not any(spot.colliderect(other) for other in boxes):
            p.text(text, spot.topleft, "small", theme.REACH_FILL)
    return frame


def _layer(p: Painter, model: MapModel, frame: MapFrame, area: pygame.Rect) -> pygame.Surface:
    """Grid, obstacles, arc, reachable hexes, planned move and target line: everything under
    the ships, drawn once for each model and kept, so a redraw is mostly one blit."""
    key = ("layer", model.obstacles, model.reach_hexes, model.arc_hexes, model.plan,
           model.target_line, model.bodies, frame, (area.x, area.y, area.width, area.height))
    got = p.cache.get(key)
    if got is not None:
        return got
    got = _grid(p, frame, area).copy()
    c0, r0, c1, r1 = frame.window
    size = frame.size
    obstacles = set(model.obstacles)

    def at(c: int, r: int) -> tuple[float, float]:
        x, y = frame.center(c, r)
        return x - area.x, y - area.y

    wells = _well_shades(model.bodies)
    for c, r in obstacles | model.reach_hexes | model.arc_hexes | set(wells):
        if not (c0 <= c <= c1 and r0 <= r <= r1):
            continue
        pts = corners(at(c, r), size)
        if (c, r) in obstacles:
            fill = theme.OBSTACLE
        elif (c, r) in model.reach_hexes:
            fill = _blend(theme.BACKGROUND, theme.REACH_FILL, 0.35)
        elif (c, r) in model.arc_hexes:
            fill = _blend(theme.BACKGROUND, theme.ARC_FILL, 0.22)
        else:
            fill = _blend(theme.BACKGROUND, theme.WELL_FILL, wells[(c, r)])
        pygame.draw.polygon(got, fill, pts)
        pygame.draw.aalines(got, theme.SPACE_GRID, True, pts)
    if len(model.plan) > 1:
        pts = [at(*h) for h in model.plan]
        pygame.draw.lines(got, theme.PLAN_LINE, False, pts, max(2, round(size / 6)))
        for pt in pts[1:]:
            pygame.draw.circle(got, theme.PLAN_LINE, pt, max(3, round(size / 5)))
    if model.target_line is not None:
        a, b = (at(*h) for h in model.target_line)
        _dashed(got, theme.ACCENT, a, b, max(2, round(size / 8)), max(6, round(size / 2)))
    stale = [k for k in p.cache if k[0] == "layer"]
    if len(stale) >= MAX_LAYERS:   # each is a map-sized surface: keep only a few
        for k in stale:
            del p.cache[k]
    p.cache[key] = got
    return got


def _well_shades(bodies: tuple[BodyMarker, ...]) -> dict[tuple[int, int], float]:
    """Each well hex's shade: deeper nearer its body (0.18 at the rim to 0.45 next to it)."""
    out: dict[tuple[int, int], float] = {}
    for b in bodies:
        for h in b.well_hexes:
            depth = b.well + 1 - distance(h, (b.col, b.row))
            out[h] = max(out.get(h, 0.0), 0.18 + 0.27 * depth / (b.well + 1))
    return out


def _body(surf: pygame.Surface, frame: MapFrame, body: BodyMarker) -> pygame.Rect:
    """The body: a disc in its hex, ringed."""
    cx, cy = frame.center(body.col, body.row)
    rad = max(7.0, frame.size * 0.8)
    colour = theme.BODY_COLOURS.get(body.kind, theme.BODY_COLOURS["planet"])
    pygame.draw.circle(surf, colour, (cx, cy), rad)
    pygame.draw.circle(surf, theme.FOCUS, (cx, cy), rad, 1)
    return pygame.Rect(round(cx - rad), round(cy - rad), round(2 * rad), round(2 * rad))


def _body_label(p: Painter, body: BodyMarker, box: pygame.Rect, taken: list[pygame.Rect],
                area: pygame.Rect) -> None:
    """The body's name and well depth beside it, where it overlaps nothing."""
    text = p.fit(body.label, "small", area.width // 3)
    w, h = p.font("small").size(text)
    for place in ("below", "above"):
        r = pygame.Rect(0, 0, w, h)
        if place == "below":
            r.midtop = box.midbottom
        else:
            r.midbottom = box.midtop
        if area.contains(r) and not any(r.colliderect(t) for t in taken if t is not box):
            p.text(text, r.topleft, "small", theme.TEXT_DIM)
            taken.append(r)
            return


def _grid(p: Painter, frame: MapFrame, area: pygame.Rect) -> pygame.Surface:
    """The empty hex grid of `frame` in `area`, drawn once and kept (it is most of the map)."""
    key = ("grid", frame, (area.x, area.y, area.width, area.height))
    got = p.cache.get(key)
    if got is None:
        for k in [k for k in p.cache if k[0] == "grid"]:   # one grid at a time
            del p.cache[k]
        got = pygame.Surface(area.size)
        got.fill(theme.BACKGROUND)
        stars = random.Random(1701)   # the same sky every time
        for _ in range(area.width * area.height // 2500):
            shade = stars.randint(50, 140)
            got.set_at((stars.randrange(area.width), stars.randrange(area.height)),
                       (shade, shade, min(255, shade + 30)))
        c0, r0, c1, r1 = frame.window
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                x, y = frame.center(c, r)
                pts = corners((x - area.x, y - area.y), frame.size)
                pygame.draw.aalines(got, theme.SPACE_GRID, True, pts)
        p.cache[key] = got
    return got


def _dashed(surf: pygame.Surface, colour: theme.Colour, a: tuple[float, float],
            b: tuple[float, float], width: int, dash: int) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def _ship(surf: pygame.Surface, frame: MapFrame, ship: ShipMarker) -> pygame.Rect:
    """A marker in the side's colour and shape, pointing along the heading."""
    cx, cy = frame.center(ship.col, ship.row)
    rad = max(9.0, frame.size * 0.85)
    ang = heading_angle(ship.heading)

    def at(a: float, d: float) -> tuple[float, float]:
        return cx + math.cos(ang + a) * d, cy + math.sin(ang + a) * d

    if ship.shape == "chevron":
        pts = [at(0, rad), at(2.5, rad), at(math.pi, rad * 0.35), at(-2.5, rad)]
    elif ship.shape == "diamond":
        pts = [at(0, rad), at(math.pi / 2, rad * 0.6), at(math.pi, rad * 0.8),
               at(-math.pi / 2, rad * 0.6)]
    elif ship.shape == "triangle":
        pts = [at(0, rad), at(2.4, rad * 0.9), at(-2.4, rad * 0.9)]
    else:
        pts = [at(0, rad), at(1.2, rad * 0.8), at(math.pi - 0.6, rad * 0.8),
               at(math.pi + 0.6, rad * 0.8), at(-1.2, rad * 0.8)]
    colour = ship.colour if ship.status == "active" else _blend(ship.colour, theme.BACKGROUND, 0.55)
    if ship.selected:
        pygame.draw.circle(surf, theme.FOCUS, (cx, cy), rad + 4, 2)
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, theme.BACKGROUND, pts, 1)
    # The heading, as a bright line from the centre to the nose.
    pygame.draw.line(surf, theme.FOCUS, (cx, cy), at(0, rad), 2)
    return pygame.Rect(round(cx - rad - 4), round(cy - rad - 4), round(2 * rad + 8),
                       round(2 * rad + 8))


def _label(p: Painter, frame: MapFrame, ship: ShipMarker, box: pygame.Rect,
           taken: list[pygame.Rect], area: pygame.Rect) -> None:
    """The ship's name beside its marker where it overlaps nothing; left out if nowhere fits."""
    text = p.fit(ship.label, "small", area.width // 2)
    w, h = p.font("small").size(text)
    for place in ("below", "above", "right", "left"):
        r = pygame.Rect(0, 0, w, h)
        if place == "below":
            r.midtop = box.midbottom
        elif place == "above":
            r.midbottom = box.midtop
        elif place == "right":
            r.midleft = box.midright
        else:
            r.midright = box.midleft
        if area.contains(r) and not any(r.colliderect(t) for t in taken):
            p.text(text, r.topleft, "small", ship.colour)
            taken.append(r)
            return
