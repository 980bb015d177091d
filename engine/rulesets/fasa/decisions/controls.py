"""The FASA decisions with their limits, for panels and screens (`engine.controls`).

Each field's bounds come from the rule that `apply` enforces, so a stepper that stays within them
builds an action the rules accept, but for what depends on several fields at once (a budget, a
path blocked by an obstacle, a target out of arc), which `problem` explains:

- power: Book Two, Expert: Engineering Display (total power), C&C: Power To Movement Track (whole
  movement points), Expert: Damage Control Display (what the shields can hold);
- arming: Expert: Weapons Display; Advanced: Romulan Plasma Bolts (a set charge);
- shields: Expert: Damage Control Display;
- movement: Advanced: Moving The Starship Silhouette Counters (emergency heading changes and
  reverse movement at the advanced level);
- fire: Advanced: Firing Weapons; Expert: Weapon Damaged;
- evading a missile: Advanced: Evading Missile Fire;
- the sensors: Advanced: Sequence Of Play step 3; Sensors (a lock, then one of ten questions).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action, RollResult
from engine.controls import Budget, Choice, Decision, Field, FieldKind, Together, Value
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.arcs import arc_words
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.command import admiral, helm_rolls, orders, ruling
from engine.rulesets.fasa.data.ships import WeaponSpec
from engine.rulesets.fasa.decisions import presets
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.rule import Make
from engine.rulesets.fasa.sensing import cloak, sensors, sensors_rating
from engine.rulesets.fasa.sensing.cloak import has_cloak
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    ARC_SCAN_ARCS,
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    ChooseDamagedWeapon,
    DeclareFire,
    SelfDestruct,
    Sense,
    SetShields,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.options import limit_label
from engine.rulesets.fasa.values.state import ACTIVE, MOVE, FasaState, Ship
from engine.stations import INSTRUCTOR, Seat, title
from engine.words import plural

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def controls(state: FasaState, seat: Seat) -> tuple[Decision, ...]:
    """One decision for each prompt `seat` faces now, made as that seat's station."""
    return (tuple(decision(state, prompt, seat.station) for prompt in pending(state, seat))
            + ruling.offer(state, seat))  # C&C: the Instructor may end the game (ruling.py)


def decision(state: FasaState, prompt: Prompt, station: str) -> Decision:
    if prompt.roll is not None:
        return _roll(prompt, station)
    if prompt.action == "fleet_orders":  # an optional rule: the Admiral's (admiral.py)
        return admiral.decision(state, prompt, station)
    assert prompt.ship is not None  # every other FASA decision belongs to a ship
    ship = state.ship(prompt.ship)
    own = variant_tables.of(state).controls.get(prompt.action)  # a variant's (values/variant_tables.py)
    if own is not None:
        return own(state, ship, prompt, station)
    make = _MAKERS[prompt.action]
    return make(state, ship, prompt, station)


def _int(v: Value) -> int:
    """A field value passed on as it is: a value of the wrong type is refused by the kernel's
    type check with a reason (`problem`), never raised here."""
    return cast(int, v)


def _roll(prompt: Prompt, station: str) -> Decision:
    req = prompt.roll
    assert req is not None

    def build(v: Mapping[str, Value]) -> Action:
        # A die typed in at the table is "manual"; the Instructor setting another station's roll
        # is an override, and logged as one (docs/rules-decisions.md, Crews).
        return RollResult(station, _int(v["value"]),
                          "override" if station == INSTRUCTOR else "manual")

    value = Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides)
    return Decision(prompt, "roll", station, req.purpose, (value,), (), build)


