"""The revised sensors (Battlestations!, 01B, seed 001 lines 127-176; 01A-3, lines 88-93): the
lock roll, what holds and breaks a lock, the automatic information, the nine questions as the
seed's italics answer them, and the gamemaster's answers for a body on the map."""

from __future__ import annotations

import pytest

from engine.controls import Decision
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.events import SensorLocked
from engine.rulesets.fasa.values.state import (
    DESTROYED,
    Allocation,
    FasaState,
    Weapon,
    replace,
)
from engine.rulesets.fasa.variants.battlestations import lock, questions
from tests.engine.fasa.variants.battlestations.helpers import game

PLANET = {"name": "Cestus III", "col": 10, "row": 12, "well": 2, "kind": "planet",
          "mass": "0.9 Earth masses", "composition": "rock and iron", "state": "solid",
          "life": "humans, about 5,000"}


def locked(state: FasaState, question: int = 0, detail: str = "", value: int = 1,
           target: str = "kronos") -> tuple[FasaState, list[object]]:
    """The Enterprise tries a lock on `target` with `question`, and rolls `value`."""
    state, events = lock.sense(state, state.ship("enterprise"), target, question, detail)
    if state.asking:
        state, more = lock.on_roll(state, value)
        events = [*events, *more]
    return state, list(events)


def report(state: FasaState) -> str:
    return next(r.text for r in state.reports if r.ship == "enterprise")


def test_a_lock_is_a_roll_of_one_to_six_across_the_whole_map() -> None:
    """Line 133: "A roll of 1-6 indicates that a sensor lock is obtained"; line 131: "sensor
    range is the entire mapsheet" (the duel's ships start 13 hexes apart)."""
    state = game()
    assert state.ship("enterprise").pos.distance(state.ship("kronos").pos) > 10
    assert lock.lock_need(state, state.ship("enterprise"), state.ship("kronos")) == 6
    now, _ = locked(state, value=6)
    assert now.ship("enterprise").lock == "kronos"
    now, events = locked(state, value=7)
    assert now.ship("enterprise").lock == ""
    assert any(isinstance(e, SensorLocked) and e.result == "failed" for e in events)


def test_the_roll_asked_names_its_need_and_from_a_well_it_is_one_to_four() -> None:
    """Line 193: from inside a well, "Sensor lock on any ship outside the gravity well now
    occurs on a roll of 1-4"."""
    state = game(bodies=[{**PLANET, "col": 9, "row": 10}])
    state, _ = lock.sense(state, state.ship("enterprise"), "kronos", 0, "")
    assert state.roll is not None and state.roll.needs == (1, 4)
    assert "1-4 locks" in state.roll.purpose
    failed, _ = lock.on_roll(state, 5)
    assert failed.ship("enterprise").lock == ""


def test_a_lock_held_needs_no_roll_and_asks_again() -> None:
    """Line 90: "Captains with a lock from a previous turn do not need to reroll, unless
    switching the sensor lock to a different vessel"."""
    state, _ = locked(game())
    state = replace(state, ships=tuple(replace(s, sensed=False) for s in state.ships))
    state, events = lock.sense(state, state.ship("enterprise"), "kronos", 1, "")
    assert state.roll is None and not state.asking
    assert any(isinstance(e, SensorLocked) and e.result == "held" for e in events)
    assert "Q1:" in report(state)


def test_a_lock_breaks_when_switched_knocked_out_or_hit_by_its_target() -> None:
    """Line 133: "The sensors remain locked until a lock is attempted on another ship, until the
    sensors are knocked out by enemy fire, or until the target ship's weapons successfully hit
    the locking ship ... Only one ship may be 'locked on' at a time." """
    state, _ = locked(game())
    ent = state.ship("enterprise")
    assert lock.lock_broken(state, ent) == ""
    assert lock.after_hit(ent, "kronos").lock == ""
    assert lock.after_hit(ent, "someone-else").lock == "kronos"
    assert "knocked out" in lock.lock_broken(state, replace(ent, sensors_out=1))
    gone = state.with_ship(replace(state.ship("kronos"), status=DESTROYED))
    assert "destroyed" in lock.lock_broken(gone, ent)
    # Attempting a lock on another target (here: the roll asked) drops the one held.
    assert lock.needs_roll(ent, "other") and not lock.needs_roll(ent, "kronos")


