"""The panels drawn on the bridge display where nobody can look at them (a PC, mocked panels):
their lights in a strip under the map, and their own small displays.

    mirror_panels(display, bridges)   # each frame, after every output was told of the change
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hardware.ship_bridge import Bridge

if TYPE_CHECKING:
    from display.bridge_display import BridgeDisplay


def mirror_panels(display: BridgeDisplay, bridges: Sequence[Bridge]) -> None:
    """Each open panel's lights and station display, as the mocked devices show them now; the
    strip is taken away when no panel is open."""
    from display.draw_station_screens import StationFrame

    levels: dict[str, dict[str, float]] = {}
    frames: dict[str, StationFrame] = {}
    for b in bridges:
        for panel, lit in b.lit().items():
            levels.setdefault(shown_as(b, panel), lit)
        for panel, (size, pixels, acting) in b.screens().items():
            frames.setdefault(shown_as(b, panel), StationFrame(size, pixels, acting))
    display.show_lights(levels if bridges else None)
    display.show_station_screens(frames or None)


def shown_as(bridge: Bridge, panel: str) -> str:
    """The name `panel`'s lights and display are labelled by: the station it plays, with a
    second crew's number ("science2" playing Knight Hawks' Weapons is "weapons2"), as the KEYS
    sheet names it (game_briefing.panel_keys), so a stand-in panel is not labelled SCI."""
    spec = bridge.pins.panels.get(panel)
    played = bridge.stations[panel].model.seat.station if panel in bridge.stations else None
    if spec is None or played is None or played == spec.station:
        return panel
    return played + panel[len(panel.rstrip("0123456789")):]
