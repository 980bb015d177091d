"""Book Two's Expert Starship Tactics (seed 000_4373da4a9495c8f8.txt, `cat -n` lines 575-873):
each worked example and rule figure, a test citing its lines."""

from __future__ import annotations

from typing import Any

import pytest
from test_fasa_fidelity import act, roll

import engine
from engine import RollResult, Seat
from engine.dice import Die
from engine.errors import DataError
from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.firing.explosions import blast_damage
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.levels import location_chunks
from engine.rulesets.fasa.moving.stress import apply_stress, stress_of
from engine.rulesets.fasa.skills import skill_roll
from engine.rulesets.fasa.skills.casualties import casualty_modifier
from engine.rulesets.fasa.values.actions import ArcScan, AskSensor, Move, SkillBonus
from engine.rulesets.fasa.values.events import CloakScanned, Damaged, RatingsSet, SensorAnswered, SkillRolled
from engine.rulesets.fasa.values.state import (
    MOVE,
    POWER,
    RATINGS,
    RESOLVE,
    SCAN,
    SKILL,
    FasaState,
    Shot,
    replace,
)

CLASSES = setup.ship_dicts(None)


def game(*ships: tuple[Any, ...], rated: bool = True, warp: int | None = None) -> FasaState:
    """An expert game of `ships` (id, class, side, col, row, heading); rated ships have the
    ratings 60 (skill) and 70 (efficiency) from the scenario unless `rated` is False."""
    entries = []
    for n, s in enumerate(ships):
        entry: dict[str, Any] = {"id": s[0], "name": s[0].upper(), "class": s[1], "side": s[2],
                                 "col": s[3], "row": s[4], "heading": s[5]}
        if rated:
            entry |= {"skill": 60 + n, "efficiency": 70}
        entries.append(entry)
    scenario: dict[str, Any] = {"id": "test", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                                "ships": entries}
    if warp is not None:
        scenario["warp"] = warp
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, level="expert"))
    assert isinstance(state, FasaState)
    return state


def duel(**kw: Any) -> FasaState:
    return game(("ent", "constitution", "Federation", 5, 8, 0),
                ("kl", "d7a", "Klingon", 5, 3, 3), **kw)


# -- Full values (lines 639-643) -------------------------------------------------------------------

def test_the_expert_game_uses_the_full_values() -> None:
    """"EXPERT STARSHIP TACTICS uses the full values, those printed in normal type and NOT
    preceded by the designation TAC" (line 643): the Constitution's warp engines at 20 each."""
    state = duel()
    assert state.scale == 1
    assert state.ship("ent").engines[:2] == (20, 20)
    assert state.ship("ent").superstructure == CLASSES["constitution"]["superstructure"]


# -- Ratings (lines 675-695) -----------------------------------------------------------------------

def test_ratings_are_three_dice_and_45_from_48_to_75_rolled_by_the_captain() -> None:
    """"For each rating, roll the die 3 times, add the rolls together, and then add 45. This
    gives numbers between 48 and 75" (line 685): rolled before the first Power Allocation Phase,
    logged as rolls, the ship's side's to know."""
    state = duel(rated=False)
    assert state.step == RATINGS
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.ship == "ent" and prompt.station == "captain"
    assert "Skill Rating" in prompt.what and not prompt.roll.public
    state, events = roll(state, 1, 1, 1, 1, 1, 1)
    assert (state.ship("ent").skill, state.ship("ent").efficiency) == (48, 48)
    assert [e for e in events if isinstance(e, RatingsSet)] == [
        RatingsSet("ent", "ENT", 48, 48)]
    state, _ = roll(state, 10, 10, 10, 3, 3, 3)
    assert (state.ship("kl").skill, state.ship("kl").efficiency) == (75, 54)
    assert state.step == POWER
    # The enemy's seats are told neither the rolls nor the ratings.
    klingon = Seat("captain", "kl")
    assert not any(isinstance(e, RatingsSet) and e.ship == "ent"
                   for e in engine.events_for(state, events, klingon))
    seen = {s["id"]: s for s in engine.view(state, klingon)["ships"]}
    assert "skill_rating" not in seen["ent"] and seen["kl"]["skill_rating"] == 75