def test_one_use_of_the_sensors_a_sensors_phase() -> None:
    state, _ = locked(game())
    with pytest.raises(IllegalAction, match="used its sensors"):
        lock.sense(state, state.ship("enterprise"), "kronos", 1, "")
    with pytest.raises(IllegalAction, match="numbered 1 to 9"):
        lock.sense(game(), game().ship("enterprise"), "kronos", 10, "")


def test_the_automatic_information() -> None:
    """Lines 139-144: class; the majority race and approximate number of the crew "if the
    target's shields are down"; the name of the class and ship type; whether the target is
    locking its sensors on the sensing ship."""
    state = game()
    ent, foe = state.ship("enterprise"), state.ship("kronos")
    up = replace(foe, shields=(3,) * 6, lock="enterprise")
    facts = questions.automatic_information(ent, up)
    assert facts == ("class: Light Cruiser", "crew: unknown, its shields are up",
                     "name of class and type: D-7M Class Light Cruiser",
                     "locking its sensors on us: yes")
    down = replace(foe, shields=(3, 0, 3, 3, 3, 3), casualties=250)
    assert questions.automatic_information(ent, down)[1] == "crew: Klingon, about 320"
    assert questions.automatic_information(ent, down)[3] == "locking its sensors on us: no"


def _answer(state: FasaState, q: int, detail: str = "") -> str:
    return questions.answer(state, state.ship("enterprise"), state.ship("kronos"), q, detail)[1]


def test_the_nine_answers_in_the_seeds_italics() -> None:
    """A1-A9 (lines 160-176)."""
    state = game()
    foe = state.ship("kronos")
    foe = replace(foe, allocation=Allocation(movement=4, shields=8, weapons=6),
                  shields=(2, 2, 0, 2, 2, 2), weapons=(Weapon(power=2),) + foe.weapons[1:])
    state = state.with_ship(foe)
    assert _answer(state, 1) == f"{foe.total_power} power units available"              # A1
    assert _answer(state, 2) == "power allocation, greatest first: shields > weapons > movement"
    assert _answer(state, 3).startswith("5 shields powered, 10 shield points")          # A3
    assert _answer(state, 4, "3") == "shield 3 up: no, 0 points"                        # A4
    assert _answer(state, 5, "beam") == "1 beam weapon powered with 2 power"           # A5
    assert _answer(state, 6, foe.cls.weapons[0].id).endswith("powered: yes, 2 power")  # A6
    assert _answer(state, 9) == "no transporters powered"                               # A9


def test_a2_names_the_cloak_of_a_ship_that_has_one() -> None:
    """A2 (line 162): "weapons, shields, movement, and cloak (if any)"."""
    state = game()
    foe = state.ship("kronos")
    cls = replace(foe.cls, cloak_cost=4)
    state = state.with_ship(replace(foe, cls=cls, allocation=Allocation(2, 6, 0, cloak=4)))
    assert _answer(state, 2) == "power allocation, greatest first: shields > cloak > movement " \
                                "> weapons"


