"""Following an attack through its rolls (seed 004 lines 214-226): the responsive action's roll,
the To-Hit roll (a graze, the wrong target), the parry, the damage dice, and what the damage
brings. Each roll's step kind finds its rule here (`ROLLS`); resolve.py answers a roll with the
state, the events and the word the Rolls list shows (HIT, MISS, GRAZE, PARRIED...)."""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event
from engine.rulesets.strpg.attacks import to_hit_step
from engine.rulesets.strpg.damage import collapse, kill, knock_out, take, vaporize
from engine.rulesets.strpg.events import Hurt, Note, ShotResolved
from engine.rulesets.strpg.gear import name_of
from engine.rulesets.strpg.ground import way_in
from engine.rulesets.strpg.moving import grapple_group
from engine.rulesets.strpg.responses import parry_step
from engine.rulesets.strpg.rolls import D10, D100, succeeds
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import (
    DEAD,
    EVADING,
    PRONE,
    Attack,
    Character,
    Item,
    RPGState,
    Step,
    replace,
)
from engine.rulesets.strpg.tables import Dice
from engine.squaregrid import Square, facing_of, step

Resolved = tuple[RPGState, list[Event], str]
Resolver = Callable[[RPGState, Step, int], Resolved]

GRAZE_BAND, NO_GRAZE_FROM, ALL_GRAZE_TO = 10, 110, 10
MAX_IN_GRAPPLE = 4
PICK_DIE = 10
"""A stray shot's victim is picked by a D10, the die the table rolls (a d20 tray reads as one)."""


def push(state: RPGState, *steps: Step) -> RPGState:
    return replace(state, queue=tuple(steps) + state.queue)


def _pair(state: RPGState, a: Attack) -> tuple[Character, Character]:
    return state.character(a.attacker), state.character(a.target)


def shot_event(state: RPGState, a: Attack, hit: bool, damage: int = 0) -> ShotResolved:
    att, tgt = _pair(state, a)
    item = att.item(a.weapon) or next((i for _, i in state.floor if i.id == a.weapon), None)
    weapon = name_of(state, item) if item is not None else {
        "punch": "fists", "grapple": "grapple", "pinch": "nerve pinch", "tackle": "tackle",
        "riposte": "riposte"}.get(a.kind, "attack")
    return ShotResolved(att.id, tgt.id, hit, damage, weapon, tgt.name, att.name,
                        witnesses(state, att, tgt), att.side)


def is_graze(state: RPGState, a: Attack, face: int) -> bool:
    """"A hit is a graze if the To-Hit Roll is not greater than the modified To-Hit number but
    is within 10 points of it ... If the modified To-Hit Number is 110 or greater, no hit will be
    a graze ... If the adjusted To-Hit Number is 10 or less, any hit will be a graze" (line 226);
    only for a weapon setting with a graze entry."""
    setting = state.tables.settings.get((_item_kind(state, a), a.setting))
    if setting is None or setting.graze is None:
        return False
    if a.number >= NO_GRAZE_FROM:
        return False
    return a.number <= ALL_GRAZE_TO or face > a.number - GRAZE_BAND


def _item_kind(state: RPGState, a: Attack) -> str:
    att = state.character(a.attacker)
    item = att.item(a.weapon) or next((i for _, i in state.floor if i.id == a.weapon), None)
    return item.kind if item is not None else ""


def _lands(state: RPGState, a: Attack, square: Square) -> RPGState:
    """A thrown weapon lies where it came down (line 214: it "will lie there until picked up")."""
    att = state.character(a.attacker)
    item = att.item(a.weapon)
    if item is None or state.tables.weapons.get(item.kind) is None or \
            state.tables.weapons[item.kind].kind != "thrown":
        return state
    hand = att.hand_of(item.id)
    att = replace(att, **{hand: None}) if hand else \
        replace(att, carried=tuple(i for i in att.carried if i.id != item.id))
    return replace(state.with_character(att), floor=state.floor + ((square, item),))


def to_hit(state: RPGState, s: Step, face: int) -> Resolved:
    a = s.attack
    assert a is not None
    att, tgt = _pair(state, a)
    hit = succeeds(face, a.number)
    if a.errant:
        if hit:
            return state, [Note(f"{att.name}'s miss goes wide", witnesses(state, att, tgt),
                                att.side)], "WIDE"
        return _strays(state, a)
    if not hit:
        return _missed(state, a, face)
    a = replace(a, roll=face, graze=is_graze(state, a, face))
    if a.response == "parry":
        return push(state, parry_step(state, a)), [], "HIT"
    state, events = effects(state, a, tgt)
    return state, events, "GRAZE" if a.graze else "HIT"


def _missed(state: RPGState, a: Attack, face: int) -> Resolved:
    att, tgt = _pair(state, a)
    seen = witnesses(state, att, tgt)
    events: list[Event] = [Note(f"{att.name} misses {tgt.name}", seen, att.side)]
    if a.kind == "tackle":
        state, more = _tackle_lands(state, a, False)
        return state, events + more + [shot_event(state, a, False)], "MISS"
    others = _others(state, a)
    if a.kind == "fire" and not a.pattern and others:
        again = replace(a, errant=True, roll=face)
        return push(state, to_hit_step(state, again)), events, "MISS"
    state = _lands(state, a, tgt.pos)
    return state, events + [shot_event(state, a, False)], "MISS"


