""""Why did this hit?": the rule, the table row and the numbers behind a FASA roll's effect.

Built from the state just before the roll and the events the roll caused, with the engine's own
tables and damage rule (nothing here re-decides a roll). Book Two, Advanced: Firing Weapons (the
Firing Chart: a hit on a d10 roll up to the chart's number at that range; beam damage is the
power in the weapon plus the range's Damage Modifier, a missile's damage is fixed); C&C: Damage
Sequence (the facing shield absorbs what it can, the rest penetrates); Book One: Basic Game
Damage Location Table (one d10 roll for every 2 penetrating points at the basic and advanced
levels, docs/rules-decisions.md); Advanced: Tactical Advantage. The advanced game's rolls and
blasts (emergency heading changes, evasions, explosions) are explained by explain_advanced, the
expert game's (the Skill Roll, the ratings, to-hit modifiers, the Detailed Damage Location Charts)
by explain_expert.

The kernel's `explain`, `explain_pending` and `roll_label` (engine.game) come here through the
ruleset; the bridge display's Rolls list and its "WHY?" show the lines as they are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.events import Event
from engine.hexgrid import distance
from engine.ruleset import GameState
from engine.rulesets.fasa.explanations.explain_advanced import (
    blast_lines,
    blast_roll_lines,
    evaded_hit_lines,
    explosion_roll_lines,
    hard_turn_lines,
)
from engine.rulesets.fasa.explanations.explain_expert import (
    expert_roll_lines,
    location_pending_lines,
    skill_pending_lines,
    to_hit_lines,
)
from engine.rulesets.fasa.firing.combat import need_to_hit, shot_change, shot_damage
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.rule import Explains
from engine.rulesets.fasa.rules import in_play
from engine.rulesets.fasa.values.state import BLAST, DESTROYED, SKILL, FasaState
from engine.words import plural

SHOWN = ("ShotResolved", "ShieldStruck", "Damaged", "StatusChanged", "GameOver", "Evaded",
         "ExplosionAverted", "OfficerRolled")


def explain(before: GameState, events: Sequence[Event],
            side: str | None = None) -> tuple[str, ...]:
    """Lines that explain the roll answered in `events` (as told to the seat: pass the events
    after `events_for`), empty when there was none. `side` is the seat's side: numbers inside
    another side's ship (the power in its weapon, its shield points) are left out; None (the
    Instructor) sees them all."""

    def may_know(ship_id: str) -> bool:
        return side is None or before.ship(ship_id).side == side  # type: ignore[attr-defined]

    rolled = next((e for e in events if type(e).__name__ == "Rolled"), None)
    if rolled is None or not isinstance(before, FasaState) or before.roll is None:
        return ()
    value = int(getattr(rolled, "value", 0))
    purpose = before.roll.purpose
    lines = [f"Roll: {purpose}", f"Rolled {value} ({getattr(rolled, 'source', '')})"]
    after = [e for e in events if e is not rolled and type(e).__name__ != "RollRequested"]
    if before.science_wait:  # C&C: a Science Officer's roll (science.py)
        lines.append("Rule: Book Two, Command & Control: Skill Rolls; percentile dice, with what "
                     "is added, at or under the rating succeed")
        return tuple(lines + [f"Result: {e.text}" for e in after if type(e).__name__ in (
            "ScienceRolled", "ScienceApplied", "SensorAnswered", "CloakScanned", *SHOWN)])
    expert_lines = expert_roll_lines(before, value, may_know)
    if expert_lines is not None:
        lines += expert_lines
    elif (own := claimed(before)) is not None:  # a declared rule's roll (Rule.explain)
        lines += own.lines(before, value)
    elif before.exploding:
        lines += explosion_roll_lines(before, value, events, may_know)
    elif before.shots and before.hit is None and before.step == "resolve":
        lines += _to_hit(before, value, may_know(before.shots[0].firer), events)
    elif before.hit is not None and before.hit.stage == "location":
        row = before.tables.damage_basic[value - 1]
        blast = (f", from the blast of {before.ship(before.shots[0].firer).name}"
                 if before.shots and before.shots[0].weapon == BLAST else "")
        lines += ["Rule: Book One, Basic Game Damage Location Table (d10), "
                  f"one roll for {plural(before.hit.penetrating, 'penetrating point')}{blast}",
                  f"Table row {value}: {row}"]
    if before.hit is not None and before.shots and before.shots[0].weapon == BLAST:
        lines += blast_roll_lines(before, may_know)   # the blast this roll is part of
    if "tactical advantage" in purpose:
        lines.append("Rule: Book Two, Advanced: Tactical Advantage; the highest roll wins, a "
                     "tie rolls again")
    for e in after:
        kind = type(e).__name__
        if kind not in (*SHOWN, "BlastStruck") and not (kind == "Note" and "advantage" in e.text):
            continue
        if kind == "BlastStruck":
            lines += blast_lines(before, e, may_know)
        elif kind == "ShieldStruck" and may_know(str(getattr(e, "ship", ""))):
            shield = int(getattr(e, "shield", 0))
            absorbed, through = int(getattr(e, "absorbed", 0)), int(getattr(e, "penetrating", 0))
            had = before.ship(str(getattr(e, "ship", ""))).shields[shield - 1]
            lines.append(f"Damage Sequence: shield {shield} had {plural(had, 'point')}; it "
                         f"absorbs {absorbed}, {plural(through, 'gets', 'get')} through")
        else:
            lines.append(f"Result: {e.text}")
    return tuple(lines)


def _to_hit(state: FasaState, value: int, inside: bool, events: Sequence[Event]) -> list[str]:
    shot = state.shots[0]
    firer, target = state.ship(shot.firer), state.ship(shot.target)
    spec = firer.cls.weapon(shot.weapon)
    rng = distance(firer.pos, target.pos)
    need = need_to_hit(state, firer, spec, rng, target)
    out = [firing_rule(state)]
    modified = to_hit_lines(state, firer, spec, rng, target, inside)
    if modified is not None:
        out += modified
    elif firer.hard_turned:
        out += hard_turn_lines(firer, spec.chart, rng, state.tables.to_hit(spec.chart, rng), need)
    else:
        out.append(f"Firing Chart {spec.chart}, range {rng}: hits on 1-{need}")
    out += [f"Counted in: {why}" for why in shot_change(state, firer, spec, target).why]
    out.append(f"{value} {'is' if value <= need else 'is not'} within 1-{need}: "
               f"{'a hit' if value <= need else 'a miss'}")
    if shot.evade and value > need:
        out.append(f"{target.name}'s evasion {'succeeded' if shot.evade == 'success' else 'failed'}"
                   "; the missile missed all the same")
    if value <= need:
        damage = shot_damage(state, firer, spec, rng)
        resolved = next((e for e in events if type(e).__name__ == "ShotResolved"), None)
        if shot.evade and resolved is not None:
            out += evaded_hit_lines(state, shot, firer, target, damage,
                                    int(getattr(resolved, "damage", damage)))
        elif spec.kind == "beam" and inside:
            power = firer.weapons[firer.weapon_index(spec.id)].power
            out.append(f"Damage {damage} = {power} power in the {spec.name} "
                       f"{spec.band_modifier(rng):+d} range modifier at range {rng}")
        elif spec.kind == "beam":
            out.append(f"Damage {damage}: the power in the {spec.name} "
                       f"{spec.band_modifier(rng):+d} range modifier at range {rng}")
        elif spec.kind == "missile":
            out.append(f"Damage {damage}: the fixed damage of a {spec.name}")
        else:
            out.append(f"Damage {damage}: plasma damage table at range {rng}")
    return out


def claimed(state: FasaState) -> Explains | None:
    """The explanations of the declared rule whose roll is now asked, or None (a roll the
    tables here explain)."""
    return next((r.explain for r in in_play(state)
                 if r.explain is not None and r.explain.claims(state)), None)


def firing_rule(state: FasaState) -> str:
    """The to-hit rule, cited from the book of the game's level: the basic game's Firing Chart
    is Book One's; the advanced game's rules on firing are Book Two's."""
    book = ("Book One, Basic Starship Tactics: Firing Weapons" if state.level == "basic"
            else "Book Two, Advanced: Firing Weapons")
    return f"Rule: {book}; a hit on a d10 roll of 1 to the Firing Chart's number"


