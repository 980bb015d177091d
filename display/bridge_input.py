"""The bridge display's input: a pygame event (`handle`), a tap on the screen or the map (`tap`,
`tap_map`) and a key (`key`: display.screen_keys says which key does what). It takes of the
scene only what input needs (`Inputs`: what is on the screen and where, the focus, the message,
and `activate`, which does what a widget does), which `BridgeDisplay` is."""

from __future__ import annotations

import logging
from typing import Protocol

import pygame

from display.browse import open_cut
from display.game_link import Open, plots_course
from display.geometry import MapFrame
from display.greyed import greyed_reason
from display.holds import Holds
from display.overlay import Overlay
from display.placing import places, tap_place
from display.scene_parts import SceneParts
from display.screen import drawing_surface
from display.screen_keys import COURSE_KEYS
from engine import course_path
from readouts.map_model import MapModel
from readouts.panel_model import DecisionEditor


class Inputs(SceneParts, Protocol):
    """What turning a tap or a key into a widget's work asks of the scene."""

    dirty: bool
    focus: str | None            # the widget the keys are on
    message: str | None          # said over the panel: why a widget is greyed out
    weapon: str | None           # the weapon whose arc the map shows, and its target
    target: str | None

    @property
    def tab(self) -> str: ...
    @property
    def split(self) -> bool: ...
    @property
    def map_frame(self) -> MapFrame | None: ...
    @property
    def holds(self) -> Holds: ...
    @property
    def overlays(self) -> tuple[Overlay, ...]: ...
    @property
    def opened(self) -> int | None: ...
    @property
    def browsing(self) -> bool: ...

    def activate(self, wid: str) -> None: ...
    def resize(self, surface: pygame.Surface) -> None: ...
    def map(self) -> MapModel: ...
    def decision_at(self, station: str) -> Open | None: ...
    def editor_of(self, o: Open) -> DecisionEditor: ...
    def note_touch(self, o: Open, field: str | None) -> None: ...

log = logging.getLogger("display.bridge_display")



def handle(d: Inputs, event: pygame.event.Event) -> None:
    """One pygame event. A tap that arrives as a finger and as a mouse click counts once:
    SDL marks the mouse event it makes from a touch (`event.touch`), and that one is
    dropped."""
    try:
        if event.type == pygame.FINGERDOWN:
            w, h = d.surface.get_size()
            tap(d, int(event.x * w), int(event.y * h))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and not getattr(event, "touch", False):
                tap(d, *event.pos)
        elif event.type == pygame.KEYDOWN:
            key(d, event.key, event.mod)
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            screen = drawing_surface()
            d.resize(screen if screen is not None else d.surface)
        elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            d.dirty = True
    except Exception as exc:   # a bad moment is shown kindly and logged, never a traceback
        log.exception("display input failed")
        d.message = f"Something went wrong ({exc}); nothing was lost. Try again."
        d.dirty = True

def tap(d: Inputs, x: int, y: int) -> None:
    if any(o.tap(x, y) for o in reversed(d.overlays)):
        d.dirty = True
        return
    hit = any(w.rect.collidepoint(x, y) for w in d.painter.widgets)
    if not hit and d.holds.dismiss():   # a tap puts a held roll result away
        d.dirty = True
        return
    for w in d.painter.widgets:
        if w.rect.collidepoint(x, y):
            if w.enabled:
                d.activate(w.id)
            else:
                o = d.decision_at(d.tab)
                d.message = w.reason or greyed_reason(
                    d.editor_of(o) if o is not None else None, w.id, w.label)
                d.dirty = True
            return
    if open_cut(d.painter, d.holds, x, y):   # a line cut to fit opens whole
        d.dirty = True
        return
    if d.map_frame is not None and d.painter.widgets and \
            pygame.Rect(d.layout.map).collidepoint(x, y):
        tap_map(d, x, y)

