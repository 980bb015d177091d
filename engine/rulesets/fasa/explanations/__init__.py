""""Why did this hit?": the rule, the table row and the numbers behind each roll (`Explaining`).

- `explain.py`: the basic game's rolls, and the entry points.
- `explain_advanced.py`: hard turns, evasions, explosions and blasts.
- `explain_expert.py`: the Skill Roll and ratings rolls, the to-hit modifiers and the Detailed
  Damage Location Chart rows.
"""
