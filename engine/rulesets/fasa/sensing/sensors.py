"""The Sensor Phase: sensor locks, the five facts and the ten questions (Book Two, Advanced:
Sequence Of Play step 3; Sensors Track; Sensors).

"Each player may designate one target vessel for a sensor lock. He rolls one die; on a roll of 1
through 6, a sensor lock is obtained." A lock gives five facts and "one of the following ten
questions"; "The sensors remain locked on this target either until a lock is attempted on another
ship, until the sensors are knocked out by enemy fire, or until the target ship's weapons
successfully hit the ship with the lock ... Only one ship may be 'locked in' at a time."
Question 10 asked without a lock is the scan for cloaked ships of the Romulan Cloaking Device
(`cloak.py`).

The Science Officer operates the sensors (C&C: "The Science Officer/Navigator is responsible for
the information gathering and processing represented by the operation of the ship's sensors";
Expanding For More Players keeps the sensors with Science). The answers are honest numbers from
the state as it stands in the Sensor Phase, kept for the sensing side only (views.py). Choices
where the text is silent are in docs/rules-decisions.md (The advanced game).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.data.ships import scale_ratio
from engine.rulesets.fasa.firing.combat import request, targetable
from engine.rulesets.fasa.firing.hiding import in_sensor_shadow
from engine.rulesets.fasa.levels import expert, scan_is_own_roll
from engine.rulesets.fasa.sensing import cloak
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import SensorAnswered, SensorLocked
from engine.rulesets.fasa.values.shaken import sensors_dark
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, SensorReport, Ship, replace
from engine.words import plural

LOCK_ROLL = 6
"""A d10 roll of 1 to 6 obtains a sensor lock (Advanced: Sequence Of Play step 3; Sensors)."""

QUESTIONS: dict[int, str] = {
    1: "How much power is available?",
    2: "What is the relative power allocation?",
    3: "How are the shields powered?",
    4: "Is a specific shield up?",
    5: "How are the weapons powered? (beam or missile)",
    6: "Is a specific weapon powered?",
    7: "How much damage has the vessel taken?",
    8: "What is the status of the ship's life forms?",
    9: "Are any transporters powered?",
    10: "Are any cloaked Romulan vessels detected?",
}
"""The ten sensor questions (Advanced: Sensors), by number; 0 asks none."""
SHIELD_DETAILS = tuple(str(n) for n in range(1, 7))
KIND_DETAILS = ("beam", "missile")


EXPERT_NO_QUESTION = ("at the expert levels the questions are asked in the Movement Phases (one "
                      "in each): the lock is named alone here (question 0)")


def phase_question(state: FasaState) -> bool:
    """Whether the Sensor Phase's lock carries a question: at the advanced level ("one of the
    following ten questions", Advanced: Sensors). At the expert levels it does not: "Ship sensors
    operate as they do in the basic and advanced games, with the exception that once a sensor
    lock is obtained, one sensor question may be asked in each Movement Phase" (line 777; "If a
    lock is obtained, the player with the lock may ask one question about his target in each
    Movement Phase", line 707): the Movement Phases' questions take the place of the Sensor
    Phase's, so a lock gives one a Movement Phase (five a turn), not six (docs/rules-decisions.md,
    Expert). The scan for cloaked ships (question 10 without a lock) stays the advanced level's.
    A variant may ask one each Sensors Phase at every level (Battlestations!, seed 001 lines
    90-92: `Variant.sensor_question`)."""
    return not expert(state.level) or variant_tables.of(state).sensor_question


def prompt_words(state: FasaState, ship: Ship) -> str:
    """What the Sensor Phase asks of the ship's Science, in words for the prompt."""
    if ship.officers:
        return (f"sensors of {ship.name}: lock on an enemy or name a cloaked ship's movement (a "
                "SENSORS roll), or keep the lock held")
    ask = " and ask one question" if phase_question(state) else ""
    return f"sensors of {ship.name}: lock on an enemy (1-{LOCK_ROLL}){ask}, or keep the lock held"


