"""The values of a Knight Hawks game: its state, the actions a seat takes and the events that tell
what happened, each an immutable value; and who does what on a bridge.

- `state.py`: `KHState`, its ships, mines, seekers and the attack being resolved, changed only
  by `replace`.
- `actions.py`: the actions, registered by their log names (`kh_move`, `kh_screens`, ...).
- `events.py`: the events, one readable line each; one with a `side` is told to that side alone.
- `crew.py`: the authority table, which station carries out which duty in crews of 1 to 4.
"""
