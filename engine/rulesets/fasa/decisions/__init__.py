"""The decisions a seat is offered, for panels and screens (`engine.controls`): each field with its
bounds, the legal actions.

- `controls.py`: every decision's fields, by its kind, as each rule declares them
  (`rule.Rule.controls`), and a die typed in at the table.
- `legal.py`: legal actions, likewise (`rule.Rule.options`).
- `disclosure.py`: what another side may know of each open decision (at most that the ship
  acts), which `seats/views.py` reads.
"""