def _others(state: RPGState, a: Attack) -> tuple[Character, ...]:
    """The others in the target's square a missed shot may strike (line 224: "such tightly
    grouped characters could make it possible to hit the wrong target")."""
    tgt = state.character(a.target)
    return tuple(c for c in state.at(tgt.pos) if c.id not in (a.target, a.attacker))


def _strays(state: RPGState, a: Attack) -> Resolved:
    """"require a second To-Hit roll if the first one misses; a second miss hits a random target
    other than the intended target" (line 224)."""
    others = _others(state, a)
    if not others:
        return state, [], "MISS"
    if len(others) == 1:
        state, events = effects(state, replace(a, errant=False), others[0], stray=True)
        return state, events, "MISS"
    names = ", ".join(o.name for o in others)
    pick = Step("pick", a.attacker, f"{state.character(a.attacker).name}: which of {names} "
                f"the stray shot strikes (D10: " + ", ".join(
                    f"{_band(n, len(others))} {o.name}" for n, o in enumerate(others)) + ")",
                attack=a, other=" ".join(o.id for o in others))
    return push(state, pick), [], "MISS"


def _band(n: int, of: int) -> str:
    """The faces of a D10 that pick the `n`th of `of` (ours: "a random target", line 224)."""
    low = PICK_DIE * n // of + 1
    high = PICK_DIE * (n + 1) // of
    return f"{low}-{high}" if high > low else f"{low}"


