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

Its prompt is the Power Allocation Phase's last, after the C&C Captain's orders: the rule is
registered after theirs (`rules.RULES`). Declared here too: the explosion roll (seed 000,
Advanced: Ship Explosions, lines 409-411: "After all hits in the barrage have been resolved, the
ship's captain must roll one die. If the number rolled is less than or equal to the amount of
damage below 0 points, the ship explodes"), asked after a barrage or a blast
(`explosions.next_check`), a roll between shots at any step (`rolls_between`, after the
sensors'). The blasts' step is `phases/fire_resolution_rule.py`'s, and the Power Allocation
Phase waits for a disabled ship's order through the advanced game's hook `awaits_order`
(`engineering/power_rule.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
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
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The Captain of any ship on the map, a disabled one too, may order the self-destruct while
    the power is allocated (line 407; line 1269); the phase does not wait for the order
    (docs/rules-decisions.md)."""
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.COMMAND),
                        "self-destruct order (hold, or destruct: cannot be undone)", None,
                        "self_destruct")
                 for s in state.ships if explosions.may_self_destruct(s))


def _exploding(state: FasaState) -> bool:
    """Whether the roll now asked is a ship's explosion roll (`explosions.next_check`)."""
    return bool(state.exploding)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A disabled ship's Captain may still order it (line 1269; explosions.py).
    assert isinstance(action, SelfDestruct)
    return hooks.of(state).self_destruct(state, ship, action.order, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    more = hooks.of(state).more_order_choices(state, ship)  # Rescues During Combat's abandon
    orders = (*SELF_DESTRUCT_ORDERS, *(str(c.value) for c in more if c.problem is None))
    return [SelfDestruct(station, ship.id, o) for o in orders]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Hold (the default) or destruct: the ship explodes at once, which no panel can take back
    (Advanced: Ship Explosions); so DESTRUCT (and ABANDON) is irreversible, holding is not."""
    layer = hooks.of(state)  # an optional rule's orders: Rescues During Combat's abandon
    choices = (Choice("hold", "hold"), Choice("destruct", "DESTRUCT", irreversible=True),
               *layer.more_order_choices(state, ship))

    def build(v: Mapping[str, Value]) -> Action:
        return SelfDestruct(station, ship.id, cast(str, v["order"]))

    field = Field("order", layer.order_label(state), FieldKind.CHOICE, "hold",
                  choices=choices)
    return Decision(prompt, "self_destruct", station,
                    f"{title(station)}: {ship.name}'s self-destruct order", (field,), (), build,
                    optional=ship.status == ACTIVE)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return SelfDestruct(station, ship.id, "hold")  # never: a simple, sensible player


RULE = Rule(
    name="Advanced: Ship Explosions, the self-destruct order (lines 407, 1269)",
    levels=LEVELS_FROM_ADVANCED,
    step_of={"self_destruct": POWER},
    prompts={POWER: _prompts},  # the phase's last, after the Captain's orders
    rolls_between=(RollOwner("Advanced: Ship Explosions", _exploding, explosions.on_roll),),
    decisions={"self_destruct": _decide},
    options={"self_destruct": _options},
    controls={"self_destruct": _controls},
    autopilot={"self_destruct": _autopilot},
    # A self-destruct offer (every ship's, each Power Allocation Phase): whether its Captain has
    # answered it yet is not another side's to watch.
    disclosure={"self_destruct": Disclosure(Told.NOTHING, "giving orders")},
)
