"""The Sensor Phase as Book Two (seed 000_4373da4a9495c8f8.txt) describes it: Advanced, Sequence
Of Play step 3; Sensors Track; Sensors. Each test names the passage it checks."""

from __future__ import annotations

from typing import Any

import pytest
from test_fasa_advanced import act, game, power_for, ready, refused, roll

import engine
from engine import Seat
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.values.actions import DeclareFire, Sense, Target
from engine.rulesets.fasa.values.events import SensorAnswered, SensorLocked
from engine.rulesets.fasa.values.state import ADVANTAGE, MOVE, SENSE, FasaState, replace

SHIELDS = (3, 4, 0, 0, 0, 2)


def duel(level: str = "advanced") -> FasaState:
    """The Enterprise (Constitution) and a D-7A, full scale, 4 hexes apart."""
    return game(("ent", "constitution", "Federation", 4, 8, 1),
                ("kl", "d7a", "Klingon", 8, 8, 4), level=level, scale="1")


def to_sensors(state: FasaState, kl_arm: tuple[tuple[str, int], ...] = (("d1", 5),),
               kl_shields: tuple[int, ...] = SHIELDS) -> FasaState:
    """Power Allocation (the Klingon with 8 power to weapons, 9 to shields, 8 to movement) and
    the tactical advantage (the Klingon has it)."""
    state = ready(state, "ent", power_for(state, "ent", 2))
    state = ready(state, "kl", power_for(state, "kl", 2), 9, 8, kl_arm, kl_shields)
    while state.step == ADVANTAGE:
        state, _ = roll(state, 2 if engine.pending(state)[0].ship == "kl" else 1)
    return state


def sense(state: FasaState, ship: str, target: str, question: int = 0,
          detail: str = "") -> tuple[FasaState, list[Any]]:
    return act(state, Sense("science", ship, target, question, detail))


def report_of(state: FasaState, ship: str) -> Any:
    return next(r for r in state.reports if r.ship == ship)


def test_the_sensor_phase_follows_the_tactical_advantage_and_the_basic_game_has_none() -> None:
    """Sequence Of Play step 3: after the Tactical Advantage Phase, "Each player may designate one
    target vessel for a sensor lock"; the Science Officer operates the sensors (C&C)."""
    state = to_sensors(duel())
    assert state.step == SENSE
    prompts = engine.pending(state)
    assert {(p.ship, p.station, p.action) for p in prompts} == {
        ("ent", "science", "sense"), ("kl", "science", "sense")}
    refused(state, Sense("helm", "ent", "kl"), "is for Science")
    basic = to_sensors(duel("basic"))
    assert basic.step in (MOVE, "declare") and basic.phase == 1


@pytest.mark.parametrize(("value", "locked"), [(1, True), (6, True), (7, False), (10, False)])
def test_a_roll_of_1_to_6_obtains_a_lock(value: int, locked: bool) -> None:
    """Sensors: "A roll of 1-6 indicates that a sensor lock is obtained"."""
    state = to_sensors(duel())
    state, events = sense(state, "ent", "kl", 1)
    req = state.roll
    assert req is not None and (req.station, req.ship, req.needs) == ("science", "ent", (1, 6))
    assert not req.public  # the sensing side's roll
    state, events = roll(state, value)
    result = next(e for e in events if isinstance(e, SensorLocked))
    assert result.result == ("locked" if locked else "failed")
    assert state.ship("ent").lock == ("kl" if locked else "")
    assert any(isinstance(e, SensorAnswered) for e in events) == locked


def test_the_answers_are_the_targets_numbers_when_asked() -> None:
    """Sensors, the ten questions: each answer from the target as it stands."""
    state = to_sensors(duel())
    kl = state.ship("kl")
    ask = sensors.answer_of
    ent = state.ship("ent")
    assert ask(state, ent, kl, 1, "")[0] == (("power", kl.total_power),)
    # 8 to movement, 9 to shields, 8 to weapons: shields first, weapons and movement equal.
    assert ask(state, ent, kl, 2, "")[0] == (("order", "shields > weapons = movement"),)
    # Question 3: "How many shields are powered, the total number of shield points, and the
    # Shield Point Ratio": 3 powered, 9 points, 1/1 (D-7A).
    assert ask(state, ent, kl, 3, "")[0] == (("powered", 3), ("points", 9), ("ratio", "1/1"))
    assert ask(state, ent, kl, 4, "2")[0] == (("shield", 2), ("up", "yes"), ("points", 4))
    assert ask(state, ent, kl, 4, "4")[0] == (("shield", 4), ("up", "no"), ("points", 0))
    assert ask(state, ent, kl, 5, "beam")[0] == (("kind", "beam"), ("powered", 1), ("power", 5))
    assert ask(state, ent, kl, 5, "missile")[0] == (("kind", "missile"), ("powered", 0),
                                                    ("power", 0))
    assert ask(state, ent, kl, 6, "d1")[0] == (("weapon", "d1"), ("powered", "yes"), ("power", 5))
    assert ask(state, ent, kl, 6, "d2")[0] == (("weapon", "d2"), ("powered", "no"), ("power", 0))
    assert ask(state, ent, kl, 6, "pt1")[0][1] == ("powered", "no such weapon")
    assert dict(ask(state, ent, kl, 7, "")[0]) == {
        "engines": "undamaged", "shields": "undamaged", "weapons": "undamaged",
        "superstructure": "undamaged"}
    # Question 8 answers "only if one shield is down": shield 3 holds no points.
    assert ask(state, ent, kl, 8, "")[0] == (("alive", 100),)
    hurt = replace(kl, casualties=255, superstructure=kl.cls.superstructure // 2,
                   engines=(0,) + kl.engines[1:])
    assert ask(state, ent, hurt, 8, "")[0] == (("alive", 74),)
    status = dict(ask(state, ent, hurt, 7, "")[0])
    assert status["superstructure"] == "heavily damaged" and status["engines"] != "undamaged"
    shielded = replace(kl, shields=(1, 1, 1, 1, 1, 1))
    assert ask(state, ent, shielded, 8, "")[0] == (("alive", "no reading"),)
    assert ask(state, ent, kl, 9, "")[0] == (("transporters", "no"),)


