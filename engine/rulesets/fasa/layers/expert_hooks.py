"""What the expert game (Book Two, Expert Starship Tactics, seed lines 575-873) changes at the
advanced game's hooks: casualties modify the crew's to-hit die (`skills/casualties.py`, lines
847-853) and a hit is located on the Detailed Damage Location Charts (`firing/expert_damage.py`,
line 809); in the turn's flow, the ratings before the first turn and the Skill Roll Phase
before the Tactical Advantage Phase (`skills/`), the Master Control Panel's column kept at the
end of a turn (`engineering/mcp.py`), the arc scan step at the start of a Movement Phase
(`sensing/arc_scan.py`) and the sensor question before a ship moves (`question_open`:
`sensing/sensor_ask.py`)."""

from __future__ import annotations

from engine.rulesets.fasa.engineering import mcp
from engine.rulesets.fasa.firing import expert_damage
from engine.rulesets.fasa.hooks import Located
from engine.rulesets.fasa.layers.advanced_hooks import Advanced
from engine.rulesets.fasa.sensing import arc_scan, sensor_ask
from engine.rulesets.fasa.skills import casualties, ratings, skill_roll
from engine.rulesets.fasa.values.state import FasaState, Hit, Ship


class Expert(Advanced):
    """The expert game's hooks."""

    level = "expert"

    def advantage_order(self, state: FasaState) -> tuple[str, ...] | None:
        return ratings.advantage_order(state)  # Expert step 1, line 695

    def opening_roll(self, state: FasaState) -> Located | None:
        earlier = super().opening_roll(state)  # an optional rule's first (Campaign Advancement)
        if earlier is not None or not ratings.unrated(state):
            return earlier
        return ratings.ask(state)  # Expert: Creating The Ratings

    def opening_words(self, state: FasaState) -> str:
        earlier = super().opening_words(state)
        if earlier or not ratings.unrated(state):
            return earlier
        return "The ratings are rolled: three dice and 45 each"

    def skill_phase(self, state: FasaState) -> str:
        return f"Skill Roll Phase of turn {state.turn}"  # Expert: step 3

    def turn_closed(self, ship: Ship, turn: int) -> Ship:
        return mcp.close_turn(ship, turn)  # the Master Control Panel's column (mcp.py)

    def crew_roll_target(self, state: FasaState, ship: Ship) -> int:
        return ship.efficiency  # the Skill Roll Phase: the Crew Efficiency Rating (line 689)

    def question_left(self, state: FasaState, ship: Ship) -> bool:
        return sensor_ask.has_question(state, ship)  # lines 707, 777; C&C 1217, 1245

    def die_bonus(self, state: FasaState, firer: Ship) -> int:
        return casualties.casualty_modifier(state.level, firer)

    def die_words(self, state: FasaState, firer: Ship) -> str:
        return casualties.casualty_words(state.level, firer)

    def die_terms(self, state: FasaState, firer: Ship) -> tuple[tuple[str, int], ...]:
        return casualties.casualty_terms(state.level, firer)

    def locate(self, state: FasaState, firer: Ship, target: Ship, hit: Hit,
               value: int) -> Located | None:
        return expert_damage.locate(state, firer, target, hit, value)

    def engine_candidates(self, target: Ship, hit: Hit) -> list[int] | None:
        return expert_damage.engines_for(target, hit.kind, hit.shield) if hit.kind else None

    # The rules' declarations (`moving/movement_rule.py`, `skills/ratings_rule.py`).
    def question_open(self, state: FasaState, ship: Ship) -> bool:
        return sensor_ask.open_for(state, ship)

    def opening_result(self, state: FasaState, value: int) -> Located | None:
        earlier = super().opening_result(state, value)  # Campaign Advancement's points first
        return earlier if earlier is not None else ratings.on_roll(state, value)

    # The turn's flow (`phases/`).
    def start_skill_phase(self, state: FasaState) -> FasaState:
        return skill_roll.start(state)  # Expert: the Skill Roll Phase (step 3)

    def movement_phase_begins(self, state: FasaState) -> FasaState:
        return arc_scan.start_phase(state)  # the arc scan step first when a ship may scan