def test_a_scenario_may_give_the_ratings_and_they_are_checked() -> None:
    state = duel()
    assert state.step == POWER and state.ship("kl").skill == 61
    entry = {"id": "a", "class": "constitution", "side": "F", "col": 1, "row": 1, "heading": 0,
             "skill": 76}
    other = {"id": "b", "class": "d7a", "side": "K", "col": 5, "row": 5, "heading": 0}
    with pytest.raises(DataError, match="skill must be a whole number 48 to 75"):
        engine.new_game(setup.build_scenario({"id": "bad", "ships": [entry, other]}, CLASSES,
                                             level="expert"))


def test_the_higher_skill_rating_has_the_tactical_advantage_for_the_whole_game() -> None:
    """"the Captain with the greater Skill Rating has the tactical advantage for the entire
    game" (line 679), "with the advantage descending in order" (line 695): no roll."""
    state = duel()  # ent 60, kl 61
    state = to_skill_phase(state)
    state = settle_skill(state)
    assert state.advantage == ("ent", "kl")


# -- Skill Roll Phase (lines 689, 701-703) ---------------------------------------------------------

def to_skill_phase(state: FasaState) -> FasaState:
    from test_fasa_fidelity import ready
    for s in state.ships:
        state = ready(state, s.id, 0)
    assert state.step == SKILL
    return state


def settle_skill(state: FasaState, *values: int) -> FasaState:
    """Roll the Skill Rolls (`values`, else 99: no bonus) and take no bonus."""
    faces = list(values)
    while state.step == SKILL:
        (prompt, *_) = engine.pending(state)
        if prompt.roll is not None:
            state, _ = roll(state, faces.pop(0) if faces else 99)
        else:
            state, _ = act(state, SkillBonus(prompt.station, prompt.ship or "", "none"))
    return state


def test_the_skill_roll_is_percentile_dice_against_the_crew_efficiency_rating() -> None:
    """Line 703: "If the roll is less than or equal to the rating, he may choose one bonus to
    apply for this game turn" — a d100 request that names what it needs."""
    state = to_skill_phase(duel())
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.kind == Die.D100
    assert prompt.roll.needs == (1, 70) and "efficiency 70" in prompt.what
    state, events = roll(state, 70)
    assert any(isinstance(e, SkillRolled) and e.success for e in events)
    assert state.ship("ent").bonus == "due"
    state, events = roll(state, 71)
    assert state.ship("kl").bonus == "none"
    (prompt,) = engine.pending(state)
    assert (prompt.action, prompt.ship, prompt.station) == ("skill_bonus", "ent", "captain")
    # The Klingon's view does not show that the Enterprise has a bonus to choose.
    assert not any(p["ship"] == "ent" for p in engine.view(state, Seat("captain", "kl"))["pending"])


def test_the_four_bonuses() -> None:
    """Lines 506-511: two weapons at one less to hit; one more power point, placed after the
    allocation; one more shield point past the maximum; one point repaired for good."""
    base = to_skill_phase(duel())
    base, _ = roll(base, 1, 99)
    ent = base.ship("ent")
    cap = ent.cls.max_shield_points
    state = base.with_ship(replace(ent, shields=(0, cap, 0, 0, 0, 0)))
    state, _ = act(state, SkillBonus("captain", "ent", "shield", shield=2))
    assert state.ship("ent").shields[1] == cap + 1
    state, _ = act(base, SkillBonus("captain", "ent", "aim", ("ph1", "ph2")))
    assert state.ship("ent").aimed == ("ph1", "ph2")
    spec = ent.cls.weapon("ph1")
    firer = state.ship("ent")
    assert combat.need_to_hit(state, firer, spec, 3) == \
        combat.need_to_hit(base, base.ship("ent"), spec, 3) + 1
    hurt = base.with_ship(replace(ent, superstructure=ent.superstructure - 4))
    state, _ = act(hurt, SkillBonus("captain", "ent", "repair", part="superstructure"))
    assert state.ship("ent").superstructure == ent.superstructure - 3
    why = engine.problem(base, SkillBonus("captain", "ent", "repair", part="superstructure"))
    assert why is not None and "undamaged" in why
    state, _ = act(base, SkillBonus("captain", "ent", "power", part="ph1"))
    assert state.ship("ent").weapons[0].power == 1


