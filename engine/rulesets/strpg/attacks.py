"""Attacks (seed 004 lines 214-218): bare-hand attack, striking weapon attack, grapple, Vulcan
nerve pinch, move and attack, flying tackle, ranged attack and quick draw and ranged attack.

Declaring one works out its To-Hit Number (tohit.py) and puts its rolls in the queue: the
defender's responsive action first where one is possible (responses.py), then the To-Hit roll
(resolve.py follows it to the damage)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.gear import is_weapon, name_of
from engine.rulesets.strpg.kinds import Check, Details, Kind, Perform, Samples, flat
from engine.rulesets.strpg.moving import DIAGONAL, STRAIGHT, cost, facing_named, held_by, step_problem
from engine.rulesets.strpg.position import told
from engine.rulesets.strpg.responses import responses_open
from engine.rulesets.strpg.rolls import adjusted, needs_words
from engine.rulesets.strpg.sight import sees, witnesses
from engine.rulesets.strpg.state import (
    EVADING,
    MOVING,
    STANDING,
    Attack,
    Character,
    Item,
    RPGState,
    Step,
    replace,
)
from engine.rulesets.strpg.tohit import (
    Mods,
    attacker_mods,
    ranged_mods,
    target_mods,
    unarmed_base,
    weapon_base,
)
from engine.squaregrid import FACING_NAMES, Square, adjacent, behind, facing_of, from_behind, step

THREE_AP, FOUR_AP, ONE_AP = 12, 16, 4
MELEE_BONUS = ("bare hand or striking weapon", 15)
QUICK = ("quick draw", -25)
AIMED = ("aimed", 25)
OFF_HAND = ("off hand", -20)
TWO_AT_ONCE = ("simultaneous attacks", -10)
TACKLE_RUN = 3
"""A flying tackle's run-up: "The attacker must move at least three squares directly toward
the target" at 4 AP (line 216); we take three, in a straight line."""


def enemies(state: RPGState, c: Character) -> tuple[Character, ...]:
    """The characters of other sides he sees and who are still in the fight."""
    return tuple(t for t in state.characters
                 if t.side != c.side and t.up and sees(state, c, t))


def _target(state: RPGState, c: Character, d: Details) -> Character | str:
    t = state.find(d.get("target"))
    if t is None or t.side == c.side:
        return "choose an enemy to attack"
    if not t.up:
        return f"{t.name} is out of the fight"
    if not sees(state, c, t):
        return f"he cannot see {t.name}"
    return t


def _hands(c: Character, want: str, fits: Callable[[Item], bool]) -> tuple[tuple[str, Item], ...] | str:
    """The weapons in hand an attack uses: `want` main, off or both; `fits(item)` says which
    may be used."""
    held = {"main": c.main, "off": c.off}
    picked = [("main", c.main), ("off", c.off)] if want == "both" else [(want, held.get(want))]
    out = tuple((h, i) for h, i in picked if i is not None and fits(i))
    if len(out) != len(picked):
        return ("he needs a fitting weapon in each hand for two at once" if want == "both"
                else f"no fitting weapon is ready in his {want or 'main'} hand")
    return out


def hand_mods(c: Character, hand: str, both: bool) -> Mods:
    out: list[tuple[str, int]] = []
    if both:
        out.append(TWO_AT_ONCE)
    if hand == "off" and not c.ambidextrous:
        out.append(OFF_HAND)
    return tuple(out)


# -- melee -----------------------------------------------------------------------------------------

def melee_number(state: RPGState, a: Character, t: Character, base: tuple[int, str],
                 extra: Mods = (), moved: str | None = None) -> tuple[int, Mods, str]:
    mods = (MELEE_BONUS, *target_mods(state, a, t), *attacker_mods(a, moved), *extra)
    return adjusted(base[0], mods), mods, base[1]