def pick(state: RPGState, s: Step, face: int) -> Resolved:
    a = s.attack
    assert a is not None
    ids = s.other.split()
    victim = state.character(ids[min(len(ids) - 1, (face - 1) * len(ids) // PICK_DIE)])
    state, events = effects(state, replace(a, errant=False), victim, stray=True)
    return state, events, victim.name.upper()


def effects(state: RPGState, a: Attack, victim: Character,
            stray: bool = False) -> tuple[RPGState, list[Event]]:
    """What a hit does to `victim`."""
    att = state.character(a.attacker)
    seen = witnesses(state, att, victim)
    hit_by = f"{att.name}'s stray shot" if stray else att.name
    if a.kind == "grapple":
        return _grappled(state, a, victim)
    if a.kind == "pinch":
        state, events = knock_out(state, victim, f"{att.name}'s nerve pinch")
        minutes = Step("pinch_minutes", att.id, f"{att.name}: how long {victim.name} stays "
                       f"unconscious (2D10 + 10 minutes, line 216)", count=2, other=victim.id)
        return push(state, minutes), [Hurt(victim.id, f"{hit_by} pinches {victim.name}", seen,
                                           att.side), *events, shot_event(state, a, True)]
    if a.kind == "tackle":
        state, events = _tackle_lands(state, a, True)
        return state, events + [shot_event(state, a, True)]
    state = _lands(state, a, victim.pos)
    dice, _stun, what, vapor = _damage_of(state, a, att)
    if vapor:
        state, events = vaporize(state, victim)
        return state, [Hurt(victim.id, f"{hit_by} hits {victim.name} solidly on disintegrate",
                            seen, att.side), *events, shot_event(state, a, True, 0)]
    note = Hurt(victim.id, f"{hit_by} {'grazes' if a.graze else 'hits'} {victim.name}", seen,
                att.side)
    if dice.count:
        step_ = Step("damage", att.id, f"{att.name}: damage to {victim.name}, {dice} ({what})",
                     count=dice.count, attack=replace(a, target=victim.id))
        return push(state, step_), [note]
    return apply_damage(state, replace(a, target=victim.id), dice.plus, [note])


def _damage_of(state: RPGState, a: Attack, att: Character) -> tuple[Dice, bool, str, bool]:
    """The dice of the hit, whether it stuns, in words, and whether it vaporizes."""
    item = att.item(a.weapon) or next((i for _, i in state.floor if i.id == a.weapon), None)
    if item is None:
        d = state.tables.unarmed_damage(att.strength)
        return d, False, f"unarmed, STR {att.strength}", False
    setting = state.tables.settings[item.kind, a.setting or _first_setting(state, item)]
    if setting.effect == "disintegrate" and not a.graze:
        return setting.damage, False, setting.name, True
    dice = setting.graze if a.graze and setting.graze is not None else setting.damage
    return dice, setting.effect == "stun", ("graze, " if a.graze else "") + setting.name, False


def _first_setting(state: RPGState, item: Item) -> str:
    return state.tables.settings_of(item.kind)[0].key


def damage_die(state: RPGState, s: Step, face: int) -> Resolved:
    faces = s.faces + (face,)
    if len(faces) < s.count:
        return push(state, replace(s, faces=faces)), [], ""
    a = s.attack
    assert a is not None
    att = state.character(a.attacker)
    dice = _damage_of(state, a, att)[0]
    return (*apply_damage(state, a, dice.total(faces), []), str(dice.total(faces)))


def apply_damage(state: RPGState, a: Attack, points: int,
                 events: list[Event]) -> tuple[RPGState, list[Event]]:
    """Armor first ("Body armor or natural armor reduces the amount of damage taken in armed or
    unarmed personal combat, and by hits from projectile weapons or thrown weapons ... little or
    no protection against the stun, disrupt, or disintegrate effects", line 226)."""
    att, victim = _pair(state, a)
    item = att.item(a.weapon) or next((i for _, i in state.floor if i.id == a.weapon), None)
    energy = item is not None and item.kind in state.tables.weapons and \
        state.tables.weapons[item.kind].kind == "energy"
    stun = False
    if item is not None and item.kind in state.tables.weapons:
        setting = state.tables.settings[item.kind, a.setting or _first_setting(state, item)]
        stun = setting.effect == "stun"
    absorbed = 0 if energy else min(points, victim.armor)
    if absorbed:
        events.append(Note(f"{victim.name}'s armor absorbs {absorbed}",
                           witnesses(state, victim), victim.side))
    state, more = take(state, victim, points - absorbed, stun,
                       f"{att.name}'s {shot_event(state, a, True).weapon_name}")
    return state, events + more + [shot_event(state, a, True, points - absorbed)]


def _grappled(state: RPGState, a: Attack, victim: Character) -> tuple[RPGState, list[Event]]:
    """"the opponent is grappled and can do nothing but move while grappled ... or attempt to
    break the grapple ... Up to four characters may join in a single grapple" (lines 214-216)."""
    att = state.character(a.attacker)
    seen = witnesses(state, att, victim)
    joined = {c.id for c in (*grapple_group(state, att), *grapple_group(state, victim))}
    if len(joined) > MAX_IN_GRAPPLE:
        return state, [Note(f"{att.name} cannot join: four are in that grapple already", seen,
                            att.side), shot_event(state, a, False)]
    state = replace(state, grapples=state.grapples + ((att.id, victim.id),))
    return state, [Hurt(victim.id, f"{att.name} grapples {victim.name}", seen, att.side),
                   shot_event(state, a, True)]


def _tackle_lands(state: RPGState, a: Attack, hit: bool) -> tuple[RPGState, list[Event]]:
    """"If successful, this action places the attacker and his target prone, in the square
    occupied by the target. If unsuccessful, the attacker is prone in the square beyond the
    defender's square" (line 216): beyond, when there is room; else in the defender's."""
    att, tgt = _pair(state, a)
    start = a.from_square or att.pos
    f = facing_of((0, 0), ((tgt.pos[0] > start[0]) - (tgt.pos[0] < start[0]),
                           (tgt.pos[1] > start[1]) - (tgt.pos[1] < start[1])))
    where = tgt.pos
    if not hit and f is not None:
        beyond = step(tgt.pos, f)
        if way_in(state, beyond) == "walk" and len(state.at(beyond)) < 4:
            where = beyond
    att = replace(att, pos=where, posture=PRONE, last=EVADING, facing=f if f is not None
                  else att.facing)
    state = state.with_character(att)
    if hit:
        state = state.with_character(replace(tgt, posture=PRONE))
        return state, [Hurt(tgt.id, f"{att.name} brings {tgt.name} down",
                            witnesses(state, att, tgt), att.side)]
    return state, [Note(f"{att.name} sprawls prone at [{where[0]}, {where[1]}]",
                        witnesses(state, att), att.side)]


def pinch_minutes(state: RPGState, s: Step, face: int) -> Resolved:
    faces = s.faces + (face,)
    if len(faces) < s.count:
        return push(state, replace(s, faces=faces)), [], ""
    victim = state.character(s.other)
    minutes = sum(faces) + 10
    return state, [Note(f"{victim.name} will be unconscious for {minutes} minutes",
                        witnesses(state, victim), victim.side)], f"{minutes} MIN"


def _dead_or_down(state: RPGState, s: Step, face: int) -> Resolved:
    c = state.character(s.who)
    if succeeds(face, s.target):
        return state, [Note(f"{c.name} clings to life, unconscious", witnesses(state, c),
                            c.side)], "LIVES"
    if c.status == DEAD:
        return state, [], "DIES"
    state, events = kill(state, c, "of his wounds")
    return state, events, "DIES"


def _collapse(state: RPGState, s: Step, face: int) -> Resolved:
    c = state.character(s.who)
    if succeeds(face, s.target) or not c.up:
        return state, [Note(f"{c.name} stays on his feet", witnesses(state, c), c.side)], \
            "SAVED"
    state, events = collapse(state, c)
    return state, events, "COLLAPSES"


ROLLS_HERE: dict[str, tuple[str, Resolver]] = {
    "to_hit": (D100, to_hit),
    "pick": (D10, pick),
    "damage": (D10, damage_die),
    "pinch_minutes": (D10, pinch_minutes),
    "death": (D100, _dead_or_down),
    "collapse": (D100, _collapse),
}
