"""Moving the ships (Book Two, Advanced: Moving The Starship Silhouette Counters; Emergency
Heading Changes; Expert: Helm Display).

- `movement.py`: the Movement Phases: a hex ahead per movement point, heading changes, hard
  turns and reverse at the advanced level.
- `stress.py`: emergency heading changes and their stress damage.
- `warp.py`: changing the warp speed, one step a turn.
- `placement.py`: placing ships before turn 1 where the scenario leaves it to the table.
- `advantage.py`: the Tactical Advantage Phase: who moves and declares targets last.
- `movement_rule.py`, `warp_rule.py`, `placement_rule.py`, `advantage_rule.py`: each rule's
  part in the game, declared once (`rule.Rule`, registered in `rules.RULES`).
"""