def test_the_bonus_is_offered_by_controls_and_placed_at_other_panels() -> None:
    """The Captain's decision names the bonus (and the weapons aimed, the part repaired); a power
    or shield point is placed afterwards (test_fasa_bonus_place.py)."""
    state = to_skill_phase(duel())
    state, _ = roll(state, 1, 99)
    (decision,) = engine.controls(state, Seat("captain", "ent"))
    assert decision.action == "skill_bonus"
    names = [f.name for f in decision.fields]
    assert names == ["bonus", "first", "second", "repair"]
    bonus = {c.value: c for c in decision.field_named("bonus").choices}
    assert bonus["repair"].problem is not None and bonus["shield"].problem is None
    action = decision.make({"bonus": "shield"})
    assert action == SkillBonus("captain", "ent", "shield")
    assert engine.problem(state, action) is None


# -- Stress (lines 735-743, 789-797; the Enterprise at warp 8, line 1123) ------------------------

def test_the_enterprise_at_warp_8_loses_1_plus_2_on_each_warp_engine_and_3_superstructure() -> None:
    """"if the Enterprise were moving at warp 8 and made an emergency heading change, each warp
    engine ordinarily would take 1 point of automatic stress damage and 2 points of additional
    damage, for a total loss of 6 power units. In addition, the superstructure would take 3
    points of stress damage" (line 1123; lines 737-742, 795-797)."""
    state = duel(warp=8)
    ent = state.ship("ent")
    assert (ent.cls.stress_engine, ent.cls.stress_superstructure, ent.warp) == ("J", "L", 8)
    cost = stress_of(state.tables, ent, "expert")
    assert (cost.power, cost.superstructure) == (6, 3)
    after, _ = apply_stress(state, ent)
    hit = after.ship("ent")
    assert hit.engines == (ent.engines[0] - 3, ent.engines[1] - 3, ent.engines[2])
    assert hit.superstructure == ent.superstructure - 3


# -- Detailed Damage Location Charts (lines 799-853) -----------------------------------------------

def firing_at(state: FasaState, target: str, firer: str) -> FasaState:
    shot = Shot(firer, state.ship(firer).cls.weapons[0].id, target)
    return replace(state, step=RESOLVE, phase=1, shots=(shot,),
                   advantage=tuple(s.id for s in state.ships))


@pytest.mark.parametrize("value", range(1, 11))
def test_one_location_roll_per_penetrating_hit_on_the_ships_chart_and_the_shields_table(
        value: int) -> None:
    """"Roll once for each hit that penetrated the shields, no matter how many points of damage
    got through the shield" on the chart of the ship (C for the Constitution, warp engines aft)
    and the table of the shield penetrated (lines 805-811)."""
    state = duel()
    ent, kl = state.ship("ent"), state.ship("kl")
    (shield,) = shields_facing(ent.pos, ent.heading, kl.pos)
    state = firing_at(state, "ent", "kl")
    state, _ = combat.land(state, state.shots[0], kl, ent, 7)
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and f"7 points through shield {shield}" in prompt.what
    state, events = roll(state, value)
    result = state.tables.damage_detailed[("C", shield, value)]
    (told,) = [e for e in events if isinstance(e, Damaged) and e.system == "location"]
    assert f"Chart C, shield {shield}, roll {value}" in told.detail
    # No second location roll for the same hit.
    assert not any(p.roll is not None and "damage location" in p.what
                   for p in engine.pending(state))
    after = state.ship("ent")
    share = -(-7 // 2) if result.half else 7
    if "SS" in result.systems or "BR" in result.systems or "ENG" in result.systems:
        assert after.superstructure <= ent.superstructure - share
    if "SG" in result.systems:
        assert shield in after.shields_damaged
    if result.systems == ("BR",):
        assert after.casualties == 10 * share  # 1% a point (line 841)


def test_casualties_come_from_the_charts_marks_by_the_crew_casualty_table() -> None:
    """Lines 847-849 with the 1986 tables' C and 2C: the Constitution (superstructure 20) loses
    4% of its crew a point; SS/2C for 7 points is 56%."""
    state = duel()
    ent, kl = state.ship("ent"), state.ship("kl")
    (shield,) = shields_facing(ent.pos, ent.heading, kl.pos)
    value = next(v for v in range(1, 11)
                 if state.tables.damage_detailed[("C", shield, v)].systems == ("SS",)
                 and state.tables.damage_detailed[("C", shield, v)].casualties == 2)
    state = firing_at(state, "ent", "kl")
    state, _ = combat.land(state, state.shots[0], kl, ent, 7)
    state, _ = roll(state, value)
    rate = state.tables.casualty_rate(ent.cls.superstructure)
    assert state.ship("ent").casualties == 2 * rate * 7 * 10


# -- Casualties (lines 847-853) --------------------------------------------------------------------

def test_each_full_ten_percent_of_casualties_adds_one_to_every_roll_and_the_request_says_so() -> None:
    """"For every 10% of the crew that become casualties, all die rolls are modified by a +1"
    (line 853): 9.9% nothing, 10% +1, 37% +3; a to-hit roll needs that much less."""
    state = duel()
    kl = state.ship("kl")
    assert [casualty_modifier("expert", replace(kl, casualties=c)) for c in (99, 100, 370)] == \
        [0, 1, 3]
    assert casualty_modifier("advanced", replace(kl, casualties=370)) == 0
    spec = kl.cls.weapons[0]
    hurt = state.with_ship(replace(kl, casualties=250))
    assert combat.need_to_hit(hurt, hurt.ship("kl"), spec, 2) == \
        combat.need_to_hit(state, kl, spec, 2) - 2
    hurt = firing_at(hurt, "ent", "kl")
    hurt, _ = combat.next_roll(hurt)
    assert hurt.roll is not None and "+2 on the die for KL's casualties" in hurt.roll.purpose
    assert hurt.roll.modifiers == (("+2 for casualties", 2),)
    # The Skill Roll too.
    state = to_skill_phase(duel())
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, casualties=300))
    state, _ = skill_roll.ask(replace(state, roll=None))
    assert state.roll is not None and state.roll.needs == (1, 67)
    state, _ = engine.apply(state, RollResult("captain", 68))
    assert state.ship("ent").bonus == "none"


