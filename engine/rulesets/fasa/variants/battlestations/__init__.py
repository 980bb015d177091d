"""*Battlestations!*, "A Rules Variant for FASA's Star Trek Starship Tactical Combat Simulator"
(seed 001_74138f2fe25a5e82.txt; every line number here is its `cat -n` numbering), laid over
FASA's rules: its tables (values/variant_tables.py) replace FASA's steps where its turn differs and
add its own decisions.

What lives here, by the seed's sections:
- `notice.py`: the variant's notice to the table, and the sections its table of contents names
  whose text the seed does not hold (lines 9-18): none of them is built.
- 01A, the revised turn (lines 77-125): `advantage_score.py` (2, the Tactical Advantage Phase),
  `rounds.py` (3, 4, 6, 7: the combat rounds, their Sensors, Movement and Repair/Repower
  Phases), `tactical.py` (4c-d: the tactical heading change and the cloak's switch),
  `counters.py` (5: the Firing Phase's counters and order), `round_actions.py` and `round_decisions.py` (its
  decisions at a seat); 8, the end of the game, is FASA's (the scenario's conditions).
- 01B, the revised sensors (lines 127-176): `lock.py` (contact across the map, the lock roll
  and what holds or breaks a lock), `questions.py` (the automatic information, the nine
  questions answered as the seed's italics say, the gamemaster's answers for other objects, and
  the Sensors Phase decision's controls).
- 01C-1, gravity wells (lines 180-194): `wells.py` (the well's hexes and what it does to impulse
  movement, sensor locks, torpedoes, plasma and missile ranges), `well_moves.py` (the `move`
  decision through a well: FASA's move, the course cut, the excess charged), `shots.py` (what a
  well and an Andorian's chosen weapon add to a shot, `Variant.shot`); the bodies themselves are a
  scenario's `[[bodies]]` (values/bodies.py).
- 01C-2, captains' racial benefits (lines 196-232): `racial_benefits.py` (each benefit as a
  number the rules add, each drawback enforced or told); the race and the benefit chosen are a
  ship entry's `captain` (values/captain_races.py).
"""

from __future__ import annotations

from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import (
    ADVANTAGE,
    AFTERMATH,
    COUNTERS,
    DECLARE,
    MOVE,
    REPOWER,
    RESOLVE,
    SENSE,
    TACTICAL,
)
from engine.rulesets.fasa.values.variant_tables import Variant, register
from engine.rulesets.fasa.variants.battlestations import (
    advantage_score,
    counters,
    lock,
    racial_benefits,
    round_decisions,
    rounds,
    shots,
    tactical,
)
from engine.rulesets.fasa.variants.battlestations.notice import NOTICE

NAME = "battlestations"

VARIANT = register(Variant(
    name=NAME, title="Battlestations!", notice=NOTICE,
    levels=("advanced", "expert", "command"), default_level="expert", phases=3,
    sensor_question=True,
    advantage=advantage_score.start,
    step_flows={ADVANTAGE: advantage_score.flow, SENSE: rounds.sensing, MOVE: rounds.moving,
                TACTICAL: tactical.flow, COUNTERS: counters.flow, DECLARE: counters.declaring,
                RESOLVE: counters.resolving, AFTERMATH: counters.after_aftermath,
                REPOWER: rounds.repowering},
    step_words={TACTICAL: "the tactical heading changes after a Movement Phase",
                COUNTERS: "a Firing Phase (laying the Fire counters)",
                REPOWER: "the Repair/Repower Phase", SENSE: "a Sensors Phase"},
    step_of={"fire_counter": COUNTERS, "tactical_turn": TACTICAL},
    duties={"fire_counter": Duty.COMMAND, "tactical_turn": Duty.MOVEMENT},
    decisions={"fire_counter": counters.lay, "tactical_turn": tactical.decide,
               "sense": rounds.sense, "move": rounds.move},
    rolls={ADVANTAGE: (advantage_score.claims, advantage_score.on_roll),
           SENSE: (lock.claims_roll, lock.on_roll)},
    prompts={SENSE: rounds.sensing_prompts, MOVE: rounds.moving_prompts,
             TACTICAL: tactical.prompt, COUNTERS: counters.prompts, REPOWER: lambda state: ()},
    options={"fire_counter": round_decisions.counter_options,
             "tactical_turn": round_decisions.turn_options, "sense": rounds.sense_options},
    controls={"fire_counter": round_decisions.counter_controls,
              "tactical_turn": round_decisions.turn_controls, "sense": lock.sense_controls},
    choices={"fire_counter": round_decisions.counter_choice,
             "tactical_turn": round_decisions.turn_choice},
    acts={"fire_counter": "laying a counter face down",
          "tactical_turn": "changing heading"},
    shot=shots.shot_change, spared=racial_benefits.spared,
    may_disengage=racial_benefits.may_disengage, rated=racial_benefits.rated,
    redact=round_decisions.redact, view=round_decisions.view,
))

__all__ = ["NAME", "VARIANT"]
