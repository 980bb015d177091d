"""What the advanced game (Book Two, Advanced rules) changes at the basic game's hooks: cloaked
ships hidden and hard to hit (`firing/hiding.py`), the Sensor Phase (`sensing/sensors.py`), the
shield a failed evasion strikes (`firing/evasion.py`), mines (`firing/mines.py`), emergency
heading change stress (`moving/stress.py`) and the cloaking device's power (`sensing/cloak.py`);
in the turn's flow, the cloak engaged once the power is allocated, the explosion rolls after a
barrage (`firing/explosions.py`), a disabled ship's self-destruct order awaited, evasions and
emergency heading changes ended with their Firing Phase, locks lost at the end of the turn and
detections ended at the start of the next; and a hidden ship, which the declarations ask
about (`hidden`, `after_declaration`: the Firing rule's)."""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex
from engine.rulesets.fasa.firing import combat, evasion, explosions, hiding, mines
from engine.rulesets.fasa.hooks import Hooks, Located
from engine.rulesets.fasa.moving import stress
from engine.rulesets.fasa.sensing import cloak, sensors
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.state import DISABLED, FasaState, Ship, Shot, replace


class Advanced(Hooks):
    """The advanced game's hooks."""

    level = "advanced"

    def unseen_problem(self, state: FasaState, firer: Ship, target: Ship) -> str:
        if hiding.hidden_from(state, target, firer.side, firer.id):
            # Advanced: Romulan Cloaking Device — "it may not fire into a hex hoping a
            # successfully cloaked ship is there". Nothing here may tell where it is.
            return f"{target.name} is cloaked and not detected: it cannot be fired at"
        if hiding.undetected_by(state, target, firer):
            # Line 403: "A ship may fire at a cloaked ship that it has detected" (its own).
            return (f"{target.name} is cloaked and {firer.name}'s own sensors have not detected "
                    "it: only the ship whose scan found it may fire at it")
        return ""

    def cloaked_to_hit(self, target: Ship) -> int:
        return hiding.to_hit_modifier(target)

    def struck_heading(self, shot: Shot, target: Ship) -> int:
        return evasion.struck_heading(shot, target)

    def mine_roll(self, state: FasaState, shot: Shot, target: Ship) -> Located:
        return mines.ask_roll(state, shot, target)

    def mine_result(self, state: FasaState, shot: Shot, target: Ship, value: int) -> Located:
        return mines.on_roll(state, shot, target, value)

    def heading_stress(self, state: FasaState, ship: Ship) -> Located:
        return stress.apply_stress(state, ship)

    def entered(self, state: FasaState, ship: Ship, hexes: list[Hex]) -> Located:
        return mines.enter(state, ship, hexes)

    def has_cloak(self, state: FasaState, ship: Ship) -> bool:
        return cloak.has_cloak(state, ship)

    def sensor_phase(self, state: FasaState) -> FasaState | None:
        return sensors.start(state)

    def sensors_open(self, state: FasaState) -> bool:
        return any(sensors.may_sense(state, s) for s in state.ships)

    def sense(self, state: FasaState, ship: Ship, action: Sense, who: str) -> Located:
        return sensors.sense(state, ship, action.target, action.question, action.detail, who)

    def awaits_order(self, state: FasaState) -> bool:
        # A disabled ship's Captain has this order alone to give: the phase waits for it (line
        # 1269; docs/rules-decisions.md).
        return any(s.status == DISABLED and explosions.may_self_destruct(s) for s in state.ships)

    def self_destruct(self, state: FasaState, ship: Ship, order: str, who: str) -> Located:
        return explosions.self_destruct(state, ship, order, who)

    # The rules' declarations (`firing/fire_rule.py`).
    def hidden(self, state: FasaState, ship: Ship, side: str | None,
               viewer: str | None = None) -> bool:
        return hiding.hidden_from(state, ship, side, viewer)

    def after_declaration(self, state: FasaState, shots: tuple[Shot, ...]) -> FasaState:
        return evasion.offer(state, shots)

    # The turn's flow (`phases/`).
    def power_allocated(self, state: FasaState) -> Located:
        return cloak.engage(state)  # the cloaking device engages for the turn

    def after_barrage(self, state: FasaState) -> Located:
        return explosions.next_check(state)  # Advanced: Ship Explosions

    def end_of_phase(self, state: FasaState) -> Located:
        # An emergency heading change costs to-hit in the Firing Phase after it; an evasion costs
        # that Firing Phase's fire (Advanced: Evading Missile Fire): both end with the phase.
        return replace(state, ships=tuple(
            replace(s, hard_turned=False, evading=False) if s.hard_turned or s.evading else s
            for s in state.ships)), []

    def turn_over(self, state: FasaState,
                  ships: tuple[Ship, ...]) -> tuple[tuple[Ship, ...], list[Event]]:
        # A lock on a ship no longer on the map, or held by sensors knocked out, is gone
        # (Advanced: Sensors: "until the sensors are knocked out by enemy fire").
        gone = {s.id for s in ships if not combat.targetable(s)}
        return tuple(replace(s, lock="") if s.lock and (s.lock in gone or s.sensors_out) else s
                     for s in ships), []

    def new_turn(self, state: FasaState) -> FasaState:
        return cloak.new_turn(state)  # detections end
