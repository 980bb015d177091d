"""Book Two, Command & Control: the Science Officer/Navigator of a crewed ship (seed
000_4373da4a9495c8f8.txt, `cat -n` lines 1165-1301, 1403-1508): his Skill Roll, sensors by his
rating, explosion prevention and difficult communications, a test citing each rule's lines."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_cc_officers import BRIDGE, SPOCK
from test_cc_officers import scenario as cc_scenario
from test_fasa_fidelity import act, roll

import engine
from engine import IllegalAction, RollResult, Seat
from engine.dice import Die
from engine.rulesets.fasa.command import science_roll
from engine.rulesets.fasa.seats.views import redacted
from engine.rulesets.fasa.sensing import sensors_rating
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    CommsTask,
    Cut,
    DamageControl,
    DeclareFire,
    ExtraShields,
    ScienceRoll,
    Sense,
    SetShields,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.cc_actions import EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.crew_events import ScienceRolled
from engine.rulesets.fasa.values.events import Damaged, ExplosionAverted, StatusChanged
from engine.rulesets.fasa.values.state import MOVE, RESOLVE, SENSE, SKILL, FasaState, Shot, replace


def game(crew: str = "4", **science: int) -> FasaState:
    """The crewed ENT (a Constitution, Spock at Science with `science` ratings) and the KL, a D-7
    the Instructor runs (skill 60, efficiency 70), 5 hexes apart, facing each other."""
    bridge = copy.deepcopy(BRIDGE)
    bridge["science"] = {**SPOCK, **science}
    if crew == "5":
        shields = bridge["science"].pop("shields")
        bridge["captain"]["helm"], bridge["captain"]["dex"] = 70, 66
        bridge["weapons"] = {"name": "Chekov", "weaponry": 65, "dex": 60}
        bridge["navigator"] = {"name": "Uhura", "shields": shields, "dex": 58}
        del bridge["helm"]
    state = engine.new_game(cc_scenario(bridge, crew=crew))
    assert isinstance(state, FasaState)
    return state


def allocate(state: FasaState, ship: str, shields: int = 0, weapons: int = 0,
             arm: tuple[tuple[str, int], ...] = (), points: tuple[int, ...] = (0,) * 6,
             movement: int = 0) -> FasaState:
    """Power to shields, weapons and movement, by the stations of crew "4" (the crewed ENT's
    Captain orders fire first: C&C, line 1101)."""
    if ship == "ent":
        state, _ = act(state, GiveOrders("captain", "ent", "fire"))
    for action in (AllocatePower("engineer", ship, movement, shields, weapons),
                   ArmWeapons("helm", ship, tuple(WeaponPower(w, p) for w, p in arm)),
                   SetShields("science", ship, tuple(points))):  # type: ignore[arg-type]
        state, _ = act(state, action)
    return state


def to_skill(state: FasaState, **ent: Any) -> FasaState:
    """Both ships allocated; the KL's Expert Skill Roll fails (99), the ENT's Chief Engineer
    makes no roll: the Science Officer's turn."""
    state = allocate(state, "ent", **ent)
    state = allocate(state, "kl")
    assert state.step == SKILL
    state, _ = roll(state, 99)
    state, _ = act(state, EngineerRoll("engineer", "ent", "none"))
    return state


def choose(state: FasaState, use: str, station: str = "science") -> FasaState:
    return act(state, ScienceRoll(station, "ent", use))[0]


def only_prompt(state: FasaState) -> engine.Prompt:
    (prompt,) = engine.pending(state)
    return prompt


# -- The Skill Roll (lines 1175-1177, 1423) ----------------------------------------------------------

def test_the_science_officer_chooses_his_roll_in_the_skill_roll_phase() -> None:
    """"He may choose to make one roll or the other, applying the results in any one of several
    areas" (line 1177), in the Skill Roll Phase after the allocation (line 1423): the choice is
    offered with each use, and a use that can do nothing carries its reason."""
    state = to_skill(game())
    prompt = only_prompt(state)
    assert (prompt.ship, prompt.station, prompt.action) == ("ent", "science", "science_roll")
    (decision,) = engine.controls(state, Seat("science", "ent"))
    choices = {c.value: c.problem for c in decision.field_named("use").choices}
    assert choices["shields"] is None and choices["damage_control"] is None
    assert choices["repair"] == "ENT's superstructure is undamaged"
    assert choices["casualties"] == "ENT has no casualties"
    with pytest.raises(IllegalAction, match="superstructure is undamaged"):
        engine.apply(state, ScienceRoll("science", "ent", "repair"))
    with pytest.raises(IllegalAction, match="is for Science"):
        engine.apply(state, ScienceRoll("helm", "ent", "shields"))


