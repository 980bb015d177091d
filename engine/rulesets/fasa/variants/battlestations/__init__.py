"""*Battlestations!*, "A Rules Variant for FASA's Star Trek Starship Tactical Combat Simulator"
(seed 001), laid over FASA's rules: its tables (values/variants.py) replace FASA's steps where
its turn differs and add its own decisions.

01A, the revised turn (lines 77-125): `advantage.py` (2), `rounds.py` (3, 4, 6, 7), `tactical.py`
(4c-d), `counters.py` (5); 8, the end of the game, is FASA's (the scenario's conditions).
The sections the seed's table of contents names without their text (tractor beams, impulse/warp
shifts during combat, phasers, mines, power, torpedoes, optional maneuvering, optional damage,
expanded construction) are not built (docs/rules-decisions.md)."""

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
from engine.rulesets.fasa.values.variants import Variant, register
from engine.rulesets.fasa.variants.battlestations import (
    advantage,
    counters,
    rounds,
    seats,
    tactical,
)

NAME = "battlestations"

NOTICE = ("Battlestations! (seed 001): the revised turn, three combat rounds a turn. Its "
          "sections without text in the source (tractor beams, impulse/warp shifts, phasers, "
          "mines, power, torpedoes, optional maneuvering and damage, expanded construction) "
          "are not played.")

VARIANT = register(Variant(
    name=NAME, title="Battlestations!", notice=NOTICE,
    levels=("advanced", "expert", "command"), default_level="expert", phases=3,
    advantage=advantage.start,
    step_flows={ADVANTAGE: advantage.flow, SENSE: rounds.sensing, MOVE: rounds.moving,
                TACTICAL: tactical.flow, COUNTERS: counters.flow, DECLARE: counters.declaring,
                RESOLVE: counters.resolving, AFTERMATH: counters.after_aftermath,
                REPOWER: rounds.repowering},
    step_words={TACTICAL: "the tactical heading changes after a Movement Phase",
                COUNTERS: "a Firing Phase (laying the Fire counters)",
                REPOWER: "the Repair/Repower Phase", SENSE: "a Sensors Phase"},
    step_of={"fire_counter": COUNTERS, "tactical_turn": TACTICAL},
    duties={"fire_counter": Duty.COMMAND, "tactical_turn": Duty.MOVEMENT},
    decisions={"fire_counter": counters.lay, "tactical_turn": tactical.decide,
               "sense": rounds.sense},
    rolls={ADVANTAGE: (advantage.claims, advantage.on_roll)},
    prompts={SENSE: rounds.sensing_prompts, TACTICAL: tactical.prompt,
             COUNTERS: counters.prompts, REPOWER: lambda state: ()},
    options={"fire_counter": seats.counter_options, "tactical_turn": seats.turn_options},
    controls={"fire_counter": seats.counter_controls, "tactical_turn": seats.turn_controls},
    choices={"fire_counter": seats.counter_choice, "tactical_turn": seats.turn_choice},
    acts={"fire_counter": "laying a counter face down",
          "tactical_turn": "changing heading"},
    redact=seats.redact, view=seats.view,
))

__all__ = ["NAME", "VARIANT"]
