"""The keyboard as a stand-in for the buttons on a PC: a pure map from key to (panel, button).

Each panel's `[panels.<name>.keys]` table in the pin map names its keys (see the default map and
docs/wiring.md). A key going down or up becomes the same `Edge` a pin's callback queues, so a
key press takes the same path from there to the action as a button press does.

A loaded pin map binds each key once (hardware.pinmap refuses a key bound in two panels, so two
crews on one Pi never share one); `clashes` still says so for a map put together otherwise.
"""

from __future__ import annotations

from hardware.debounce import Edge
from hardware.pinmap import PinMap


class KeyMap:
    """Key name (as pygame's `key.name()` spells it, case-insensitive) -> (panel, button)."""

    def __init__(self, pins: PinMap) -> None:
        self.keys: dict[str, tuple[str, str]] = {}
        self.clashes: list[str] = []
        for panel in pins.panels.values():
            for key, button in panel.keys.items():
                k = key.lower()
                if k in self.keys:
                    other = self.keys[k]
                    self.clashes.append(f"key {key!r} is {other[0]}.{other[1]} and "
                                        f"{panel.name}.{button}: the first is kept")
                    continue
                self.keys[k] = (panel.name, button)

    def edge(self, key: str, down: bool, t: float) -> Edge | None:
        """The edge for a key going down (pressed) or up, or None for a key with no button."""
        hit = self.keys.get(key.lower()) if isinstance(key, str) else None
        if hit is None:
            return None
        return Edge(hit[0], hit[1], down, t)

    def legend(self) -> list[str]:
        """One line per panel: its keys, for the help screen and the docs."""
        by_panel: dict[str, list[str]] = {}
        for key, (panel, button) in self.keys.items():
            by_panel.setdefault(panel, []).append(f"{key}={button}")
        return [f"{panel}: {' '.join(keys)}" for panel, keys in by_panel.items()]
