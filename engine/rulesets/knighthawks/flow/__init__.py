"""The turn's flow: the game set up, the sequence of play and its automatic steps, who is asked
what, and the end of the game (docs/rules-decisions.md, Knight Hawks: the turn, victory).

- `setup.py`: a scenario read, made self-contained and turned into the starting state.
- `turn.py`: `apply`: who may do what, the rolls and the decisions.
- `steps.py`: the automatic work of each step between decisions (`STEP_FLOWS`, by the step:
  seekers flying, drifting ships, mines going off, fires burning, the next step of the turn),
  who must act now, and victory.
"""