def test_the_roll_is_a_d100_against_the_rating_named_with_what_it_needs() -> None:
    """"If his Skill Roll is less than or equal to his rating" (line 1183): a percentile roll of
    the station holding the skill; casualties add +1 a full 10% (line 1281) in `modifiers`."""
    state = to_skill(game())
    state = state.with_ship(replace(state.ship("ent"), casualties=237))  # 23.7%: +2
    state = choose(state, "damage_control")
    req = only_prompt(state).roll
    assert req is not None and req.kind == Die.D100 and req.station == "science"
    assert req.purpose == "Science: DAMAGE CONTROL 67, +2 for casualties: 65 or less succeeds"
    assert req.needs == (1, 65) and req.modifiers == (("+2 for casualties", 2),)
    state, events = roll(state, 66)
    assert [e.success for e in events if isinstance(e, ScienceRolled)] == [False]
    assert state.step != SKILL  # no effect: the phase is over


# -- Extra Shield Protection (lines 1181-1185) -------------------------------------------------------

def test_extra_shields_two_points_placed_as_he_likes_even_past_the_maximum() -> None:
    """"two extra shield points that may be placed in any shield desired, even if that shield
    has been powered to the maximum. The points may be placed in different shields" (line 1183):
    the shields station places them (the Navigator in crew "5")."""
    state = to_skill(game(), shields=8, points=(0, 16, 0, 0, 0, 0))  # shield 2 at its maximum
    state = choose(state, "shields")
    assert "DEFLECTOR SHIELDS 60" in (only_prompt(state).roll or Any).purpose
    state, _ = roll(state, 60)
    prompt = only_prompt(state)
    assert (prompt.station, prompt.action) == ("science", "extra_shields")
    assert state.ship("ent").extra_shields == 2
    with pytest.raises(IllegalAction, match="place all 2 extra shield points, not 1"):
        engine.apply(state, ExtraShields("science", "ent", (0, 1, 0, 0, 0, 0)))
    state, _ = act(state, ExtraShields("science", "ent", (0, 1, 1, 0, 0, 0)))
    assert state.ship("ent").shields == (0, 17, 1, 0, 0, 0)
    assert state.step not in (SKILL,)


@pytest.mark.slow
def test_extra_shields_four_on_01_05_and_no_shield_more_than_2_over_its_maximum() -> None:
    """"If the Skill Roll was 01-05, then the bonus is 4 shield points. The only restriction on
    their use is that no shield may be powered to more than 2 points above its stated maximum"
    (line 1185)."""
    state = to_skill(game(), shields=8, points=(0, 16, 0, 0, 0, 0))
    state = choose(state, "shields")
    state, _ = roll(state, 5)
    assert state.ship("ent").extra_shields == 4
    with pytest.raises(IllegalAction, match="shield 2 may hold at most 18 points"):
        engine.apply(state, ExtraShields("science", "ent", (0, 3, 1, 0, 0, 0)))
    (decision,) = engine.controls(state, Seat("science", "ent"))
    assert decision.field_named("shield2").maximum == 2
    assert engine.problem(state, decision.make()) is None  # the default placement is legal
    state, _ = act(state, ExtraShields("science", "ent", (1, 2, 1, 0, 0, 0)))
    assert state.ship("ent").shields[:3] == (1, 18, 1)


def test_extra_shields_last_this_turn_only() -> None:
    """"The bonus lasts only for the game turn in which it was earned" (line 1183)."""
    state = to_skill(game(), shields=8, points=(0, 16, 0, 0, 0, 0))
    state = choose(state, "shields")
    state, _ = roll(state, 10)
    state, _ = act(state, ExtraShields("science", "ent", (0, 2, 0, 0, 0, 0)))
    assert state.ship("ent").shields[1] == 18
    ended = science_roll.end_of_turn(state.ship("ent"))
    assert ended.extra_shields == 0 and ended.science == ""


def test_in_crew_5_the_navigator_rolls_and_places_the_shields() -> None:
    """"control of the deflector shields to the Navigator" (line 1514): each roll follows its
    duty, so the Navigator's DEFLECTOR SHIELDS rating is rolled and he places the points."""
    state = game(crew="5")
    for action in (GiveOrders("captain", "ent", "fire"), AllocatePower("engineer", "ent", 0, 4, 0),
                   ArmWeapons("weapons", "ent", ()),
                   SetShields("navigator", "ent", (0, 8, 0, 0, 0, 0))):
        state, _ = act(state, action)
    state = allocate(state, "kl")
    state, _ = roll(state, 99)
    state, _ = act(state, EngineerRoll("engineer", "ent", "none"))
    state = choose(state, "shields")
    req = only_prompt(state).roll
    assert req is not None and req.station == "navigator" and "DEFLECTOR SHIELDS 60" in req.purpose
    state, _ = roll(state, 1)
    assert only_prompt(state).station == "navigator"


