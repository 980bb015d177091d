"""The self-destruct order, declared once (Book Two, Advanced: Ship Explosions, seed 000 lines 407
and 1269; `explosions.py` is the rule itself, this its part in the game: `rule.Rule`).

"The explosion because of self-destruction is automatic" (line 407); a ship at 0 superstructure
or below "is no longer able to fire weapons or move. Usually this means that its captain will
surrender unless he feels that he will be able to repair the damage or inflict more damage on the
enemy by self-destructing" (line 1269). The Captain of any ship on the map, a disabled one too, is
offered the order while the power is allocated (`explosions.may_self_destruct`); the phase does
not wait for an active ship's answer (docs/rules-decisions.md, The advanced game). With the
optional Rescues During Combat the same order may abandon ship (`campaigns/rescues.py`). At the
advanced level and above.

Declared here too: the explosion roll (seed 000, Advanced: Ship Explosions, lines 409-411: "After
all hits in the barrage have been resolved, the ship's captain must roll one die. If the number
rolled is less than or equal to the amount of damage below 0 points, the ship explodes"), asked
after a barrage or a blast (`explosions.next_check`), a roll between shots at any step
(`rolls_between`, after the sensors').

Still in the central tables: the order's prompt (`flow/prompts._power`, in `_LAST`: it comes after
the C&C Captain's orders, which are not declared yet; it moves here, registered after them, when
they are), the blasts' step (`flow/turn._blasts`, which ends in the game-over check of
`ending.py`), and the Power Allocation Phase's wait for a disabled ship's order
(`flow/turn._power`): docs/engine.md, "Adding a rule".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.firing import explosions
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_ADVANCED,
    Disclosure,
    Result,
    RollOwner,
    Rule,
    Told,
)
from engine.rulesets.fasa.values.actions import SELF_DESTRUCT_ORDERS, SelfDestruct
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship
from engine.stations import title


def _exploding(state: FasaState) -> bool:
    """Whether the roll now asked is a ship's explosion roll (`explosions.next_check`)."""
    return bool(state.exploding)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A disabled ship's Captain may still order it (line 1269; explosions.py).
    assert isinstance(action, SelfDestruct)
    return hooks.of(state).self_destruct(state, ship, action.order, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    orders: tuple[str, ...] = SELF_DESTRUCT_ORDERS
    if not rescues.abandon_problem(state, ship):
        orders += (rescues.ABANDON,)
    return [SelfDestruct(station, ship.id, o) for o in orders]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Hold (the default) or destruct: the ship explodes at once, which no panel can take back
    (Advanced: Ship Explosions)."""
    choices: tuple[Choice, ...] = (Choice("hold", "hold"), Choice("destruct", "DESTRUCT"))
    if rescues.in_play(state):  # an optional rule: Rescues During Combat
        choices += (Choice(rescues.ABANDON, "ABANDON",
                           rescues.abandon_problem(state, ship) or None),)

    def build(v: Mapping[str, Value]) -> Action:
        return SelfDestruct(station, ship.id, cast(str, v["order"]))

    label = ("Self-destruct or abandon ship (no undo)" if rescues.in_play(state)
             else "Self-destruct (no undo)")
    field = Field("order", label, FieldKind.CHOICE, "hold",
                  choices=choices)
    return Decision(prompt, "self_destruct", station,
                    f"{title(station)}: {ship.name}'s self-destruct order", (field,), (), build,
                    irreversible=True, optional=ship.status == ACTIVE)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return SelfDestruct(station, ship.id, "hold")  # never: a simple, sensible player


RULE = Rule(
    name="Advanced: Ship Explosions, the self-destruct order (lines 407, 1269)",
    levels=LEVELS_FROM_ADVANCED,
    step_of={"self_destruct": POWER},
    rolls_between=(RollOwner("Advanced: Ship Explosions", _exploding, explosions.on_roll),),
    decisions={"self_destruct": _decide},
    options={"self_destruct": _options},
    controls={"self_destruct": _controls},
    autopilot={"self_destruct": _autopilot},
    # A self-destruct offer (every ship's, each Power Allocation Phase): whether its Captain has
    # answered it yet is not another side's to watch.
    disclosure={"self_destruct": Disclosure(Told.NOTHING, "giving orders")},
)
