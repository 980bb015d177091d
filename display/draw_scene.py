"""The bridge display's scene drawn once (`draw_scene`): the phase bar, the map (or the
after-action report), the ticker, the lights strip, the station tabs, and in the panel's place
the Seats view, a held roll result or an opened text, the Rolls list, the roll dialog or the
station's panel (with the Instructor's overview). It reads the scene (`Scene`, which
`BridgeDisplay` is) and changes nothing of it: what the drawing learns (where the map and the
lights were drawn, how many pages each view has, the page a panel's press asked for, the roll
whose dialog was drawn) comes back as `Drawn`, for the scene to keep."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

import pygame

from display import offers, ruling_panel, theme
from display.browse import RollsBrowser
from display.draw_chart import chart_strip
from display.draw_consoles import ConsoleCode, ConsoleNetwork, draw_consoles
from display.draw_keys import draw_keys
from display.draw_lights import draw_lights
from display.draw_map import draw_map
from display.draw_mcp import RecordPage
from display.draw_overview import draw_overview, overview_area
from display.draw_panel import draw_panel, draw_tabs
from display.draw_seats import draw_seats
from display.draw_split import OfficerPart, draw_split, next_fill
from display.draw_station_screens import StationFrames, draw_station_screens, screens_height
from display.draw_status import draw_bar, draw_report, draw_roll, draw_ticker
from display.game_link import Open, seat_side
from display.geometry import MapFrame
from display.holds import Holds
from display.keys_sheet import PanelKeys, keys_sheet
from display.layout import GAP
from display.lights_model import PanelLights
from display.overview_model import overview, overview_heads, tab_notes
from display.paint import Painter, Widget
from display.panel_sync import Key, shows_field
from display.scene_parts import SceneParts
from display.targets import armed_label
from engine import GameState, Seat, explain_pending
from engine.events import Event
from engine.stations import INSTRUCTOR
from readouts.map_model import MapModel
from readouts.panel_model import PanelView
from readouts.roll_log import RollLog
from readouts.seats_model import SeatRow, seat_lines
from readouts.status_model import (
    after_action,
    phase_bar,
    roll_dialog,
    ship_names,
    ticker_lines,
)


class Scene(SceneParts, Protocol):
    """What drawing the bridge reads of the scene (display.bridge_display holds it)."""

    @property
    def seat(self) -> Seat: ...
    @property
    def state(self) -> GameState | None: ...
    @property
    def history(self) -> Sequence[tuple[int, Event]]: ...
    @property
    def opens(self) -> Sequence[Open]: ...
    @property
    def rolls(self) -> RollLog: ...
    @property
    def last_roll(self) -> str: ...
    @property
    def dice_status(self) -> str: ...
    @property
    def follow(self) -> bool: ...
    @property
    def map_frame(self) -> MapFrame | None: ...
    @property
    def map_kept(self) -> object: ...      # the view the map's window was chosen for
    @property
    def lights(self) -> tuple[PanelLights, ...] | None: ...
    @property
    def station_frames(self) -> StationFrames | None: ...
    @property
    def panel_keys(self) -> tuple[PanelKeys, ...]: ...
    @property
    def console_codes(self) -> tuple[ConsoleCode, ...] | None: ...
    @property
    def console_network(self) -> ConsoleNetwork | None: ...
    @property
    def seat_rows(self) -> tuple[SeatRow, ...] | None: ...
    # where the seat is looking
    @property
    def tab(self) -> str: ...
    @property
    def page(self) -> int: ...
    @property
    def focus(self) -> str | None: ...
    @property
    def message(self) -> str | None: ...
    @property
    def hint(self) -> str | None: ...
    @property
    def split(self) -> bool: ...
    @property
    def showing_keys(self) -> bool: ...
    @property
    def keys_page(self) -> int: ...
    @property
    def showing_seats(self) -> bool: ...
    @property
    def showing_consoles(self) -> bool: ...
    @property
    def seats_page(self) -> int: ...
    @property
    def ending(self) -> bool: ...
    @property
    def offer(self) -> Key | None: ...
    @property
    def armed(self) -> Key | None: ...
    @property
    def fills(self) -> Mapping[Key, int]: ...
    @property
    def tens(self) -> int | None: ...
    @property
    def seek(self) -> str | None: ...    # the field a panel's press selected, to page to
    # what is in the panel's place
    @property
    def holds(self) -> Holds: ...
    @property
    def record(self) -> RecordPage: ...
    @property
    def browser(self) -> RollsBrowser: ...
    @property
    def browsing(self) -> bool: ...

    def stations(self) -> tuple[str, ...]: ...
    def together(self) -> tuple[str, ...]: ...
    def decision_at(self, station: str) -> Open | None: ...
    def panel_ship(self, o: Open | None, station: str | None = None) -> str | None: ...
    def cursor_of(self, o: Open | None) -> str | None: ...
    def panel(self) -> PanelView | None: ...
    def panel_for(self, station: str) -> PanelView | None: ...
    def map(self) -> MapModel: ...


@dataclass(frozen=True, slots=True)
class Drawn:
    """What one drawing learnt, for the scene to keep; None where that part was not drawn."""

    map_frame: MapFrame | None = None   # where the map was drawn, for taps on it
    light_rects: list[pygame.Rect] | None = None   # the lights strip's lights, for taps
    keys_pages: int | None = None       # how many pages the KEYS sheet has
    seats_pages: int | None = None      # ... the Seats or the Consoles view has
    page: int | None = None             # the panel's page (with the field a press selected)
    sought: bool = False                # the field a panel's press selected was paged to
    roll: object = None                 # the roll request whose dialog was drawn


def split_parts(d: Scene, stations: tuple[str, ...]) -> list[OfficerPart]:
    """Each officer's part of the shared place: his panel's model, the field under his cursor,
    CONFIRM's label after a first tap to fire, the message his last tap left."""
    out = []
    for st in stations:
        o = d.decision_at(st)
        model = d.panel_for(st)
        if o is None or model is None:
            continue
        names = [f.name for f in model.fields]
        cursor = d.cursor_of(o)
        field = cursor if cursor in names else (names[0] if names else "")
        out.append(OfficerPart(st, model, field,
                               armed_label(o.decision) if d.armed == o.key else "",
                               d.message if st == d.tab else None,
                               next_fill(o.decision.presets, d.fills.get(o.key, -1)),
                               d.message is not None and d.message == d.hint))
    return out


