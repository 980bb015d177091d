"""The autopilots, deciding from what their seat may know (the redacted state, `seats/views.py`).

- `autopilot.py`: a ship's autopilot, for any prompt.
- `autopilot_advanced.py`: the cloak, mines and plasma; `autopilot_expert.py`: the expert
  rules; `autopilot_cc.py`: a shaken bridge and powering down.
- `admiral_autopilot.py`: an Admiral's orders, and what a ship's autopilot makes of them.
"""
