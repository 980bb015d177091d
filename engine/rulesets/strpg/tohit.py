"""The To-Hit Number and its modifiers (seed 004 line 214, Attacks; line 222-224, Attack
Modifiers):

    Range               bare hand or striking weapon +15; point blank +15, short 0, medium -15,
                        long -30, extreme -45, beyond extreme miss
    Target size         small or specific location -15, man-sized 0, large +15
    Target position     erect 0, crouched -5, prone -10
    Target concealment  less than 1/3 0, 1/3 to 2/3 -10, more than 2/3 -30 to -50, complete miss
    Target movement     stationary +15, moving 0, running -5, evading or flying tackle -15
    Aiming              aimed +25, snap 0, quick draw and attack -25
    Off hand            -20
    Simultaneous        -10 each
    Attacker movement   stationary 0, moving -5, running -15, evading -30

(The seed's text has lost its minus signs; where a modifier makes hitting harder it is one.)
"""

from __future__ import annotations

from engine.rulesets.strpg.sight import blocking, concealment
from engine.rulesets.strpg.state import (
    EVADING,
    KNEELING,
    MOVING,
    PRONE,
    RUNNING,
    SITTING,
    Character,
    RPGState,
)
from engine.rulesets.strpg.tables import Weapon
from engine.squaregrid import range_between

Mods = tuple[tuple[str, int], ...]
BANDS = (("point blank", 15), ("short", 0), ("medium", -15), ("long", -30), ("extreme", -45))
SIZE = {"small": -15, "man": 0, "large": 15}
POSITION = {KNEELING: -5, SITTING: -5, PRONE: -10}
ATTACKER_MOVED = {MOVING: -5, RUNNING: -15, EVADING: -30}
HIDDEN_CONCEALMENT = 30
"""A hidden target the attacker has spotted is more than 2/3 concealed at least (ours: "Hide
... Can cause cover penalty to hit", line 210)."""


def average(a: int, b: int) -> int:
    return (a + b) // 2


def unarmed_base(c: Character) -> tuple[int, str]:
    """"The To-Hit Number is the average of Unarmed Personal Combat skill and DEX" (line 214)."""
    return average(c.unarmed, c.dexterity), \
        f"average of Unarmed Combat {c.unarmed} and DEX {c.dexterity}"


def weapon_base(c: Character, weapon: Weapon) -> tuple[int, str]:
    """A weapon's To-Hit Number: the average of its skill and DEX; "If the character has no
    skill with the weapon ... use 1/2 DEX. If the character has no idea how to even point or
    operate the weapon, use LUC" (lines 214, 216)."""
    skill = {"modern": c.modern, "archaic": c.archaic, "armed": c.armed}[weapon.skill]
    name = {"modern": "Modern Marksmanship", "archaic": "Archaic Marksmanship",
            "armed": "Armed Combat"}[weapon.skill]
    if skill > 0:
        return average(skill, c.dexterity), f"average of {name} {skill} and DEX {c.dexterity}"
    if c.primitive and weapon.skill == "modern":
        return c.luck, f"LUC {c.luck}: he has no idea how to point it"
    return c.dexterity // 2, f"half DEX {c.dexterity}: no {name} skill"


def band(weapon: Weapon, rng: float) -> tuple[str, int] | None:
    """The range band at `rng` squares and its modifier; None beyond extreme range."""
    for (name, mod), farthest in zip(BANDS, weapon.bands, strict=True):
        if rng <= farthest:
            return name, mod
    return None


def target_mods(state: RPGState, a: Character, t: Character) -> Mods:
    """Size, position and movement of the target (line 222-224)."""
    out: list[tuple[str, int]] = []
    if SIZE.get(t.size, 0):
        out.append((f"{t.size} target", SIZE[t.size]))
    if POSITION.get(t.posture):
        out.append((f"target {t.posture}", POSITION[t.posture]))
    if t.evading or (t.last == EVADING and t.last_kind == "tackle"):
        out.append(("target evading", -15))
    elif t.last == RUNNING:
        out.append(("target running", -5))
    elif t.last not in (MOVING, EVADING):
        out.append(("target stationary", 15))
    return tuple(out)


def attacker_mods(a: Character, moved: str | None = None) -> Mods:
    """"When a character uses AP to move and then to attack or fire, with no other action in
    between, a movement modifier is subtracted" (line 224): his last action, or `moved` when
    the attack itself follows a move (a move and attack)."""
    last = moved or a.last
    if last in ATTACKER_MOVED:
        return ((f"attacker {'evading' if last == EVADING else last}", ATTACKER_MOVED[last]),)
    return ()


def sight_line(state: RPGState, a: Character, t: Character) -> tuple[Mods, str | None]:
    """The concealment modifier of a ranged attack, and why it cannot be made (no line of
    sight, somebody standing in the way)."""
    hide = concealment(state, a.pos, a.posture, t.pos, t.posture)
    if hide is None:
        return (), f"he cannot see {t.name} (completely concealed)"
    if t.hidden:
        hide = max(hide, HIDDEN_CONCEALMENT)
    stands = blocking(state, a.pos, t.pos, (a.id, t.id))
    if stands is not None:
        return (), f"{stands.name} stands in the way (line 224)"
    return ((("concealment", -hide),) if hide else ()), None


def ranged_mods(state: RPGState, a: Character, t: Character, weapon: Weapon
                ) -> tuple[Mods, str | None]:
    rng = range_between(a.pos, t.pos)
    found = band(weapon, rng)
    if found is None:
        return (), f"{t.name} is beyond the {weapon.name}'s extreme range ({rng:g} squares)"
    cover, why = sight_line(state, a, t)
    if why:
        return (), why
    name, mod = found
    return ((f"{name} range {rng:g}", mod), *cover), None