# -- Explosions (lines 857-873) --------------------------------------------------------------------

def test_the_expert_blast_table_reaches_1_32_at_6_hexes_and_1_point_to_10() -> None:
    """Lines 863-873: 2x, 1x, 1/2, 1/4, 1/8, 1/16, 1/32, then 1 point at 7-10 hexes, fractions
    rounded up, at least 1 point within 10 hexes."""
    tables = duel().tables
    assert [blast_damage(tables, "expert", 64, r) for r in range(12)] == \
        [128, 64, 32, 16, 8, 4, 2, 1, 1, 1, 1, 0]
    assert [blast_damage(tables, "expert", 44, r) for r in range(8)] == \
        [88, 44, 22, 11, 6, 3, 2, 1]


def test_a_blast_rolls_a_location_per_5_points_and_a_hit_once() -> None:
    """Line 873: "damage location rolls are made on the Detailed Damage Location Charts for
    every 5 points of damage"; line 809: once per hit for fire."""
    assert location_chunks("expert", 12, blast=True) == (5, 5, 2)
    assert location_chunks("expert", 5, blast=True) == (5,)
    assert location_chunks("expert", 12) == (12,)
    assert location_chunks("advanced", 5, blast=True) == (2, 2, 1)


# -- Cloak detection by arcs (lines 779-787) -------------------------------------------------------

def cloak_game(moved: bool = True) -> FasaState:
    """Two Federation cruisers, a cloaked Bird of Prey 4 hexes dead ahead of the first."""
    entries = [
        {"id": "a", "class": "constitution", "side": "Federation", "col": 8, "row": 10,
         "heading": 0, "skill": 60, "efficiency": 60},
        {"id": "b", "class": "constitution", "side": "Federation", "col": 3, "row": 14,
         "heading": 0, "skill": 61, "efficiency": 60},
        {"id": "bop", "class": "bird-of-prey", "side": "Romulan", "col": 8, "row": 6,
         "heading": 3, "cloaked": True, "skill": 62, "efficiency": 60},
    ]
    state = engine.new_game(setup.build_scenario(
        {"id": "t", "map": {"cols": 16, "rows": 16}, "obstacles": [], "ships": entries}, CLASSES,
        level="expert"))
    assert isinstance(state, FasaState)
    from engine.rulesets.fasa.moving import movement
    from engine.rulesets.fasa.sensing import arc_scan
    bop = state.ship("bop")
    state = state.with_ship(replace(bop, moved_last=moved))
    state = replace(state, step=MOVE, phase=1)
    return arc_scan.start_phase(replace(state, queue=movement.movement_order(state)))


