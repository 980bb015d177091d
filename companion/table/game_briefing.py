"""A new game's briefing in the map's place (the mission, its goal, the rules, who the crew is,
what to press) until the table's first input, at every level; and the open panels' keys for the
display's KEYS sheet. The display's modules are imported when first drawn (a headless table
never loads pygame)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.stations import STATION_NAMES, title

if TYPE_CHECKING:
    from display.bridge_display import BridgeDisplay
    from display.draw_attract import KioskScreen
    from display.keys_sheet import PanelKeys
    from hardware.pinmap import PinMap
    from hardware.ship_bridge import Bridge


def panel_keys(bridges: Iterable[Bridge], pins: PinMap) -> tuple[PanelKeys, ...]:
    """Each open panel's keys, under the station it plays (a stand-in's, pinmap.plays)."""
    from display.keys_sheet import PanelKeys

    return tuple(PanelKeys(name, st.model.seat.station, tuple(pins.panels[name].keys.items()))
                 for b in bridges for name, st in b.stations.items() if name in pins.panels)


class Briefing:
    """The briefing overlay of one game: opened when a new game starts, closed by the first
    input after it or by the game's end."""

    def __init__(self) -> None:
        self.screen: KioskScreen | None = None
        self.since = 0.0

    def open(self, display: BridgeDisplay, scenario: Mapping[str, Any], seats: Mapping[str, str],
             now: float) -> None:
        from display.draw_attract import BRIEFING, KioskScreen, briefing

        self.screen = KioskScreen()
        self.screen.brief = briefing(scenario, seats, {st: title(st) for st in STATION_NAMES},
                                     keys=bool(display.panel_keys))
        self.screen.set(BRIEFING)
        display.add_overlay(self.screen)
        self.since = now

    def close_after(self, display: BridgeDisplay | None, last_input: float, over: bool) -> None:
        if self.screen is not None and (last_input > self.since or over):
            if self.screen.set(None) and display is not None:
                display.redraw()
            self.screen = None