def pinch_mods(state: RPGState, a: Character, t: Character) -> Mods:
    """"victim totally unaware +30, victim surprised or distracted +20, victim on guard -20,
    victim aware of nerve pinch technique -40" (line 216; the seed prints the last two as
    plus: docs/rules-decisions.md). Ours: a victim the pinch comes at from behind is unaware,
    one held in a grapple or whose last action was an attack distracted, else on guard."""
    if t.aware:
        return (("victim aware of the technique", -40),)
    if a.pos != t.pos and from_behind(a.pos, t.pos, t.facing):
        return (("victim unaware", 30),)
    if held_by(state, t) or t.last_kind in ATTACK_KINDS:
        return (("victim distracted", 20),)
    return (("victim on guard", -20),)


def striking(state: RPGState, item: Item) -> bool:
    return is_weapon(state, item) and state.tables.weapons[item.kind].kind == "striking"


def reach_problem(state: RPGState, a: Character, t: Character, kind: str,
                  at: Square | None = None) -> str | None:
    """Whether `t` is where the attack may be made from `at` (his square)."""
    here = at or a.pos
    if kind in ("punch", "grapple") and t.pos != here:
        return f"{t.name} is not in his square (line 214: he moves into it first)"
    if kind == "strike" and t.pos != here and not adjacent(here, t.pos):
        return f"{t.name} is not in his square or next to it"
    if kind == "pinch":
        if not a.pinch:
            return f"{a.name} does not know the Vulcan nerve pinch"
        if not t.humanoid or t.armor:
            return f"{t.name} cannot be pinched (not humanoid, or armored: line 216)"
        if t.pos != here and here != behind(t.pos, t.facing):
            return f"only from {t.name}'s square or the square right behind him"
    return None


def melee_declared(state: RPGState, a: Character, t: Character, kind: str, hand: str,
                   moved: str | None = None) -> tuple[Attack, ...]:
    """The attack(s) of a bare-hand, striking, grapple or pinch attack (two for a striking
    weapon in each hand at once)."""
    if kind == "strike":
        picked = _hands(a, hand or "main", lambda i: striking(state, i))
        assert not isinstance(picked, str)
        out = []
        for h, item in picked:
            number, mods, base = melee_number(
                state, a, t, weapon_base(a, state.tables.weapons[item.kind]),
                hand_mods(a, h, len(picked) > 1), moved)
            out.append(Attack(a.id, t.id, kind, item.id, item.setting, number,
                              ((base, 0), *mods)))
        return tuple(out)
    extra = pinch_mods(state, a, t) if kind == "pinch" else ()
    number, mods, base = melee_number(state, a, t, unarmed_base(a), extra, moved)
    return (Attack(a.id, t.id, kind, "", "", number, ((base, 0), *mods)),)


def _melee_check(kind: str) -> Check:
    def check(state: RPGState, c: Character, d: Details) -> str | None:
        t = _target(state, c, d)
        if isinstance(t, str):
            return t
        if kind == "strike":
            picked = _hands(c, d.get("hand", "") or "main", lambda i: striking(state, i))
            if isinstance(picked, str):
                return picked
        return reach_problem(state, c, t, kind)
    return check


def _melee_samples(kind: str) -> Samples:
    def samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
        hands = ("main", "off", "both") if kind == "strike" else ("",)
        for t in enemies(state, c):
            for h in hands:
                yield {"target": t.id, "hand": h}
    return samples


def _melee(kind: str, verb: str) -> Perform:
    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        t = state.character(do.target)
        return declare(state, c, t, melee_declared(state, c, t, kind, do.hand), verb)
    return perform