def test_the_arc_scan_is_told_to_the_sensing_ship_alone() -> None:
    """"chooses ONE firing arc (forward, port, starboard, or aft) to scan ... looking for a 5 or
    less ... its location is revealed ONLY TO THE SENSING CAPTAIN" (line 783); "he may fire on
    it" (line 785)."""
    state = cloak_game()
    assert state.step == SCAN
    prompts = {p.ship: p for p in engine.pending(state)}
    assert prompts["a"].action == "arc_scan" and prompts["a"].station == "science"
    state, _ = act(state, ArcScan("science", "b", ""))  # b scans nothing this phase
    state, _ = act(state, ArcScan("science", "a", "forward"))
    state, events = roll(state, 5)
    assert ("a", "bop") in state.detected_by and state.detected == ()
    (told,) = [e for e in events if isinstance(e, CloakScanned)]
    assert told.found == "bop"
    seat_a, seat_b = Seat("science", "a"), Seat("science", "b")
    assert told in engine.events_for(state, events, seat_a)
    assert told not in engine.events_for(state, events, seat_b)
    where = {s["id"]: (s["col"], s["row"]) for s in engine.view(state, seat_a)["ships"]}
    assert where["bop"] == (8, 6)
    where = {s["id"]: (s["col"], s["row"]) for s in engine.view(state, seat_b)["ships"]}
    assert where["bop"] == (None, None)
    # No ship moves (no power to movement here): the next Movement Phase's scans come, without
    # the ship that found one (it keeps it for the turn).
    assert state.phase == 2 and [p.ship for p in engine.pending(state)] == ["b"]
    spec = state.ship("a").cls.weapons[0]
    assert "not detected" in combat.shot_problem(state, state.ship("b"), spec, state.ship("bop"))
    assert "not detected" not in combat.shot_problem(state, state.ship("a"), spec,
                                                     state.ship("bop"))


def test_a_scan_that_cannot_succeed_looks_exactly_like_a_miss() -> None:
    """Line 787: "If it did not move, the scan will be unsuccessful, but this should not be
    revealed"; a miss may be tried again in the next Movement Phase (line 783)."""
    state = cloak_game(moved=False)
    state, _ = act(state, ArcScan("science", "b", ""))
    state, _ = act(state, ArcScan("science", "a", "forward"))
    still, events = roll(state, 1)
    missed = cloak_game()
    missed, _ = act(missed, ArcScan("science", "b", ""))
    missed, _ = act(missed, ArcScan("science", "a", "aft"))
    missed, other = roll(missed, 1)
    (a,) = [e for e in events if isinstance(e, CloakScanned)]
    (b,) = [e for e in other if isinstance(e, CloakScanned)]
    assert a == b and a.text == b.text and still.detected_by == ()
    # Not in the arc named: no find either.
    assert missed.detected_by == ()


# -- The Master Control Panel (lines 583-671, 745-773) --------------------------------------------

def test_the_master_control_panel_keeps_each_turn_for_its_own_seats() -> None:
    """"As the game is played, the Master Control Panel is marked to reflect the changing status
    of power, movement, weapons, shields, and damage" (line 747): a column per game turn, read by
    the ship's own seats, and by no other side's."""
    from companion.dice import VirtualDice
    from companion.session import autopilot_game, load_scenario, prepare
    scenario = prepare(load_scenario("duel", None), None, "expert", None, 3)
    state, _ = autopilot_game(scenario, VirtualDice(2).roll)
    assert isinstance(state, FasaState)
    ent = state.ship("enterprise")
    assert [r.turn for r in ent.record] == list(range(1, len(ent.record) + 1))
    first = ent.record[0]
    assert first.power == sum(e.power for e in ent.cls.engines)
    assert sum(first.allocation) <= first.power + 1  # a skill bonus may add a power point
    own = {s["id"]: s for s in engine.view(state, Seat("captain", "enterprise"))["ships"]}
    assert own["enterprise"]["record"][0]["power"] == first.power
    assert own["enterprise"]["skill_rating"] == ent.skill
    assert own["enterprise"]["die_roll_modifier"] == casualty_modifier("expert", ent)
    assert "record" not in own["kronos"] and "skill_rating" not in own["kronos"]


# -- Sensors (lines 707-717, 777) ------------------------------------------------------------------