def may_sense(state: FasaState, ship: Ship) -> bool:
    """A ship uses its sensors this Sensor Phase if it is in play, has not yet, and an enemy is
    on the map to sense. A ship whose sensors are out has used them already (`start`): that
    its sensors are out stays its own side's secret, while who is busy is seen by all."""
    return ship.status == ACTIVE and (may_lock(state, ship) or may_scan(state, ship))


def may_lock(state: FasaState, ship: Ship) -> bool:
    """The lock (or the lock held, or none) is still to be chosen, and there is a ship to lock
    on (for a crewed ship, a cloaked enemy's movement to name too: C&C, line 1213). A cloaked
    ship's choice is open while an enemy is on the map that is not cloaked, whether or not that
    enemy is in a sensor shadow (line 327) as seen from where the cloaked ship is: its Sensor
    Phase must not tell another side where it is (docs/rules-decisions.md, "Sensor shadows"); the
    lock on a ship in the shadow is refused, and "none" is left."""
    return not ship.sensed and any(
        lockable(state, ship, t) or (t.side != ship.side and targetable(t) and (
            (bool(ship.officers) and t.cloaked) or (ship.cloaked and not t.cloaked)))
        for t in state.ships)


def may_scan(state: FasaState, ship: Ship) -> bool:
    """The scan for cloaked ships is still open: at the advanced level a roll of its own in each
    Sensors Phase, beside the lock (line 399); at the levels above it takes the sensors' one use
    (line 781)."""
    if expert(state.level):
        return False  # Expert: the scan is made by arcs in the Movement Phases (arc_scan.py)
    return not scan_done(state, ship) and cloak.enemies_cloaked(state, ship)


def scan_done(state: FasaState, ship: Ship) -> bool:
    """Whether the ship has used this Sensor Phase's scan (or, above the advanced level, its
    sensors). A scan with no enemy cloaked may still be made: it finds nothing."""
    return ship.scanned if scan_is_own_roll(state.level) else ship.sensed


def start(state: FasaState) -> FasaState:
    """The Sensor Phase begins: a ship whose Sensor Counter is on DMGD can neither lock nor
    scan; a lock held on a ship now in an obstacle's sensor shadow is gone (line 327: "Objects
    in the shadow do not register on the sensors")."""
    # C&C: sensors or a Science Officer shaken, or no power, likewise (shaken.py).
    ships = tuple(replace(s, sensed=True, scanned=True)
                  if s.sensors_out or sensors_dark(state, s) else s for s in state.ships)
    state = replace(state, ships=ships)
    return replace(state, ships=tuple(
        replace(s, lock="") if s.lock and in_sensor_shadow(state, s, state.ship(s.lock)) else s
        for s in state.ships))


def lockable(state: FasaState, ship: Ship, target: Ship) -> bool:
    return not lock_problem(state, ship, target)


def lock_problem(state: FasaState, ship: Ship, target: Ship) -> str:
    """Why `ship` cannot lock on `target`, or "". Sensor range is the whole map."""
    if target.side == ship.side:
        return f"{target.name} is on our side"
    if not targetable(target):
        return f"{target.name} is {target.status}"
    if target.cloaked:
        # Romulan Cloaking Device: "impossible to spot with sensors unless the Romulan vessel
        # moves" (then a scan, question 10 without a lock, may detect where it is).
        return f"{target.name} is cloaked: sensors cannot lock on it"
    if in_sensor_shadow(state, ship, target):
        # Line 327: "Objects in the shadow do not register on the sensors."
        return f"{target.name} is in the sensor shadow of an obstacle: sensors cannot lock on it"
    return ""


