"""Firing and what it does (Book Two, Advanced: Firing Weapons; Expert: Detailed Damage Location
Charts; Command & Control: Weapon Firing and Damage Sequences): declaring targets, the to-hit
roll, shields, damage inside the ship, and the hazards of the fight.

- `combat.py`: the Firing Phases: declared fire, to-hit, shields, damage location (basic).
- `expert_damage.py`: the Detailed Damage Location Charts; `bridge_hits.py`: bridge hits and
  DEX rolls; `hit_location.py`: who rolls where a hit strikes; `damage_control.py`: damage
  control points spent per shot.
- `hiding.py`: who knows where a cloaked ship is and how hard it is to hit (fire asks it; the
  cloak itself is in `sensing/`).
- `mines.py`: mines and decoys; `evasion.py`: evading missile fire, `evasion_rule.py` its
  declaration (`rule.Rule`) and `evasion_words.py` its roll in words; `explosions.py`: ship
  explosions, their blasts and the self-destruct order.
"""