# -- Damage Control (lines 1187-1195, 1494) ----------------------------------------------------------

def damage_control_turn(die: int) -> FasaState:
    state = to_skill(game())
    state = choose(state, "damage_control")
    state, _ = roll(state, 30)
    req = only_prompt(state).roll
    assert req is not None and req.kind == Die.D10 and req.station == "science"
    state, _ = roll(state, die)
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("die", "points"), [(1, 1), (2, 1), (7, 4), (9, 5), (10, 5)])
def test_damage_control_is_the_die_halved_and_rounded_up(die: int, points: int) -> None:
    """"He rolls 1 die, divides the number rolled by 2, and rounds up" (line 1189): 1-5 points."""
    assert damage_control_turn(die).ship("ent").dc_points == points


def firing_phase(state: FasaState) -> FasaState:
    """Through the Sensor Phase and the first Movement Phase without moving, to the KL's
    declaration of fire at the ENT."""
    while state.step != "declare":
        prompt = engine.pending(state)[0]
        if prompt.roll is not None:
            state, _ = roll(state, 99)
        elif prompt.action == "sense":
            state, _ = act(state, Sense(prompt.station, prompt.ship or "", ""))
        elif prompt.action == "move":
            state, _ = act(state, engine.legal_actions(state, Seat(prompt.station,
                                                                   prompt.ship))[0])
        else:
            raise AssertionError(prompt)
    return state


@pytest.mark.slow
def test_damage_control_is_spent_per_shot_after_targets_before_the_die() -> None:
    """"He must decide on the amount of damage reduction he will apply in a Firing Phase AFTER
    the targets have been declared but BEFORE the die has been rolled. The damage reduction may
    be applied to a single shot or spread out over several shots" (line 1193): the decision comes
    once every target is declared, before the first to-hit roll, and shows the other side
    nothing."""
    state = damage_control_turn(7)  # 4 points
    state = state.with_ship(replace(state.ship("kl"), weapons=tuple(
        replace(w, power=5) for w in state.ship("kl").weapons), armed=True))
    state = firing_phase(state)
    state, _ = act(state, DeclareFire("helm", "kl", (Target("d1", "ent"), Target("d2", "ent"))))
    assert state.step == RESOLVE and state.roll is None
    prompt = only_prompt(state)
    assert (prompt.station, prompt.action) == ("science", "damage_control")
    assert prompt.what.endswith(": put up to 4 points on the 2 shots coming in, before the dice")
    assert engine.pending(state, Seat("helm", "kl")) == ()
    with pytest.raises(IllegalAction, match="has 4 damage control point"):
        engine.apply(state, DamageControl("science", "ent", (Cut("kl", "d1", 5),)))
    with pytest.raises(IllegalAction, match="no shot of 'kl' with 'd3'"):
        engine.apply(state, DamageControl("science", "ent", (Cut("kl", "d3", 1),)))
    state, _ = act(state, DamageControl("science", "ent", (Cut("kl", "d1", 3),
                                                           Cut("kl", "d2", 1))))
    assert state.ship("ent").dc_points == 0
    assert [s.cut for s in state.shots] == [3, 1]
    assert "to-hit" in (only_prompt(state).roll or Any).purpose
    # The firing side's seat does not see the points on its shots.
    assert all(s.cut == 0 for s in redacted(state, Seat("helm", "kl")).shots)


def hit_through(state: FasaState, penetrating: int, cut: int, location: int) -> tuple[
        FasaState, list[Any]]:
    """A shot of the KL landing on the ENT's bare shield 2 with `penetrating` points, `cut` of
    them under damage control, its location roll `location`."""
    from engine.rulesets.fasa.firing import combat
    state = replace(state, step=RESOLVE, phase=1, shots=(Shot("kl", "d1", "ent", cut=cut),))
    state, events = combat.strike_shield(state, state.ship("ent"), 2, penetrating)
    state, more = roll(state, location)
    return state, events + more