def declare(state: RPGState, a: Character, t: Character, attacks: tuple[Attack, ...],
            verb: str, subject: str = "") -> tuple[RPGState, list[Event]]:
    """Announce the attacks ("Kras strikes at Giotto"; `subject` in the attacker's place: "Vass's
    throw flies on at ...") and queue their rolls: the defender's response first where he may
    make one (line 218: "after the attacker has announced his intention to attack but before the
    attacker makes his To-Hit roll")."""
    who = subject or a.name
    steps: list[Step] = []
    for attack in attacks:
        if responses_open(state, attack):
            d = state.character(attack.target)
            steps.append(Step("respond", attack.target, f"{d.name}: {who} {verb} him: "
                              f"respond?", attack=attack))
        else:
            steps.append(to_hit_step(state, attack))
    state = replace(state, queue=tuple(steps) + state.queue)
    return state, [Note(f"{who} {verb} {t.name}", witnesses(state, a, t), a.side)]


def to_hit_step(state: RPGState, attack: Attack) -> Step:
    """The attacker's To-Hit roll: its purpose says what and the number needed; its modifiers
    (the base first, as 0) say how the number was made (the explanation shows them)."""
    a, t = state.character(attack.attacker), state.character(attack.target)
    what = {"punch": "bare hands", "strike": "strike", "grapple": "grapple",
            "pinch": "nerve pinch", "tackle": "flying tackle", "fire": "shot",
            "riposte": "riposte"}[attack.kind]
    if attack.weapon:
        item = a.item(attack.weapon)
        if item is not None:
            what = name_of(state, item)
    again = "second to-hit roll for a miss into a crowd" if attack.errant else "to-hit"
    purpose = f"{a.name}: {again}, {what} at {t.name}, {needs_words(attack.number)}"
    return Step("to_hit", a.id, purpose, attack.number, attack.modifiers, attack=attack)


# -- move and attack, flying tackle ----------------------------------------------------------------

def _move_attack_check(state: RPGState, c: Character, d: Details) -> str | None:
    f = facing_named(d.get("direction", ""))
    why = step_problem(state, c, f, "walk")
    if why:
        return why
    if c.posture != STANDING:
        return "he moves and attacks standing"
    if d.get("attack") not in ("punch", "strike", "pinch"):
        return "the attack is a bare-hand attack, a striking weapon attack or a nerve pinch"
    assert f is not None
    moved = replace(c, pos=step(c.pos, f))
    return _melee_check(d["attack"])(state.with_character(moved), moved, d)


def _move_attack_cost(state: RPGState, c: Character, d: Details) -> int:
    return THREE_AP + cost(state, c, facing_named(d.get("direction", "")), (STRAIGHT, DIAGONAL))


def _move_attack_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    for t in enemies(state, c):
        for name in FACING_NAMES:
            dest = step(c.pos, facing_named(name) or 0)
            if dest == t.pos or adjacent(dest, t.pos):
                for attack in ("punch", "strike", "pinch"):
                    yield {"direction": name, "attack": attack, "target": t.id, "hand": "main"}


def _move_attack(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"A character may move one square in any direction and attack with a bare-hand attack, a
    striking weapon attack, or a Vulcan nerve pinch ... only one action is used for the
    combination" (line 216); the attack is after a move (-5, line 224)."""
    from engine.rulesets.strpg.moving import arrive

    f = facing_named(do.direction)
    assert f is not None
    spent = cost(state, c, f, (STRAIGHT, DIAGONAL))
    state, events = arrive(state, c, step(c.pos, f), f, spent=spent)
    a = state.character(c.id)
    t = state.character(do.target)
    state, more = declare(state, a, t, melee_declared(state, a, t, do.attack, do.hand, MOVING),
                          VERBS[do.attack])
    return state, events + more


def tackle_path(c: Character, t: Character) -> tuple[Square, ...] | None:
    """The squares of a straight three-square run from `c` into `t`'s square, or None."""
    dc, dr = t.pos[0] - c.pos[0], t.pos[1] - c.pos[1]
    if max(abs(dc), abs(dr)) != TACKLE_RUN or (dc and dr and abs(dc) != abs(dr)):
        return None
    f = facing_of((0, 0), ((dc > 0) - (dc < 0), (dr > 0) - (dr < 0)))
    assert f is not None
    out, here = [], c.pos
    for _ in range(TACKLE_RUN):
        here = step(here, f)
        out.append(here)
    return tuple(out)


def _tackle_check(state: RPGState, c: Character, d: Details) -> str | None:
    if c.posture != STANDING:
        return "he tackles from standing"
    t = _target(state, c, d)
    if isinstance(t, str):
        return t
    path = tackle_path(c, t)
    if path is None:
        return f"{t.name} is not three squares away in a straight line (line 216)"
    f = facing_of(c.pos, path[0])
    runner = c
    for sq in path:
        why = step_problem(state, runner, f, "walk", 0 if sq == t.pos else 1)
        if why:
            return f"the run-up: {why}"
        runner = replace(runner, pos=sq)
    return None


def _tackle_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"target": t.id} for t in enemies(state, c))