def tap_map(d: Inputs, x: int, y: int) -> None:
    """On the map: while a ship is placed (display.placing), a tap on a hex puts it there and
    a tap on its own hex turns it; while Helm plans a move, a tap on the hex a step reaches takes that step
    (ahead, or a turn to port or starboard then ahead); while Helm declares fire, a tap on a
    ship aims the selected weapon, or every weapon that can, at it."""
    assert d.map_frame is not None
    o = d.decision_at(d.tab)
    if o is None:
        return
    ed = d.editor_of(o)
    if places(o.decision):   # before turn 1: the ship put on the hex tapped, or turned there
        spot = d.map_frame.hex_at(x, y)
        changed = tap_place(o.decision, ed.values, spot) if spot is not None else None
        if changed is not None:
            d.note_touch(o, changed)
            d.dirty = True
        return
    if plots_course(o.decision):
        spot = d.map_frame.hex_at(x, y)
        mover = next((s for s in d.view.get("ships", ()) if s["id"] == o.ship), None)
        field = next((f for f in o.decision.fields if f.kind == "steps"), None)
        if spot is None or mover is None or field is None:
            return
        planned = str(ed.values.get(field.name) or "")
        ends = d.map().reach_hexes   # a step the engine would refuse is no tap target
        for letter in field.alphabet:
            trail = course_path(d.view, str(mover["id"]), planned + letter)
            if trail and trail[-1][0] == spot and spot in ends and \
                    ed.add_letter(field.name, letter):
                d.note_touch(o, field.name)
                d.dirty = True
                return
        return
    if o.decision.action == "fire":
        reach = max(d.map_frame.size, d.layout.touch / 2)
        for s in d.view.get("ships", ()):
            if s.get("col") is None or s.get("row") is None:   # cloaked, not detected
                continue
            cx, cy = d.map_frame.center(int(s["col"]), int(s["row"]))
            if abs(cx - x) <= reach and abs(cy - y) <= reach and s["id"] != o.ship:
                names = [d.weapon] if d.weapon else [f.name for f in o.decision.fields]
                picked = [n for n in names if n and ed.choose(n, str(s["id"]))]
                if picked:
                    d.weapon, d.target = picked[0], str(s["id"])
                    d.note_touch(o, picked[0])
                else:
                    d.message = f"No weapon can fire at {s['name']} now"
                d.dirty = True
                return

def key(d: Inputs, key: int, mod: int = 0) -> None:
    if any(o.key(key) for o in reversed(d.overlays)):
        d.dirty = True
        return
    enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    if key != pygame.K_TAB and d.holds.dismiss():   # a key puts a held result away;
        d.dirty = True                               # Enter/Space on its OK does only
        if enter:                                       # that, never CONFIRM what is next
            return
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and d.focus is None \
            and d.holds.just_ran_out():   # meant for the OK of a result that just went
        d.message = "The roll's result has gone: press Enter again to confirm"
        d.dirty = True
        return
    ids = [w.id for w in d.painter.widgets if w.enabled]
    if key == pygame.K_TAB and ids:
        back = bool(mod & pygame.KMOD_SHIFT)
        n = ids.index(d.focus) if d.focus in ids else (0 if back else -1)
        d.focus = ids[(n + (-1 if back else 1)) % len(ids)]
        d.dirty = True
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        confirm = f"@{d.tab}|confirm" if d.split else "confirm"   # the last one touched
        target = d.focus if d.focus in ids else (confirm if key != pygame.K_SPACE else None)
        if target in ids:
            d.activate(target)
    elif key == pygame.K_r:
        d.activate("rolls")
    elif key == pygame.K_BACKSPACE and d.browsing:
        d.activate("close-why" if d.opened is not None else "close-rolls")
    elif key == pygame.K_BACKSPACE:
        _steps_widget(d, "back:")
    elif (letter := COURSE_KEYS.get((pygame.key.name(key), bool(mod & pygame.KMOD_SHIFT)))):
        _steps_widget(d, "letter:", letter)
    elif pygame.K_0 <= key <= pygame.K_9:
        digit = key - pygame.K_0
        wid = next((w for w in (f"die:{digit or 10}", f"tens:{digit}", f"units:{digit}")
                    if w in ids), None)
        if wid is not None:
            d.activate(wid)
    elif key == pygame.K_PAGEDOWN and "page:+1" in ids:
        d.activate("page:+1")
    elif key == pygame.K_PAGEUP and "page:-1" in ids:
        d.activate("page:-1")

def _steps_widget(d: Inputs, prefix: str, letter: str = "") -> None:
    for w in d.painter.widgets:
        if w.enabled and w.id.startswith(prefix) and w.id.endswith(letter):
            d.activate(w.id)
            return
