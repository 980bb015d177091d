"""What the table is told when a *Battlestations!* game starts, and the sections the variant's
source names without holding their text (seed 001, the table of contents, lines 3-18).

The contents list "Tractor Beams" (line 10), "Impulse/Warp Shifts During Combat" (line 12),
"Phasers" (line 13), "Mines" (line 14), "Power" (line 15), "Torpedoes" (line 16), "Optional
Maneuvering" (line 17), "Optional Damage Rules" (line 18) and "02 - Expanded Starship
Construction Rules" (line 20); 01C-2 gives three races' captains (lines 196-232) and no others.
The seed's text stops at line 232. None of these is built from a guess: where they would
change FASA's rules, FASA's own stand (docs/rules-decisions.md, Battlestations!).
"""

from __future__ import annotations

MISSING: tuple[tuple[str, int], ...] = (
    ("tractor beams", 10),
    ("impulse/warp shifts during combat", 12),
    ("phasers", 13),
    ("mines", 14),
    ("power", 15),
    ("torpedoes", 16),
    ("optional maneuvering", 17),
    ("optional damage", 18),
    ("the other races' captains", 11),
    ("expanded starship construction", 20),
)
"""The sections named in the seed's contents (with the line naming them) whose text it lacks."""

BUILT = ("the revised turn: three combat rounds a turn", "the revised sensors",
         "gravity wells", "captains' racial benefits (Andorian, Betazoid, Caitan)")

NOTICE = ("Battlestations! (FASA rules variant): " + "; ".join(BUILT) + ". Not in the source, "
          "so not played (FASA's own rules stand): " + ", ".join(m for m, _ in MISSING) + ".")
"""The variant's notice, one paragraph for the bridge display and the consoles."""
