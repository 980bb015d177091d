"""The basic game turn's seams and the steps that cross them (Book Two, Advanced: Sequence Of
Play; Ending The Game), with each higher level's part laid on through the named hooks
(`hooks.py`, `layers/`).

- `phase_end.py`: where one phase hands over to the next: the first Movement Phase of a turn,
  the end of a Firing Phase (the next Movement Phase, or the end of the game turn). The basic
  game's own, reading no higher level (the end of the game is `ending.py`'s, at the package's
  top).
- `sensor_phase_rule.py`, `scan_step_rule.py`, `skill_phase_rule.py`, `fire_resolution_rule.py`:
  the automatic work of the Sensor Phase, the expert arc scan step, the Skill Roll Phase, and
  the resolving of fire and of blasts, each declared once (`rule.Rule.steps`, registered in
  `rules.RULES`).

This package sits above the topic folders and below `rules.py`: a step whose work ends in
another topic's (the Sensor Phase ends in the Movement Phase's order, the Skill Roll Phase in
the Tactical Advantage Phase, the fire in the end of the Firing Phase) is declared here, since
its topic's folder may not import the one above it (the "No import cycles between sibling
modules" contract: `moving` imports `sensing` and `firing`, which import `skills`).
"""
