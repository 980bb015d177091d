"""Drawing a square map (`readouts.square_model`): the floor and its ground (water, rough going,
ladders), walls, cover (waist-high, shoulder-high, a gun slit), consoles, doors (open, closed,
locked), objective zones, what the seat's character cannot see shaded, items on the floor, and
the characters: each a marker in its side's colour and shape pointing the way he faces, up to
four to a square."""

from __future__ import annotations

import math

import pygame

from display import theme
from display.draw_counters import draw_counters, draw_legend
from display.geometry import window_around
from display.paint import Painter
from display.square_geometry import SquareFrame, facing_angle, fit_squares
from readouts.map_model import MapModel, ShipMarker
from readouts.square_model import SquareFeatures

MIN_WINDOW = (16, 10)
"""At least this many columns and rows stay in view when the map follows the characters."""
FLOOR = (26, 30, 44)
GRID = (40, 46, 64)
WALL = (96, 102, 120)
WALL_EDGE = (150, 156, 176)
LOW_COVER = (128, 104, 70)
HIGH_COVER = (92, 92, 118)
CONSOLE = (52, 64, 104)
WATER = (24, 62, 120)
ROUGH = (58, 52, 36)
ZONE = (0, 158, 115)
DOOR_OPEN = (0, 158, 115)
DOOR_SHUT = (230, 159, 0)
DOOR_LOCKED = (230, 80, 60)
FOG = (0, 0, 0, 120)
MAX_LAYERS = 4


def frame_for(model: MapModel, area: pygame.Rect, follow: bool) -> SquareFrame:
    """The whole map, or (when `follow`) a window round the characters still standing, so a
    square stays large enough to read on the 7-inch screen."""
    if not follow:
        return fit_squares(model.cols, model.rows, tuple(area))  # type: ignore[arg-type]
    points = [(s.col, s.row) for s in model.ships if s.status in ("active", "collapsed")]
    window = window_around(points, model.cols, model.rows, 3, *MIN_WINDOW)
    return fit_squares(model.cols, model.rows, tuple(area), window)  # type: ignore[arg-type]


def draw_square_map(p: Painter, model: MapModel, area: pygame.Rect,
                    follow: bool = True) -> SquareFrame:
    assert model.squares is not None
    surf = p.surface
    p.region = "map"
    pygame.draw.rect(surf, theme.BACKGROUND, area)
    frame = frame_for(model, area, follow)
    clip = surf.get_clip()
    surf.set_clip(area)
    surf.blit(_layer(p, model.squares, frame, area), area)
    boxes = draw_counters(p, frame, model.counters, area)
    markers = _characters(surf, frame, model.ships)
    surf.set_clip(clip)
    taken = [*boxes, *(r for _, r in markers)]
    draw_legend(p, model.counters, area, taken)
    for ship, box in markers:
        _label(p, ship, box, taken, area)
    if model.target_line is not None and model.target_range is not None:
        a, b = (frame.center(*sq) for sq in model.target_line)
        pygame.draw.line(surf, theme.ACCENT, a, b, 2)
        text = f"range {model.target_range:g}"
        w, h = p.font("small").size(text)
        box = pygame.Rect(0, 0, w + 8, h + 4)
        box.center = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
        box.clamp_ip(area)
        if not any(box.colliderect(t) for t in taken):
            pygame.draw.rect(surf, theme.BACKGROUND, box, border_radius=6)
            p.text(text, (box.x + 4, box.y + 2), "small", theme.ACCENT)
    return frame


