"""What each seat must answer now (`pending`), the fields of each answer with their bounds and
choices (`controls`), and a sample of legal answers. A choice's `problem` is the reason `apply`
would give."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.actions import Action, RollResult
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.hexgrid import HEADING_NAMES, hex_to_offset
from engine.ruleset import Prompt, prompts_for
from engine.rulesets.halfimpulse.actions import (
    TBOMB_TARGET,
    Announce,
    AnnounceSpeeds,
    Detect,
    Land,
    Launch,
    Move,
    NextStep,
    Remove,
    Target,
    Transport,
    UnitMove,
    UnitSpeed,
)
from engine.rulesets.halfimpulse.announce import MAX_INITIATIVE, MAX_REACH
from engine.rulesets.halfimpulse.flow import current_roll, current_step
from engine.rulesets.halfimpulse.moves import WAY_LABELS, going, turn_problem
from engine.rulesets.halfimpulse.sequence import Does, Step
from engine.rulesets.halfimpulse.state import (
    HIDDEN_LOADS,
    SHIP,
    TBOMB,
    ZERO,
    HalfState,
    Unit,
)
from engine.rulesets.halfimpulse.targets import actors, hostile, target_problem
from engine.stations import CAPTAIN, INSTRUCTOR, Seat

ACTION_OF: dict[Does, str] = {
    Does.SPEEDS: AnnounceSpeeds.type_name, Does.MOVE: Move.type_name,
    Does.TARGET: Target.type_name, Does.TRANSPORT: Transport.type_name,
    Does.LAUNCH: Launch.type_name, Does.LAND: Land.type_name, Does.REMOVE: Remove.type_name,
    Does.DETECT: Detect.type_name, Does.NOTE: Announce.type_name}
DONE = ""


def prompts(state: HalfState) -> tuple[Prompt, ...]:
    """Everything the table waits for: one roll, or each waiting player's answer to the step."""
    if state.over:
        return ()
    roll = current_roll(state)
    if roll is not None:
        return (Prompt(roll.ship, roll.station, roll.purpose, roll, "roll"),)
    step = current_step(state)
    if step is None:
        return ()
    return tuple(Prompt(p, CAPTAIN, what(state, step, p), action=ACTION_OF[step.does])
                 for p in state.waiting)


def what(state: HalfState, step: Step, player: str) -> str:
    """The prompt in words: the step as the seed names it, and who may act in it."""
    if step.does == Does.MOVE and state.stage != ZERO:
        movers = going(state)
        slot = state.slot
        assert slot is not None
        names = ", ".join(u.name for u in movers)
        return (f"move {names} one space (space {slot.moved + 1} of {slot.spaces}, "
                f"line {step.line})")
    if step.does == Does.MOVE:
        return "Speed Zero: turn in place, or not (line 207)"
    who = "in response" if state.responding else str(step.who)
    return f"{step.title} ({who}, line {step.line})"


def pending(state: HalfState, seat: Seat | None) -> tuple[Prompt, ...]:
    return prompts_for(prompts(state), seat)


def _text(v: Value) -> str:
    return "" if v is None else str(v)


def _int(v: Value) -> int:
    return v if type(v) is int else -1


def _unit_field(units: tuple[Unit, ...], done: str, problems: Mapping[str, str | None] | None
                = None) -> Field:
    problems = problems or {}
    return Field("unit", "unit", FieldKind.CHOICE, DONE, choices=(
        Choice(DONE, done), *(Choice(u.id, u.name, problems.get(u.id)) for u in units)))


SEP = ">"
"""Between a unit's id and what it acts on, in a pair field's value ("tiger>regalhawk"): no id
holds it, so a panel steps through every unit and target with one button."""


def _pair_field(name: str, label: str, done: str,
                pairs: Sequence[tuple[str, str, str, str | None]]) -> Field:
    """One choice per (unit, what, label, problem), and `done` first: the panel's up button
    and a screen's buttons both choose who acts and at what in one field."""
    return Field(name, label, FieldKind.CHOICE, DONE, choices=(
        Choice(DONE, done), *(Choice(f"{u}{SEP}{w}", words, why) for u, w, words, why in pairs)))


def split(value: Value) -> tuple[str, str]:
    """A pair field's value as (unit, what); ("", "") for done."""
    unit, _, what = _text(value).partition(SEP)
    return unit, what


def decision(state: HalfState, p: Prompt) -> Decision:
    st = p.station
    if p.roll is not None:
        req = p.roll
        return Decision(p, "roll", st, req.purpose, (
            Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides),),
            builder=lambda v: RollResult(st, _int(v["value"]), "manual"))
    step = current_step(state)
    assert step is not None and p.ship is not None
    return BUILDERS[step.does](state, p, step, p.ship)