def question_problem(state: FasaState, question: int, detail: str) -> str:
    """Why `question` with `detail` cannot be asked, or "". Question 6 may name any weapon of the
    ships in the game: asked of a ship without it, the answer says so."""
    if question not in QUESTIONS and question != 0:
        return f"the questions are numbered 1 to {len(QUESTIONS)}, not {question}"
    if question == 4:
        if detail not in SHIELD_DETAILS:
            return "question 4 names a shield, 1 to 6"
    elif question == 5:
        if detail not in KIND_DETAILS:
            return "question 5 names the weapon type: beam or missile"
    elif question == 6:
        if detail not in weapon_ids(state):
            return f"question 6 names a weapon, not {detail!r}"
    elif detail:
        return f"question {question} takes nothing more, not {detail!r}"
    return ""


def weapon_ids(state: FasaState) -> frozenset[str]:
    return frozenset(w.id for s in state.ships for w in s.cls.weapons)


def sense(state: FasaState, ship: Ship, target_id: str, question: int, detail: str,
          who: str = "Science") -> tuple[FasaState, list[Event]]:
    """The sensing ship's choice: no lock, the lock it holds (a new question, no roll), or a lock
    on another ship (a roll; the old lock is gone either way); or the scan for cloaked ships
    (question 10 without a lock). At the advanced level the scan is a roll of its own beside the
    lock (line 399), so a ship may do both in one Sensor Phase, in either order, and the scan
    costs no lock; "no lock, no question" ends the ship's use of its sensors for the phase."""
    if ship.sensed and ship.scanned:
        raise IllegalAction(f"{who}: {ship.name} has used its sensors this turn")
    if ship.sensors_out:
        raise IllegalAction(f"{who}: {ship.name}'s sensors are out")
    own_scan = scan_is_own_roll(state.level)
    if not target_id and question == cloak.SCAN_QUESTION and not detail:
        if scan_done(state, ship):
            raise IllegalAction(f"{who}: {ship.name} has "
                                + ("scanned this turn" if own_scan else
                                   "used its sensors this turn"))
        used = replace(ship, scanned=True) if own_scan else replace(ship, sensed=True)
        return cloak.scan(state.with_ship(used), ship)
    if not target_id and not question and not detail:
        if not may_sense(state, ship):
            raise IllegalAction(f"{who}: {ship.name} has used its sensors this turn")
        done = state.with_ship(replace(ship, sensed=True, scanned=True))
        if ship.sensed:  # the lock is used: this passes the scan (told to the ship's side only)
            return done, [SensorLocked(ship.id, ship.name, "", "", "no scan")]
        return done, [SensorLocked(ship.id, ship.name, "", "", "none")]
    if ship.sensed:
        raise IllegalAction(f"{who}: {ship.name} has used its sensor lock this turn")
    if question and not phase_question(state):
        raise IllegalAction(f"{who}: {EXPERT_NO_QUESTION}")
    if not target_id:
        raise IllegalAction(f"{who}: without a sensor lock no question can be asked but "
                            f"{cloak.SCAN_QUESTION} (the scan for cloaked ships)")
    if not state.has_ship(target_id):
        raise IllegalAction(f"{who}: there is no ship {target_id!r}")
    target = state.ship(target_id)
    why = lock_problem(state, ship, target) or question_problem(state, question, detail)
    if why:
        raise IllegalAction(f"{who}: {why}")
    ship = replace(ship, sensed=True, lock_tried=True)
    if ship.lock == target_id:
        state = state.with_ship(ship)
        return report(state, ship, target, question, detail,
                       [SensorLocked(ship.id, ship.name, target.id, target.name, "held")])
    state = state.with_ship(replace(ship, lock=""))
    state = replace(state, asking=(ship.id, target_id, question, detail))
    # Expert: casualties modify "all die rolls" (line 853), the lock's too.
    # The casualty modifier is the expert level's hook (`die_bonus`, skills/casualties.py).
    level = hooks.of(state)
    need = max(0, LOCK_ROLL - level.die_bonus(state, ship))
    state, ev = request(state, ship.id, Duty.SENSORS,
                        f"sensor lock of {ship.name} on {target.name}: 1-{need} locks"
                        f"{level.die_words(state, ship)}", (1, need),
                        modifiers=level.die_terms(state, ship))
    return state, [ev]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """The lock roll: 1-6 locks, and the facts and the answer follow."""
    assert len(state.asking) == 4
    ship_id, target_id, question, detail = state.asking
    state = replace(state, asking=(), roll=None)
    if not target_id:
        return cloak.on_scan_roll(state, state.ship(ship_id), value)
    ship, target = state.ship(ship_id), state.ship(target_id)
    if value > max(0, LOCK_ROLL - hooks.of(state).die_bonus(state, ship)):
        return state, [SensorLocked(ship.id, ship.name, target.id, target.name, "failed")]
    ship = replace(ship, lock=target.id)
    state = state.with_ship(ship)
    return report(state, ship, target, question, detail,
                   [SensorLocked(ship.id, ship.name, target.id, target.name, "locked")])