def test_damage_control_takes_points_off_what_penetrates_never_off_casualties() -> None:
    """"subtracted from the damage taken by shots that penetrate the shields" (line 1191); "If
    the damage from an incoming shot is reduced to 0, then no damage is taken ... It does not
    reduce casualties taken, even if the engine or superstructure damage is reduced to 0"
    (lines 1193-1195)."""
    state = game()
    # Chart C, shield 2, roll 7: the superstructure, with double casualties (damage_detailed.csv).
    base, _ = hit_through(state, 4, 0, 7)
    cut, events = hit_through(state, 4, 3, 7)
    zero, _ = hit_through(state, 4, 4, 7)
    full = state.ship("ent").superstructure
    assert full - base.ship("ent").superstructure == 4
    assert full - cut.ship("ent").superstructure == 1
    assert zero.ship("ent").superstructure == full
    assert base.ship("ent").casualties > 0
    assert cut.ship("ent").casualties == base.ship("ent").casualties == zero.ship("ent").casualties
    assert any(isinstance(e, Damaged) and e.system == "damage control" and e.amount == 3
               for e in events)
    # Roll 1, the shield generator: brought to 0, the hit takes nothing out.
    spared, _ = hit_through(state, 2, 2, 1)
    assert not spared.ship("ent").shields_damaged
    assert spared.ship("ent").superstructure == full
    assert hit_through(state, 2, 1, 1)[0].ship("ent").shields_damaged == {2}


# -- Superstructure Repairs, Reducing Casualties (lines 1197-1207) -----------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("die", "mended"), [(67, 1), (6, 1), (5, 2), (1, 2), (68, 0)])
def test_superstructure_repair_one_point_two_on_01_05(die: int, mended: int) -> None:
    """"If the roll is equal to or less than his Skill Rating, he may repair 1 point of damage
    ... If the roll is 01-05, he may repair two points" (line 1201)."""
    state = to_skill(game())
    state = state.with_ship(replace(state.ship("ent"), superstructure=15))
    state = choose(state, "repair")
    assert "DAMAGE CONTROL 67" in (only_prompt(state).roll or Any).purpose
    state, _ = roll(state, die)
    assert state.ship("ent").superstructure == 15 + mended


def test_repair_never_passes_the_ships_superstructure() -> None:
    state = to_skill(game())
    state = state.with_ship(replace(state.ship("ent"), superstructure=19))
    state = choose(state, "repair")
    state, _ = roll(state, 2)
    assert state.ship("ent").superstructure == 20


@pytest.mark.slow
@pytest.mark.parametrize(("casualties", "left"), [(237, 187), (30, 0)])
def test_casualties_five_percent_less(casualties: int, left: int) -> None:
    """"he may reduce the number of casualties by 5%. He moves the Crew Counters to the left"
    (line 1207); never below none."""
    state = to_skill(game())
    state = state.with_ship(replace(state.ship("ent"), casualties=casualties))
    state = choose(state, "casualties")
    state, _ = roll(state, 40)
    assert state.ship("ent").casualties == left


# -- Sensors (lines 1209-1221, 1237-1261, 1425-1429) -------------------------------------------------

def test_the_number_of_questions_is_the_rating_over_ten_rounded_up() -> None:
    """"divide the Skill Rating by 10 and round any fractions up" (line 1217); "Mr. Spock's
    Skill Rating in STARSHIP SENSORS is 92. Dividing this by 10 gives 9.2, and rounding up gives
    10" (line 1243)."""
    assert sensors_rating.question_count(92) == 10
    assert [sensors_rating.question_count(r) for r in (48, 50, 51, 75, 99)] == [5, 5, 6, 8, 10]


def to_sensors(state: FasaState) -> FasaState:
    state = to_skill(state, movement=20)  # a movement point in each Movement Phase
    state = choose(state, "none")
    assert [(p.ship, p.action) for p in engine.pending(state)] == [("ent", "sense"),
                                                                  ("kl", "sense")]
    return state


def test_the_lock_is_a_sensors_roll_and_spocks_92_gives_ten_questions() -> None:
    """"he may make a Skill Roll against his rating in STARSHIP SENSORS. If his roll is less
    than or equal to his Skill Rating, then he will have obtained a sensor lock" (line 1211);
    the Sensors Counter goes on the 10 box for Spock's 92 (line 1243)."""
    state = to_sensors(game(sensors=92))
    with pytest.raises(IllegalAction, match="asked in the Movement Phases"):
        engine.apply(state, Sense("science", "ent", "kl", 3))
    state, _ = act(state, Sense("science", "ent", "kl"))
    req = only_prompt(state).roll
    assert req is not None and req.kind == Die.D100
    assert req.purpose == "Science: SENSORS 92: 92 or less locks" and req.needs == (1, 92)
    state, _ = roll(state, 92)
    ent = state.ship("ent")
    assert ent.lock == "kl" and ent.questions == 10 and ent.extra_questions == 5
    # The Sensors Counter is on the ship's own panel; the other side sees none of it.
    own = {s["id"]: s for s in engine.view(state, Seat("science", "ent"))["ships"]}
    assert own["ent"]["science"]["questions_left"] == 10
    assert own["kl"].get("science") is None
    theirs = {s["id"]: s for s in engine.view(state, Seat("helm", "kl"))["ships"]}
    assert "science" not in theirs["ent"]


