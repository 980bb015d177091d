"""Weapon use and devices (seed 004 lines 210, 214, 222): draw and ready a weapon (2 AP), aim
(2: +25 to hit), adjust its settings (2: "e.g., phaser on stun"), reload an archaic weapon (2),
draw and ready a device (2), and drop what is in hand ("Dropping a weapon or device to the
ground costs no action points, but it will lie there until picked up later")."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.kinds import Check, Details, Kind, Perform, Samples, flat
from engine.rulesets.strpg.position import told
from engine.rulesets.strpg.sight import sees
from engine.rulesets.strpg.state import Character, Item, RPGState, replace
from engine.rulesets.strpg.tohit import ranged_mods

TWO_AP = 8
HANDS = ("main", "off")


def name_of(state: RPGState, item: Item) -> str:
    return state.tables.item_name(item.kind)


def is_weapon(state: RPGState, item: Item) -> bool:
    return item.kind in state.tables.weapons


def underfoot(state: RPGState, c: Character) -> tuple[Item, ...]:
    return tuple(i for sq, i in state.floor if sq == c.pos)


def _draw_samples(weapons: bool) -> Samples:
    def samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
        for item in (*c.ready, *c.carried, *underfoot(state, c)):
            if is_weapon(state, item) == weapons:
                for hand in HANDS:
                    yield {"item": item.id, "hand": hand}
    return samples


def _draw_check(weapons: bool) -> Check:
    def check(state: RPGState, c: Character, d: Details) -> str | None:
        iid, hand = d.get("item", ""), d.get("hand", "") or "main"
        item = c.item(iid) or next((i for i in underfoot(state, c) if i.id == iid), None)
        if item is None:
            return "choose what he takes out or puts away"
        if is_weapon(state, item) != weapons:
            return f"the {name_of(state, item)} is not a {'weapon' if weapons else 'device'}"
        if hand not in HANDS:
            return "choose the hand: main or off"
        if c.hand_of(iid) and c.hand_of(iid) != hand:
            return f"the {name_of(state, item)} is in his {c.hand_of(iid)} hand"
        if weapons and hand == "off" and state.tables.weapons[item.kind].hands == 2:
            return f"the {name_of(state, item)} takes both hands: ready it in the main hand"
        return None
    return check


def _draw(weapons: bool) -> Perform:
    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        """Ready it in the hand named ("This action is also used to put away a weapon, or
        exchange two weapons on your person, putting one away and readying the other"); an
        item in hand is put away; one at his feet is picked up."""
        hand = do.hand or "main"
        held = c.hand_of(do.item)
        if held:
            item = c.main if held == "main" else c.off
            assert item is not None
            c = replace(c, carried=c.carried + (item,),
                        **{held: None})
            state = state.with_character(c)
            return state, told(state, c, f"{c.name} puts away the {name_of(state, item)}")
        found = next((i for i in c.carried if i.id == do.item), None)
        picked = found is None
        if found is None:
            found = next(i for i in underfoot(state, c) if i.id == do.item)
            state = replace(state, floor=tuple(f for f in state.floor if f[1].id != do.item))
        carried = tuple(i for i in c.carried if i.id != do.item)
        displaced = [i for i in (c.main if hand == "main" else c.off,) if i is not None]
        two = is_weapon(state, found) and state.tables.weapons[found.kind].hands == 2
        off = c.off
        if two and off is not None:
            displaced.append(off)
            off = None
        if hand == "main":
            c = replace(c, main=found, off=off, carried=carried + tuple(displaced))
        else:
            c = replace(c, off=found, carried=carried + tuple(displaced))
        state = state.with_character(c)
        verb = "picks up and readies" if picked else "readies"
        return state, told(state, c, f"{c.name} {verb} the {name_of(state, found)}")
    return perform


def ranged_ready(state: RPGState, c: Character) -> tuple[Item, ...]:
    return tuple(i for i in c.ready if is_weapon(state, i)
                 and state.tables.weapons[i.kind].ranged)


def _aim_able(state: RPGState, c: Character) -> str | None:
    if not ranged_ready(state, c):
        return "no ranged weapon is ready in his hand"
    return None


def _aim_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"target": t.id} for t in state.characters
            if t.side != c.side and t.up and sees(state, c, t))


def _aim_check(state: RPGState, c: Character, d: Details) -> str | None:
    t = state.find(d.get("target"))
    if t is None or t.id == c.id:
        return "choose whom he aims at"
    if not sees(state, c, t):
        return "he cannot see that one"
    whys = [ranged_mods(state, c, t, state.tables.weapons[w.kind])[1]
            for w in ranged_ready(state, c)]
    if not whys:
        return "no ranged weapon is ready in his hand"
    return None if any(w is None for w in whys) else whys[0]


def _aim(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    t = state.character(do.target)
    state = state.with_character(replace(c, aimed_at=t.id))
    return state, told(state, c, f"{c.name} aims at {t.name}")


def settable(state: RPGState, c: Character) -> tuple[Item, ...]:
    return tuple(i for i in c.ready if is_weapon(state, i)
                 and len(state.tables.settings_of(i.kind)) > 1)


def _adjust_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    for item in settable(state, c):
        for s in state.tables.settings_of(item.kind):
            yield {"item": item.id, "setting": s.key}


def _adjust_check(state: RPGState, c: Character, d: Details) -> str | None:
    item = c.item(d.get("item", ""))
    if item is None or not c.hand_of(item.id):
        return "choose a weapon in his hand"
    keys = [s.key for s in state.tables.settings_of(item.kind)]
    if d.get("setting") not in keys:
        return f"the {name_of(state, item)} is set to one of {', '.join(keys)}"
    if d.get("setting") == item.setting:
        return f"the {name_of(state, item)} is on {item.setting} already"
    return None


def _replace_item(c: Character, new: Item) -> Character:
    hand = c.hand_of(new.id)
    if hand:
        return replace(c, **{hand: new})
    return replace(c, carried=tuple(new if i.id == new.id else i for i in c.carried))


def _adjust(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    item = c.item(do.item)
    assert item is not None
    c = _replace_item(c, replace(item, setting=do.setting))
    state = state.with_character(c)
    s = state.tables.settings[item.kind, do.setting]
    return state, told(state, c, f"{c.name} sets the {name_of(state, item)} on {s.name}")


def reloadable(state: RPGState, c: Character) -> tuple[Item, ...]:
    return tuple(i for i in c.ready if is_weapon(state, i)
                 and i.loaded < state.tables.weapons[i.kind].load)


def _reload_able(state: RPGState, c: Character) -> str | None:
    if not reloadable(state, c):
        return "no archaic weapon in his hand wants loading (line 214: archaic weapons only)"
    return None


def _reload_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"item": i.id} for i in reloadable(state, c))


def _reload_check(state: RPGState, c: Character, d: Details) -> str | None:
    return None if any(i.id == d.get("item") for i in reloadable(state, c)) else \
        "choose a weapon in his hand that wants loading"


def _reload(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"The 2 AP cost is for loading one round if separate rounds are used, or one clip, or one
    arrow" (line 214)."""
    item = c.item(do.item)
    assert item is not None
    w = state.tables.weapons[item.kind]
    c = _replace_item(c, replace(item, loaded=min(w.load, item.loaded + w.reload)))
    state = state.with_character(c)
    return state, told(state, c, f"{c.name} reloads the {w.name}")


def _drop_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"item": i.id} for i in c.ready)


