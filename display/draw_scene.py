"""The bridge display's scene drawn once (`draw_scene`): the phase bar, the map (or the
after-action report), the ticker, the lights strip, the station tabs, and in the panel's place
the Seats view, a held roll result or an opened text, the Rolls list, the roll dialog or the
station's panel (with the Instructor's overview). A part of `BridgeDisplay`, kept apart so that
the scene's input and state stay readable in display/bridge_display.py."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from display import offers, ruling_panel, theme
from display.draw_chart import chart_strip
from display.draw_consoles import draw_consoles
from display.draw_keys import draw_keys
from display.draw_lights import draw_lights
from display.draw_map import draw_map
from display.draw_overview import draw_overview, overview_area
from display.draw_panel import draw_panel, draw_tabs
from display.draw_seats import draw_seats
from display.draw_split import OfficerPart, draw_split, next_fill
from display.draw_station_screens import draw_station_screens
from display.draw_status import draw_bar, draw_report, draw_roll, draw_ticker
from display.game_link import seat_side
from display.keys_sheet import keys_sheet
from display.layout import GAP
from display.overview_model import overview, overview_heads, tab_notes
from display.paint import Widget
from display.targets import armed_label
from engine import explain_pending
from engine.stations import INSTRUCTOR
from readouts.seats_model import seat_lines
from readouts.status_model import (
    after_action,
    phase_bar,
    roll_dialog,
    ship_names,
    ticker_lines,
)

if TYPE_CHECKING:
    from display.bridge_display import BridgeDisplay


def split_parts(d: BridgeDisplay, stations: tuple[str, ...]) -> list[OfficerPart]:
    """Each officer's part of the shared place: his panel's model, the field under his cursor,
    CONFIRM's label after a first tap to fire, the message his last tap left."""
    out = []
    for st in stations:
        o = d._open_for(st)
        model = d.panel_for(st)
        if o is None or model is None:
            continue
        names = [f.name for f in model.fields]
        cursor = d._cursor(o)
        field = cursor if cursor in names else (names[0] if names else "")
        out.append(OfficerPart(st, model, field,
                               armed_label(o.decision) if d.armed == o.key else "",
                               d.message if st == d.tab else None,
                               next_fill(o.decision.presets, d.fills.get(o.key, -1)),
                               d.message is not None and d.message == d.hint))
    return out