def test_a_failed_lock_roll_gives_no_lock_and_no_questions() -> None:
    state = to_sensors(game(sensors=70))
    state, _ = act(state, Sense("science", "ent", "kl"))
    state, _ = roll(state, 71)
    assert state.ship("ent").lock == "" and state.ship("ent").questions == 0


def movement_phase(state: FasaState) -> FasaState:
    """To the ENT's sensor question before it moves (the KL does not move)."""
    while not (state.step == MOVE and any(p.action == "ask" for p in engine.pending(state))):
        prompt = engine.pending(state)[0]
        if prompt.roll is not None:
            state, _ = roll(state, 99)
        elif prompt.action == "sense":
            state, _ = act(state, Sense(prompt.station, prompt.ship or "", ""))
        elif prompt.action in ("move", "fire"):
            state, _ = act(state, engine.legal_actions(state, Seat(prompt.station,
                                                                   prompt.ship))[0])
        else:
            raise AssertionError(prompt)
    return state


@pytest.mark.slow
def test_each_question_is_its_own_roll_and_a_second_a_phase_only_above_five() -> None:
    """"For each question asked, the Science Officer/Navigator makes a Skill Roll" (line 1219);
    "If more than 5 questions are allowed, then one of the additional may be asked per Movement
    Phase" (line 1217): with 10, two a phase; with 3, one."""
    for rating_, per_phase in ((92, 2), (30, 1)):
        state = to_sensors(game(sensors=rating_))
        state, _ = act(state, Sense("science", "ent", "kl"))
        state, _ = roll(state, 1)
        state = movement_phase(state)
        for n in range(per_phase):
            prompt = only_prompt(state)
            assert prompt.action == "ask", (rating_, n)
            state, _ = act(state, AskSensor("science", "ent", 3))
            req = only_prompt(state).roll
            assert req is not None and req.purpose.endswith("or less answers")
            state, events = roll(state, 1 if n == 0 else 100)
            answered = [e for e in events if type(e).__name__ == "SensorAnswered"]
            assert len(answered) == (1 if n == 0 else 0)
        assert only_prompt(state).action == "move"
        assert state.ship("ent").questions == sensors_rating.question_count(rating_) - per_phase


@pytest.mark.slow
def test_a_cloaked_ships_movement_is_named_at_20_worse() -> None:
    """"the target may be the movement of a cloaked Romulan vessel ... he must make the Skill
    Roll with a 20-point penalty added to his percentile dice roll" (lines 1213, 1251)."""
    state = to_sensors(game(sensors=70))
    state = state.with_ship(replace(state.ship("kl"), cloaked=True))
    (decision,) = engine.controls(state, Seat("science", "ent"))
    labels = {c.value: (c.label, c.problem) for c in decision.field_named("target").choices}
    assert labels["kl"] == ("KL's movement (cloaked, +20)", None)
    state, _ = act(state, Sense("science", "ent", "kl"))
    req = only_prompt(state).roll
    assert req is not None
    assert req.purpose == "Science: SENSORS 70, +20 for a cloaked ship: 50 or less locks"
    assert req.needs == (1, 50) and req.modifiers == (("+20 for a cloaked ship", 20),)
    state, _ = roll(state, 50)
    ent = state.ship("ent")
    assert ent.cloak_sense == "kl" and ent.lock == "" and ent.questions == 7


