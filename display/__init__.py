"""The bridge display: a pygame(-ce) touchscreen for the whole table.

The seats' view-models (`readouts`: the map, the phase bar, the panels' facts, the rolls) say
what to show from the engine's per-seat view, the same for the phones; display's own pure models
(`layout`, `geometry`, the charts and the overview) say where; `bridge_display.BridgeDisplay`
draws them and turns touch, mouse and keys into engine actions.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
