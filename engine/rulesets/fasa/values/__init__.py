"""The values of a FASA game: its state, the actions a seat takes and the events that tell what
happened, each an immutable value; and the small values the state holds.

- `state.py`: `FasaState`, its ships, weapons, shots and steps; `copies.py`: the one fast
  `replace` every module copies a value with.
- `actions.py`, `cc_actions.py` (the Command & Control officers'), `power_actions.py`
  (powering down): the actions, registered by their log names.
- `events.py`, `cc_events.py` (the officers' orders and Skill Rolls), `crew_events.py` (a player
  crew's shaken officers, systems out, power and the Science Officer's rolls): the events.
- `crew.py`: the authority table, which station carries out which duty in crews of 3 to 6.
- `officers.py`: the officers of a crewed ship and their ratings; `shaken.py`: what bridge hits,
  engineering out and powering down leave on a crewed ship.
- `options.py`: the optional rules a game plays.
- `variant_tables.py`: a variant's tables laid over FASA's (the registry, `Variant`, `layered`).
- `bodies.py`: a scenario's planets, moons and stars with their gravity wells; `captain_races.py`:
  a ship's captain's race and the benefit chosen (*Battlestations!*'s data, read at every level).
"""
