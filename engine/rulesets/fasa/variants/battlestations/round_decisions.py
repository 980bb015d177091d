"""What *Battlestations!*'s decisions are at a seat: their fields (a panel's steppers), legal
actions, the autopilot's choice, what another side reads of them, and the Fire counters as each
side may know them (face down until all are laid: seed 001, line 104)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.autopilots.autopilot import nearest_enemy
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.values.state import (
    AFTERMATH,
    CHOOSE,
    COUNTERS,
    DECLARE,
    EVADE,
    MOVE,
    REPOWER,
    RESOLVE,
    SCAN,
    SENSE,
    TACTICAL,
    FasaState,
    Ship,
    replace,
)
from engine.rulesets.fasa.variants.battlestations import tactical
from engine.rulesets.fasa.variants.battlestations.round_actions import (
    CLOAK,
    TURNS,
    FireCounter,
    TacticalTurn,
)
from engine.stations import title

COUNTER_WORDS = {True: "Fire", False: "No Fire"}


# -- the Fire / No Fire counter --------------------------------------------------------------------

def counter_controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    shot = combat.has_shot(state, ship)
    choices = (Choice("fire", "Fire", note="a shot is in reach" if shot else "no shot in reach"),
               Choice("no_fire", "No Fire"))

    def build(v: Mapping[str, Value]) -> Action:
        return FireCounter(station, ship.id, v["counter"] == "fire")

    field = Field("counter", "Counter laid face down (revealed when all are down, the loser of "
                  "the tactical advantage first)", FieldKind.CHOICE,
                  "fire" if shot else "no_fire", choices=choices)
    return Decision(prompt, "fire_counter", station,
                    f"{title(station)}: Fire or No Fire counter for {ship.name}?", (field,), (),
                    build)


def counter_options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [FireCounter(station, ship.id, True), FireCounter(station, ship.id, False)]


def counter_choice(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """Fire when a shot is in reach (the autopilot then declares it)."""
    return FireCounter(station, ship.id, combat.has_shot(state, ship))


# -- the tactical heading change --------------------------------------------------------------------

def turn_controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    why = tactical.turn_problem(state, ship) or None
    n = len(tactical.warp_engines(ship))
    turns = (Choice("none", "no change"),
             Choice("port", "one hexside to port", why),
             Choice("starboard", "one hexside to starboard", why))
    fields = [Field("turn", f"Tactical heading change ({n} warp power, 1 superstructure)",
                    FieldKind.CHOICE, "none", choices=turns)]
    if tactical.may_switch_cloak(state, ship):
        fields.append(Field("cloak", f"Cloak (now {'on' if ship.cloaked else 'off'})",
                            FieldKind.CHOICE, "keep",
                            choices=(Choice("keep", "as it is"), Choice("on", "activate"),
                                     Choice("off", "deactivate"))))

    def build(v: Mapping[str, Value]) -> Action:
        return TacticalTurn(station, ship.id, cast(str, v["turn"]),
                            cast(str, v.get("cloak", "keep")))

    return Decision(prompt, "tactical_turn", station,
                    f"{title(station)}: tactical heading change for {ship.name}?",
                    tuple(fields), (), build)


def turn_options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    turns = TURNS if not tactical.turn_problem(state, ship) else ("none",)
    cloaks = CLOAK if tactical.may_switch_cloak(state, ship) else ("keep",)
    return [TacticalTurn(station, ship.id, t, c) for t in turns for c in cloaks]


def turn_choice(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """Turn one hexside toward the nearest enemy when it lies off the bow to one side and the
    superstructure stands above half; the cloak as it is."""
    foe = nearest_enemy(state, ship)
    if foe is None or tactical.turn_problem(state, ship) \
            or 2 * ship.superstructure <= ship.cls.superstructure \
            or in_arc(ship.pos, ship.heading, frozenset({"f"}), foe.pos):
        return TacticalTurn(station, ship.id, "none")
    for turn in ("port", "starboard"):
        heading = (ship.heading + tactical.TURN_BY[turn]) % 6
        if in_arc(ship.pos, heading, frozenset({"f"}), foe.pos):
            return TacticalTurn(station, ship.id, turn)
    return TacticalTurn(station, ship.id, "none")


# -- what a side may know ---------------------------------------------------------------------------

def redact(state: FasaState, side: str | None) -> FasaState:
    """While the counters are being laid, another side's are face down (seed 001, line 104):
    that a counter lies by its ship is seen at the table, so it stays; which counter it is, is
    not known, so every face-down counter of another side reads alike (as No Fire)."""
    if state.step != COUNTERS:
        return state
    laid = tuple((s, fire if state.ship(s).side == side else False)
                 for s, fire in state.fire_counters)
    return replace(state, fire_counters=laid)


def view(state: FasaState, side: str | None) -> dict[str, object]:
    """The combat round and the Fire counters as `side` sees them (None: every side's)."""
    hidden = state.step == COUNTERS
    counters = {s: ("face down" if hidden and side is not None and state.ship(s).side != side
                    else COUNTER_WORDS[fire].lower())
                for s, fire in state.fire_counters}
    out: dict[str, object] = {"combat_round": state.phase, "fire_counters": counters}
    if state.phase and (words := ROUND_STEPS.get(state.step)):
        out["step_title"] = f"Round {state.phase}/{state.phases}: {words}"
    return out


ROUND_STEPS = {SENSE: "Sensors", SCAN: "Scans", MOVE: "Movement", TACTICAL: "Heading",
               COUNTERS: "Counters", DECLARE: "Targets", EVADE: "Evasion", RESOLVE: "Hits",
               CHOOSE: "Damage", AFTERMATH: "Bridge", REPOWER: "Repair"}
"""What the phase bar calls each step of a combat round (the display's own words otherwise)."""
