"""Firing, declared once (Book Two, Advanced: Sequence Of Play, Firing Phase steps 7-9, seed 000
lines 256-260: "Any player who desires to fire an armed weapon declares his target. The player with
the tactical advantage declares his targets last"; "The first player determines weapon hits and
damage using the Weapon Firing Sequence from the basic game"; Expert step 9, line 721;
`combat.py` is the rule itself, this its part in the game: `rule.Rule`).

A Firing Phase is two steps: `declare`, in which each ship that has a shot, in the order of the
tactical advantage (the ship with it last), declares its targets at its Weapons station; then
`resolve`, in which each declared shot is rolled and lands. At every level.

Declared here: the `fire` decision (its step, what it does, its legal actions, its fields with
each target's odds and the panels' preset, the autopilot's shots, what another side is told), the
two steps' words, the `declare` step's flow (a ship with no legal shot is passed over, and once
the queue is empty the fire is resolved) and its prompt. Command & Control changes the declaration
through its level's hooks (`hooks.Hooks.fire_problem`, `weaponry_problem`, `weaponry_field`,
`declared`; `layers/command_hooks.py`): the Helmsman fires on his Captain's order (line 1101) and
may ask his weaponry roll (lines 1115, 1461).

The combat roll (to-hit, hit location, damage: the basic game's Weapon Firing Sequence, line 258)
is declared here as the owner of every roll no other rule claims (`rolls_otherwise`): a shot's
rolls come in the resolve step, a mine's in the blasts' step, so it is no one step's.

The `resolve` step's flow is declared in `phases/fire_resolution_rule.py`, for the import
layers' sake: it ends the Firing Phase (`phases/phase_end.py`), which reads the movement order and
the panels' reset, above `firing/` (docs/engine.md, "The flow of a turn").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Preset, Value
from engine.errors import IllegalAction
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.arcs import arc_words
from engine.rulesets.fasa.data.ships import WeaponSpec
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_BASIC,
    Disclosure,
    Flow,
    Result,
    RollOwner,
    Rule,
    Told,
    in_turn,
)
from engine.rulesets.fasa.values.actions import DeclareFire, Target
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.options import limit_label
from engine.rulesets.fasa.values.state import ACTIVE, DECLARE, RESOLVE, FasaState, Ship, replace
from engine.stations import title

GOOD_SHOT = 5
"""The autopilot fires early only when a roll of 1 to 5 or better hits; in the last two phases
it fires anything."""
HIT_PRESET, HIT_LABEL = "hit", "Every weapon that can hit"
"""The fire decision's preset: each ready weapon at the enemy it is likeliest to hit (the
panels' other presets are the Power Allocation Phase's, `engineering/power_presets.py`)."""


def _always(state: FasaState) -> bool:
    return True


def _declaring(state: FasaState) -> Flow:
    queue = state.queue
    while queue and not combat.has_shot(state, state.ship(queue[0])):
        queue = queue[1:]
    state = replace(state, queue=queue)
    if queue:
        return state, [], True
    return replace(state, step=RESOLVE), [], False


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The ship first in the queue declares its targets."""
    ship = state.ship(state.queue[0])
    return (Prompt(ship.id, state.station_for(ship.id, Duty.WEAPONS),
                   f"declare targets for {ship.name}", None, "fire"),)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, DeclareFire)
    done = hooks.of(state).declared(state, ship, action, station)  # C&C: the Helmsman's
    state, events = done if done is not None else _declare(state, ship, action, station)
    declared = state.shots[len(state.shots) - len(action.shots):]
    # The advanced game offers each missile's target its evasion (`firing/evasion.py`).
    return hooks.of(state).after_declaration(replace(state, queue=state.queue[1:]),
                                             declared), events