def report(state: FasaState, ship: Ship, target: Ship, question: int, detail: str,
            events: list[Event]) -> tuple[FasaState, list[Event]]:
    """The five facts and the answer to `question`, kept as the sensing ship's latest report."""
    facts = five_facts(state, ship, target)
    answer, words = answer_of(state, ship, target, question, detail)
    text = "; ".join(facts) + (f". Q{question}: {words}" if question else "")
    made = SensorReport(state.turn, ship.id, target.id, question, detail, facts, answer, text)
    reports = tuple(r for r in state.reports if r.ship != ship.id) + (made,)
    return replace(state, reports=reports), [*events, SensorAnswered(ship.id, ship.name,
                                                                      target.name, text)]


def shields_down(target: Ship) -> bool:
    """A shield is down: one of the six holds no points."""
    return any(p == 0 for p in target.shields)


def five_facts(state: FasaState, ship: Ship, target: Ship) -> tuple[str, ...]:
    """What the target's captain must give (Advanced: Sensors, facts 1-5)."""
    cls = target.cls
    life = (f"{cls.race} life forms" if shields_down(target)
            else "life forms unknown: its shields are all up")
    others = [s for s in state.ships if s.lock == target.id and s.id != ship.id]
    return (f"{cls.race} {cls.kind}, {cls.name}", life, "composition: steel",
            "composition status: solid",
            f"other enemy sensors locked on it: {'yes' if others else 'no'}")


def _ratio(spr: tuple[int, int]) -> str:
    f = Fraction(spr[0], spr[1])
    return f"{f.numerator}/{f.denominator}"


def _status(now: int, full: int) -> str:
    """Approximate status (question 7): the share of what the ship had that is left."""
    if full <= 0 or now >= full:
        return "undamaged"
    share = Fraction(max(now, 0), full)
    if share >= Fraction(2, 3):
        return "lightly damaged"
    if share >= Fraction(1, 3):
        return "heavily damaged"
    return "crippled"


Answer = tuple[tuple[tuple[str, int | str], ...], str]
"""A sensor question's answer: (name, value) pairs and the same in words."""


def answer_of(state: FasaState, ship: Ship, target: Ship, question: int,
              detail: str) -> Answer:
    """The answer to `question` (Advanced: Sensors, the ten questions, seed 000 lines 314-323),
    as (name, value) pairs and in words, from the target as it stands now: question 0 asks
    nothing, 1-9 are read from the target (`_ANSWERS`), and the scan for cloaked ships (10) is
    the cloak's answer."""
    if question == 0:
        return (), ""
    answer = _ANSWERS.get(question)
    if answer is None:
        return cloak.detected_answer(state, ship)
    return answer(target, detail)


def _power(target: Ship, detail: str) -> Answer:
    return (("power", target.total_power),), f"{target.total_power} power units available"


