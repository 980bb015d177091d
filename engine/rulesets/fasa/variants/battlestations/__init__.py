"""*Battlestations!*, "A Rules Variant for FASA's Star Trek Starship Tactical Combat Simulator"
(seed 001_74138f2fe25a5e82.txt; every line number here is its `cat -n` numbering).

What lives here, by the seed's sections:
- `notice.py`: the variant's notice to the table, and the sections its table of contents names
  whose text the seed does not hold (lines 9-18): none of them is built.
- 01B, the revised sensors (lines 127-176): `lock.py` (contact across the map, the lock roll
  and what holds or breaks a lock), `questions.py` (the automatic information, the nine
  questions answered as the seed's italics say, the gamemaster's answers for other objects, and
  the Sensors Phase decision's controls).
- 01C-1, gravity wells (lines 180-194): `wells.py` (the well's hexes and what it does to impulse
  movement, sensor locks, torpedoes, plasma and missile ranges), `well_moves.py` (the `move`
  decision through a well: FASA's move, the course cut, the excess charged); the bodies themselves are a
  scenario's `[[bodies]]` (values/bodies.py).
- 01C-2, captains' racial benefits (lines 196-232): `racial_benefits.py` (each benefit as a
  number the rules add, each drawback enforced or told); the race and the benefit chosen are a
  ship entry's `captain` (values/captain_races.py).

The revised turn (01A, lines 77-125) runs these rules from its phases.
"""