def _speeds(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    units = [u for u in state.of_player(player) if not u.seeking]
    fields = [Field("initiative", "initiative", FieldKind.INT, state.player(player).initiative,
                    -MAX_INITIATIVE, MAX_INITIATIVE)]
    for u in units:
        fields.append(Field(f"speed:{u.id}", f"{u.name} speed", FieldKind.INT,
                            default_speed(state, u), 0, u.max_speed))

    def make(v: Mapping[str, Value]) -> Action:
        return AnnounceSpeeds(st, player, _int(v["initiative"]), tuple(
            UnitSpeed(u.id, _int(v[f"speed:{u.id}"])) for u in units))
    return Decision(p, p.action, st, f"Announce speeds ({state.player(player).name})",
                    tuple(fields), builder=make)


def default_speed(state: HalfState, unit: Unit) -> int:
    """The scenario's scripted speed for this turn, else last turn's, else 0."""
    if unit.speeds:
        return min(unit.speeds[min(state.turn, len(unit.speeds)) - 1], unit.max_speed)
    return min(max(unit.last, 0), unit.max_speed)


TURNS = (Choice(-1, "no turn"), *(Choice(h, f"face {HEADING_NAMES[h]}") for h in range(6)))


def _move(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    units = going(state) if state.stage != ZERO else state.of_player(player)
    fields: list[Field] = []
    for u in units:
        if state.stage != ZERO:
            fields.append(Field(f"way:{u.id}", f"{u.name} moves", FieldKind.CHOICE, "F",
                                choices=tuple(Choice(k, v) for k, v in WAY_LABELS.items())))
    for u in units:
        why = turn_problem(state, u)
        fields.append(Field(f"turn:{u.id}", f"{u.name} turns in place first (HET or TAC)",
                            FieldKind.CHOICE, -1, choices=tuple(
                                c if c.value == -1 or why is None else Choice(c.value, c.label, why)
                                for c in TURNS)))

    def make(v: Mapping[str, Value]) -> Action:
        moves = []
        for u in units:
            turn = _int(v.get(f"turn:{u.id}", -1))
            way = _text(v.get(f"way:{u.id}", "")) if state.stage != ZERO else ""
            if state.stage != ZERO or turn != -1:
                moves.append(UnitMove(u.id, way, turn))
        return Move(st, player, tuple(moves))
    return Decision(p, p.action, st, p.what[:1].upper() + p.what[1:], tuple(fields),
                    builder=make)


def _target(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    """Who acts at whom, in one field: every unit of the player with every target it may act
    at, and for the first of his units also those it may not, greyed with the reason."""
    st = p.station
    units = actors(state, player, step)
    pairs: list[tuple[str, str, str, str | None]] = []
    for n, u in enumerate(units):
        for t in state.on_map():
            why = target_problem(state, step, u, t)
            if why is None or (n == 0 and t.id != u.id):
                words = f"at {t.name}" if len(units) == 1 else f"{u.name} at {t.name}"
                pairs.append((u.id, t.id, words, why))
    done = "hold fire" if hostile(step) else "done"
    if step.does == Does.TRANSPORT:
        why_not = _tbomb_problem(state, p, units)
        pairs += [(u.id, TBOMB_TARGET, f"{u.name}: T-bomb at the hex below", why_not)
                  for u in units if any(ld.kind == TBOMB for ld in u.loads)]
        spot = _in_the_way(state)
        fields = (_pair_field("act", "transporters", done, pairs),
                  Field("col", "T-bomb column", FieldKind.INT, spot[0], 0, state.cols - 1),
                  Field("row", "T-bomb row", FieldKind.INT, spot[1], 0, state.rows - 1))

        def beam(v: Mapping[str, Value]) -> Action:
            unit, target = split(v["act"])
            return Transport(st, player, unit, target, _int(v["col"]), _int(v["row"]))
        return Decision(p, p.action, st, step.title, fields, builder=beam)

    def act(v: Mapping[str, Value]) -> Action:
        unit, target = split(v["act"])
        return Target(st, player, unit, target)
    label = "fire" if hostile(step) else "who, at whom"
    return Decision(p, p.action, st, step.title,
                    (_pair_field("act", label, done, pairs),), builder=act)


def _in_the_way(state: HalfState) -> tuple[int, int]:
    """The hex ahead of the moving unit (where a T-bomb would be laid in its way), else the
    map's corner."""
    moving = [state.unit(u) for u in state.moving_units()]
    if not moving:
        return 0, 0
    col, row = hex_to_offset(moving[0].pos.neighbor(moving[0].facing))
    return min(max(col, 0), state.cols - 1), min(max(row, 0), state.rows - 1)


def _tbomb_problem(state: HalfState, p: Prompt, units: tuple[Unit, ...]) -> str | None:
    if p.ship != state.moving_player:
        return ("a non-moving ship lays no T-bomb in another's way (lines 53-62); the "
                "Instructor may allow one")
    if not any(ld.kind == TBOMB and ld.count > 0 for u in units for ld in u.loads):
        return "no T-bomb left"
    return None


def _launch(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    units = actors(state, player, step)
    pairs = [(u.id, ld.name, f"{ld.name} ({ld.count})" if len(units) == 1 else
              f"{u.name}: {ld.name} ({ld.count})",
              None if ld.count > 0 else f"{u.name} has no {ld.name} left")
             for u in units for ld in u.loads if ld.kind in step.kinds]
    loads = [ld for u in actors(state, player, step) for ld in u.loads if ld.kind in step.kinds]
    first = next((ld for ld in loads if ld.count > 0), loads[0] if loads else None)
    fast = max([ld.speed for ld in loads] + [0])
    fields = (_pair_field("launch", "launch", "done", pairs),
              Field("count", "how many", FieldKind.INT, 1, 1,
                    max([ld.count for ld in loads] + [1])),
              Field("speed", "at speed", FieldKind.INT,
                    first.speed if first and first.kind not in HIDDEN_LOADS else 0, 0, fast))

    def make(v: Mapping[str, Value]) -> Action:
        unit, load = split(v["launch"])
        return Launch(st, player, unit, load, _int(v["count"]), _int(v["speed"]))
    return Decision(p, p.action, st, step.title, fields, builder=make)


def _land(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    pairs = [(u.id, s.id, f"{u.name} on {s.name}", None)
             for u in actors(state, player, step) for s in state.on_map()
             if s.kind == SHIP and s.pos == u.pos and s.side == u.side]

    def make(v: Mapping[str, Value]) -> Action:
        unit, on = split(v["land"])
        return Land(st, player, unit, on)
    return Decision(p, p.action, st, step.title,
                    (_pair_field("land", "land", "done", pairs),), builder=make)


def _remove(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    pairs = [(u.id, why, f"{u.name}: {why}", None)
             for u in actors(state, player, step) for why in step.kinds]

    def make(v: Mapping[str, Value]) -> Action:
        unit, why = split(v["leaves"])
        return Remove(st, player, unit, why)
    return Decision(p, p.action, st, step.title,
                    (_pair_field("leaves", "leaves the map", "done", pairs),), builder=make)


def _detect(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    return Decision(p, p.action, st, step.title, (
        _unit_field(actors(state, player, step), "done"),
        Field("reach", "within hexes", FieldKind.INT, 0, 0, MAX_REACH)),
        builder=lambda v: Detect(st, player, _text(v["unit"]), _int(v["reach"])))


def _note(state: HalfState, p: Prompt, step: Step, player: str) -> Decision:
    st = p.station
    units = actors(state, player, step)
    problems = {u.id: f"{u.name} has done that in this step already"
                for u in units if (u.id, "") in state.acted}
    return Decision(p, p.action, st, step.title, (
        _unit_field(units, "done", problems),),
        builder=lambda v: Announce(st, player, _text(v["unit"])))


Builder = Callable[[HalfState, Prompt, Step, str], Decision]
BUILDERS: dict[Does, Builder] = {
    Does.SPEEDS: _speeds, Does.MOVE: _move, Does.TARGET: _target, Does.TRANSPORT: _target,
    Does.LAUNCH: _launch, Does.LAND: _land, Does.REMOVE: _remove, Does.DETECT: _detect,
    Does.NOTE: _note}


def next_step(state: HalfState) -> Decision | None:
    """The Instructor's offer to end the step under way for everyone still to answer it (not
    a prompt: the game does not wait for it); None where it cannot be taken."""
    step = current_step(state)
    if state.over or current_roll(state) is not None or step is None or not state.waiting \
            or step.does in (Does.SPEEDS, Does.MOVE):
        return None
    prompt = Prompt(None, INSTRUCTOR, f"end {step.heading} for everyone", action="half_next")
    return Decision(prompt, "half_next", INSTRUCTOR, f"Next step: end {step.heading}", (),
                    builder=lambda v: NextStep(INSTRUCTOR), optional=True)


def controls(state: HalfState, seat: Seat) -> tuple[Decision, ...]:
    out = tuple(decision(state, p) for p in pending(state, seat))
    if seat.is_instructor and seat.ship is None:
        extra = next_step(state)
        if extra is not None:
            out += (extra,)
    return out
