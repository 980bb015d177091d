"""What each Skill Roll choice of Command & Control does and what it takes, in a sentence for the
screen and a panel's own display before it is chosen (the kernel's `Choice.explain`): the skill,
its rating, what is added to the die, and the odds. Book Two, Command & Control: "A score on the
percentile dice roll equal to or less than the appropriate skill rating indicates success" (seed
line 959); the Science Officer's uses lines 1175-1207, the Chief Engineer's lines 1029-1041 (05
or less succeeds "no matter what his skill rating", line 1033).
"""

from __future__ import annotations

from engine.rulesets.fasa.skills import officer_roll, science_dice
from engine.rulesets.fasa.values.officers import rating as rating_of
from engine.rulesets.fasa.values.state import FasaState, Ship

SCIENCE_DOES = {
    "shields": "Two extra shield points to place on any shields, up to 2 over a shield's "
               "maximum (four on 01-05).",
    "damage_control": "A die of damage control: half of it (rounded up) comes off fresh damage "
                      "this turn.",
    "repair": "One superstructure point repaired (two on 01-05).",
    "casualties": "Casualties cut by 5% of the crew.",
}
ENGINEER_DOES = {
    "power": "One more power point next turn (two on 05 or less).",
    "repair": "One point of a damaged engine repaired from next turn (two on 05 or less).",
}
SKILL_NAMES = {"shields": "DEFLECTOR SHIELDS", "damage_control": "DAMAGE CONTROL",
               "warp_drive": "WARP DRIVE TECHNOLOGY", "engineering": "STARSHIP ENGINEERING"}


def odds(rating: int, added: int, need: int, floor: int = 0) -> str:
    """"rating 62, +10 for casualties: 01-52 succeeds, 52%"."""
    top = max(need, floor)
    mods = f", {added:+d} to the die" if added else ""
    if top <= 0:
        return f"rating {rating}{mods}: no roll can succeed"
    return f"rating {rating}{mods}: 01-{min(top, 100):02d} succeeds, {min(top, 100)}%"


def science_explain(state: FasaState, ship: Ship, use: str, skill: str) -> str:
    """What the Science Officer's use does, and its roll's odds."""
    if use not in SCIENCE_DOES:
        return "No Skill Roll this turn: nothing is rolled."
    added = sum(v for _, v in science_dice.terms(state, ship))
    rating = rating_of(state, ship, skill)
    return (f"{SCIENCE_DOES[use]} Rolls against {SKILL_NAMES[skill]}, "
            f"{odds(rating, added, science_dice.need(state, ship, skill))}.")


def engineer_explain(state: FasaState, ship: Ship, roll: str, skill: str) -> str:
    """What the Chief Engineer's roll does, and its odds (05 or less always succeeds)."""
    if roll not in ENGINEER_DOES:
        return "No Skill Roll this turn: nothing is rolled."
    added = officer_roll.modifier(state, ship)
    rating = rating_of(state, ship, skill)
    return (f"{ENGINEER_DOES[roll]} Rolls against {SKILL_NAMES[skill]}, "
            f"{odds(rating, added, officer_roll.need(state, ship, skill), officer_roll.DOUBLE)}.")
