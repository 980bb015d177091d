"""The bridge display: a pygame(-ce) touchscreen for the whole table.

Pure view-models (`map_model`, `status_model`, `panel_model`, `layout`, `geometry`) say what to
draw from the engine's per-seat view; `bridge.BridgeDisplay` draws them and turns touch, mouse
and keys into engine actions.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