@pytest.mark.slow
def test_arc_scans_use_questions_find_the_cloaked_ship_and_next_turn_a_plain_roll_holds_it(
        ) -> None:
    """"At the beginning of the Movement/Firing Phase, the Science Officer/Navigator makes a
    Skill Roll just as though he had a normal sensors lock. He moves the Sensors Counter one box
    to the left. If the Skill Roll is successful, he indicates the Firing Arc" (lines 1253-1255);
    found, "has a sensor lock on the ship. Its position is given to him" (line 1257); "In the
    game turn immediately following, the sensors remain locked on the cloaked Romulan only if
    the Science Officer makes a successful Skill Roll in the Sensors Phase, without the 20-point
    penalty" (line 1261)."""
    state = to_sensors(game(sensors=70))
    state = state.with_ship(replace(state.ship("kl"), cloaked=True, moved_last=True))
    state, _ = act(state, Sense("science", "ent", "kl"))
    state, _ = roll(state, 1)
    state, _ = act(state, Sense("science", "kl", ""))
    prompt = only_prompt(state)
    assert (prompt.ship, prompt.action) == ("ent", "arc_scan")
    state, _ = act(state, ArcScan("science", "ent", "forward"))
    req = only_prompt(state).roll
    assert req is not None and req.purpose == "Science: SENSORS 70: 70 or less scans the arc"
    assert state.ship("ent").questions == 6  # 7, one used by the scan
    state, events = roll(state, 70)
    ent = state.ship("ent")
    assert ent.lock == "kl" and ("ent", "kl") in state.detected_by
    assert any(type(e).__name__ == "CloakScanned" and e.found == "kl" for e in events)
    # The next turn's Sensor Phase: the lock on the cloaked ship held by a plain roll.
    from engine.rulesets.fasa.command import science
    state = science.end_of_turn(state)
    assert state.ship("ent").cloak_lock == "kl"
    state = replace(state, detected_by=(), step=SENSE).with_ship(
        replace(state.ship("ent"), lock="", sensed=False, scanned=False, lock_tried=False))
    state, _ = act(state, Sense("science", "ent", "kl"))
    req = only_prompt(state).roll
    assert req is not None and req.purpose == "Science: SENSORS 70: 70 or less locks"
    held, _ = roll(state, 70)
    assert held.ship("ent").lock == "kl" and ("ent", "kl") in held.detected_by
    lost, _ = roll(state, 71)
    assert lost.ship("ent").lock == "" and lost.ship("ent").cloak_lock == ""


def test_a_science_officer_rated_92_asks_his_10_questions_with_no_movement_points() -> None:
    """"At least one question may be asked per Movement Phase ... If more than 5 questions are
    allowed, then one of the additional may be asked per Movement Phase" (line 1217); Mr. Spock's
    92 gives 10 (line 1243); "At the beginning of each Movement Phase, the Science Officer asks
    one or two questions" (line 1245). A locked ship with no movement points asks two in each of
    the five Movement Phases, and does not move."""
    from engine.rulesets.fasa.moving import movement
    state = game(sensors=92)
    ent = sensors_rating.counter(state, replace(state.ship("ent"), lock="kl", movement_points=0))
    assert (ent.questions, ent.extra_questions) == (10, 5)
    state = state.with_ship(ent).with_ship(replace(state.ship("kl"), movement_points=0))
    state = replace(state, step=MOVE, phase=1)
    state = replace(state, queue=movement.movement_order(state))
    asked: list[int] = []
    while state.turn == 1 and state.step != "power":
        (prompt, *_) = engine.pending(state)
        if prompt.roll is not None:
            state, _ = roll(state, 1)
        elif prompt.action == "ask" and prompt.ship == "ent":
            asked.append(state.phase)
            state, _ = act(state, AskSensor("science", "ent", 1))
        else:
            state, _ = act(state, engine.decide(state, prompt))
    assert asked == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert state.ship("ent").pos == ent.pos


@pytest.mark.parametrize(("die", "phases"), [(5, 1), (6, 2), (10, 2)])
def test_sensors_damaged_one_movement_firing_phase_on_1_5_two_on_6_0(die: int,
                                                                      phases: int) -> None:
    """"A result of 1-5 means the sensors are damaged one Movement/Firing Phase, and a roll of
    6-0 means that they are damaged for two ... At the end of the NEXT Firing Phase, the counter
    may be moved one box to the right" (lines 1247-1249)."""
    from engine.rulesets.fasa.firing import combat
    from engine.rulesets.fasa.values.state import Hit, Stage
    state = replace(game(), step=RESOLVE, phase=2, shots=(Shot("kl", "d1", "ent"),))
    state = state.with_ship(replace(state.ship("ent"), lock="kl", questions=4))
    hit = Hit(Stage.LOCATION, 3, 2, 3)
    state, _ = combat.locate_system(state, state.ship("kl"), state.ship("ent"), hit, "sensors", [])
    assert (state.roll or Any).purpose.endswith("1-5 one Movement/Firing Phase, 6-10 two")
    # "Sensors Damaged: If the sensors are damaged in combat, roll one die" (line 1247): the
    # Science Officer's panel, so his roll, not the Captain's.
    assert (state.roll or Any).ship == "ent" and (state.roll or Any).station == "science"
    assert sensors_rating.owns_damage_roll(state)
    state, _ = sensors_rating.on_damage_roll(replace(state, roll=None), die)
    ent = state.ship("ent")
    assert ent.sensors_out and ent.lock == "" and ent.questions == 0
    for n in range(phases + 1):  # the Firing Phase of the hit, then one or two more
        assert state.ship("ent").sensors_out, n
        state, _ = sensors_rating.end_of_firing_phase(state)
    assert not state.ship("ent").sensors_out