def explain_pending(state: GameState, side: str | None = None) -> tuple[str, ...]:
    """What the roll now asked for is, and what it needs: the roll on screen, not the last one
    (`side` as for `explain`: the damage of another side's beam is left out)."""
    if not isinstance(state, FasaState) or state.roll is None:
        return ()
    request = state.roll
    needs = f"needs {request.needs[0]}-{request.needs[1]}" if request.needs else ""
    lines = [f"This roll: {request.purpose.removesuffix(', ' + needs)}"]
    if needs:
        lines.append(f"It {needs} on the d{request.sides}.")
    if (own := claimed(state)) is not None:  # a declared rule's roll (Rule.explain)
        lines += own.pending(state)
    elif state.exploding:
        pass   # the purpose says what it needs; the result explains the rest
    elif state.shots and state.hit is None and state.step == "resolve":
        shot = state.shots[0]
        firer, target = state.ship(shot.firer), state.ship(shot.target)
        spec = firer.cls.weapon(shot.weapon)
        rng = distance(firer.pos, target.pos)
        need = need_to_hit(state, firer, spec, rng, target)
        lines.append(firing_rule(state))
        modified = to_hit_lines(state, firer, spec, rng, target, side is None or firer.side == side)
        if modified is not None:
            lines += modified
        elif firer.hard_turned:
            lines += hard_turn_lines(firer, spec.chart, rng, state.tables.to_hit(spec.chart, rng),
                                     need)
        else:
            lines.append(f"Firing Chart {spec.chart}, range {rng}: hits on 1-{need}")
        lines += [f"Counted in: {why}" for why in shot_change(state, firer, spec, target).why]
        if spec.kind != "beam" or side is None or firer.side == side:
            lines.append(f"A hit does {shot_damage(state, firer, spec, rng)} damage to "
                         f"{target.name}, on the shield facing {firer.name}")
    elif state.step == SKILL and state.queue and (side is None or
                                                  state.ship(state.queue[0]).side == side):
        lines += skill_pending_lines(state, state.ship(state.queue[0]))
    elif state.hit is not None and state.hit.stage == "location" and expert(state.level):
        target = state.ship(state.shots[0].target)
        lines += (location_pending_lines(state, target) if side is None or target.side == side
                  else location_pending_lines(state, target)[:1])
    elif state.hit is not None and state.hit.stage == "location":
        lines.append("Rule: Book One, Basic Game Damage Location Table (d10), one roll for "
                     "every 2 penetrating points")
        lines += [f"{n}: {row}" for n, row in enumerate(state.tables.damage_basic, start=1)]
    if "tactical advantage" in request.purpose:
        lines.append("Rule: Book Two, Advanced: Tactical Advantage; the highest roll wins, a "
                     "tie rolls again")
    return tuple(lines)


