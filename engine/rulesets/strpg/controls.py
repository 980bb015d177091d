"""Each decision a seat faces, with its fields' choices (each greyed with the reason `apply`
would give), and a sample of legal actions.

A character's slot is two decisions: the action (`rpg_choose`: every action of the seed's table,
with its AP cost and why it cannot be taken now), then what it needs (`rpg_do`: only the fields
that action takes; the first field also offers to choose again)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice, permutations, product

from engine.actions import Action, RollResult
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt, prompts_for
from engine.rulesets.strpg.actions import Block, Choose, Do, Respond, Riposte, SetOrder, SideOrder
from engine.rulesets.strpg.attacks import shot
from engine.rulesets.strpg.catalog import (
    BACK,
    GROUPS,
    KINDS,
    ORDER,
    RISING,
    SHORT,
    WAIT,
    in_group,
)
from engine.rulesets.strpg.flow import prompts
from engine.rulesets.strpg.gear import name_of
from engine.rulesets.strpg.kinds import Kind
from engine.rulesets.strpg.order import ap_score, members
from engine.rulesets.strpg.other import MESSAGES, OPERATION_WORDS, device_named
from engine.rulesets.strpg.respond_rolls import riposte_problem
from engine.rulesets.strpg.responses import LABELS, response_problem
from engine.rulesets.strpg.rolls import needs
from engine.rulesets.strpg.sight import sees
from engine.rulesets.strpg.state import (
    BY_CHARACTER,
    BY_SIDE,
    EACH_TURN,
    ONCE,
    Character,
    RPGState,
    ap_text,
    replace,
)
from engine.rulesets.strpg.turn import detail_problem, group_problem, kind_problem
from engine.squaregrid import FACING_NAMES
from engine.stations import Seat

LEGAL_SAMPLE = 48
ORDER_WORDS = {(BY_CHARACTER, EACH_TURN): "each turn", (BY_CHARACTER, ONCE): "once",
               (BY_SIDE, EACH_TURN): "sides, each turn", (BY_SIDE, ONCE): "sides, once"}
"""The Instructor's election (seed 004 line 208): each character (or each side) rolls, at the
start of each turn or once for the fight."""
FIELD_LABELS = {"direction": "which way", "facing": "then facing", "target": "at whom",
                "item": "what", "setting": "setting", "hand": "hand", "ending": "ending",
                "message": "says", "pattern": "squares", "attack": "attack", "device": "device"}
HAND_WORDS = {"main": "main hand", "off": "off hand", "both": "both (two at once)"}
ENDING_WORDS = {"kneeling": "kneeling", "prone": "prone", "down": "wrestle down"}
ATTACK_WORDS = {"punch": "bare hands", "strike": "weapon", "pinch": "nerve pinch"}


def pending(state: RPGState, seat: Seat | None) -> tuple[Prompt, ...]:
    return prompts_for(prompts(state), seat)


def _text(v: Value) -> str:
    return "" if v is None else str(v)


def _int(v: Value) -> int:
    return v if type(v) is int else -1


def decision(state: RPGState, p: Prompt) -> Decision:
    st = p.station
    if p.roll is not None:
        req = p.roll
        return Decision(p, "roll", st, req.purpose, (
            Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides),),
            builder=lambda v: RollResult(st, _int(v["value"]), "manual"))
    if p.action == "rpg_order":
        suggested = "/".join(state.suggested)
        return Decision(p, p.action, st, "How the action order is determined", (
            Field("order", "D10 + AP rolled", FieldKind.CHOICE, suggested, choices=tuple(
                Choice(f"{method}/{when}", ORDER_WORDS[method, when])
                for method in (BY_CHARACTER, BY_SIDE) for when in (EACH_TURN, ONCE))),),
            builder=lambda v: SetOrder(st, *(_text(v["order"]).split("/", 1) + [""])[:2]))
    assert p.ship is not None
    c = state.character(p.ship)
    cid = c.id
    if p.action == "rpg_side_order":
        return _side_order(state, p, c)
    if p.action == "rpg_respond":
        head = state.queue[0]
        assert head.attack is not None
        choices = tuple(Choice(r, LABELS[r], response_problem(state, head.attack, r))
                        for r in LABELS)
        return Decision(p, p.action, st, p.what, (
            Field("response", "response", FieldKind.CHOICE, "", choices=choices),),
            builder=lambda v: Respond(st, cid, _text(v["response"])))
    if p.action == "rpg_riposte":
        head = state.queue[0]
        assert head.attack is not None
        why = riposte_problem(state, head.attack)
        return Decision(p, p.action, st, p.what, (
            Field("strike", "strike back", FieldKind.CHOICE, "yes" if why is None else "no",
                  choices=(Choice("yes", "strike (-20)", why), Choice("no", "no"))),),
            builder=lambda v: Riposte(st, cid, v["strike"] == "yes"), irreversible=True)
    if p.action == "rpg_block":
        mover = next(m for e, m in state.passing if e == cid)
        return Decision(p, p.action, st, p.what, (
            Field("block", "keep him from passing", FieldKind.CHOICE, "yes", choices=(
                Choice("yes", "block"), Choice("no", "let him pass"))),),
            builder=lambda v: Block(st, cid, mover, v["block"] == "yes"))
    if p.action == "rpg_choose":
        return _choose(state, p, c)
    return _details(state, p, c, KINDS[state.plan])


def _side_order(state: RPGState, p: Prompt, c: Character) -> Decision:
    team = sorted(members(state, state.queue[0].other), key=lambda m: -ap_score(m))
    st = p.station
    names = tuple(f"{n}" for n in range(1, len(team) + 1))
    fields = tuple(Field(f"place{n}", f"{n}.", FieldKind.CHOICE, m.id,
                         choices=tuple(Choice(x.id, x.name) for x in team))
                   for n, m in zip(names, team, strict=True))
    count = len(team)
    return Decision(p, p.action, st, p.what, fields, builder=lambda v: SideOrder(
        st, c.id, tuple(_text(v[f"place{n}"]) for n in range(1, count + 1))))


def cost_words(state: RPGState, c: Character, kind: Kind) -> str:
    """Its AP cost now: "1", or "1+" where the details decide (1.5 diagonally)."""
    costs = sorted({kind.cost(state, c, s) for s in islice(kind.samples(state, c), 200)
                    if kind.check(state, c, s) is None}) or [kind.cost(state, c, {})]
    low, high = costs[0], costs[-1]
    return ap_text(low) if low == high else f"{ap_text(low)}+"


def kind_choices(state: RPGState, c: Character, kinds: tuple[Kind, ...] = ORDER
                 ) -> list[Choice]:
    """Each action of `kinds` as a choice: its word, its AP cost, why not now."""
    return [Choice(k.key, f"{RISING.get((k.key, c.posture), SHORT[k.key])} "
                          f"{cost_words(state, c, k)}", kind_problem(state, c, k))
            for k in kinds]


def _choose(state: RPGState, p: Prompt, c: Character) -> Decision:
    """First Wait, or the part of the table (each greyed with the reasons none of its actions
    may be taken: a panel's up steps from Wait to the first part); then the part's actions,
    each with its AP cost, those he may take now first, and back."""
    st, cid = p.station, c.id
    if state.group:
        offered = kind_choices(state, c, in_group(state.group))
        choices = (*sorted(offered, key=lambda ch: not ch.allowed), Choice(BACK, "back"))
        default = next((ch.value for ch in choices if ch.allowed), BACK)
        title = f"{c.name}: {GROUPS[state.group].lower()} ({ap_text(c.ap)} AP left)"
    else:
        choices = (Choice(WAIT, "Wait", kind_problem(state, c, KINDS[WAIT])),
                   *(Choice(g, words, group_problem(state, c, g)) for g, words in GROUPS.items()))
        default = WAIT
        title = f"{c.name}: action ({ap_text(c.ap)} AP left)"
    return Decision(p, p.action, st, title, (
        Field("kind", "action", FieldKind.CHOICE, default, choices=choices),),
        builder=lambda v: Choose(st, cid, _text(v["kind"])))


def _label(state: RPGState, c: Character, field: str, value: str, kind: str = "") -> str:
    if field in ("direction", "facing"):
        return {"": "the way he moves", "here": "here"}.get(value, value)
    if field == "target":
        t = state.find(value)
        return t.name if t is not None else value
    if field == "item":
        item = c.item(value) or next((i for _, i in state.floor if i.id == value), None)
        if item is None:
            return value
        where = "" if c.item(value) else " (at his feet)"
        hand = c.hand_of(value)
        putting = kind in ("draw", "device") and hand
        return name_of(state, item) + where + (f" (put away from {hand} hand)"
                                               if putting else "")
    if field == "setting":
        for (_w, key), s in state.tables.settings.items():
            if key == value:
                return s.name
        return value
    if field == "hand":
        return HAND_WORDS.get(value, value)
    if field == "ending":
        return ENDING_WORDS.get(value, value)
    if field == "message":
        return MESSAGES.get(value, value)
    if field == "attack":
        return ATTACK_WORDS.get(value, value)
    if field == "device":
        found = device_named(value)
        if found is None:
            return value
        what, (col, row), op = found
        if what == "console":
            k = state.console_at((col, row))
            return f"{k.name if k else 'console'} [{col}, {row}]"
        return f"door [{col}, {row}]: {OPERATION_WORDS.get(op, op)}"
    if field == "pattern":
        caught = [x.name for x in state.characters if any(
            f"{x.pos[0]},{x.pos[1]}" == sq for sq in value.split()) and x.up and x.id != c.id
            and sees(state, c, x)]
        return "catches " + ", ".join(caught) if caught else value
    return value


def _details(state: RPGState, p: Prompt, c: Character, kind: Kind) -> Decision:
    st, cid = p.station, c.id
    samples = list(islice(kind.samples(state, c), 400))
    good = [s for s in samples if detail_problem(state, c, kind, s) is None]
    ahead = [s for s in good if s.get("direction") == FACING_NAMES[c.facing]]
    default = dict((ahead or good)[0]) if good else dict(samples[0]) if samples else {}
    fields = []
    shown = [f for f in kind.fields if f == "facing" or
             any(s.get(f, "") for s in samples)]   # a field with nothing to choose is left out
    for n, name in enumerate(shown):
        if name == "facing":
            values = ["", *FACING_NAMES]
        else:
            values = list(dict.fromkeys(s.get(name, "") for s in samples))
        compass = name == "direction" and set(FACING_NAMES) <= set(values) <= \
            {*FACING_NAMES, "here"}
        choices = []
        needs = shot_needs(state, c, kind.key) if name == "target" else {}
        for v in values:
            ok = name == "facing" or any(s.get(name, "") == v for s in good)
            why = None if ok else detail_problem(state, c, kind, {**default, name: v}) or \
                "not with the rest chosen"
            choices.append(Choice(v, _label(state, c, name, v, kind.key), why, needs.get(v)))
        if n == 0 and compass:   # a compass, three to a row, choosing again in its middle
            by = {c.value: c for c in choices}
            back = Choice(BACK, "back")
            choices = [by.get(v, back) for v in
                       ("NW", "N", "NE", "W", BACK, "E", "SW", "S", "SE")]
            if "here" in by:
                choices.append(by["here"])
        elif n == 0:
            choices.append(Choice(BACK, "back (another action)"))
        fields.append(Field(name, FIELD_LABELS[name], FieldKind.CHOICE,
                            default.get(name, values[0] if values else ""),
                            choices=tuple(choices), columns=3 if n == 0 and compass else 0))
    first = shown[0] if shown else ""

    def build(v: Mapping[str, Value]) -> Action:
        if first and v.get(first) == BACK:
            return Do(st, cid, back=True)
        return replace(Do(st, cid), **{f: _text(v.get(f)) for f in kind.fields})

    return Decision(p, "rpg_do", st, f"{c.name}: {kind.label} ({ap_text(c.ap)} AP left)",
                    tuple(fields), builder=build, irreversible=kind.attack)


def shot_needs(state: RPGState, c: Character, kind: str = "fire") -> dict[str, int]:
    """For each enemy a shot of `kind` (fire, quick_fire) may be made at now: the highest d100
    face that hits with the best of his weapons (the fire decision's `Choice.need`)."""
    if kind not in ("fire", "quick_fire"):
        return {}
    found: dict[str, int] = {}
    k = KINDS[kind]
    for s in islice(k.samples(state, c), 400):
        t = state.find(s.get("target"))
        item = c.item(s.get("item", ""))
        if t is None or item is None or detail_problem(state, c, k, s) is not None:
            continue
        hand = s.get("hand", "main") or "main"
        number = shot(state, c, t, item, hand, hand == "both", kind == "quick_fire")[0].number
        found[t.id] = max(found.get(t.id, 0), needs(number)[1])
    return found


def controls(state: RPGState, seat: Seat) -> tuple[Decision, ...]:
    return tuple(decision(state, p) for p in pending(state, seat))


def legal_actions(state: RPGState, seat: Seat) -> tuple[Action, ...]:
    out: list[Action] = []
    for p in pending(state, seat):
        d = decision(state, p)
        if p.roll is not None:
            out += [d.make({"value": v}) for v in range(1, p.roll.sides + 1)]
        elif p.action == "rpg_side_order":
            ids = [c.value for c in d.fields[0].choices]
            out += [SideOrder(p.station, str(p.ship), tuple(map(str, order)))
                    for order in islice(permutations(ids), 24)]
        elif p.action == "rpg_do":
            assert p.ship is not None
            c = state.character(p.ship)
            kind = KINDS[state.plan]
            good = [s for s in islice(kind.samples(state, c), 400)
                    if detail_problem(state, c, kind, s) is None]
            out += [replace(Do(p.station, c.id), **{k: v for k, v in s.items()
                                                    if k in kind.fields})
                    for s in good[:LEGAL_SAMPLE]]
        else:
            options = [[c.value for c in f.choices if c.allowed and c.value != BACK]
                       for f in d.fields]
            out += [d.make(dict(zip([f.name for f in d.fields], combo, strict=True)))
                    for combo in islice(product(*options), LEGAL_SAMPLE)]
    return tuple(out)