def test_the_sensors_out_roll_of_a_crewed_ship_is_its_science_officers_in_every_crew() -> None:
    """Line 1247 puts the roll on the Science Officer/Navigator's panel: the station with the
    sensors duty in each crew of Expanding For More Players, never the Captain's; a ship the
    Instructor runs keeps the Expert rule, its Captain's roll (line 837)."""
    from engine.rulesets.fasa.firing import combat
    from engine.rulesets.fasa.values.crew import Duty
    from engine.rulesets.fasa.values.state import Hit, Stage
    for crew in ("4", "5"):
        state = replace(game(crew), step=RESOLVE, phase=2, shots=(Shot("kl", "d1", "ent"),))
        hit = Hit(Stage.LOCATION, 3, 2, 3)
        state, _ = combat.locate_system(state, state.ship("kl"), state.ship("ent"), hit,
                                        "sensors", [])
        assert state.roll is not None and state.roll.ship == "ent"
        assert state.roll.station == state.station_for("ent", Duty.SENSORS), crew
        assert state.roll.station != "captain"
    state = replace(game(), step=RESOLVE, phase=2, shots=(Shot("ent", "ph1", "kl"),))
    state, _ = combat.locate_system(state, state.ship("ent"), state.ship("kl"), hit, "sensors",
                                    [])
    assert state.roll is not None and (state.roll.ship, state.roll.station) == ("kl", "captain")


@pytest.mark.slow
def test_a_ship_the_instructor_runs_keeps_the_expert_sensors() -> None:
    """A ship without officers plays by the Expert rules (lines 909, 949): the d10's 1-6, its lock
    named alone (the expert Sensor Phase asks no question, lines 707-717, 777)."""
    state = to_sensors(game())
    state, _ = act(state, Sense("science", "ent", ""))
    prompt = only_prompt(state)
    assert prompt.ship == "kl"
    state, _ = act(state, Sense("science", "kl", "ent", 0))
    req = only_prompt(state).roll
    assert req is not None and req.kind == Die.D10 and req.needs == (1, 6)


# -- Preventing Ship Explosions (lines 1223-1227, 1271) ----------------------------------------------

def below_zero(points: int) -> FasaState:
    from engine.rulesets.fasa.firing import explosions
    state = replace(game(), step=RESOLVE, phase=1)
    state = state.with_ship(replace(state.ship("ent"), superstructure=-points, blast_roll=True,
                                    status="disabled"))  # type: ignore[arg-type]
    state, _ = explosions.next_check(state)
    return state


def test_explosion_prevention_is_damage_control_with_10_a_point_below_0() -> None:
    """"He rolls against his rating in DAMAGE CONTROL PROCEDURES ... For each point of
    superstructure damage below zero, 10% is added to his Skill Roll" (line 1227); it replaces
    the advanced game's d10 for a crewed ship."""
    state = below_zero(3)
    req = state.roll
    assert req is not None and req.kind == Die.D100 and req.station == "science"
    assert req.purpose == "Science: DAMAGE CONTROL 67, +30 for 3 below 0: 37 or less holds"
    assert req.needs == (1, 37) and req.modifiers == (("+30 for 3 below 0", 30),)
    held, events = engine.apply(state, RollResult("science", 37, "script"))
    assert held.ship("ent").status != "destroyed" and not held.ship("ent").blast_roll
    assert any(isinstance(e, ExplosionAverted) for e in events)
    gone, events = engine.apply(state, RollResult("science", 38, "script"))
    assert gone.ship("ent").status == "destroyed"
    assert any(isinstance(e, StatusChanged) and e.status == "destroyed" for e in events)


def test_why_tells_the_science_officers_roll_and_what_came_of_it() -> None:
    """"Why?" of a Science Officer's roll: the rule, the roll and its result, for his side."""
    state = below_zero(3)
    _, events = engine.apply(state, RollResult("science", 12, "script"))
    lines = engine.explain(state, events, "Federation")
    assert lines[0] == "Roll: Science: DAMAGE CONTROL 67, +30 for 3 below 0: 37 or less holds"
    assert any("Command & Control: Skill Rolls" in line for line in lines)
    assert "Result: ENT: DAMAGE CONTROL roll 12 +30 = 42 against 67: the explosion is prevented" \
        in lines