def _allocation(target: Ship, detail: str) -> Answer:
    alloc = target.allocation
    parts = {"weapons": 0, "shields": 0, "movement": 0}
    if alloc is not None:
        parts = {"weapons": alloc.weapons, "shields": alloc.shields,
                 "movement": alloc.movement}
    order = sorted(parts, key=lambda k: -parts[k])
    words = order[0]
    for prev, k in itertools.pairwise(order):
        words += (" = " if parts[k] == parts[prev] else " > ") + k
    return (("order", words),), f"power allocation, greatest first: {words}"


def _shields(target: Ship, detail: str) -> Answer:
    # "How many shields are powered, the total number of shield points, and the Shield
    # Point Ratio" (line 316): the ratio as the Ship Data Table prints it (the ship file's,
    # full scale), and beside it the ratio in play when the game is scaled (line 488).
    cls = target.cls
    powered = sum(1 for p in target.shields if p > 0)
    total = sum(target.shields)
    ratio = _ratio(scale_ratio(cls.spr, 1 / cls.scale))
    pairs: tuple[tuple[str, int | str], ...] = (
        ("powered", powered), ("points", total), ("ratio", ratio))
    words = (f"{plural(powered, 'shield')} powered, {plural(total, 'shield point')}, "
             f"Shield Point Ratio {ratio}")
    if cls.scale != 1:
        in_play = _ratio(cls.spr)
        pairs += (("ratio_in_play", in_play),)
        words += f" ({in_play} at the {cls.scale} scale of this game)"
    return pairs, words


def _shield(target: Ship, detail: str) -> Answer:
    points = target.shields[int(detail) - 1]
    up = "yes" if points > 0 else "no"
    return (("shield", int(detail)), ("up", up), ("points", points)), \
        f"shield {detail} up: {up}, {plural(points, 'point')}"


def _weapons_of_kind(target: Ship, detail: str) -> Answer:
    kinds = ("beam",) if detail == "beam" else ("missile", "plasma")
    armed = [w for spec, w in zip(target.cls.weapons, target.weapons, strict=True)
             if spec.kind in kinds and w.power > 0]
    power = sum(w.power for w in armed)
    return ((("kind", detail), ("powered", len(armed)), ("power", power)),
            f"{plural(len(armed), detail + ' weapon')} powered with {power} power")


def _weapon(target: Ship, detail: str) -> Answer:
    if detail not in {w.id for w in target.cls.weapons}:
        return (("weapon", detail), ("powered", "no such weapon"), ("power", 0)), \
            f"{target.name} has no weapon {detail}"
    i = target.weapon_index(detail)
    power = target.weapons[i].power
    up = "yes" if power > 0 else "no"
    name = target.cls.weapons[i].name
    return (("weapon", detail), ("powered", up), ("power", power)), \
        f"{name} powered: {up}, {power} power"


def _damage(target: Ship, detail: str) -> Answer:
    cls = target.cls
    working_weapons = sum(1 for w in target.weapons if not w.damaged)
    status = (("engines", _status(target.total_power, cls.total_power)),
              ("shields", _status(6 - len(target.shields_damaged), 6)),
              ("weapons", _status(working_weapons, len(cls.weapons))),
              ("superstructure", _status(target.superstructure, cls.superstructure)))
    return status, ", ".join(f"{k} {v}" for k, v in status)


def _crew(target: Ship, detail: str) -> Answer:
    if not shields_down(target):
        return (("alive", "no reading"),), "no reading: its shields are all up"
    alive = 100 - -(-target.casualties // 10)
    return (("alive", alive),), f"{alive}% of the crew alive"


def _transporters(target: Ship, detail: str) -> Answer:
    # The game has no transporters: none is ever powered (docs/rules-decisions.md).
    return (("transporters", "no"),), "no transporters powered"


_ANSWERS: dict[int, Callable[[Ship, str], Answer]] = {
    1: _power, 2: _allocation, 3: _shields, 4: _shield, 5: _weapons_of_kind, 6: _weapon,
    7: _damage, 8: _crew, 9: _transporters,
}
"""Questions 1-9 (Advanced: Sensors, seed 000 lines 314-322), each read from the target alone."""