def test_question_3_gives_the_ship_data_tables_shield_point_ratio_at_any_scale() -> None:
    """Line 316: "the Shield Point Ratio" — the player holds the Ship Data Table, which prints
    the Constitution's 1/2 (ships/constitution.toml); at the advanced game's 1/3 scale the ratio
    in play (1/6, line 488) is given beside it, never in its place."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 8, 8, 4))
    ent, kl = state.ship("ent"), state.ship("kl")
    assert ent.cls.scale != 1 and ent.cls.spr == (1, 6)
    shielded = replace(ent, shields=(3, 0, 0, 0, 0, 0))
    pairs, words = sensors.answer_of(state, kl, shielded, 3, "")
    assert dict(pairs) == {"powered": 1, "points": 3, "ratio": "1/2", "ratio_in_play": "1/6"}
    assert words == ("1 shield powered, 3 shield points, Shield Point Ratio 1/2 (1/6 at the 1/3 "
                     "scale of this game)")


def test_a_lock_gives_the_five_facts_and_the_answer_to_the_sensing_side_only() -> None:
    """Sensors: "the captain of the target vessel must give the captain of the sensing ship the
    following information" (five facts), then one question. Our views: the answer is the sensing
    side's; the target learns that it is locked (fact 5)."""
    state = to_sensors(duel())
    state, _ = sense(state, "ent", "kl", 3)
    state, events = roll(state, 4)
    report = report_of(state, "ent")
    assert report.target == "kl" and report.question == 3 and report.turn == 1
    assert report.facts[0].startswith("Klingon") and "D-7A" in report.facts[0]
    assert "Klingon life forms" in report.facts[1]  # a shield is down
    assert dict(report.answer) == {"powered": 3, "points": 9, "ratio": "1/1"}
    answered = next(e for e in events if isinstance(e, SensorAnswered))
    locked = next(e for e in events if isinstance(e, SensorLocked))
    for seat, told_answer in ((Seat("captain", "ent"), True), (Seat("helm", "kl"), False)):
        told = engine.events_for(state, events, seat)
        assert (answered in told) == told_answer
        assert locked in told
        seen = engine.view(state, seat)
        assert bool(seen["sensor_reports"]) == told_answer
        ent = next(s for s in seen["ships"] if s["id"] == "ent")
        assert ent["sensor_lock"] == "kl"
    seen = engine.view(state, Seat("science", "ent"))
    assert seen["sensor_reports"][0]["answer"] == {"powered": 3, "points": 9, "ratio": "1/1"}


def test_a_failed_lock_is_the_sensing_sides_alone() -> None:
    state = to_sensors(duel())
    state, _ = sense(state, "ent", "kl", 1)
    state, events = roll(state, 9)
    failed = next(e for e in events if isinstance(e, SensorLocked))
    assert failed in engine.events_for(state, events, Seat("science", "ent"))
    assert failed not in engine.events_for(state, events, Seat("science", "kl"))


def test_questions_that_name_something_must_name_it() -> None:
    state = to_sensors(duel())
    refused(state, Sense("science", "ent", "kl", 4, "7"), "names a shield")
    refused(state, Sense("science", "ent", "kl", 5, "phaser"), "beam or missile")
    refused(state, Sense("science", "ent", "kl", 6, "zz9"), "names a weapon")
    refused(state, Sense("science", "ent", "kl", 11), "numbered 1 to 10")
    refused(state, Sense("science", "ent", "kl", 3, "2"), "takes nothing more")
    refused(state, Sense("science", "ent", "ent", 3), "on our side")
    refused(state, Sense("science", "ent", "", 3), "without a sensor lock")
    refused(state, Sense("science", "ent", "zz", 3), "no ship")