def draw_scene(d: Scene) -> Drawn:
    """Draw every part of `d`'s screen: what the drawing learnt, for `d` to keep."""
    lay, p = d.layout, d.painter
    p.reset()
    d.surface.fill(theme.BACKGROUND)
    rect = pygame.Rect
    if d.state is None:
        p.region = "bar"
        p.text("Waiting for a game...", (20, 20), "large", theme.ACCENT)
        return Drawn()
    draw_bar(p, phase_bar(d.view, d.dice_status), rect(lay.bar))
    if d.showing_keys:   # the sheet of keys and lights, over all but the phase bar
        top = lay.map[1]
        pages = draw_keys(p, keys_sheet(d.panel_keys, d.lights or ()),
                          rect(0, top, lay.width, lay.actions[1] - GAP - top),
                          rect(lay.actions), lay.touch, d.keys_page, d.focus)
        return Drawn(keys_pages=pages)
    frame = None
    if d.view.get("outcome"):
        draw_report(p, after_action(d.view, d.history), rect(lay.map))
    else:
        keep = d.map_frame.window if d.map_frame is not None and d.map_kept is d.view \
            else None   # one moment of the game: the map holds still (draw_map.frame_for)
        room = rect(lay.map)
        if d.station_frames:   # the panels' own displays, where no OLED is wired (a PC): in a
            # strip of their own under the map, which hides nothing of it
            room.height -= screens_height(p, d.station_frames, room)
        frame = draw_map(p, d.map(), chart_strip(p, d.view, room), d.follow, keep)
        if d.station_frames:
            draw_station_screens(p, d.station_frames, rect(lay.map))
    rolls = Widget("rolls", rect(0, 0, max(round(lay.touch * 1.5),
                                             p.font("body").size("ROLLS")[0] + 24),
                                  lay.touch), "ROLLS", len(d.rolls) > 0,
                   "No rolls yet this game")
    draw_ticker(p, ticker_lines([e for _, e in d.history[-40:]]), rect(lay.ticker),
                rolls, d.focus)
    lit = None
    if d.lights is not None and lay.lights is not None:
        lit = draw_lights(p, d.lights, rect(lay.lights), "keys", d.focus)
    # A decision the game does not wait for (a self-destruct offer) flags no tab.
    alerts = {o.station for o in d.opens if not o.decision.optional}
    notes = None if d.seat.ship is not None else tab_notes(d.view, {
        st: d.panel_ship(d.decision_at(st), st) for st in d.stations()[1:]})
    split = d.together() if d.split else ()
    draw_tabs(p, d.stations(), set(split) or {d.tab}, alerts, rect(lay.tabs), d.focus, notes)
    return replace(draw_place(d, split), map_frame=frame, light_rects=lit)


