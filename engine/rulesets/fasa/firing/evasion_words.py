"""Evading Missile Fire in words (Book Two, Advanced: Evading Missile Fire, seed 000): the
evasion's roll explained, and its row in the Rolls list; `evasion_rule.RULE.explain` gives them
to the explanations (`explanations/explain.py`). Built from the state just before the roll and
the engine's own functions (`shields_facing`, `evasion.current`); nothing here re-decides it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.firing.evasion import EVADE_SUCCESS, current
from engine.rulesets.fasa.values.state import EVADE, FasaState


def shields_words(numbers: tuple[int, ...]) -> str:
    """The shields facing a firer or a blast, in words (a d10 picks between two)."""
    if len(numbers) == 1:
        return f"shield {numbers[0]}"
    if len(numbers) == 2:
        return f"shield {numbers[0]} or {numbers[1]} (a d10 picks: 1-5 shield {numbers[0]})"
    return "all six shields (the same hex)"


def is_evasion_roll(state: FasaState) -> bool:
    """Whether the roll now asked is an evasion's d10."""
    return (state.step == EVADE and bool(state.evasions) and state.roll is not None
            and not any(s.awaiting for s in state.ships))  # not a C&C officer's roll


def evasion_roll_lines(state: FasaState, value: int) -> list[str]:
    """The evasion roll: 1-3 succeeds; which shield the missile will strike either way."""
    shot = current(state)
    firer, target = state.ship(shot.firer), state.ship(shot.target)
    weapon = firer.cls.weapon(shot.weapon).name
    ok = value <= EVADE_SUCCESS
    if ok:
        facing = shields_facing(target.pos, target.heading, firer.pos)
        outcome = (f"the evasion succeeds: if the {weapon} hits, it strikes the shield now "
                   f"facing {firer.name} at half damage: {shields_words(facing)}")
    else:
        facing = shields_facing(target.pos, shot.heading, firer.pos)
        outcome = (f"the evasion fails: if the {weapon} hits, it strikes the shield it would "
                   f"have struck, at full damage: {shields_words(facing)}")
    return ["Rule: Book Two, Advanced: Evading Missile Fire; the evader rolls a d10 after its "
            f"turn, 1-{EVADE_SUCCESS} succeeds",
            f"{value} {'is' if ok else 'is not'} within 1-{EVADE_SUCCESS}: {outcome}",
            f"Either way {target.name} takes 1 superstructure point and cannot fire in this "
            "Firing Phase"]


def evasion_label(before: FasaState, events: Sequence[Event]) -> tuple[str, str]:
    """The Rolls list's row: "evading Photon torpedo", "EVADED" or "FAILED"."""
    missile = current(before)
    done = next((e for e in events if type(e).__name__ == "Evaded"), None)
    return (f"evading {before.ship(missile.firer).cls.weapon(missile.weapon).name}",
            "EVADED" if getattr(done, "success", "") == "success" else "FAILED")