def next_turn(state: FasaState) -> FasaState:
    """Play the rest of the turn with the autopilot, holding fire, to the next Sensor Phase."""
    turn = state.turn
    faces = 0
    while not (state.turn > turn and state.step == SENSE):
        prompt = engine.pending(state)[0]
        if prompt.roll is not None:
            faces += 1  # advantage rolls that never tie; misses otherwise
            state, _ = roll(state, 10 - faces % 2 if state.step != ADVANTAGE else faces % 10 + 1)
        elif prompt.action == "fire":
            state, _ = act(state, DeclareFire(prompt.station, prompt.ship, ()))
        elif prompt.action == "sense":
            state, _ = act(state, Sense(prompt.station, prompt.ship, ""))
        elif prompt.action in ("allocate_power", "arm_weapons",
                                                          "set_shields", "move"):
            state, _ = act(state, autopilot.decide(state, prompt))
        else:
            raise AssertionError(prompt)
    return state


@pytest.mark.slow
def test_a_lock_is_held_into_the_next_turn_without_a_roll() -> None:
    """Sensors: "The sensors remain locked on this target either until a lock is attempted on
    another ship, until the sensors are knocked out ..., or until the target ship's weapons
    successfully hit the ship with the lock". A held lock asks again without a roll."""
    state = to_sensors(duel())
    state, _ = sense(state, "ent", "kl", 1)
    state, _ = roll(state, 2)
    state, _ = sense(state, "kl", "")
    state = next_turn(state)
    assert state.ship("ent").lock == "kl" and not state.ship("ent").sensed
    decision = next(d for d in engine.controls(state, Seat("science", "ent")))
    assert decision.defaults()["target"] == "kl"
    state, events = sense(state, "ent", "kl", 4, "2")
    assert state.roll is None
    assert next(e for e in events if isinstance(e, SensorLocked)).result == "held"
    assert report_of(state, "ent").question == 4 and report_of(state, "ent").turn == 2


def test_a_hit_from_the_target_breaks_the_lock() -> None:
    """Sensors: the lock holds "until the target ship's weapons successfully hit the ship with
    the lock, whether or not the sensors are damaged"."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4), scale="1")
    state = ready(state, "ent", 0)
    state = ready(state, "kl", 0, 0, 5, (("d1", 5),))
    state, _ = roll(state, 2, 1)
    state, _ = sense(state, "ent", "kl")
    state, _ = roll(state, 1)
    state, _ = sense(state, "kl", "")
    assert state.ship("ent").lock == "kl"
    while state.step != "declare":
        prompt = engine.pending(state)[0]
        state, _ = act(state, autopilot.decide(state, prompt))
    state, _ = act(state, DeclareFire("helm", "kl", (Target("d1", "ent"),)))
    state, _ = roll(state, 1)  # the hit
    assert state.ship("ent").lock == ""


@pytest.mark.slow
def test_sensors_out_cannot_lock_and_lose_the_lock() -> None:
    """Sensors Track: DMGD 1 / DMGD 2; "ships weaponry are not allowed to fire" and the lock goes
    when "the sensors are knocked out"."""
    state = to_sensors(duel())
    state, _ = sense(state, "ent", "kl")
    state, _ = roll(state, 1)
    state, _ = sense(state, "kl", "")
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, sensors_out=2))
    state = next_turn(state)
    assert state.ship("ent").lock == ""
    assert [p.ship for p in engine.pending(state)] == ["kl"]  # the Enterprise cannot sense
    refused(state, Sense("science", "ent", "kl"), "has used its sensors")


def test_a_new_attempt_drops_the_old_lock_even_when_it_fails() -> None:
    """Sensors: "until a lock is attempted on another ship ... Only one ship may be 'locked in'
    at a time"."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 8, 8, 4), ("kl2", "d7a", "Klingon", 9, 4, 4), scale="1")
    for ship in ("ent", "kl", "kl2"):
        state = ready(state, ship, 0)
    state, _ = roll(state, 1, 2, 3)
    state = state.with_ship(replace(state.ship("ent"), lock="kl"))
    state, _ = sense(state, "ent", "kl2")
    state, _ = roll(state, 10)
    assert state.ship("ent").lock == ""


def test_controls_legal_actions_and_the_autopilot_cover_the_sensor_phase() -> None:
    state = to_sensors(duel())
    seat = Seat("science", "ent")
    (decision,) = engine.controls(state, seat)
    assert decision.action == "sense"
    assert decision.defaults()["target"] == "kl"
    values = decision.field_named("question").values()
    assert "4:6" in values and "5:missile" in values and "6:d1" in values and "10" in values
    assert engine.problem(state, decision.make({"question": "6:d2"})) is None
    action = decision.make({"question": "4:2"})
    assert action == Sense("science", "ent", "kl", 4, "2")
    assert engine.problem(state, decision.make({"question": "bogus"})) is not None
    listed = legal.legal_actions(state, seat)
    assert Sense("science", "ent", "") in listed and all(engine.problem(state, a) is None
                                                         for a in listed)
    pick = autopilot.decide(state, engine.pending(state, seat)[0])
    assert pick == Sense("science", "ent", "kl", 3, "")
