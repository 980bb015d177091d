"""Which rules a Knight Hawks game log was played by (docs/log-format.md, Rules revisions).

Revision 1 is every starbridge up to 0.7.0; revision 2 follows seed 002 where it did not: a ship
with MR 0 cannot turn (line 178), seekers and mines dropped in any hex of the move (line 44),
seeker and mine attacks rolled by the player who placed them (line 50), a disastrous fire on an
already halved damage control rating (line 204). Each changes who rolls or what is legal, so an
older log is refused before its first action with what changed and what to do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

RULES_REVISION = 2
"""The revision of Knight Hawks' rules this starbridge plays, written in every log's header."""


def older_rules(revision: int, scenario: Mapping[str, Any]) -> str:
    """Why a log of `revision` cannot replay as it was played now; "" when it can."""
    if revision >= RULES_REVISION:
        return ""
    return (f"this game was played by Knight Hawks rules revision {revision} (starbridge 0.7.0 "
            f"and before); revision {RULES_REVISION} follows seed 002 where those rules did not "
            f"(no turn with MR 0, drops along the move, ordnance rolled by the side that placed "
            f"it), so its actions would make another game here. Replay it with the starbridge "
            f"that wrote it (0.7.x), or start the scenario again")
