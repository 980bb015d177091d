"""Every action a character may choose in his slot, in the order of the seed's table (seed 004
lines 208-210): position and movement, weapon use, attacks, evasion, other actions; each found
by its key."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.rulesets.strpg import attacks, evasion, gear, other, position
from engine.rulesets.strpg.kinds import Kind

ORDER: tuple[Kind, ...] = (*position.kinds(), *gear.kinds(), *attacks.kinds(),
                           *evasion.kinds(), *other.kinds())
KINDS: Mapping[str, Kind] = MappingProxyType({k.key: k for k in ORDER})
WAIT = "wait"
BACK = "back"
GROUPS: Mapping[str, str] = MappingProxyType({
    "movement": "Move", "position": "Position", "attacks": "Attack", "weapons": "Weapon",
    "evasion": "Evade", "other": "Other"})
"""The table's parts (line 208: position and movement, weapon use, attacks, responsive actions,
evasion, other actions), by which a character's action is chosen: first the part, then the
action (a screen or a panel shows a handful of choices at a time)."""


def in_group(group: str) -> tuple[Kind, ...]:
    return tuple(k for k in ORDER if k.group == group)

SHORT: Mapping[str, str] = MappingProxyType({
    "turn": "Turn", "sit": "Sit", "kneel": "Kneel", "prone": "Go prone",
    "move": "Move", "crawl": "Crawl", "run": "Run", "climb": "Climb", "swim": "Swim",
    "grapple_move": "Drag", "draw": "Draw", "aim": "Aim", "adjust": "Setting",
    "reload": "Reload", "drop_item": "Drop item", "device": "Device", "punch": "Punch",
    "strike": "Strike", "grapple": "Grapple", "pinch": "Pinch", "move_attack": "Charge",
    "tackle": "Tackle", "fire": "Fire", "quick_fire": "Quick draw", "evade": "Evade",
    "run_evade": "Weave", "roll_side": "Roll", "drop": "Drop flat", "dive": "Dive",
    "dive_roll": "Dive roll", "hide": "Hide", "talk": "Talk", "operate": "Operate",
    "break": "Break hold", "wait": "Wait",
})
"""Each action in a word or two, for a button (its `label` is the seed's name)."""

RISING: Mapping[tuple[str, str], str] = MappingProxyType({
    ("sit", "sitting"): "Stand", ("kneel", "kneeling"): "Stand", ("prone", "prone"): "Kneel up"})
"""A change of position's word the other way (he stands from sitting or kneeling)."""
