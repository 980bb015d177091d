"""The sensor question before a ship moves, declared once (Book Two, Expert: Sequence Of Play steps
4-8, seed lines 707-717; Sensors, line 777; Command & Control lines 1217, 1219, 1245, 1249;
`sensor_ask.py` is the rule itself, this its part in the game: `rule.Rule`).

"If he has a sensor lock, the ship captain with the greatest number of movement points may ask a
question about his target" before he moves: at the expert levels, when a ship's turn in a
Movement Phase comes and it has a question left, its Science Officer answers the `ask` decision
(a question, or none) before the Helm is asked to move. The two are one step's prompts: the
Movement Phase's move prompt (`moving/movement_rule.py`) is held back while the ship has its
question (`sensor_ask.open_for`), and this rule's prompt is the question, so the ship first in
the order is asked exactly one of the two, the question first. At the command level a crewed
ship's sensors working again may try a lock in its place instead (line 1249: a `sense` prompt,
decided by `sensors_rule.py`).

Another side sees the question as the ship about to move: whether it has one tells whether its
sensors hold a lock, which is its own side's to know.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action
from engine.controls import Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_EXPERT,
    Disclosure,
    Result,
    Rule,
    Told,
    in_turn,
)
from engine.rulesets.fasa.sensing import sensor_ask, sensors
from engine.rulesets.fasa.sensing.cloak import SCAN_QUESTION
from engine.rulesets.fasa.sensing.sensors_rule import question_choices
from engine.rulesets.fasa.values.actions import AskSensor
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import MOVE, FasaState, Ship
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The question of the ship first in the movement order, while it has one (its move prompt
    waits for it meanwhile)."""
    ship = state.ship(state.queue[0])
    return (sensor_ask.prompt(state, ship),) if sensor_ask.open_for(state, ship) else ()


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, AskSensor)
    return sensor_ask.ask(state, ship, action.question, action.detail, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    target = state.ship(ship.lock)
    asked = [(q, {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                  else ""}.get(q, "")) for q in range(SCAN_QUESTION)]
    return [AskSensor(station, ship.id, q, d) for q, d in asked
            if not sensors.question_problem(state, q, d)]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """A Movement Phase's sensor question about the locked ship, before the ship moves: the
    Sensor Phase's questions, 1 to 9, or none."""
    # The questions about the ship locked on (the Sensor Phase's lock is used by now, so they
    # come from the lock, not from the Sensor Phase's targets; C&C, line 1219, asks them here
    # too).
    choices = tuple(c for c in question_choices(state, ship, ship.lock or None)
                    if not str(c.value).startswith("10"))

    def build(v: Mapping[str, Value]) -> Action:
        asked = v["question"]
        number, _, detail = asked.partition(":") if isinstance(asked, str) else ("", "", "")
        return AskSensor(station, ship.id, int(number) if number.isdigit() else -1, detail)

    field = Field("question", f"Question about {state.ship(ship.lock).name}", FieldKind.CHOICE,
                  "0", choices=choices)
    return Decision(prompt, "ask", station,
                    f"{title(station)}: {ship.name}'s sensor question before it moves", (field,),
                    (), build)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    # How the target's shields are powered; a second question in a phase (C&C, line 1217):
    # how much damage it has taken.
    return AskSensor(station, ship.id, 7 if ship.asked_phase == state.phase else 3)


RULE = Rule(
    name="Expert: a sensor question before a ship moves",
    levels=LEVELS_FROM_EXPERT,
    step_of={"ask": MOVE},
    prompts={MOVE: _prompts},
    decisions={"ask": in_turn(_decide)},
    options={"ask": _options},
    controls={"ask": _controls},
    autopilot={"ask": _autopilot},
    disclosure={"ask": Disclosure(Told.ACTS, "moving", "move", Duty.MOVEMENT)},
)
