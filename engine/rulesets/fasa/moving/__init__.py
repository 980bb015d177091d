"""Moving the ships (Book Two, Advanced: Moving The Starship Silhouette Counters; Emergency
Heading Changes; Expert: Helm Display).

- `movement.py`: the Movement Phases: a hex ahead per movement point, heading changes, hard
  turns and reverse at the advanced level.
- `stress.py`: emergency heading changes and their stress damage.
- `warp.py`: changing the warp speed, one step a turn.
"""
