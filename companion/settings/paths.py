"""Where starbridge keeps the user's data: STARBRIDGE_DATA, else $XDG_DATA_HOME/starbridge, else
~/.local/share/starbridge. Its ships/, tables/ and scenarios/ folders add to the data pack."""

from __future__ import annotations

import os
from pathlib import Path


def user_data_dir() -> Path:
    explicit = os.environ.get("STARBRIDGE_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "starbridge"
