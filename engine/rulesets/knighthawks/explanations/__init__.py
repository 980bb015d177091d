"""A roll in a few words for the Rolls list (`Explaining`); Knight Hawks gives no longer
explanation, so the display offers no WHY?.

- `explain.py`: the to-hit roll's HIT or MISS, damage control's REPAIRED or FAILED, a ship
  breaking apart.
"""
