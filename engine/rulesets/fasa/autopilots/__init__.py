"""The autopilots, deciding from what their seat may know (the redacted state, `seats/views.py`).

- `autopilot.py`: a ship's autopilot, for any prompt.
- `autopilot_advanced.py`: the cloak, mines and plasma; `autopilot_expert.py`: the expert
  rules; `autopilot_cc.py`: a shaken helm's course (powering down is chosen with its rule,
  `command/power_down_options.py`).
- `admiral_autopilot.py`: an Admiral's orders, and what a ship's autopilot makes of them.
"""
