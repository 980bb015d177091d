"""Firing and what it does (seed 002: the Combat Table, the Damage Table, mines and seekers).

- `combat.py`: the chance to hit on the Combat Table and what a hit does on the Damage Table.
- `fire.py`: who may fire what at whom, defensive fire, ICMs, and the rolls the game waits for.
- `ordnance.py`: mines and seeker missiles, and the attacks that need no gunner (a mine's, a
  seeker's, an electrical fire's).
"""