STAGE_WORDS = {"location": "damage location", "engine": "which engine takes the hit",
               "sensors": "how long the sensors are out"}
"""A hit's rolls in a few words (Book Two, C&C: Damage Sequence); the ship rolling for a hit
is the ship hit, named in the Rolls list's row already."""


def roll_label(before: GameState, events: Sequence[Event]) -> tuple[str, str] | None:
    """The roll answered in `events` in a few words and its outcome, for the Rolls list's row:
    an evasion ("evading Photon torpedo", "EVADED" or "FAILED"), an explosion roll
    ("explosion", "EXPLODED" or "HELD"), a hit's stage ("damage location", ""); None for the
    others (a to-hit roll's row is read from its `ShotResolved`)."""
    if not isinstance(before, FasaState):
        return None
    rolled = next((e for e in events if type(e).__name__ == "Rolled"), None)
    purpose = str(getattr(getattr(rolled, "request", None), "purpose", ""))
    if (own := claimed(before)) is not None:  # a declared rule's roll (Rule.explain)
        return own.label(before, events)
    if before.exploding:
        gone = any(type(e).__name__ == "StatusChanged" and getattr(e, "ship", "") ==
                   before.exploding and getattr(e, "status", "") == DESTROYED for e in events)
        return "explosion", "EXPLODED" if gone else "HELD"
    if before.hit is not None:
        stage = str(before.hit.stage)
        facing = re.search(r"between shields (\d+) and (\d+)", purpose)
        if stage == "shield" and facing:
            return f"which shield, {facing[1]} or {facing[2]}", ""
        if stage in STAGE_WORDS:
            return STAGE_WORDS[stage], ""
    return None