def draw_place(d: Scene, split: tuple[str, ...]) -> Drawn:
    """The panel's place: the Consoles or Seats view, a held result or a text opened whole, the
    Master Control Panel's page, the Rolls list, the shared place of officers deciding at once
    (`split`), the roll dialog, or the station's panel (the Instructor's: with the overview)."""
    lay, p = d.layout, d.painter
    rect = pygame.Rect
    if d.showing_consoles and d.console_codes is not None:
        pages = draw_consoles(p, d.console_codes, rect(lay.panel), rect(lay.actions),
                              lay.touch, d.seats_page, d.focus, d.console_network)
        return Drawn(seats_pages=pages)
    if d.showing_seats and d.seat_rows is not None:
        lines = seat_lines(d.seat_rows, ship_names(d.view))
        pages = draw_seats(p, lines, rect(lay.panel), rect(lay.actions), lay.touch,
                           d.seats_page, d.focus, d.message, d.console_codes is not None)
        return Drawn(seats_pages=pages)
    if d.holds.draw(p, rect(lay.panel), rect(lay.actions), lay.touch, d.focus):
        return Drawn()
    # The Master Control Panel of the seat's ship; at the Instructor's seat, of the ship whose
    # panel the tab shows (a record per ship, Expert and Command & Control).
    record_ship = d.seat.ship if d.seat.ship is not None else d.panel_ship(d.decision_at(d.tab))
    if d.tab != INSTRUCTOR and d.record.draw(p, d.view, record_ship, rect(lay.panel),
                                             rect(lay.actions), lay.touch, d.focus):
        return Drawn()
    if d.browsing and d.browser.draw(d.painter, d.layout, d.focus):
        return Drawn()
    if split:   # officers deciding at once: each in a part of the panel's place
        draw_split(p, split_parts(d, split), rect(lay.shared), lay.touch, d.focus)
        return Drawn()
    o = d.decision_at(d.tab)
    if o is not None and o.decision.action == "roll":
        request = getattr(o.decision.prompt, "roll", None)
        if request is not None:
            why = bool(d.state is not None and   # WHY? where the ruleset explains the roll
                       explain_pending(d.state, seat_side(d.state, d.seat)))
            draw_roll(p, roll_dialog(request, ship_names(d.view), d.seat.ship), d.last_roll,
                      rect(lay.panel), lay.touch, d.focus, why, d.tens)
            if d.message:
                p.region = "actions"
                p.wrap(d.message, rect(lay.actions), "small", theme.ALERT, 2)
            return Drawn(roll=request)   # a panel's roll is made only once this was seen
    model = d.panel()
    if model is None:
        return Drawn()
    extra: tuple[Widget, ...] = ()
    if d.tab == INSTRUCTOR:
        extra = (Widget("undo", rect(0, 0, lay.touch * 2, lay.touch), "UNDO"),
                 Widget("undo-phase", rect(0, 0, lay.touch * 3, lay.touch), "UNDO PHASE"))
        if d.seat_rows is not None:
            extra += (Widget("seats", rect(0, 0, lay.touch * 2, lay.touch), "SEATS"),)
        extra = ruling_panel.extras(extra, d.opens, d.ending, lay.touch)
        if o is not None and not d.ending:   # his own decision: room for CONFIRM
            extra = extra[:1]
    else:   # the Master Control Panel of the seat's ship (Expert), and the offers
        extra = d.record.button(d.view, record_ship, lay.touch, p) + offers.buttons(
            p, d.opens, d.tab, d.offer, lay.touch)
    # its body: the overview of every ship, unless the Instructor has a decision of his own to
    # take (the away team's election of how the action order is rolled)
    overview_shown = d.tab == INSTRUCTOR and not d.ending and o is None
    if d.tab == INSTRUCTOR and not d.ending:   # neither is a ship's facts: his panel's
        model = replace(model, facts=(), waiting="" if overview_shown else model.waiting)
    confirm = armed_label(o.decision) if o is not None and d.armed == o.key else ""
    shown = model

    def panel_page(n: int) -> int:
        return draw_panel(p, shown, rect(lay.panel), rect(lay.actions), lay.touch, n, d.focus,
                          d.message, extra, confirm, d.message is not None and d.message == d.hint)

    mark = len(p.widgets)
    pages = panel_page(d.page)
    page = seek_page(p, d.seek, d.page, model, pages, mark, panel_page)   # the panel's field
    if overview_shown:
        area = ruling_panel.overview_area(p, overview_area(p, rect(lay.panel), d.message),
                                          d.opens, lay.touch, d.focus)
        draw_overview(p, overview(d.view), area, *overview_heads(d.view))
    return Drawn(page=min(page, pages - 1), sought=True)


def seek_page(p: Painter, seek: str | None, page: int, model: PanelView, pages: int, mark: int,
              draw: Callable[[int], object]) -> int:
    """After a press at a panel, the page with its selected field (`seek`): drawn again
    (`draw(n)` draws page n) until the widgets drawn since `mark` show the field; the page
    shown."""
    if seek is not None and model.cursor == seek:
        widgets = p.widgets
        tries = [n for n in range(pages) if n != page]
        while tries and not shows_field((w.id for w in widgets[mark:]), seek):
            del widgets[mark:]
            page = tries.pop(0)
            draw(page)
    return page