def _allocate(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    total = ship.total_power
    step = ship.cls.movement_step

    cost = ship.cls.cloak_cost if has_cloak(state, ship) else 0

    def build(v: Mapping[str, Value]) -> Action:
        return AllocatePower(station, ship.id, _int(v["movement"]), _int(v["shields"]),
                             _int(v["weapons"]), _int(v.get("cloak", 0)))

    fields: tuple[Field, ...] = (
        Field("movement", f"Power to movement ({ship.cls.mpr[0]} per "
                          f"{plural(ship.cls.mpr[1], 'movement point')})", FieldKind.INT, 0, 0,
              total // step * step, step),
        Field("shields", "Power to shields", FieldKind.INT, 0, 0,
              min(total, shield_power_cap(ship))),
        Field("weapons", "Power to weapons", FieldKind.INT, 0, 0, min(total, weapon_cap(ship))),
    )
    if cost and cost <= total:
        # Advanced: Romulan Cloaking Device: its power, and no weapons in the same turn.
        fields += (Field("cloak", f"Power to the cloaking device ({cost}; then no weapons this "
                                  "turn)", FieldKind.INT, 0, 0, cost, cost),)
    together: tuple[Together, ...] = ()
    if len(fields) == 4:   # a cloaked ship cannot fire (`power.allocate`): weapons or the cloak
        weapons = fields[2].values()
        together = (Together(("weapons", "cloak"), (*((w, 0) for w in weapons), (0, cost)),
                             "a cloaked ship cannot fire: power to weapons or to the cloak, "
                             "not both"),)
    budget = Budget(tuple(f.name for f in fields), total, "Total power available")
    return Decision(prompt, "allocate_power", station,
                    f"{title(station)}: allocate {ship.name}'s power", fields, (budget,), build,
                    presets=presets.allocation_presets(state, ship, station, fields, total),
                    together=together)


def _arm(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert ship.allocation is not None
    # C&C: under hold fire the Helmsman arms nothing (line 1101; orders.py).
    budget = 0 if orders.arm_problem(state, ship, True) else ship.allocation.weapons
    fields = []
    for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True):
        if w.damaged:
            continue
        if spec.kind == "beam":
            fields.append(Field(spec.id, f"{spec.name} (1 to {spec.max_power})", FieldKind.INT,
                                0, 0, min(spec.max_power, budget)))
        else:
            most = spec.arm_power if spec.arm_power <= budget else 0
            fields.append(Field(spec.id, f"{spec.name} (arms with {spec.arm_power})",
                                FieldKind.INT, 0, 0, most, max(1, spec.arm_power)))
    names = tuple(f.name for f in fields)

    def build(v: Mapping[str, Value]) -> Action:
        return ArmWeapons(station, ship.id, tuple(WeaponPower(n, _int(v[n])) for n in names
                                                  if v.get(n) != 0))

    return Decision(prompt, "arm_weapons", station,
                    f"{title(station)}: arm {ship.name}'s weapons{orders.note(state, ship)}",
                    tuple(fields), (Budget(names, budget, "Power to weapons"),), build,
                    presets=presets.arming_presets(state, ship, station, fields, budget))


def _shields(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert ship.allocation is not None
    points = ship.cls.shield_points(ship.allocation.shields)
    cap = ship.cls.max_shield_points
    fields = tuple(
        Field(name, f"Shield {n}" + (" (generator damaged)" if n in ship.shields_damaged else ""),
              FieldKind.INT, 0, 0, 0 if n in ship.shields_damaged else min(cap, points))
        for n, name in enumerate(SHIELD_FIELDS, 1))

    def build(v: Mapping[str, Value]) -> Action:
        p = [_int(v[n]) for n in SHIELD_FIELDS]
        return SetShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))

    return Decision(prompt, "set_shields", station, f"{title(station)}: set {ship.name}'s shields",
                    fields, (Budget(SHIELD_FIELDS, points, "Shield points available"),), build,
                    presets=presets.shield_presets(state, ship, station, fields, points))


def _fire(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    fields = []
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        choices = [Choice(None, "hold fire")]
        for target in state.ships:
            if target.side == ship.side:
                continue
            why = orders.fire_problem(state, ship) or combat.shot_problem(state, ship, spec, target)
            need = _need(state, ship, spec, target)
            choices.append(Choice(target.id, target.name, why or None, need,
                                  note=_reach(ship, target) if need is not None else ""))
        fields.append(Field(spec.id, spec.name, FieldKind.CHOICE, None, choices=tuple(choices)))
    names = tuple(f.name for f in fields)
    if helm_rolls.applies(state, ship):  # C&C: the weaponry roll (lines 1115, 1461)
        fields.append(helm_rolls.weaponry_field(state, ship))

    def build(v: Mapping[str, Value]) -> Action:
        return DeclareFire(station, ship.id, tuple(Target(n, cast(str, v[n])) for n in names
                                                   if v.get(n) is not None),
                           bool(v.get("weaponry", False)))

    limit = limit_label(state.setup.options)
    return Decision(prompt, "fire", station,
                    f"{title(station)}: declare {ship.name}'s targets{limit}",
                    tuple(fields), (), build, irreversible=True,
                    presets=presets.fire_presets(state, ship, station, fields, names))


def _reach(ship: Ship, target: Ship) -> str:
    """Where a target the firing side sees lies from the firer: its range and the firer's arc
    (Advanced: Firing Arcs), said beside the odds before it is chosen."""
    return (f"range {distance(ship.pos, target.pos)}, "
            f"{arc_words(ship.pos, ship.heading, target.pos)}")


def _need(state: FasaState, ship: Ship, spec: WeaponSpec, target: Ship) -> int | None:
    """What a shot at `target` needs to hit (`combat.need_to_hit`: the Firing Chart at the range,
    the firer's emergency heading change, a detected cloaked target), 0 when it cannot hit at that
    range; None for a target the firing side does not know the place of (Advanced: Romulan
    Cloaking Device, seed lines 399-403: "it may not fire into a hex hoping a successfully cloaked
    ship is there"), or one out of play: nothing here may tell where it is."""
    if not combat.targetable(target) or hidden_from(state, target, ship.side, ship.id):
        return None
    return combat.need_to_hit(state, ship, spec, distance(ship.pos, target.pos), target)


def _choose(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    candidates = combat.weapons_hit_candidates(ship, firer, state.hit.kind)
    choices = tuple(Choice(w, ship.cls.weapon(w).name) for w in candidates)

    def build(v: Mapping[str, Value]) -> Action:
        return ChooseDamagedWeapon(station, ship.id, cast(str, v["weapon"]))

    field = Field("weapon", "Which weapon is damaged", FieldKind.CHOICE,
                  candidates[0] if candidates else None, choices=choices)
    return Decision(prompt, "choose_damaged_weapon", station,
                    f"{title(station)}: which of {ship.name}'s weapons is damaged", (field,), (),
                    build)


def _question_choices(state: FasaState, ship: Ship, default: str | None) -> list[Choice]:
    """The sensor questions the ship may ask of `default` (the ship it locks on; None: only the
    scan for cloaked ships): "4:2" asks whether shield 2 is up, "5:beam" how the beam weapons
    are powered, "6:<weapon id>" whether that weapon is powered."""
    questions = [Choice("0", "no question")]
    for n, text in sensors.QUESTIONS.items():
        if default is None and n != cloak.SCAN_QUESTION:
            continue  # no ship to lock on: only the scan for cloaked ships can be asked
        if n == cloak.SCAN_QUESTION and default is None and not sensors.may_scan(state, ship):
            continue  # the scan is made (advanced: a roll of its own, line 399)
        if n == 4:
            questions += [Choice(f"4:{d}", f"4. Is shield {d} up?") for d in sensors.SHIELD_DETAILS]
        elif n == 5:
            questions += [Choice(f"5:{d}", f"5. How are the {d} weapons powered?")
                          for d in sensors.KIND_DETAILS]
        elif n == 6:
            named: dict[str, str] = {}
            for other in state.ships:
                if other.side != ship.side:
                    for spec in other.cls.weapons:
                        named.setdefault(spec.id, f"{other.cls.name}'s {spec.name}")
            questions += [Choice(f"6:{w}", f"6. Is the {label} powered?")
                          for w, label in named.items()]
        else:
            questions.append(Choice(str(n), f"{n}. {text}"))
    return questions


def _sense(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The ship to lock on (the lock held needs no roll; by default the lock held, else the
    nearest enemy) and the question with what it names: "4:2" asks whether shield 2 is up,
    "5:beam" how the beam weapons are powered, "6:<weapon id>" whether that weapon is powered."""
    targets = [Choice(None, "no sensor lock")]
    lockable = []
    for target in state.ships:
        # The lock is used: the scan is left (but a lock tried again mid-turn, C&C line 1249).
        if target.side == ship.side or (ship.sensed and state.step != MOVE):
            continue
        why = sensors.lock_problem(state, ship, target)
        held = " (locked: no roll)" if ship.lock == target.id else ""
        if (ship.officers and target.cloaked and sensors_rating.cloak_target(ship, target)
                and state.step != MOVE):
            # C&C: a cloaked ship's movement, at +20 (or held by a plain roll), line 1213
            targets.append(Choice(target.id, f"{target.name}'s movement (cloaked, "
                                  f"{'plain roll' if target.id == ship.cloak_lock else '+20'})"))
            continue
        targets.append(Choice(target.id, target.name + held, why or None))
        if not why:
            lockable.append(target)
    default = ship.lock if any(t.id == ship.lock for t in lockable) else (
        min(lockable, key=lambda t: (distance(ship.pos, t.pos), t.id)).id if lockable else None)
    # C&C: a crewed ship names a cloaked ship's movement, or none; questions come later (`_ask`)
    # Expert: the questions come in the Movement Phases (line 777; `sensors.phase_question`).
    questions = [Choice("0", "no question")] if ship.officers or not sensors.phase_question(
        state) else _question_choices(state, ship, default)

    def build(v: Mapping[str, Value]) -> Action:
        target, asked = v["target"], v["question"]
        number, _, detail = asked.partition(":") if isinstance(asked, str) else ("", "", "")
        return Sense(station, ship.id, "" if target is None else cast(str, target),
                     int(number) if number.isdigit() else -1, detail)

    fields = (
        Field("target", (f"Sensor lock (1-{sensors.LOCK_ROLL} on a d10)"
                         + ("" if sensors.phase_question(state)
                            else "; questions come in the Movement Phases")) if not ship.officers
              else "Sensor lock (a SENSORS roll; questions come in the Movement Phases)",
              FieldKind.CHOICE,
              default, choices=tuple(targets)),
        Field("question", "Question to ask if the lock holds", FieldKind.CHOICE,
              str(cloak.SCAN_QUESTION) if ship.sensed else "0", choices=tuple(questions)),
    )
    # A question needs a lock first; without one only the scan for cloaked ships may be asked
    # (`sensors.sense`), while it is still open.
    scan = str(cloak.SCAN_QUESTION)
    unlocked = ("0", scan) if sensors.may_scan(state, ship) else ("0",)
    pairs = tuple((t.value, q.value) for t in targets for q in questions
                  if t.value is not None or q.value in unlocked)
    return Decision(prompt, "sense", station, f"{title(station)}: {ship.name}'s sensors", fields,
                    (), build, together=(Together(("target", "question"), pairs,
                                                  "a question needs a sensor lock (without one: "
                                                  "only the scan for cloaked ships)"),))


def _self_destruct(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Hold (the default) or destruct: the ship explodes at once, which no panel can take back
    (Advanced: Ship Explosions)."""
    choices: tuple[Choice, ...] = (Choice("hold", "hold"), Choice("destruct", "DESTRUCT"))
    if rescues.in_play(state):  # an optional rule: Rescues During Combat
        choices += (Choice(rescues.ABANDON, "ABANDON",
                           rescues.abandon_problem(state, ship) or None),)

    def build(v: Mapping[str, Value]) -> Action:
        return SelfDestruct(station, ship.id, cast(str, v["order"]))

    label = ("Self-destruct or abandon ship (no undo)" if rescues.in_play(state)
             else "Self-destruct (no undo)")
    field = Field("order", label, FieldKind.CHOICE, "hold",
                  choices=choices)
    return Decision(prompt, "self_destruct", station,
                    f"{title(station)}: {ship.name}'s self-destruct order", (field,), (), build,
                    irreversible=True, optional=ship.status == ACTIVE)


def _arc_scan(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The arc to scan for cloaked ships in this Movement Phase, or none (Expert: Romulan
    Cloaking Device, lines 781-787; `arc_scan.py`): forward by default."""
    choices = tuple(Choice(a, a or "no scan this phase") for a in ARC_SCAN_ARCS)

    def build(v: Mapping[str, Value]) -> Action:
        return ArcScan(station, ship.id, cast(str, v["arc"]))

    field = Field("arc", "Arc to scan (1-5 on a d10 finds a cloaked ship there that moved last "
                         "turn)", FieldKind.CHOICE, "forward", choices=choices)
    return Decision(prompt, "arc_scan", station,
                    f"{title(station)}: {ship.name}'s scan for cloaked ships", (field,), (),
                    build)


def _ask(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """A Movement Phase's sensor question about the locked ship, before the ship moves (Expert:
    Sensors, lines 707-717, 777; `sensor_ask.py`): the Sensor Phase's questions, 1 to 9, or none.
    """
    # The questions about the ship locked on (the Sensor Phase's lock is used by now, so they
    # come from the lock, not from `_sense`'s targets; C&C, line 1219, asks them here too).
    choices = tuple(c for c in _question_choices(state, ship, ship.lock or None)
                    if not str(c.value).startswith("10"))

    def build(v: Mapping[str, Value]) -> Action:
        asked = v["question"]
        number, _, detail = asked.partition(":") if isinstance(asked, str) else ("", "", "")
        return AskSensor(station, ship.id, int(number) if number.isdigit() else -1, detail)

    field = Field("question", f"Question about {state.ship(ship.lock).name}", FieldKind.CHOICE,
                  "0", choices=choices)
    return Decision(prompt, "ask", station,
                    f"{title(station)}: {ship.name}'s sensor question before it moves", (field,),
                    (), build)


_MAKERS_BASE: dict[str, Make] = {
    "allocate_power": _allocate,
    "arm_weapons": _arm,
    "set_shields": _shields,
    "fire": _fire,
    "choose_damaged_weapon": _choose,
    "sense": _sense,
    "self_destruct": _self_destruct,
    "arc_scan": _arc_scan,
    "ask": _ask,
}
_MAKERS: dict[str, Make] = rules.every_rule(_MAKERS_BASE, lambda r: r.controls)
"""Each decision's fields and limits, by its kind: those not yet declared by their rules here,
and those a rule declares with its module (`rule.Rule.controls`)."""