def _tackle(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"The To-Hit Number is the average of Unarmed Personal Combat and DEX. If successful, this
    action places the attacker and his target prone, in the square occupied by the target. If
    unsuccessful, the attacker is prone in the square beyond the defender's square" (line
    216). He counts as evading after it (line 216)."""
    t = state.character(do.target)
    number, mods, base = melee_number(state, c, t, unarmed_base(c))
    mods = tuple(m for m in mods if m != MELEE_BONUS)
    attack = Attack(c.id, t.id, "tackle", "", "", number - MELEE_BONUS[1], ((base, 0), *mods),
                    from_square=c.pos)
    return declare(state, c, t, (attack,), "makes a flying tackle at")


# -- ranged attacks --------------------------------------------------------------------------------

def ranged(state: RPGState, item: Item) -> bool:
    return is_weapon(state, item) and state.tables.weapons[item.kind].ranged


def loaded(state: RPGState, item: Item) -> bool:
    w = state.tables.weapons[item.kind]
    return w.load == 0 or item.loaded > 0


def area_of(state: RPGState, item: Item) -> str:
    setting = state.tables.settings.get((item.kind, item.setting))
    return setting.area if setting is not None else "single"


def shot(state: RPGState, a: Character, t: Character, item: Item, hand: str, both: bool,
         quick: bool) -> tuple[Attack, str | None]:
    """One ranged attack at `t`, or why it cannot be made."""
    w = state.tables.weapons[item.kind]
    mods, why = ranged_mods(state, a, t, w)
    if why:
        return Attack(a.id, t.id, "fire"), why
    base = weapon_base(a, w)
    aim = (QUICK,) if quick else (AIMED,) if a.last_kind == "aim" and a.aimed_at == t.id else ()
    all_mods = (*mods, *target_mods(state, a, t), *aim, *hand_mods(a, hand, both),
                *attacker_mods(a))
    return Attack(a.id, t.id, "fire", item.id, item.setting, adjusted(base[0], all_mods),
                  ((base[1], 0), *all_mods)), None


def cone(state: RPGState, a: Character, t: Character, item: Item) -> tuple[Square, ...]:
    """A shotgun's cone (line 216: "Shotguns attack in a cone-shaped pattern as shown in the
    diagram below", which the seed does not hold; ours): the target's square and the squares
    beside it across the line of fire, at and beyond it, within the weapon's short range."""
    w = state.tables.weapons[item.kind]
    f = facing_of((0, 0), ((t.pos[0] > a.pos[0]) - (t.pos[0] < a.pos[0]),
                           (t.pos[1] > a.pos[1]) - (t.pos[1] < a.pos[1])))
    if f is None:
        return (t.pos,)
    from engine.squaregrid import range_between
    out = [t.pos]
    for side in (f + 2, f - 2):
        sq = step(t.pos, side)
        if range_between(a.pos, sq) <= w.bands[1]:
            out.append(sq)
    return tuple(out)