def _layer(p: Painter, sq: SquareFeatures, frame: SquareFrame,
           area: pygame.Rect) -> pygame.Surface:
    """Everything under the characters, drawn once for each map and window and kept."""
    key = ("squares", sq, frame, (area.x, area.y, area.width, area.height))
    got = p.cache.get(key)
    if got is not None:
        return got
    got = pygame.Surface(area.size)
    got.fill(theme.BACKGROUND)
    c0, r0, c1, r1 = frame.window

    def box(col: int, row: int, inset: float = 0.0) -> pygame.Rect:
        x, y, w, h = frame.rect(col, row)
        r = pygame.Rect(x - area.x, y - area.y, w, h)
        return r.inflate(-round(w * inset * 2), -round(h * inset * 2)) if inset else r

    inside = [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
    for c, r in inside:
        pygame.draw.rect(got, FLOOR, box(c, r))
    for (c, r), kind in sq.ground:
        if (c, r) in set(inside):
            _ground(got, box(c, r), kind)
    for c, r in inside:
        if (c, r) in sq.zones:
            pygame.draw.rect(got, _blend(FLOOR, ZONE, 0.35), box(c, r))
    for c, r in inside:
        pygame.draw.rect(got, GRID, box(c, r), 1)
    for c, r in sq.walls:
        if c0 <= c <= c1 and r0 <= r <= r1:
            b = box(c, r)
            pygame.draw.rect(got, WALL, b)
            pygame.draw.rect(got, WALL_EDGE, b, 1)
    for (c, r), height in sq.cover:
        if c0 <= c <= c1 and r0 <= r <= r1:
            _cover(got, box(c, r), height)
    for c, r in sq.consoles:
        if c0 <= c <= c1 and r0 <= r <= r1:
            b = box(c, r, 0.12)
            pygame.draw.rect(got, CONSOLE, b, border_radius=3)
            screen = pygame.Rect(b.x + b.width // 6, b.y + b.height // 5, b.width * 2 // 3,
                                 max(2, b.height // 4))
            pygame.draw.rect(got, theme.ACCENT_3, screen, border_radius=2)
            pygame.draw.rect(got, WALL_EDGE, b, 1, border_radius=3)
    for d in sq.doors:
        if c0 <= d.col <= c1 and r0 <= d.row <= r1:
            across = (d.col - 1, d.row) in sq.walls or (d.col + 1, d.row) in sq.walls
            _door(got, box(d.col, d.row), across, d.open, d.locked)
    if sq.zones:
        _outline(got, sq.zones, frame, area)
    if sq.seen is not None:
        fog = pygame.Surface(area.size, pygame.SRCALPHA)
        for c, r in inside:
            if (c, r) not in sq.seen and (c, r) not in sq.walls:
                pygame.draw.rect(fog, FOG, box(c, r))
        got.blit(fog, (0, 0))
    stale = [k for k in p.cache if k[0] == "squares"]
    if len(stale) >= MAX_LAYERS:
        for k in stale:
            del p.cache[k]
    p.cache[key] = got
    return got


def _blend(a: theme.Colour, b: theme.Colour, t: float) -> theme.Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _ground(surf: pygame.Surface, b: pygame.Rect, kind: str) -> None:
    """Water blue with ripples, rough going brown and stippled, a ladder's rungs."""
    if kind == "water":
        pygame.draw.rect(surf, WATER, b)
        for n in (1, 2):
            y = b.y + b.height * n // 3
            pygame.draw.line(surf, _blend(WATER, theme.TEXT, 0.3), (b.x + b.width // 5, y),
                             (b.right - b.width // 5, y), 1)
    elif kind == "climb":
        for n in range(1, 4):
            y = b.y + b.height * n // 4
            pygame.draw.line(surf, WALL_EDGE, (b.x + b.width // 4, y),
                             (b.right - b.width // 4, y), 1)
        for x in (b.x + b.width // 4, b.right - b.width // 4):
            pygame.draw.line(surf, WALL_EDGE, (x, b.y + 2), (x, b.bottom - 3), 1)
    else:
        pygame.draw.rect(surf, ROUGH, b)
        dot = max(1, b.width // 12)
        for fx, fy in ((0.25, 0.3), (0.7, 0.25), (0.45, 0.7), (0.8, 0.75)):
            pygame.draw.circle(surf, _blend(ROUGH, theme.TEXT, 0.35),
                               (b.x + fx * b.width, b.y + fy * b.height), dot)


def _cover(surf: pygame.Surface, b: pygame.Rect, height: str) -> None:
    """Waist-high cover a low block, shoulder-high a tall one, a gun slit a wall with a gap."""
    if height == "low":
        inner = b.inflate(-b.width // 3, -b.height // 3)
        pygame.draw.rect(surf, LOW_COVER, inner, border_radius=2)
        pygame.draw.rect(surf, _blend(LOW_COVER, theme.TEXT, 0.4), inner, 1, border_radius=2)
    elif height == "slit":
        pygame.draw.rect(surf, WALL, b)
        pygame.draw.line(surf, theme.BACKGROUND, (b.x + 2, b.centery), (b.right - 3, b.centery),
                         max(1, b.height // 8))
    else:
        inner = b.inflate(-b.width // 8, -b.height // 8)
        pygame.draw.rect(surf, HIGH_COVER, inner, border_radius=3)
        pygame.draw.rect(surf, _blend(HIGH_COVER, theme.TEXT, 0.45), inner, 1, border_radius=3)


def _door(surf: pygame.Surface, b: pygame.Rect, across: bool, open_: bool, locked: bool) -> None:
    """A door in a wall: a bar across the way through when shut (red when locked), the two
    halves drawn back to the jambs when open."""
    thick = max(2, b.height // 6) if across else max(2, b.width // 6)
    colour = DOOR_OPEN if open_ else DOOR_LOCKED if locked else DOOR_SHUT
    if across:   # walls east and west: the door runs east-west across the square
        if open_:
            for x0, x1 in ((b.x, b.x + b.width // 5), (b.right - b.width // 5, b.right)):
                pygame.draw.line(surf, colour, (x0, b.centery), (x1, b.centery), thick)
        else:
            pygame.draw.line(surf, colour, (b.x, b.centery), (b.right - 1, b.centery), thick)
    elif open_:
        for y0, y1 in ((b.y, b.y + b.height // 5), (b.bottom - b.height // 5, b.bottom)):
            pygame.draw.line(surf, colour, (b.centerx, y0), (b.centerx, y1), thick)
    else:
        pygame.draw.line(surf, colour, (b.centerx, b.y), (b.centerx, b.bottom - 1), thick)


def _outline(surf: pygame.Surface, zone: frozenset[tuple[int, int]], frame: SquareFrame,
             area: pygame.Rect) -> None:
    """A zone's edge: each side of its squares that no square of it shares."""
    half = frame.size / 2
    for c, r in zone:
        x, y = frame.center(c, r)
        x, y = x - area.x, y - area.y
        for dc, dr, a, b in ((0, -1, (x - half, y - half), (x + half, y - half)),
                             (0, 1, (x - half, y + half), (x + half, y + half)),
                             (-1, 0, (x - half, y - half), (x - half, y + half)),
                             (1, 0, (x + half, y - half), (x + half, y + half))):
            if (c + dc, r + dr) not in zone:
                pygame.draw.line(surf, ZONE, a, b, 2)


SPOTS = {1: ((0.0, 0.0),), 2: ((-0.22, 0.0), (0.22, 0.0)),
         3: ((-0.22, -0.22), (0.22, -0.22), (0.0, 0.22)),
         4: ((-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22))}
"""Where in its square each of up to four characters stands (fractions of a square)."""


def _characters(surf: pygame.Surface, frame: SquareFrame, ships: tuple[ShipMarker, ...]
                ) -> list[tuple[ShipMarker, pygame.Rect]]:
    by_square: dict[tuple[int, int], list[ShipMarker]] = {}
    for s in ships:
        by_square.setdefault((s.col, s.row), []).append(s)
    out = []
    c0, r0, c1, r1 = frame.window
    for (c, r), here in by_square.items():
        if not (c0 <= c <= c1 and r0 <= r <= r1):
            continue
        standing = sorted(here, key=lambda s: s.status not in ("active", "collapsed"))
        spots = SPOTS[min(4, len(standing))]
        scale = 0.42 if len(standing) == 1 else 0.24
        cx, cy = frame.center(c, r)
        for s, (fx, fy) in zip(standing, spots, strict=False):
            out.append((s, _figure(surf, (cx + fx * frame.size, cy + fy * frame.size),
                                   max(5.0, frame.size * scale), s)))
    return out


def _figure(surf: pygame.Surface, centre: tuple[float, float], rad: float,
            s: ShipMarker) -> pygame.Rect:
    """A character: his side's colour and shape, pointing the way he faces; one out of the
    fight is drawn dim and crossed out."""
    cx, cy = centre
    ang = facing_angle(s.heading)

    def at(a: float, d: float) -> tuple[float, float]:
        return cx + math.cos(ang + a) * d, cy + math.sin(ang + a) * d

    up = s.status in ("active", "collapsed")
    colour = s.colour if up else _blend(s.colour, theme.BACKGROUND, 0.6)
    if s.selected:
        pygame.draw.circle(surf, theme.FOCUS, (cx, cy), rad + 3, 2)
    if s.shape == "diamond":
        pts = [at(0, rad), at(math.pi / 2, rad * 0.7), at(math.pi, rad * 0.8),
               at(-math.pi / 2, rad * 0.7)]
    elif s.shape == "triangle":
        pts = [at(0, rad), at(2.4, rad), at(-2.4, rad)]
    elif s.shape == "square":
        pts = [at(a, rad) for a in (0, math.pi / 2, math.pi, -math.pi / 2)]
    else:
        pts = [at(0, rad), at(2.5, rad), at(math.pi, rad * 0.35), at(-2.5, rad)]
    pygame.draw.circle(surf, _blend(colour, theme.BACKGROUND, 0.7), (cx, cy), rad)
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, theme.BACKGROUND, pts, 1)
    if up:
        pygame.draw.line(surf, theme.FOCUS, (cx, cy), at(0, rad), 2)
    else:
        d = rad * 0.7
        pygame.draw.line(surf, theme.ALERT, (cx - d, cy - d), (cx + d, cy + d), 2)
        pygame.draw.line(surf, theme.ALERT, (cx - d, cy + d), (cx + d, cy - d), 2)
    return pygame.Rect(round(cx - rad - 2), round(cy - rad - 2), round(2 * rad + 4),
                       round(2 * rad + 4))


def _label(p: Painter, s: ShipMarker, box: pygame.Rect, taken: list[pygame.Rect],
           area: pygame.Rect) -> None:
    """The character's name beside his marker where it overlaps nothing."""
    text = p.fit(s.label, "small", area.width // 3)
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
            p.text(text, r.topleft, "small", s.colour)
            taken.append(r)
            return
