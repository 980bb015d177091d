"""What each seat may know and see: the one filter `view`, `pending` and `events_for` go through,
and what a seat's map shows of a decision being entered.

- `views.py`: `view`, `events_for` and the redacted state.
- `cc_panel.py`: what a crewed ship's own seats read of its officers' rules;
  `shaken_view.py`: what its side sees of its shaken bridge and its power.
- `preview.py`: a course being entered and a weapon's arc, from a seat's view (`Previewing`).
- `bodies_view.py`: the planets, moons and stars of the map and their gravity wells, in plain
  sight.
"""