def test_a_lock_gives_a_question_in_each_movement_phase_asked_before_the_ship_moves() -> None:
    """"If a lock is obtained, the player with the lock may ask one question about his target in
    each Movement Phase of the game turn" (line 707); "If he has a sensor lock, the ship captain
    with the greatest number of movement points may ask a question about his target" before he
    moves (lines 711-717)."""
    from engine.rulesets.fasa.moving import movement
    state = duel()
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, lock="kl", movement_points=5))
    state = replace(state, step=MOVE, phase=1)
    state = replace(state, queue=movement.movement_order(state))
    (prompt,) = engine.pending(state)
    assert (prompt.action, prompt.ship, prompt.station) == ("ask", "ent", "science")
    why = engine.problem(state, Move("helm", "ent", "F"))
    assert why is not None and "sensor question comes first" in why
    state, events = act(state, AskSensor("science", "ent", 1))
    (answer,) = [e for e in events if isinstance(e, SensorAnswered)]
    assert "power units available" in answer.text
    assert state.reports[-1].question == 1 and state.reports[-1].ship == "ent"
    assert not any(isinstance(e, SensorAnswered)
                   for e in engine.events_for(state, events, Seat("captain", "kl")))
    (prompt,) = engine.pending(state)
    assert prompt.action == "move"
    again = engine.problem(state, AskSensor("science", "ent", 2))
    assert again is not None and "no sensor question" in again


@pytest.mark.parametrize(("die", "locked"), [(4, True), (5, False)])
def test_casualties_modify_the_sensor_lock_roll(die: int, locked: bool) -> None:
    """"For every 10% of the crew that become casualties, all die rolls are modified by a +1"
    (line 853): with 25% casualties (+2) the lock's 1-6 (line 707) is 1-4 on the die as rolled,
    and the request says why."""
    from engine.rulesets.fasa.values.actions import Sense
    from engine.rulesets.fasa.values.state import SENSE
    state = duel()
    state = state.with_ship(replace(state.ship("ent"), casualties=250))
    state = replace(state, step=SENSE)
    state, _ = act(state, Sense("science", "ent", "kl"))
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.needs == (1, 4)
    assert prompt.roll.modifiers == (("+2 for casualties", 2),)
    assert "1-4 locks (+2 on the die for ENT's casualties)" in prompt.roll.purpose
    state, _ = roll(state, die)
    assert (state.ship("ent").lock == "kl") is locked


@pytest.mark.parametrize(("die", "found"), [(4, True), (5, False)])
def test_casualties_modify_the_arc_scan_roll(die: int, found: bool) -> None:
    """"all die rolls are modified by a +1" for every 10% of casualties (line 853): the arc
    scan's 5 or less (line 783) is 4 or less on the die with 10% casualties (+1)."""
    state = cloak_game()
    state = state.with_ship(replace(state.ship("a"), casualties=100))
    state, _ = act(state, ArcScan("science", "b", ""))
    state, _ = act(state, ArcScan("science", "a", "forward"))
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.needs == (1, 4)
    assert prompt.roll.modifiers == (("+1 for casualties", 1),)
    state, _ = roll(state, die)
    assert (("a", "bop") in state.detected_by) is found


def test_the_expert_warp_speed_changes_by_any_number_of_steps() -> None:
    """"If warp speed is to be changed, erase the warp speed circled and circle the new warp
    speed" (line 759): no one-step limit at the expert level (that is the Command & Control
    Helmsman's, line 1143). From warp 8 to sub-light in one turn, and back up to the Emergency
    Speed the next; the prompt and the decision say so."""
    from engine.rulesets.fasa.values.actions import SetWarp
    state = replace(duel(warp=8), step=POWER)
    (prompt, *_) = [p for p in engine.pending(state) if p.action == "set_warp" and p.ship == "ent"]
    assert "any speed the ship can make" in prompt.what
    (decision,) = [d for d in engine.controls(state, Seat("helm", "ent"))
                   if d.action == "set_warp"]
    field = decision.field_named("warp")
    top = state.ship("ent").cls.emergency_warp
    assert (field.minimum, field.maximum) == (0, top) and "Chief Engineer" not in field.label
    state, _ = act(state, SetWarp("helm", "ent", 0))
    assert state.ship("ent").warp == 0
    state = state.with_ship(replace(state.ship("ent"), warp_set=False))
    state, _ = act(state, SetWarp("helm", "ent", top))
    assert state.ship("ent").warp == top


