"""The per-seat API that panels and screens are built on: pending(state, seat), controls,
problem, the authority table of crews (Book Two, C&C: Expanding For More Players)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from test_fasa_game import ENT, KL, game, ready, refused, roll

import engine
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare, scenario_names
from engine import Decision, FieldKind, IllegalAction, RollResult, Seat
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.command import admiral
from engine.rulesets.fasa.values.actions import AllocatePower, ArmWeapons, DeclareFire, Move, SetShields
from engine.rulesets.fasa.values.crew import CREWS, Duty, duties_of, station_for, stations_of
from engine.rulesets.fasa.values.state import PLAYABLE_LEVELS, FasaState
from engine.stations import ADMIRAL, INSTRUCTOR, STATION_NAMES


@functools.cache
def packaged(name: str, level: str = "basic") -> dict[str, Any]:
    return prepare(load_scenario(name, None), None, level, None, 4)


def states(seed: int, limit: int = 400) -> Iterator[FasaState]:
    """Every state of a seeded autopilot game of a packaged scenario with a random crew, at a
    playable level (basic or advanced)."""
    rng = random.Random(seed)
    name, level = rng.choice(scenario_names(None, "fasa")), rng.choice(PLAYABLE_LEVELS)
    if level == "basic" and load_scenario(name, None).get("variant"):
        level = "advanced"  # Battlestations! is played at the advanced level and above
    scenario = {**packaged(name, level), "crew": rng.choice(sorted(CREWS))}
    state: Any = engine.new_game(scenario)
    dice = VirtualDice(seed)
    for _ in range(limit):
        yield state
        prompts = engine.pending(state)
        if not prompts:
            return
        p = rng.choice(prompts)
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]


def seats(state: FasaState) -> list[Seat]:
    """The Instructor, every crew seat, and the Admiral of each side that has one (an optional
    rule: engine/rulesets/fasa/command/admiral.py)."""
    return ([Seat(INSTRUCTOR)] + [Seat(st, s.id) for s in state.ships for st in STATION_NAMES
                                  if st not in (INSTRUCTOR, ADMIRAL)]
            + [Seat(ADMIRAL, side=side) for side in admiral.sides(state)])


# -- pending(state, seat) ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_each_prompt_goes_to_exactly_the_seat_its_crew_gives_the_duty(seed: int) -> None:
    for state in states(seed, 150):
        everyone = engine.pending(state)
        assert engine.pending(state, Seat(INSTRUCTOR)) == everyone
        for prompt in everyone:
            assert prompt.action, prompt
            holders = [seat for seat in seats(state)[1:] if prompt in engine.pending(state, seat)]
            assert holders == [Seat(prompt.station, prompt.ship)], prompt
            assert prompt.station in engine.crew_stations(state, prompt.ship or "")


def test_the_three_player_crew_gives_the_captains_duties_to_helm() -> None:
    """C&C, Playing The Game: with three players the Captain is also one of the other roles."""
    s = ready(ready(game(ENT, KL, crew="3"), "ent"), "kl")
    assert [(p.station, p.action) for p in engine.pending(s)] == [("helm", "roll")]
    assert engine.pending(s, Seat("captain", "ent")) == ()
    assert engine.crew_stations(s, "ent") == ("engineer", "helm", "science")


def test_split_crews_move_with_the_captain_and_fire_from_weapons() -> None:
    """C&C: Expanding For More Players — split Helm and Weapons, "giving control of the ship's
    movement to the Captain and control of the ship's weaponry to the Weapon Officer"; with five,
    the Navigator takes the deflector shields."""
    s = game(ENT, KL, crew="5")
    assert engine.crew_stations(s, "ent") == ("captain", "engineer", "weapons", "science",
                                              "navigator")
    s, _ = engine.apply(s, AllocatePower("engineer", "ent", 16, 1, 3))
    assert {(p.station, p.action) for p in engine.pending(s) if p.ship == "ent"} == {
        ("weapons", "arm_weapons"), ("navigator", "set_shields")}
    refused(s, ArmWeapons("helm", "ent", ()), "arm weapons on ENT is for Weapons")
    refused(s, SetShields("science", "ent", (0,) * 6), "set shields on ENT is for Navigator")
    s, _ = engine.apply(s, ArmWeapons("weapons", "ent", (("ph1", 3),)))
    s, _ = engine.apply(s, SetShields("navigator", "ent", (0, 4, 0, 0, 0, 0)))
    for action in (AllocatePower("instructor", "kl", 4, 0, 0), ArmWeapons("instructor", "kl", ()),
                   SetShields("instructor", "kl", (0,) * 6)):  # the Instructor acts for any ship
        s, _ = engine.apply(s, action)
    s, _ = roll(s, 1, 2)
    move = engine.pending(s)[0]
    assert (move.station, move.action) == ("captain", "move")
    refused(s, Move("helm", move.ship or "", ""), "is for Captain")


def test_the_authority_table_covers_every_duty_in_every_crew() -> None:
    for name, layout in CREWS.items():
        assert set(layout) == set(Duty), name
        stations = stations_of(name)
        assert len(stations) == len(set(layout.values()))
        assert sorted(d for st in stations for d in duties_of(name, st)) == sorted(Duty)
    assert [len(stations_of(n)) for n in ("3", "4", "4-split", "5", "6")] == [3, 4, 4, 5, 6]
    # A crew of 3 chooses who is also Captain (C&C: Captain): Helm, the Engineer or Science.
    assert [station_for(n, Duty.COMMAND) for n in ("3", "3-engineer", "3-science")] == [
        "helm", "engineer", "science"]


@pytest.mark.parametrize("crew", [7, "2", "helm", None, 4.0, True])
def test_an_unknown_crew_is_refused_naming_the_choices(crew: object) -> None:
    with pytest.raises(engine.DataError,
                       match=r"crew must be one of 3, 3-engineer, 3-science, 4, 4-split, 5, 6"):
        game(ENT, KL, crew=crew)  # type: ignore[arg-type]


# -- controls ------------------------------------------------------------------------------------

def accepted(state: FasaState, decision: Decision, values: dict[str, Any]) -> bool:
    action = decision.make(values)
    why = engine.problem(state, action)
    try:
        engine.apply(state, action)
    except IllegalAction as exc:
        assert why == str(exc)
        return False
    assert why is None
    return True


def check_decision(state: FasaState, d: Decision, rng: random.Random) -> None:
    assert engine.problem(state, d.make()) is None or d.action in ("move", "roll"), \
        f"the defaults of {d.title} are refused: {engine.problem(state, d.make())}"
    for f in d.fields:
        if f.kind == FieldKind.INT:
            assert f.minimum <= f.default <= f.maximum  # type: ignore[operator]
            # Every value in bounds, alone, is refused only for a budget or a rule spanning
            # fields; one step past the bounds is always refused.
            for v in (f.maximum + f.step, f.minimum - f.step):
                assert not accepted(state, d, {f.name: v}), (d.title, f.name, v)
            v = rng.choice(f.values())
            if not accepted(state, d, {f.name: v}):
                # Rules spanning fields: arming; a place on the map's edge (column or row)
                # or off an obstacle (column and row).
                assert any(f.name in b.fields and v > b.maximum for b in d.budgets) or \
                    d.action in ("arm_weapons", "place_ship"), (d.title, f.name, v)
        elif f.kind == FieldKind.CHOICE:
            for c in f.choices:
                assert accepted(state, d, {f.name: c.value}) == c.allowed, (d.title, c)
                if c.problem:
                    assert c.problem in (engine.problem(state, d.make({f.name: c.value})) or "")
        else:
            assert not accepted(state, d, {f.name: "F" * (f.maximum + 1)})
            assert not accepted(state, d, {f.name: "X"})
    for b in d.budgets:
        over = dict.fromkeys(b.fields, 0)
        fields = [d.field_named(n) for n in b.fields]
        left = b.maximum + 1
        for f in fields:  # fill the budget past its limit within each field's bounds
            take = min(f.maximum // f.step * f.step, (left + f.step - 1) // f.step * f.step)
            over[f.name] = take
            left -= take
        if left <= 0:
            assert not accepted(state, d, over), (d.title, over)
            assert d.used(b, over) > b.maximum


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_controls_bounds_agree_with_what_apply_accepts(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for n, state in enumerate(states(seed, 250)):
        if n % 3:
            continue
        for seat in rng.sample(seats(state), 3) + [Seat(INSTRUCTOR)]:
            decisions = engine.controls(state, seat)
            # One decision per prompt, in order; beyond them only the Instructor's offer to
            # end the game (at every level of FASA), which no prompt waits for (ruling.py).
            offers = [d for d in decisions if d.action == "end_game"]
            assert [d.prompt for d in decisions if d not in offers] == list(
                engine.pending(state, seat))
            assert len(offers) == (seat.station == INSTRUCTOR and state.ruleset == "fasa"
                                   and state.step != "over")
            assert decisions[len(decisions) - len(offers):] == tuple(offers)
            for d in decisions:
                assert d.station == seat.station
                check_decision(state, d, rng)
                checked += 1
    assert checked > 10


def test_controls_of_each_decision_in_a_duel() -> None:
    s = game(ENT, KL)
    (power,) = engine.controls(s, Seat("engineer", "ent"))
    assert power.action == "allocate_power"
    assert [(f.name, f.minimum, f.maximum, f.step) for f in power.fields] == [
        ("movement", 0, 20, 4), ("shields", 0, 2, 1), ("weapons", 0, 20, 1)]  # weapons take 20
    # shields: 1/4 cut to 1/12 at 1/3 (Altering Variable Data); 2 power fills 24 of the 30 points
    assert power.budgets[0].maximum == 21
    assert engine.controls(s, Seat("helm", "ent")) == ()
    s, _ = engine.apply(s, power.make({"movement": 4, "shields": 2, "weapons": 8}))
    arm = engine.controls(s, Seat("helm", "ent"))[0]
    assert arm.field_named("ph1").maximum == 3 and arm.field_named("pt1").step == 1
    assert arm.budgets[0].maximum == 8
    shields = engine.controls(s, Seat("science", "ent"))[0]
    assert [f.maximum for f in shields.fields] == [5] * 6 and shields.budgets[0].maximum == 24
    s, _ = engine.apply(s, arm.make({"ph1": 3, "pt1": 1}))
    assert s.ship("ent").weapons[0].power == 3
    s, _ = engine.apply(s, shields.make({"shield2": 5, "shield1": 3}))
    s = ready(s, "kl", movement=4, weapons=2, arm=(("d1", 2),))
    s, _ = roll(s, 1, 2)
    while engine.pending(s)[0].action == "move":
        p = engine.pending(s)[0]
        (mv,) = engine.controls(s, Seat(p.station, p.ship))
        assert mv.fields[0].kind == FieldKind.STEPS and mv.fields[0].alphabet == "FPS"
        s, _ = engine.apply(s, mv.make())
    p = engine.pending(s)[0]
    (fire,) = engine.controls(s, Seat(p.station, p.ship))
    assert fire.action == "fire"
    for f in fire.fields:
        assert f.choices[0].value is None and f.choices[0].allowed
        assert {c.value for c in f.choices[1:]} == ({"kl"} if p.ship == "ent" else {"ent"})


def test_a_roll_decision_takes_each_face_and_nothing_else() -> None:
    s = ready(ready(game(ENT, KL), "ent"), "kl")
    (d,) = engine.controls(s, Seat("captain", "ent"))
    assert d.action == "roll" and d.fields[0].values() == tuple(range(1, 11))
    assert isinstance(d.make({"value": 7}), RollResult)
    assert engine.problem(s, d.make({"value": 11})) == "Captain: a d10 shows 1 to 10, not 11"


# -- problem and malformed actions ---------------------------------------------------------------

BAD_VALUES: list[Any] = [3.5, 4.0, True, None, "4", [4], {"a": 1}, -(10**30), 10**30, float("nan")]


@pytest.mark.parametrize("bad", BAD_VALUES)
def test_a_malformed_field_is_an_illegal_action_never_a_python_error(bad: Any) -> None:
    s = game(ENT, KL)
    for action in (AllocatePower("engineer", "ent", bad, 0, 0),
                   AllocatePower("engineer", bad, 0, 0, 0),
                   ArmWeapons("helm", "ent", bad), ArmWeapons("helm", "ent", ((bad, 1),)),
                   ArmWeapons("helm", "ent", (("ph1", bad),)),
                   SetShields("science", "ent", bad), SetShields("science", "ent", (bad,) * 6),
                   Move("helm", "ent", bad), DeclareFire("helm", "ent", bad),
                   DeclareFire("helm", "ent", (("ph1", bad),)), RollResult("captain", bad),
                   RollResult("captain", 3, bad), RollResult(bad, 3)):
        why = engine.problem(s, action)
        if type(bad) is int and why is None:
            continue
        assert why, action
        with pytest.raises(IllegalAction) as info:
            engine.apply(s, action)
        assert str(info.value) == why


def test_a_float_roll_is_refused_so_the_log_always_replays() -> None:
    s = ready(ready(game(ENT, KL), "ent"), "kl")
    assert engine.problem(s, RollResult("captain", 3.0)) == \
        "Captain: roll: value: expected a whole number, got 3.0"  # type: ignore[arg-type]
    assert engine.problem(s, RollResult("captain", True)) is not None  # type: ignore[arg-type]
    assert engine.problem(s, "allocate") == "not an action: str"
    assert engine.problem(s, RollResult("captain", 3)) is None


def test_problem_never_changes_the_state() -> None:
    s = game(ENT, KL)
    before = engine.state_to_json(s)
    assert engine.problem(s, AllocatePower("engineer", "ent", 4, 0, 0)) is None
    assert engine.state_to_json(s) == before and s.ship("ent").allocation is None


def test_a_roll_the_instructor_sets_is_logged_as_an_override() -> None:
    """C&C: Role Of The Instructor, the final arbiter; a die typed in at its own station is manual."""
    s = ready(ready(game(ENT, KL), "ent"), "kl")
    (mine,) = engine.controls(s, Seat("captain", "ent"))
    assert mine.make({"value": 4}) == RollResult("captain", 4, "manual")
    theirs, ruling = engine.controls(s, Seat(INSTRUCTOR))   # the roll, then the ruling's offer
    assert ruling.action == "end_game" and ruling.optional
    action = theirs.make({"value": 4})
    assert action == RollResult("instructor", 4, "override")
    _, events = engine.apply(s, action)
    assert any(getattr(e, "source", "") == "override" for e in events)
