"""The defender's side of an attack (seed 004 lines 218-220): his responsive action, its roll,
and the counter-strike after a successful parry or dodge ("A defender who successfully parries
may go on the offensive and immediately strike the original attacker with a to-hit penalty of
-20. This attack costs 3 AP ... and the defender must have sufficient AP to perform it ... Note
that the defender must be in range to make this attack")."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.strpg.actions import Respond, Riposte
from engine.rulesets.strpg.attacks import MELEE_BONUS, declare, striking, to_hit_step
from engine.rulesets.strpg.events import Note, ShotResolved
from engine.rulesets.strpg.ground import way_in
from engine.rulesets.strpg.resolve import Resolved, effects, push, shot_event
from engine.rulesets.strpg.responses import COSTS, response_problem
from engine.rulesets.strpg.rolls import D10, D100, save, succeeds
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import Attack, Character, RPGState, Step, replace
from engine.rulesets.strpg.tohit import target_mods, unarmed_base, weapon_base
from engine.squaregrid import adjacent, step, toward

RIPOSTE_COST = 12
RIPOSTE = ("riposte", -20)
DODGED_BUT_EVADING = ("defender evading (a failed dodge)", -15)


def respond(state: RPGState, s: Step, action: Respond, who: str) -> tuple[RPGState, list[Event]]:
    a = s.attack
    assert a is not None
    why = response_problem(state, a, action.response)
    if why:
        raise IllegalAction(f"{who}: {why}")
    d = state.character(a.target)
    state = replace(state, queue=state.queue[1:])
    if not action.response:
        return push(state, to_hit_step(state, a)), []
    d = replace(d, ap=d.ap - COSTS[action.response], skip_next=True)
    state = state.with_character(d)
    a = replace(a, response=action.response)
    events: list[Event] = [Note(f"{d.name} will {action.response} (his next action goes to it)",
                                witnesses(state, d), d.side)]
    if action.response == "parry":
        return push(state, to_hit_step(state, a)), events
    step_ = save(action.response, d, d.dexterity, "DEX",
                 "dodging" if action.response == "dodge" else "ducking", attack=a)
    return push(state, step_), events


def _dodge(state: RPGState, s: Step, face: int) -> Resolved:
    """"The defender makes a Saving Roll against DEX. If the roll is successful, the attack
    misses. If the roll is unsuccessful, the attack may still hit, but the defender is treated
    as evading" (line 218)."""
    a = s.attack
    assert a is not None
    d = state.character(a.target)
    if succeeds(face, s.target):
        state, events = _avoided(state, a, "dodges")
        return state, events, "DODGED"
    a = replace(a, number=a.number + DODGED_BUT_EVADING[1],
                modifiers=a.modifiers + (DODGED_BUT_EVADING,))
    return push(state, to_hit_step(state, a)), [Note(f"{d.name} fails to dodge",
                                                     witnesses(state, d), d.side)], "FAILED"


def _parry(state: RPGState, s: Step, face: int) -> Resolved:
    a = s.attack
    assert a is not None
    if succeeds(face, s.target):
        state, events = _avoided(state, a, "parries")
        return state, events, "PARRIED"
    state, events = effects(state, a, state.character(a.target))
    return state, events, "FAILED"


def _avoided(state: RPGState, a: Attack, verb: str) -> tuple[RPGState, list[Event]]:
    att, d = state.character(a.attacker), state.character(a.target)
    seen = witnesses(state, att, d)
    events: list[Event] = [Note(f"{d.name} {verb} {att.name}'s attack", seen, d.side),
                           shot_event(state, a, False)]
    if riposte_problem(state, a) is None:
        state = push(state, Step("riposte", d.id, f"{d.name}: strike back at {att.name} at "
                                 f"-20 (3 AP)?", attack=a))
    return state, events


def riposte_problem(state: RPGState, a: Attack) -> str | None:
    att, d = state.character(a.attacker), state.character(a.target)
    if not d.up or not att.up:
        return "the fight between them is over"
    if d.ap < RIPOSTE_COST:
        return f"{d.name} has too few AP (3 needed)"
    if att.pos != d.pos and not (adjacent(att.pos, d.pos) and _weapon(state, d) is not None):
        return f"{att.name} is out of his reach"
    return None