def questions_in_a_turn(state: FasaState, ship: str) -> tuple[FasaState, list[int]]:
    """Play the Movement and Firing Phases of the turn from `state` (no fire, no moves), asking
    question 1 each time `ship` is asked; the phases in which it was asked."""
    asked: list[int] = []
    turn = state.turn
    while state.turn == turn and state.step != POWER:
        (prompt, *_) = engine.pending(state)
        if prompt.roll is not None:
            state, _ = roll(state, 10)
        elif prompt.action == "ask" and prompt.ship == ship:
            asked.append(state.phase)
            state, _ = act(state, AskSensor(prompt.station, ship, 1))
        else:
            state, _ = act(state, engine.decide(state, prompt))
    return state, asked


@pytest.mark.parametrize("points", [0, 1])
def test_a_lock_gives_a_question_in_every_movement_phase_moving_or_not(points: int) -> None:
    """"the player with the lock may ask one question about his target in each Movement Phase
    of the game turn" (line 707); "one sensor question may be asked in each Movement Phase"
    (line 777). A locked ship with no movement points, or with 1 (which it uses in one phase
    alone), is asked in every Movement Phase, in its place in the order (lines 711-717), and
    asks without moving where it has no points."""
    from engine.rulesets.fasa.moving import movement
    state = duel()
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, lock="kl", movement_points=points))
    state = state.with_ship(replace(state.ship("kl"), movement_points=0))
    state = replace(state, step=MOVE, phase=1)
    state = replace(state, queue=movement.movement_order(state))
    assert state.queue == ("ent",)
    per_phase = state.tables.movement_per_phase(points, state.phases)
    assert sum(1 for p in per_phase if p == 0) >= state.phases - 1
    before = state.ship("ent").pos
    state, asked = questions_in_a_turn(state, "ent")
    assert asked == list(range(1, state.phases + 1)) == [1, 2, 3, 4, 5]
    assert (state.ship("ent").pos == before) is (points == 0)


def test_a_question_asked_without_moving_is_not_shown_to_the_other_side() -> None:
    """A ship's movement points are public (line 707) and its lock its own side's: the question
    of a ship with no points in the phase is not listed to the enemy at all (as a move it would
    tell that the ship holds a lock), while its own side sees it."""
    from engine.rulesets.fasa.moving import movement
    state = duel()
    state = state.with_ship(replace(state.ship("ent"), lock="kl", movement_points=0))
    state = state.with_ship(replace(state.ship("kl"), movement_points=0))
    state = replace(state, step=MOVE, phase=1)
    state = replace(state, queue=movement.movement_order(state))
    (prompt,) = engine.pending(state)
    assert (prompt.ship, prompt.action) == ("ent", "ask")
    assert engine.view(state, Seat("captain", "kl"))["pending"] == []
    assert [p["action"] for p in engine.view(state, Seat("helm", "ent"))["pending"]] == ["ask"]


def test_the_expert_sensor_phase_lock_carries_no_question() -> None:
    """"Ship sensors operate as they do in the basic and advanced games, with the exception that
    once a sensor lock is obtained, one sensor question may be asked in each Movement Phase"
    (line 777); "If a lock is obtained, the player with the lock may ask one question about his
    target in each Movement Phase" (line 707). The Movement Phases' questions take the place of
    the advanced game's one question with the lock: one a phase, five a turn, not six."""
    from engine.rulesets.fasa.values.actions import Sense
    from engine.rulesets.fasa.values.state import SENSE
    state = replace(duel(), step=SENSE)
    why = engine.problem(state, Sense("science", "ent", "kl", 3))
    assert why is not None and "questions are asked in the Movement Phases" in why
    (decision,) = [d for d in engine.controls(state, Seat("science", "ent")) if d.action == "sense"]
    assert [c.value for c in decision.field_named("question").choices] == ["0"]
    assert "questions come in the Movement Phases" in decision.field_named("target").label
    (prompt, *_) = [p for p in engine.pending(state) if p.ship == "ent"]
    assert "question" not in prompt.what
    state, _ = act(state, Sense("science", "ent", "kl"))
    state, events = roll(state, 1)
    (answer,) = [e for e in events if isinstance(e, SensorAnswered)]
    assert "Q" not in answer.text.split("other enemy sensors locked on it")[1]
