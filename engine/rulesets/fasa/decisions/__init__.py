"""The decisions a seat is offered, for panels and screens (`engine.controls`): each field with its
bounds, the legal actions, the quick fills.

- `controls.py`: every decision's fields; `cc_controls.py` (the Captain's orders and the Chief
  Engineer's roll), `science_controls.py` (the Science Officer's), `controls_bonus.py` (the
  skill bonus's point), `power_down_controls.py` (powering down): those of their rules.
- `legal.py`: legal actions; `cc_legal.py`, `power_down_options.py`: those of their rules.
- `presets.py`: the quick fills of the Power Allocation Phase.
- `disclosure.py`: what another side may know of each open decision (at most that the ship
  acts), which `seats/views.py` reads.
"""
