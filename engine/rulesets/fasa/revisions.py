"""Which rules a FASA game log was played by (docs/log-format.md, Rules revisions).

Revision 1 is every starbridge up to 0.7.0; revision 2 mends the last disagreements with Book
Two (seed 000; docs/rules-decisions.md): sensor questions in every Movement Phase (lines 707,
777, 1217, 1245), the helm roll's worked example (line 1123), casualties on the lock roll (line
853), a lock tried again when the sensors come back (line 1249), no step limit on the expert
warp speed (line 759), the Science Officer rolling the sensors' outage (line 1247), and
engineering out for the phase (line 1397). Each changes what is legal or what a roll means at
the advanced level and above, so an older log of those levels would replay as another game, or
stop part way: it is refused before its first action with what changed and what to do. The basic
game is untouched by them, and its older logs replay as they were played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

RULES_REVISION = 2
"""The revision of FASA's rules this starbridge plays, written in every log's header."""

CHANGED_LEVELS = frozenset({"advanced", "expert", "command"})
"""The levels whose legal actions or rolls revision 2 changed."""


def older_rules(revision: int, scenario: Mapping[str, Any]) -> str:
    """Why a log of `revision` cannot replay as it was played now; "" when it can."""
    level = scenario.get("level", "basic")
    if revision >= RULES_REVISION or level not in CHANGED_LEVELS:
        return ""
    return (f"this {level} game was played by FASA rules revision {revision} (starbridge 0.7.0 "
            f"and before); revision {RULES_REVISION} follows Book Two where those rules did not "
            f"(sensor questions in every Movement Phase, casualties on the lock roll, the "
            f"expert warp speed, who rolls the sensors' outage, engineering out for one phase, "
            f"the helm roll's stress), so its actions would make another game here. Replay it "
            f"with the starbridge that wrote it (0.7.x), or start the scenario again")