def test_a7_gives_percentages() -> None:
    """A7 (line 172): "the percentage of power remaining in the engines, operational shield
    generators, operational weapons, and the superstructure"."""
    state = game()
    foe = state.ship("kronos")
    half = tuple(p // 2 for p in foe.engines)
    ss = foe.cls.superstructure
    hurt = replace(foe, engines=half, shields_damaged=frozenset({1, 2, 3}),
                   weapons=tuple(Weapon(damaged=i == 0) for i in range(len(foe.weapons))),
                   superstructure=ss // 4)
    words = _answer(state.with_ship(hurt), 7)
    engines = round(100 * sum(half) / foe.cls.total_power)
    weapons = round(100 * (len(foe.weapons) - 1) / len(foe.weapons))
    assert words == (f"engines {engines}%, shields 50%, weapons {weapons}%, "
                     f"superstructure {round(100 * (ss // 4) / ss)}%")


def test_a8_only_through_the_shield_between_the_ships_when_it_is_down() -> None:
    """Q8 (line 173): "this question must be answered only if the target ship's shield between
    it and the sensing ship is down"; A8: "The percentage of the vessel's full crew that are
    still alive"."""
    state = game()
    ent, foe = state.ship("enterprise"), state.ship("kronos")
    (facing, *_) = questions.facing_shields(ent, foe)
    other = 1 + facing % 6
    shields = tuple(0 if n == other else 5 for n in range(1, 7))
    up = state.with_ship(replace(foe, shields=shields, casualties=150))
    assert _answer(up, 8).startswith("not answered: its shield")
    shields = tuple(0 if n == facing else 5 for n in range(1, 7))
    down = state.with_ship(replace(foe, shields=shields, casualties=150))
    assert _answer(down, 8) == f"85% of the crew alive (shield {facing} is down)"


def test_the_gamemaster_tells_what_is_known_of_a_body() -> None:
    """Lines 146-151: "Mass and size", "Composition", "Status of that composition", "The type of
    lifeforms present, if known, and their approximate number"."""
    state = game(bodies=[PLANET])
    state, _ = locked(state, target="body:Cestus III")
    text = report(state)
    assert "mass: 0.9 Earth masses; size: unknown" in text
    assert "composition: rock and iron" in text and "status of the composition: solid" in text
    assert "life forms: humans, about 5,000" in text
    assert state.ship("enterprise").lock == ""  # a body is not a ship to be locked on
    with pytest.raises(IllegalAction, match="no body"):
        lock.sense(game(bodies=[PLANET]), game().ship("enterprise"), "body:Vulcan", 0, "")


def test_the_panel_offers_each_target_with_its_roll_and_the_nine_questions() -> None:
    state = game(bodies=[PLANET])
    ent = state.ship("enterprise")
    prompt = Prompt("enterprise", "science", "use the sensors", None, "sense")
    decision = lock.sense_controls(state, ent, prompt, "science")
    assert isinstance(decision, Decision)
    target, question = decision.fields
    labels = [c.label for c in target.choices]
    assert "IKS Kronos One (1-4)" in labels  # the Enterprise (9, 12) is in the planet's well
    assert any(label.startswith("Cestus III, planet") for label in labels)
    assert target.default == "kronos"
    assert len([c for c in question.choices if c.value != "0"]) >= 9
    action = decision.builder({"target": "kronos", "question": "4:2"})
    assert isinstance(action, Sense)
    assert (action.target, action.question, action.detail) == ("kronos", 4, "2")
    options = lock.sense_options(state, ent)
    assert ("", 0, "") in options and ("body:Cestus III", 0, "") in options
    assert {q for t, q, _ in options if t == "kronos"} == set(range(10))


@pytest.mark.slow
@pytest.mark.parametrize("level", ["advanced", "command"])
def test_the_sensors_prompt_says_the_revised_lock(level: str) -> None:
    """The Sensors Phase asks for the variant's lock (one die, 1-6, less from a well: lines 133,
    193) and its question (line 92) at every level: not FASA's SENSORS roll of the command level
    nor its cloaked ship's movement, which the card does not offer."""
    import engine
    from companion.dice import VirtualDice
    from engine.rulesets.fasa.autopilots import autopilot

    state: engine.GameState = game(level, variant="battlestations")
    dice = VirtualDice(2)
    for _ in range(400):
        prompt = engine.pending(state)[0]
        if prompt.action == "sense":
            break
        state, _ = engine.apply(state, dice.roll(prompt.roll) if prompt.roll
                                else autopilot.decide(state, prompt))  # type: ignore[arg-type]
    else:
        raise AssertionError("no Sensors Phase")
    assert "1-6 on a d10, less from a gravity well" in prompt.what
    assert "SENSORS roll" not in prompt.what and "cloaked" not in prompt.what