def _weapon(state: RPGState, d: Character) -> str | None:
    return next((i.id for i in d.ready if striking(state, i)), None)


def riposte(state: RPGState, s: Step, action: Riposte, who: str) -> tuple[RPGState, list[Event]]:
    a = s.attack
    assert a is not None
    state = replace(state, queue=state.queue[1:])
    if not action.strike:
        return state, []
    why = riposte_problem(state, a)
    if why:
        raise IllegalAction(f"{who}: {why}")
    att, d = state.character(a.attacker), state.character(a.target)
    d = replace(d, ap=d.ap - RIPOSTE_COST)
    state = state.with_character(d)
    weapon = _weapon(state, d)
    item = d.item(weapon) if weapon else None
    base = weapon_base(d, state.tables.weapons[item.kind]) if item is not None \
        else unarmed_base(d)
    mods = (MELEE_BONUS, *target_mods(state, d, att), RIPOSTE)
    counter = Attack(d.id, att.id, "riposte", item.id if item else "",
                     item.setting if item else "", base[0] + sum(v for _, v in mods),
                     ((base[1], 0), *mods))
    return push(state, to_hit_step(state, counter)), [
        Note(f"{d.name} strikes back at {att.name}", witnesses(state, d, att), d.side)]


def _duck(state: RPGState, s: Step, face: int) -> Resolved:
    """"If the roll succeeds, the character has dodged the object, which continues on for 1D10
    squares, and anyone or anything else in this path may be hit if they do not duck" (line
    220)."""
    a = s.attack
    assert a is not None
    d = state.character(a.target)
    if not succeeds(face, s.target):
        return push(state, to_hit_step(state, a)), [
            Note(f"{d.name} fails to duck", witnesses(state, d), d.side)], "FAILED"
    att = state.character(a.attacker)
    flight = Step("duck_distance", att.id, f"{att.name}: how far the {_thing(state, a)} flies "
                  f"on past {d.name} (1D10 squares)", attack=a)
    return push(state, flight), [Note(f"{d.name} ducks {att.name}'s throw",
                                      witnesses(state, att, d), d.side)], "DUCKED"


def _thing(state: RPGState, a: Attack) -> str:
    item = state.character(a.attacker).item(a.weapon)
    return state.tables.item_name(item.kind) if item is not None else "object"


def _flies(state: RPGState, s: Step, face: int) -> Resolved:
    """The thrown object flies on, the way it was going, up to `face` squares: the first one
    standing in its path is attacked with the same To-Hit Number (ours), and may duck."""
    a = s.attack
    assert a is not None
    att, d = state.character(a.attacker), state.character(a.target)
    way = toward(att.pos, d.pos)
    here = d.pos
    struck = None
    if way is not None:
        for _ in range(face):
            nxt = step(here, way)
            if way_in(state, nxt) == "none":
                break
            here = nxt
            struck = next((c for c in state.at(here) if c.up and c.id != att.id), None)
            if struck is not None:
                break
    if struck is not None:
        again = replace(a, target=struck.id, response="")
        state, events = declare(state, att, struck, (again,), "flies on at",
                                f"{att.name}'s throw")
        return state, events, f"{face} SQ"
    item = att.item(a.weapon)
    if item is not None:
        hand = att.hand_of(item.id)
        att = replace(att, **{hand: None}) if hand else att
        state = replace(state.with_character(att), floor=state.floor + ((here, item),))
    return state, [ShotResolved(att.id, d.id, False, 0, state.tables.item_name(
        item.kind) if item else "throw", d.name, att.name, witnesses(state, att, d), att.side)], \
        f"{face} SQ"


RESPONSE_ROLLS = {
    "dodge": (D100, _dodge),
    "parry": (D100, _parry),
    "duck": (D100, _duck),
    "duck_distance": (D10, _flies),
}
