"""The turn's flow: the game set up, the sequence of play and its automatic steps, who is asked
what, and the end of each turn (Book Two, Advanced, Expert and Command & Control: Sequence Of
Play).

- `setup.py`: a scenario becomes the starting state; `placement.py`: placing ships before turn
  1 where the scenario leaves it to the table.
- `turn.py`: `apply` and the automatic steps between decisions; `prompts.py`: who must act now.
- `advantage.py`: the Tactical Advantage Phase.
- `mcp.py`: the Master Control Panel's record of each turn.
"""
