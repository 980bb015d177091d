"""Who may act in a step, and at whom: the seed's notes (lines 200-220) and its restrictions on
targets (lines 46-64, 79-95).

- "moving player": the player whose movement it is (lines 204-210); "anyone": every player
  (lines 202-204); "moving player or in response": the mover first, then the others
  (lines 210-213); "response": the others (line 169); no note: "anyone who is affected"
  (lines 200-202). A player is asked only where he can act, "assuming it can" (line 204): the
  referee asks him to launch only from a unit with counters of that kind, to fire only with a
  unit that has a target it may fire at, to allocate damage only where his units were fired on
  or caught in a blast.
- Only the moving unit fires at any target; every other unit fires only at the moving unit,
  "until it is their turn to move" (lines 46-52); transporters likewise (lines 53-56). A
  counter launched in the slot counts as moving: the others may fire at it "in response to its
  launch" (lines 454-456).
- In the Drone and Plasma movement, fire only at drones or plasmas (lines 79-81, 88-90), and
  of weapons on a ship only its own Displacement Device (lines 90-95).
- Fire at a unit of one's own side is refused (ours, as the FASA game's: a slip at the table).
"""

from __future__ import annotations

from engine.rulesets.halfimpulse.sequence import Does, Step, Targets, Who
from engine.rulesets.halfimpulse.state import (
    FIRING,
    HIDDEN_LOADS,
    SHIP,
    TBOMB,
    HalfState,
    Unit,
)

HOSTILE_GROUPS = ("Initiative player fires first",
                  "Non-initiative players may fire in response to movement or fire")
"""The fire steps' headings (lines 160, 169): their targets are another side's units."""


def hostile(step: Step) -> bool:
    """Whether the step's target must be of another side: the fire steps."""
    return step.group in HOSTILE_GROUPS or step.key == "dp_fire"


def target_problem(state: HalfState, step: Step, unit: Unit, target: Unit) -> str | None:
    """Why `unit` may not do what `step` says at `target` now (in words), or None."""
    if unit.kind not in FIRING or (step.targets == Targets.SELF and unit.kind != SHIP):
        return f"a {unit.kind} cannot do that"
    if not target.on_map:
        return f"{target.name} is not on the map"
    if step.targets == Targets.SELF:
        return None if target.id == unit.id else \
            "a Displacement Device is used by a ship on itself now (lines 90-95)"
    if target.id == unit.id:
        return f"{unit.name} cannot do that at itself"
    if step.targets == Targets.DRONES and not target.seeking:
        return (f"in the Drone and Plasma movement only drones or plasmas are targets, "
                f"not {target.name} (lines 79-81, 88-90)")
    if hostile(step) and target.side == unit.side:
        return f"{target.name} is of {unit.name}'s own side"
    if step.targets == Targets.MOVING:
        moving = state.moving_units()
        if unit.id not in moving and target.id not in moving:
            return (f"{unit.name} is not moving: it may only act at the moving unit, "
                    f"until it is its turn to move (lines 46-56)")
    if (unit.id, target.id) in state.acted:
        return f"{unit.name} has already done that at {target.name} in this step"
    return None


def actors(state: HalfState, player: str, step: Step) -> tuple[Unit, ...]:
    """The player's units that may act in `step` (any target aside)."""
    mine = state.of_player(player)
    if step.race:
        mine = tuple(u for u in mine if u.race == step.race)
    if step.does in (Does.TARGET,):
        return tuple(u for u in mine if u.kind in FIRING
                     and (step.targets != Targets.SELF or u.kind == SHIP))
    if step.does == Does.TRANSPORT:
        return tuple(u for u in mine if u.kind == SHIP)
    if step.does == Does.LAUNCH:
        return tuple(u for u in mine if any(
            ld.kind in step.kinds and (ld.count > 0 or ld.kind in HIDDEN_LOADS)
            for ld in u.loads))
    if step.does == Does.LAND:
        return tuple(u for u in mine if u.small and not u.seeking and any(
            s.kind == SHIP and s.side == u.side and s.pos == u.pos for s in state.on_map()))
    if step.does == Does.REMOVE:
        return removable(state, player, step)
    if step.does in (Does.MOVE, Does.DETECT):
        return tuple(u for u in mine if u.id in state.moving_units())
    return mine


def removable(state: HalfState, player: str, step: Step) -> tuple[Unit, ...]:
    """The units of the player a REMOVE step asks him about: the ships at a self-destruction
    or disengagement; the drones and plasmas struck or in a hex with an enemy at an impact;
    else those fired on or caught in a blast in this space of movement."""
    mine = state.of_player(player)
    if step.key in ("resolve_self_destruction", "disengage"):
        return tuple(u for u in mine if u.kind == SHIP)
    if "impact" in step.kinds:
        return tuple(u for u in mine if u.seeking and (u.id in state.struck or any(
            o.side != u.side and o.pos == u.pos and not o.seeking for o in state.on_map())))
    return tuple(u for u in mine if u.id in state.struck)


def targets_of(state: HalfState, step: Step, unit: Unit) -> tuple[Unit, ...]:
    return tuple(t for t in state.on_map() if target_problem(state, step, unit, t) is None)


def able(state: HalfState, step: Step, player: str) -> bool:
    """Whether the player can act in `step` now (line 204: "assuming it can")."""
    if not state.of_player(player):
        return False
    if step.does == Does.MINES:
        return False
    if step.does == Does.SPEEDS:
        return any(not u.seeking for u in state.of_player(player))
    units = actors(state, player, step)
    if step.does == Does.TARGET:
        return any(targets_of(state, step, u) for u in units)
    if step.does == Does.TRANSPORT:
        return any(targets_of(state, step, u) for u in units) or (
            player == state.moving_player and any(ld.kind == TBOMB for u in units
                                                  for ld in u.loads))
    if step.does == Does.MOVE:
        return player == state.moving_player
    return bool(units)


def first_answer(state: HalfState, step: Step) -> tuple[str, ...]:
    """Who answers a step first: the mover for "moving player" (and "or in response"), the
    others for "response", everyone who can for "anyone" and for no note."""
    mover = state.moving_player
    players = [p.id for p in state.players]
    if step.who in (Who.MOVING, Who.MOVING_OR_RESPONSE):
        return (mover,) if mover is not None and able(state, step, mover) else ()
    if step.who == Who.RESPONSE:
        return tuple(p for p in players if p != mover and able(state, step, p))
    return tuple(p for p in players if able(state, step, p))


def responders(state: HalfState, step: Step) -> tuple[str, ...]:
    """Who answers a "moving player or in response" step after the mover (lines 210-213)."""
    mover = state.moving_player
    return tuple(p.id for p in state.players if p.id != mover and able(state, step, p.id))