def wide_patterns(state: RPGState, a: Character, item: Item) -> tuple[tuple[Square, ...], ...]:
    """Wide-angle stun: "A wide angle stun shot affects all targets in three connected squares.
    The squares may be in any pattern chosen by the attacker, within the weapon's short range
    area" (line 216). The patterns offered: each set of three connected squares within short
    range that holds an enemy he sees, told apart by whom it catches (the first of each)."""
    from engine.squaregrid import neighbours, range_between
    w = state.tables.weapons[item.kind]
    short = w.bands[1]
    seen = [t for t in enemies(state, a) if range_between(a.pos, t.pos) <= short]
    found: dict[frozenset[str], tuple[Square, ...]] = {}
    for t in seen:
        for b in neighbours(t.pos):
            for c in (*neighbours(t.pos), *neighbours(b)):
                group = tuple(sorted({t.pos, b, c}))
                if len(group) != 3 or any(range_between(a.pos, s) > short
                                          for s in group):
                    continue
                caught = frozenset(x.id for x in state.characters if x.pos in group and x.up
                                   and x.id != a.id and sees(state, a, x))
                if caught and caught not in found:
                    found[caught] = group
    return tuple(sorted(found.values()))


def pattern_text(pattern: tuple[Square, ...]) -> str:
    return " ".join(f"{c},{r}" for c, r in pattern)


def pattern_named(text: str) -> tuple[Square, ...] | None:
    try:
        out = tuple((int(a), int(b)) for a, b in (p.split(",") for p in text.split()))
    except ValueError:
        return None
    return out if len(out) == 3 else None


def _fire_check(quick: bool) -> Check:
    def check(state: RPGState, c: Character, d: Details) -> str | None:
        if quick:
            item = next((i for i in c.carried if i.id == d.get("item") and ranged(state, i)),
                        None)
            if item is None:
                return "choose a ranged weapon he carries (not in hand)"
            picked: tuple[tuple[str, Item], ...] | str = (("main", item),)
        else:
            picked = _hands(c, d.get("hand", "") or "main", lambda i: ranged(state, i))
        if isinstance(picked, str):
            return picked
        for _, item in picked:
            if not loaded(state, item):
                return f"the {name_of(state, item)} is empty: reload it"
        if area_of(state, picked[0][1]) == "wide":
            pattern = pattern_named(d.get("pattern", ""))
            options = wide_patterns(state, c, picked[0][1])
            if pattern not in options:
                return "choose the three squares the wide-angle stun takes" if options else \
                    "no enemy he sees is within the short range of a wide-angle stun"
            return None
        t = _target(state, c, d)
        if isinstance(t, str):
            return t
        for h, item in picked:
            why = shot(state, c, t, item, h, len(picked) > 1, quick)[1]
            if why:
                return why
        return None
    return check


def _fire_samples(quick: bool) -> Samples:
    def samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
        if quick:
            items = [(i, "main") for i in c.carried if ranged(state, i)]
        else:
            items = [(i, h) for h, i in (("main", c.main), ("off", c.off))
                     if i is not None and ranged(state, i)]
            if len(items) == 2:
                items.append((items[0][0], "both"))
        for item, hand in items:
            held = {} if quick else {"hand": hand}
            if area_of(state, item) == "wide":
                for p in wide_patterns(state, c, item):
                    yield {"item": item.id, **held, "pattern": pattern_text(p)}
                continue
            for t in enemies(state, c):
                yield {"item": item.id, **held, "target": t.id}
    return samples