def _declare(state: FasaState, ship: Ship, action: DeclareFire, station: str) -> Result:
    """The targets declared, with no weaponry roll to ask (a player crew's, C&C)."""
    if action.weaponry and action.shots:
        raise IllegalAction(
            f"{station}: {hooks.of(state).weaponry_problem(state, ship, len(action.shots))}")
    return combat.declare(state, ship, action.shots, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    weaponry = hooks.of(state).weaponry_problem
    return [DeclareFire(station, ship.id, s, w) for s in fire_options(state, ship)
            for w in (False, True)
            if not w or not weaponry(state, ship, len(s))]


def fire_options(state: FasaState, ship: Ship) -> list[tuple[Target, ...]]:
    """Hold fire; each single shot; every weapon at each target it can reach."""
    singles = []
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        for target in state.ships:
            if not combat.shot_problem(state, ship, spec, target):
                singles.append(Target(spec.id, target.id))
    out: list[tuple[Target, ...]] = [()]
    if hooks.of(state).fire_problem(state, ship):  # C&C: no fire without the Captain's order
        return out
    out += [(s,) for s in singles]
    for target_id in dict.fromkeys(t.target for t in singles):
        volley = combat.trim_to_fire_limits(ship, tuple(s for s in singles
                                                        if s.target == target_id),
                                            state.setup.options.fire_limit)
        if len(volley) > 1:
            out.append(volley)
    return out


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """A field for each ready weapon: hold fire or an enemy ship, each with what the shot needs
    to hit and where it lies (a shot cannot be taken back, holding fire can); C&C's weaponry
    roll when the ship has one to ask."""
    fields = []
    level = hooks.of(state)
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        choices = [Choice(None, "hold fire")]
        for target in state.ships:
            if target.side == ship.side:
                continue
            why = level.fire_problem(state, ship) or combat.shot_problem(state, ship, spec, target)
            need = need_for(state, ship, spec, target)
            choices.append(Choice(target.id, target.name, why or None, need,  # a shot: no undo
                                  note=_reach(ship, target) if need is not None else "",
                                  irreversible=True))
        fields.append(Field(spec.id, spec.name, FieldKind.CHOICE, None, choices=tuple(choices)))
    names = tuple(f.name for f in fields)
    weaponry = level.weaponry_field(state, ship)  # C&C: the weaponry roll (lines 1115, 1461)
    if weaponry is not None:
        fields.append(weaponry)

    def build(v: Mapping[str, Value]) -> Action:
        return DeclareFire(station, ship.id, tuple(Target(n, cast(str, v[n])) for n in names
                                                   if v.get(n) is not None),
                           bool(v.get("weaponry", False)))

    limit = limit_label(state.setup.options)
    return Decision(prompt, "fire", station,
                    f"{title(station)}: declare {ship.name}'s targets{limit}",
                    tuple(fields), (), build,
                    presets=_presets(state, ship, station, fields, names))


def _reach(ship: Ship, target: Ship) -> str:
    """Where a target the firing side sees lies from the firer: its range and the firer's arc
    (Advanced: Firing Arcs), said beside the odds before it is chosen."""
    return (f"range {distance(ship.pos, target.pos)}, "
            f"{arc_words(ship.pos, ship.heading, target.pos)}")


def need_for(state: FasaState, ship: Ship, spec: WeaponSpec, target: Ship) -> int | None:
    """What a shot at `target` needs to hit (`combat.need_to_hit`: the Firing Chart at the range,
    the firer's emergency heading change, a detected cloaked target), 0 when it cannot hit at that
    range; None for a target the firing side does not know the place of (Advanced: Romulan
    Cloaking Device, seed lines 399-403: "it may not fire into a hex hoping a successfully cloaked
    ship is there"), or one out of play: nothing here may tell where it is."""
    if not combat.targetable(target) or hooks.of(state).hidden(state, target, ship.side, ship.id):
        return None
    return combat.need_to_hit(state, ship, spec, distance(ship.pos, target.pos), target)


def _presets(state: FasaState, ship: Ship, station: str, fields: Sequence[Field],
             weapons: Sequence[str]) -> tuple[Preset, ...]:
    """"Every weapon that can hit" for Helm's fire `fields` (those named in `weapons` one a
    weapon, its choices the targets with what each shot needs; any other, such as C&C's
    weaponry roll, left at its default), checked with the rule itself (`combat.declare`)."""
    best: dict[str, tuple[int, str]] = {}
    for f in fields:
        if f.name not in weapons:
            continue
        hits = [c for c in f.choices if c.problem is None and c.need and isinstance(c.value, str)]
        if hits:
            top = max(hits, key=lambda c: c.need or 0)   # max keeps the first on a tie
            best[f.name] = (top.need or 0, str(top.value))
    order = sorted(best, key=lambda n: -best[n][0])   # the likeliest first
    while order:
        shots = tuple(Target(n, best[n][1]) for n in order)
        try:
            combat.declare(state, ship, shots, title(station))
        except IllegalAction as exc:
            if len(order) == 1:
                return (Preset(HIT_PRESET, HIT_LABEL, (), str(exc)),)
            order.pop()   # a fire limit: the least likely shot left out
            continue
        chosen = {n: best[n][1] for n in order}   # every field: the others hold fire
        return (Preset(HIT_PRESET, HIT_LABEL, tuple(
            (f.name, chosen.get(f.name) if f.name in weapons else f.default) for f in fields)),)
    return (Preset(HIT_PRESET, HIT_LABEL, (), "no weapon can hit an enemy ship now"),)

def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    level = hooks.of(state)
    shots = () if level.fire_problem(state, ship) else _shots(state, ship)
    return DeclareFire(station, ship.id, shots,
                       bool(shots) and not level.weaponry_problem(state, ship, len(shots)))


def _shots(state: FasaState, ship: Ship) -> tuple[Target, ...]:
    """Fire each ready weapon at the enemy still fighting that it hits best (a disabled ship is
    already out of the battle); hold long shots until the last phases."""
    out: list[tuple[int, Target]] = []
    late = state.phase >= state.phases - 1
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        options = []
        for target in _known_enemies(state, ship):
            if not combat.shot_problem(state, ship, spec, target):
                need = combat.need_to_hit(state, ship, spec, distance(ship.pos, target.pos),
                                          target)
                options.append((need, target.id))
        if not options:
            continue
        need, target_id = max(options)
        if need >= GOOD_SHOT or late:
            out.append((need, Target(spec.id, target_id)))
    # Under a firing limit (options.py) the likeliest hits go first.
    out.sort(key=lambda p: -p[0])
    return combat.trim_to_fire_limits(ship, tuple(t for _, t in out),
                                      state.setup.options.fire_limit)


def _known_enemies(state: FasaState, ship: Ship) -> list[Ship]:
    """Enemies in play whose place the ship's side knows (a cloaked one not detected is not
    among them: Advanced, Romulan Cloaking Device, the `hidden` hook)."""
    hidden = hooks.of(state).hidden
    return [s for s in state.ships if s.side != ship.side and s.status == ACTIVE
            and not hidden(state, s, ship.side, ship.id)]


RULE = Rule(
    name="Firing: declaring targets and resolving fire (Advanced: Sequence Of Play, "
         "lines 256-260)",
    levels=LEVELS_FROM_BASIC,
    step_of={"fire": DECLARE},
    step_words={DECLARE: "a Firing Phase (declaring targets)",
                RESOLVE: "a Firing Phase (resolving fire)"},
    steps={DECLARE: _declaring},
    rolls_otherwise=RollOwner("the basic game: to-hit, hit location, damage", _always,
                              combat.on_roll),
    prompts={DECLARE: _prompts},
    decisions={"fire": in_turn(_decide)},
    options={"fire": _options},
    controls={"fire": _controls},
    autopilot={"fire": _autopilot},
    disclosure={"fire": Disclosure(Told.ACTS, "declaring targets")},
)