def draw_scene(d: BridgeDisplay) -> bool:
    """Draw every part of `d`'s screen; True (something was drawn)."""
    lay, p = d.layout, d.painter
    p.reset()
    d.surface.fill(theme.BACKGROUND)
    rect = pygame.Rect
    if d.state is None:
        p.region = "bar"
        p.text("Waiting for a game...", (20, 20), "large", theme.ACCENT)
        return True
    draw_bar(p, phase_bar(d.view, d.dice_status), rect(lay.bar))
    if d.showing_keys:   # the sheet of keys and lights, over all but the phase bar
        top = lay.map[1]
        pages = draw_keys(p, keys_sheet(d.panel_keys, d.lights or ()),
                          rect(0, top, lay.width, lay.actions[1] - GAP - top),
                          rect(lay.actions), lay.touch, d.keys_page, d.focus)
        d.keys_page = min(d.keys_page, pages - 1)
        return True
    if d.view.get("outcome"):
        draw_report(p, after_action(d.view, d.history), rect(lay.map))
    else:
        keep = d.map_frame.window if d.map_frame is not None and d.map_kept is d.view \
            else None   # one moment of the game: the map holds still (draw_map.frame_for)
        d.map_frame = draw_map(p, d.map(), chart_strip(p, d.view, rect(lay.map)), d.follow,
                               keep)
        d.map_kept = d.view
        if d.station_frames:   # the panels' own displays, where no OLED is wired (a PC)
            draw_station_screens(p, d.station_frames, rect(lay.map))
    rolls = Widget("rolls", rect(0, 0, max(round(lay.touch * 1.5),
                                             p.font("body").size("ROLLS")[0] + 24),
                                  lay.touch), "ROLLS", len(d.rolls) > 0,
                   "No rolls yet this game")
    draw_ticker(p, ticker_lines([e for _, e in d.history[-40:]]), rect(lay.ticker),
                rolls, d.focus)
    if d.lights is not None and lay.lights is not None:
        d.light_rects = draw_lights(p, d.lights, rect(lay.lights), "keys", d.focus)
    # A decision the game does not wait for (a self-destruct offer) flags no tab.
    alerts = {o.station for o in d.opens if not o.decision.optional}
    notes = None if d.seat.ship is not None else tab_notes(d.view, {
        st: d._panel_ship(d._open_for(st), st) for st in d.stations()[1:]})
    split = d.together() if d.split else ()
    draw_tabs(p, d.stations(), set(split) or {d.tab}, alerts, rect(lay.tabs), d.focus, notes)
    if d.showing_consoles and d.console_codes is not None:
        pages = draw_consoles(p, d.console_codes, rect(lay.panel), rect(lay.actions),
                              lay.touch, d.seats_page, d.focus, d.console_network)
        d.seats_page = min(d.seats_page, pages - 1)
        return True
    if d.showing_seats and d.seat_rows is not None:
        lines = seat_lines(d.seat_rows, ship_names(d.view))
        pages = draw_seats(p, lines, rect(lay.panel), rect(lay.actions), lay.touch,
                           d.seats_page, d.focus, d.message, d.console_codes is not None)
        d.seats_page = min(d.seats_page, pages - 1)
        return True
    if d.holds.draw(p, rect(lay.panel), rect(lay.actions), lay.touch, d.focus):
        return True
    # The Master Control Panel of the seat's ship; at the Instructor's seat, of the ship whose
    # panel the tab shows (a record per ship, Expert and Command & Control).
    record_ship = d.seat.ship if d.seat.ship is not None else d._panel_ship(d._open_for(d.tab))
    if d.tab != INSTRUCTOR and d.record.draw(p, d.view, record_ship, rect(lay.panel),
                                             rect(lay.actions), lay.touch, d.focus):
        return True
    if d.browsing and d.browser.draw(d.painter, d.layout, d.focus):
        return True
    if split:   # officers deciding at once: each in a part of the panel's place
        draw_split(p, split_parts(d, split), rect(lay.shared), lay.touch, d.focus)
        return True
    o = d._open_for(d.tab)
    if o is not None and o.decision.action == "roll":
        request = getattr(o.decision.prompt, "roll", None)
        if request is not None:
            why = bool(d.state is not None and   # WHY? where the ruleset explains the roll
                       explain_pending(d.state, seat_side(d.state, d.seat)))
            draw_roll(p, roll_dialog(request, ship_names(d.view), d.seat.ship), d.last_roll,
                      rect(lay.panel), lay.touch, d.focus, why, d.tens)
            d.roll_on_screen = request   # a panel's roll is made only once this was seen
            if d.message:
                p.region = "actions"
                p.wrap(d.message, rect(lay.actions), "small", theme.ALERT, 2)
            return True
    model = d.panel()
    if model is not None:
        extra: tuple[Widget, ...] = ()
        if d.tab == INSTRUCTOR:
            extra = (Widget("undo", rect(0, 0, lay.touch * 2, lay.touch), "UNDO"),
                     Widget("undo-phase", rect(0, 0, lay.touch * 3, lay.touch),
                            "UNDO PHASE"))
            if d.seat_rows is not None:
                extra += (Widget("seats", rect(0, 0, lay.touch * 2, lay.touch), "SEATS"),)
            extra = ruling_panel.extras(extra, d.opens, d.ending, lay.touch)
            if o is not None and not d.ending:   # his own decision: room for CONFIRM
                extra = extra[:1]
        else:   # the Master Control Panel of the seat's ship (Expert), and the offers
            extra = d.record.button(d.view, record_ship, lay.touch, p) + offers.buttons(
                p, d.opens, d.tab, d.offer, lay.touch)
        # its body: the overview of every ship, unless the Instructor has a decision of his own
        # to take (the away team's election of how the action order is rolled)
        overview_shown = d.tab == INSTRUCTOR and not d.ending and o is None
        if d.tab == INSTRUCTOR and not d.ending:   # neither is a ship's facts: his panel's
            model = replace(model, facts=(), waiting="" if overview_shown else model.waiting)
        confirm = armed_label(o.decision) if o is not None and d.armed == o.key else ""
        mark = len(p.widgets)
        pages = draw_panel(p, model, rect(lay.panel), rect(lay.actions), lay.touch,
                           d.page, d.focus, d.message, extra, confirm,
                           d.message is not None and d.message == d.hint)
        d._seek_page(model, pages, mark, lambda n: draw_panel(   # the panel's field
            p, model, rect(lay.panel), rect(lay.actions), lay.touch, n, d.focus,
            d.message, extra, confirm, d.message is not None and d.message == d.hint))
        d.page = min(d.page, pages - 1)
        if overview_shown:
            area = ruling_panel.overview_area(p, overview_area(p, rect(lay.panel), d.message),
                                              d.opens, lay.touch, d.focus)
            draw_overview(p, overview(d.view), area, *overview_heads(d.view))
    return True