def _drop_check(state: RPGState, c: Character, d: Details) -> str | None:
    return None if c.hand_of(d.get("item", "")) else "choose what in his hand he drops"


def drop_item(state: RPGState, c: Character, item_id: str) -> RPGState:
    item = c.item(item_id)
    assert item is not None
    hand = c.hand_of(item_id)
    c = replace(c, **{hand: None}) if hand else \
        replace(c, carried=tuple(i for i in c.carried if i.id != item_id))
    return replace(state.with_character(c), floor=state.floor + ((c.pos, item),))


def _drop(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    item = c.item(do.item)
    assert item is not None
    state = drop_item(state, c, do.item)
    return state, told(state, c, f"{c.name} drops the {name_of(state, item)}")


def _drop_able(state: RPGState, c: Character) -> str | None:
    return None if c.ready else "nothing is in his hands"


def kinds() -> tuple[Kind, ...]:
    return (
        Kind("draw", "Draw and ready weapon", "weapons", 214, flat(TWO_AP), _draw(True),
             ("item", "hand"), _draw_check(True), _draw_samples(True)),
        Kind("aim", "Aim weapon", "weapons", 214, flat(TWO_AP), _aim, ("target",), _aim_check,
             _aim_samples, _aim_able),
        Kind("adjust", "Adjust weapon settings", "weapons", 214, flat(TWO_AP), _adjust,
             ("item", "setting"), _adjust_check, _adjust_samples,
             lambda s, c: None if settable(s, c) else "no weapon in his hand has settings"),
        Kind("reload", "Reload weapon", "weapons", 214, flat(TWO_AP), _reload, ("item",),
             _reload_check, _reload_samples, _reload_able),
        Kind("drop_item", "Drop what is in hand", "weapons", 214, flat(0), _drop, ("item",),
             _drop_check, _drop_samples, _drop_able),
        Kind("device", "Draw and ready device", "other", 222, flat(TWO_AP), _draw(False),
             ("item", "hand"), _draw_check(False), _draw_samples(False)),
    )