def test_the_roll_is_made_again_with_the_current_modifier() -> None:
    """"When more damage is given to the superstructure, a new roll must be made using the
    current die-roll modifier" (line 1271): 6 below adds 60."""
    assert (below_zero(6).roll or Any).needs == (1, 7)
    assert (below_zero(7).roll or Any).needs is None  # 67 + ... nothing holds


# -- Difficult Communications Tasks (lines 1229-1231) ------------------------------------------------

@pytest.mark.slow
def test_a_difficult_communications_task_is_named_by_the_instructor_and_retried() -> None:
    """"he must make a Skill Roll against his rating in STARSHIP COMMUNICATIONS PROCEDURES ...
    If the roll is greater than his Skill Rating, the task was too difficult at that time and
    must be performed in a later game turn" (line 1231)."""
    state = game()
    with pytest.raises(IllegalAction, match="the Instructor names"):
        engine.apply(state, CommsTask("science", "ent", "hail the Klingons"))
    with pytest.raises(IllegalAction, match="printable"):
        engine.apply(state, CommsTask("instructor", "ent", " "))
    state, _ = act(state, CommsTask("instructor", "ent", "hail the Klingons"))
    req = only_prompt(state).roll
    assert req is not None and req.station == "science"
    assert req.purpose == "Science: COMMUNICATIONS 55: 55 or less succeeds"
    state, _ = roll(state, 56)
    assert state.ship("ent").comms_task == "hail the Klingons"
    assert state.step == "power"
    # Next roll: in the Skill Roll Phase of the next turn.
    state = replace(state, turn=2)
    state = allocate(state, "ent")
    state = allocate(state, "kl")
    state, _ = roll(state, 99)  # the KL's Expert Skill Roll
    state, _ = act(state, EngineerRoll("engineer", "ent", "none"))
    req = only_prompt(state).roll
    assert req is not None and "COMMUNICATIONS 55" in req.purpose
    state, _ = roll(state, 12)
    assert state.ship("ent").comms_task == ""


def test_a_task_for_a_ship_the_instructor_runs_is_refused() -> None:
    with pytest.raises(IllegalAction, match="no Science Officer"):
        engine.apply(game(), CommsTask("instructor", "kl", "hail"))


@pytest.mark.parametrize(("die", "locked"), [(70, True), (71, False)])
def test_sensors_back_mid_turn_may_try_a_lock_in_place_of_the_question(die: int,
                                                                       locked: bool) -> None:
    """"At the end of the NEXT Firing Phase, the counter may be moved one box to the right. When
    it is again on OPER, a sensor lock may be attempted instead of the regular sensors question"
    (line 1249). The table is told; at the ship's place in the next Movement Phase its Science
    Officer names a target (a SENSORS roll, Spock's 70) in place of the phase's question; a
    success gives the turn's questions from the next phase; the enemy sees a question."""
    from engine.rulesets.fasa.moving import movement
    from engine.rulesets.fasa.values.crew_events import ScienceApplied
    state = replace(game(), phase=2)
    state = state.with_ship(replace(state.ship("ent"), sensors_out=1, sensor_phases=1,
                                    sensed=True, movement_points=0))
    state = state.with_ship(replace(state.ship("kl"), movement_points=0))
    state, events = sensors_rating.end_of_firing_phase(state)
    (told,) = [e for e in events if isinstance(e, ScienceApplied)]
    assert "a sensor lock may be tried" in told.text and "1249" in told.text
    state = replace(state, step=MOVE, phase=3)
    state = replace(state, queue=movement.movement_order(state))
    prompt = only_prompt(state)
    assert (prompt.ship, prompt.station, prompt.action) == ("ent", "science", "sense")
    (decision,) = engine.controls(state, Seat("science", "ent"))
    assert [c.value for c in decision.field_named("target").choices] == [None, "kl"]
    assert engine.problem(state, AskSensor("science", "ent", 1)) is not None
    assert [p["action"] for p in engine.view(state, Seat("captain", "kl"))["pending"]] == []
    state, _ = act(state, Sense("science", "ent", "kl"))
    req = only_prompt(state).roll
    assert req is not None and req.needs == (1, 70) and req.station == "science"
    state, _ = roll(state, die)
    ent = state.ship("ent")
    assert (ent.lock == "kl") is locked and not ent.relock
    assert (ent.questions == 7) is locked  # 70 gives 7 for the rest of the turn
