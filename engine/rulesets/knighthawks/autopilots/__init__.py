"""The autopilot, deciding from what its seat may know (its `view` and its `controls`).

- `autopilot.py`: a ship's autopilot, for any prompt.
"""