def _fire(quick: bool) -> Perform:
    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        if quick:
            item = next(i for i in c.carried if i.id == do.item)
            displaced = tuple(i for i in (c.main,) if i is not None)
            c = replace(c, main=item, carried=tuple(i for i in c.carried if i.id != item.id)
                        + displaced)
            state = state.with_character(c)
            picked: tuple[tuple[str, Item], ...] = (("main", item),)
        else:
            got = _hands(c, do.hand or "main", lambda i: ranged(state, i))
            assert not isinstance(got, str)
            picked = got
        attacks: list[Attack] = []
        verb = "fires at"
        for h, item in picked:
            w = state.tables.weapons[item.kind]
            if w.load:
                c = _spend_round(c, item)
            if w.kind == "thrown":
                verb = "throws at"
            if area_of(state, item) == "wide":
                pattern = pattern_named(do.pattern)
                assert pattern is not None
                for t in state.characters:
                    if t.pos in pattern and t.up and t.id != c.id:
                        atk, why = shot(state, c, t, item, h, False, quick)
                        if why is None:
                            attacks.append(replace(atk, pattern=pattern))
                continue
            t = state.character(do.target)
            atk, _ = shot(state, c, t, item, h, len(picked) > 1, quick)
            if area_of(state, item) == "cone":
                sqs = cone(state, c, t, item)
                attacks.append(replace(atk, pattern=sqs))
                for other in state.characters:
                    if other.pos in sqs and other.id not in (t.id, c.id) and other.up:
                        more, why = shot(state, c, other, item, h, False, quick)
                        if why is None:
                            attacks.append(replace(more, pattern=sqs))
            else:
                attacks.append(atk)
        state = state.with_character(c)
        if not attacks:
            return state, told(state, c, f"{c.name} fires and catches nobody")
        first = state.character(attacks[0].target)
        return declare(state, c, first, tuple(attacks),
                       ("quick-draws and " + verb) if quick else verb)
    return perform


def _spend_round(c: Character, item: Item) -> Character:
    used = replace(item, loaded=item.loaded - 1)
    hand = c.hand_of(item.id)
    return replace(c, **{hand: used}) if hand else c


VERBS = {"punch": "strikes with bare hands at", "strike": "strikes at", "grapple": "grapples",
         "pinch": "tries a nerve pinch on"}
ATTACK_KINDS = ("punch", "strike", "grapple", "pinch", "move_attack", "tackle", "fire",
                "quick_fire")


def kinds() -> tuple[Kind, ...]:
    melee = ("target",)
    return (
        Kind("punch", "Bare-hand attack", "attacks", 214, flat(THREE_AP),
             _melee("punch", VERBS["punch"]), melee, _melee_check("punch"),
             _melee_samples("punch"), attack=True),
        Kind("strike", "Striking weapon attack", "attacks", 214, flat(THREE_AP),
             _melee("strike", VERBS["strike"]), ("target", "hand"),
             _melee_check("strike"), _melee_samples("strike"), attack=True),
        Kind("grapple", "Grapple", "attacks", 214, flat(THREE_AP),
             _melee("grapple", VERBS["grapple"]), melee, _melee_check("grapple"),
             _melee_samples("grapple"), attack=True),
        Kind("pinch", "Vulcan nerve pinch", "attacks", 216, flat(THREE_AP),
             _melee("pinch", VERBS["pinch"]), melee, _melee_check("pinch"),
             _melee_samples("pinch"), lambda s, c: None if c.pinch else
             f"{c.name} does not know the Vulcan nerve pinch", attack=True),
        Kind("move_attack", "Move and attack", "attacks", 216, _move_attack_cost, _move_attack,
             ("target", "direction", "attack", "hand"), _move_attack_check,
             _move_attack_samples, moves=MOVING, attack=True),
        Kind("tackle", "Flying tackle", "attacks", 216, flat(FOUR_AP), _tackle, ("target",),
             _tackle_check, _tackle_samples, moves=EVADING, attack=True),
        Kind("fire", "Ranged attack", "attacks", 216, flat(ONE_AP), _fire(False),
             ("target", "item", "hand", "pattern"), _fire_check(False),
             _fire_samples(False), attack=True),
        Kind("quick_fire", "Quick draw and ranged attack", "attacks", 218, flat(THREE_AP),
             _fire(True), ("target", "item", "pattern"), _fire_check(True),
             _fire_samples(True), attack=True),
    )
