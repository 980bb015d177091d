"""The turn's flow: the game set up, the sequence of play and its automatic steps, who is asked
what, and the end of each turn (Book Two, Advanced, Expert and Command & Control: Sequence Of
Play).

- `setup.py`: a scenario becomes the starting state.
- `turn.py`: `apply` and the automatic work of each step between decisions (`STEP_FLOWS`, by
  the step); `prompts.py`: who must act now (`STEP_PROMPTS`, by the step).
- `rolls.py`: which rule owns a roll (`owner`), as data; `decide.py`: which rule takes each kind
  of decision (`DECISIONS`). The end of a ship's move and of the game, which the rules' own
  decisions and steps come to as well, is below every topic folder (`../ending.py`).
"""
