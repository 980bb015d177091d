"""Knight Hawks: the seed's worked examples and rules (seed 002, `cat -n` lines cited)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import IllegalAction, RollResult, Seat
from engine.dice import Die
from engine.hexgrid import offset_to_hex
from engine.rulesets.knighthawks.data.datafiles import class_dicts
from engine.rulesets.knighthawks.firing import combat
from engine.rulesets.knighthawks.firing.fire import repairs
from engine.rulesets.knighthawks.flow import setup
from engine.rulesets.knighthawks.flow.steps import advance
from engine.rulesets.knighthawks.values.actions import Fire, LaunchICMs, Move, Repair, SetScreens
from engine.rulesets.knighthawks.values.state import (
    DEFENSIVE,
    OFFENSIVE,
    REPAIR,
    Attack,
    KHState,
    Mine,
    replace,
)
from engine.stations import title


def scenario(ships: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    base = setup.load_scenario("patrol")
    return {**base, "ships": ships, "classes": class_dicts(None), "first": "upf", **more}


def ship(sid: str, cls: str, side: str, at: list[int], facing: int = 3, speed: int = 0,
         **more: Any) -> dict[str, Any]:
    return {"id": sid, "class": cls, "side": side, "at": at, "facing": facing, "speed": speed,
            **more}


def duel(crew: str = "3", **more: Any) -> KHState:
    """A UPF destroyer and a Sathar destroyer three hexes apart, bow to bow."""
    state = engine.new_game(scenario([
        ship("dd", "upf-destroyer", "upf", [10, 5], 3, crew=crew),
        ship("sd", "sathar-destroyer", "sathar", [10, 8], 0)], **more))
    assert isinstance(state, KHState)
    return state


def at(state: KHState, step: str) -> KHState:
    return replace(state, step=step, ships=tuple(replace(s, done=False) for s in state.ships))


def act(state: KHState, action: engine.Action) -> tuple[KHState, tuple[engine.Event, ...]]:
    new, events = engine.apply(state, action)
    assert isinstance(new, KHState)
    return new, events


def roll(state: KHState, *values: int) -> tuple[KHState, list[engine.Event]]:
    told: list[engine.Event] = []
    for v in values:
        p = engine.pending(state)[0]
        assert p.roll is not None, p
        state, events = act(state, RollResult(p.roll.station, v, "script"))
        told += events
    return state, told


# --- The Damage Table and its modifiers -------------------------------------------------------

def test_proton_beam_dtm_example_73_plus_10_is_a_defence_hit() -> None:
    """Line 108: d100 73, proton beam battery +10 = 83: "Defensive Control hit" (81-84 on the
    table, line 147: ICM first)."""
    state = duel()
    dd = state.ship("dd")
    assert state.tables.weapons["PB"].dtm == 10
    new, events, hull = combat.damage_result(state, dd, 73, 10)
    assert hull is None
    assert new.ship("dd").defence("ICM") is None
    assert "83" in events[0].text and "ICMs destroyed" in events[0].text


@pytest.mark.slow
@pytest.mark.parametrize(("code", "dtm"), [("LC", 0), ("LB", 0), ("PB", 10), ("EB", 10),
                                           ("DC", 20), ("AR", -10), ("RB", -10), ("T", -20),
                                           ("M", -20), ("S", -20)])
def test_damage_table_modifiers(code: str, dtm: int) -> None:
    """Lines 111-122."""
    assert duel().tables.weapons[code].dtm == dtm


def test_adf_loss_example() -> None:
    """Line 174: ADF 3 loses 1 -> 2; one half -> 1; all -> 0; after damage a half hit loses half
    the original ADF."""
    state = duel()
    dd = state.ship("dd")
    assert dd.adf == 3
    assert combat.damage_result(state, dd, 46, 0)[0].ship("dd").adf == 2
    assert combat.damage_result(state, dd, 50, 0)[0].ship("dd").adf == 1
    assert combat.damage_result(state, dd, 53, 0)[0].ship("dd").adf == 0
    hit = combat.damage_result(state, dd, 46, 0)[0]
    assert combat.damage_result(hit, hit.ship("dd"), 51, 0)[0].ship("dd").adf == 0
    empty = state.with_ship(replace(dd, adf=0))
    assert combat.damage_result(empty, empty.ship("dd"), 47, 0)[2] == "hull"  # line 202


def test_laser_cannon_destroyed_example() -> None:
    """Line 184: a 66 on a destroyer: DC, LC, AR, T, LB; no disruptor, so the laser cannon."""
    state = duel()
    new, events, hull = combat.damage_result(state, state.ship("dd"), 66, 0)
    assert hull is None
    lc = new.ship("dd").mount("LC")
    assert lc is not None and not lc.intact
    assert "Laser Cannon destroyed" in events[0].text
    # None of the listed systems: a hull hit (line 182); the same result again hits the next.
    again, _, _ = combat.damage_result(new, new.ship("dd"), 66, 0)
    assert again.ship("dd").mount("T") is not None and not again.ship("dd").mount("T").intact  # type: ignore[union-attr]
    bare = state.with_ship(replace(state.ship("dd"), weapons=()))
    assert combat.damage_result(bare, bare.ship("dd"), 66, 0)[2] == "hull"


def test_the_laser_cannon_stays_destroyed_until_damage_control_repairs_it() -> None:
    """A destroyed system stays off the roster (line 200) until damage control repairs it."""
    state = duel()
    state = combat.damage_result(state, state.ship("dd"), 66, 0)[0]
    state = at(state, REPAIR)
    state = replace(state, mover=0)
    with pytest.raises(IllegalAction, match="nothing called 'LB'"):
        engine.apply(state, Repair("engineer", "dd", "LB"))
    state2, _ = act(state, Repair("engineer", "dd", "LC"))
    failed, _ = roll(state2, 76)  # DCR 75 (the destroyer's, Tactical Operations Manual)
    assert not failed.ship("dd").mount("LC").intact  # type: ignore[union-attr]
    mended, _ = roll(state2, 75)
    assert mended.ship("dd").mount("LC").intact  # type: ignore[union-attr]


def test_hits_on_systems_already_hit_are_hull_hits() -> None:
    """Lines 204-206: combat control and damage control hits are not cumulative; one fire."""
    state = duel()
    dd = state.ship("dd")
    once = combat.damage_result(state, dd, 86, 0)[0]
    assert once.ship("dd").combat_control
    assert combat.damage_result(once, once.ship("dd"), 86, 0)[2] == "hull"
    dc = combat.damage_result(state, dd, 110, 0)[0]
    assert dc.ship("dd").dcr == 38  # 75 cut in half, rounded up (line 196)
    burning = combat.damage_result(state, dd, 100, 0)[0]
    assert burning.ship("dd").fire
    assert combat.damage_result(burning, burning.ship("dd"), 118, 0)[2] == "hull"
    disaster = combat.damage_result(state, dd, 118, 0)[0].ship("dd")
    assert (disaster.fire, disaster.adf, disaster.mr, disaster.dcr) == (True, 0, 0, 38)
    assert set(repairs(disaster)) >= {"fire", "ADF", "MR", "damage control"}


def test_hull_damage_double_and_half_rounded_up() -> None:
    """Lines 102, 160."""
    a = Attack("x", "x", "LC", "upf", "weapons", "sd", 0, True, "dice", 0, "2d10", dice=(3, 4))
    assert combat.hull_damage(a) == 4
    assert combat.hull_damage(replace(a, half=False, double=True)) == 14
    assert combat.hull_damage(replace(a, hdr="2d10+4", half=False)) == 11


# --- The Combat Table ----------------------------------------------------------------------

def test_icm_modifiers_on_the_combat_table() -> None:
    """Lines 96-100: each ICM takes 10 from a torpedo, 5 from an assault rocket, 3 from a rocket
    battery, 5 from mines and 8 from a seeker."""
    state = duel()
    sd = state.ship("sd")
    w = state.tables.weapons
    assert {c: w[c].icm for c in ("T", "AR", "RB", "M", "S")} == \
        {"T": -10, "AR": -5, "RB": -3, "M": -5, "S": -8}
    assert combat.chance_to_hit(state, w["T"], sd, "upf", state.ship("dd"), 3, 2)[0] == 30
    assert combat.chance_to_hit(state, w["RB"], sd, "upf", state.ship("dd"), 3, 3)[0] == 31
    # ICMs do nothing against a laser cannon: 60% and head-on +10% (Tactical Operations Manual)
    assert combat.chance_to_hit(state, w["LC"], sd, "upf", state.ship("dd"), 0, 4)[0] == 70


def test_a_screen_that_attracts_a_beam_is_the_one_used() -> None:
    """Line 64: an electron beam against a proton screen uses the proton screen's 70%, though
    the reflective hull's 60% is lower; against an electron screen 25% with half damage."""
    state = duel()
    sd = state.ship("sd")
    w = state.tables.weapons
    # (the roster's destroyer has no screens: Tactical Operations Manual; one is fitted here)
    with_ps = state.with_ship(replace(sd, defences=(*sd.defences, replace(sd.defences[0],
                                                                          code="ES")), screen="ES"))
    chance, half, _ = combat.chance_to_hit(with_ps, w["EB"], with_ps.ship("sd"), "upf", None, 0)
    assert (chance, half) == (25, True)
    ps = replace(sd, defences=(*sd.defences, replace(sd.defences[0], code="PS")), screen="PS")
    pstate = state.with_ship(ps)
    assert combat.chance_to_hit(pstate, w["EB"], ps, "upf", None, 0)[0] == 70
    assert combat.chance_to_hit(pstate, w["PB"], ps, "upf", None, 0)[:2] == (25, True)
    shorted = pstate.with_ship(replace(ps, power_short=True))
    assert combat.chance_to_hit(shorted, w["EB"], shorted.ship("sd"), "upf", None, 0)[0] == 60


def test_skilled_gunners_use_the_shaded_number() -> None:
    """Line 72: the shaded chance, plus the skill (ours: 10% a level)."""
    state = duel(sides={"upf": {"name": "UPF", "gunnery": 2}, "sathar": {"name": "Sathar"}})
    w = state.tables.weapons
    assert combat.chance_to_hit(state, w["LC"], state.ship("sd"), "upf", state.ship("dd"),
                                0)[0] == 45 + 20 + 10   # head-on


def test_icms_defend_any_ship_in_the_hex() -> None:
    """Line 27: a ship in the target's hex launches ICMs against missiles aimed at another."""
    state = engine.new_game(scenario([
        ship("scout", "upf-assault-scout", "upf", [10, 5], 3),
        ship("dd", "upf-destroyer", "upf", [10, 5], 3),
        ship("sf", "sathar-frigate", "sathar", [10, 8], 0)], first="sathar"))
    assert isinstance(state, KHState)
    state = at(replace(state, mover=0), OFFENSIVE)
    state, _ = act(state, Fire("weapons", "sf", "T", "scout"))
    prompt = engine.pending(state)[0]
    assert (prompt.ship, prompt.action) == ("dd", "kh_icm")
    state, _ = act(state, LaunchICMs("weapons", "dd", 2))
    req = engine.pending(state)[0].roll
    assert req is not None and req.needs == (1, 30) and req.kind == Die.D100


# --- Fire ---------------------------------------------------------------------------------

def test_weapon_limits_mpo_ff_ltd_and_once_a_turn() -> None:
    state = at(duel(), DEFENSIVE)  # UPF moves first: Sathar fires defensively
    assert "moving player only" in (engine.problem(state, Fire("weapons", "sd", "T", "dd")) or "")
    turned = state.with_ship(replace(state.ship("sd"), facing=1))
    assert "straight ahead" in (engine.problem(turned, Fire("weapons", "sd", "LC", "dd")) or "")
    state, _ = act(state, Fire("weapons", "sd", "LB", "dd"))
    state, _ = roll(state, 99)
    assert "fired in this combat phase" in (
        engine.problem(state, Fire("weapons", "sd", "LB", "dd")) or "")
    off = at(state, OFFENSIVE)
    off = replace(off, mover=1)
    empty = off.with_ship(replace(off.ship("sd"), weapons=tuple(
        replace(m, ammo=0) if m.code == "T" else m for m in off.ship("sd").weapons)))
    assert "nothing left" in (engine.problem(empty, Fire("weapons", "sd", "T", "dd")) or "")


def test_defensive_fire_reaches_any_hex_the_mover_traveled_through() -> None:
    """Line 210: the non-moving side shoots at the hexes a ship passed through."""
    state = duel()
    far = [offset_to_hex(10, 7), offset_to_hex(10, 20)]
    state = at(state.with_ship(replace(state.ship("dd"), pos=far[1], path=tuple(far))), DEFENSIVE)
    assert engine.problem(state, Fire("weapons", "sd", "LB", "dd")) is None


def test_hull_damage_dice_are_asked_one_d10_at_a_time() -> None:
    """Torpedo 4d10 (line 21): four d10 requests, then the hull loses their sum."""
    state = at(replace(duel(), mover=1), OFFENSIVE)
    state, _ = act(state, Fire("weapons", "sd", "T", "dd"))
    state, _ = act(state, LaunchICMs("weapons", "dd", 0))
    state, _ = roll(state, 1, 40)  # hit; 40 - 20 = 20: hull hit
    kinds = []
    for v in (1, 2, 3, 4):
        kinds.append(engine.pending(state)[0].roll.kind)  # type: ignore[union-attr]
        state, _ = roll(state, v)
    assert kinds == ["d10"] * 4
    assert state.ship("dd").hull == 50 - 10


# --- Movement ------------------------------------------------------------------------------

def test_break_apart_example_28_percent() -> None:
    """Line 170: 50 hull points, 32 damage, accelerating 3 and turning 1: 28%; 29 survives."""
    state = duel()
    dd = replace(state.ship("dd"), hull=18, speed=0)
    state = state.with_ship(dd)
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = act(state, Move("helm", "dd", 3, "FSFF"))
    req = engine.pending(state)[0].roll
    assert req is not None and req.needs == (1, 28)
    safe, _ = roll(state, 29)
    assert safe.ship("dd").active
    broken, _ = roll(state, 28)
    assert broken.ship("dd").status == "destroyed"


def test_speed_within_adf_and_turns_within_mr() -> None:
    state = duel()
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    assert "speed 0 to 3" in (engine.problem(state, Move("helm", "dd", 4, "FFFF")) or "")
    mr2 = state.with_ship(replace(state.ship("dd"), mr=2))
    assert "turn 2 hexsides" in (engine.problem(mr2, Move("helm", "dd", 3, "FPFPFP")) or "")
    assert engine.problem(state, Move("helm", "dd", 0, "PPP")) is None  # turning while stopped


def test_one_turn_in_each_hex_entered_and_any_facing_when_stopped() -> None:
    """UPF Tactical Operations Manual, Basic Game: Turning: a ship turns after it enters a hex,
    one hexside in any hex; stopped through the whole turn it may face any hexside, whatever
    its MR; a ship that stops this turn enters no hex and cannot turn."""
    state = duel()
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    assert engine.problem(state, Move("helm", "dd", 2, "FSFS")) is None
    for course in ("SFF", "FSSF", "FPSF"):
        assert "one hexside at most in each hex" in (
            engine.problem(state, Move("helm", "dd", 2, course)) or ""), course
    stopped = state.with_ship(replace(state.ship("dd"), mr=0))
    assert engine.problem(stopped, Move("helm", "dd", 0, "SSS")) is None
    assert "any hexside" in (engine.problem(stopped, Move("helm", "dd", 0, "SSSS")) or "")
    moving = state.with_ship(replace(state.ship("dd"), speed=2))
    assert "one hexside at most" in (engine.problem(moving, Move("helm", "dd", 0, "S")) or "")


def test_navigation_hit_forces_turns() -> None:
    """Line 192: roll 1d10, 1-5 to port in each hex entered until MR is used up."""
    state = duel()
    state = state.with_ship(replace(state.ship("dd"), navigation=True, speed=2))
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = roll(state, 3)
    assert "FPFP" in (engine.problem(state, Move("helm", "dd", 2, "FF")) or "")
    assert engine.problem(state, Move("helm", "dd", 2, "FPFP")) is None


def test_a_drifting_ship_moves_by_itself() -> None:
    """Line 180."""
    state = engine.new_game(scenario([
        ship("dd", "upf-fighter", "upf", [10, 5], 3, 2),
        ship("sd", "sathar-destroyer", "sathar", [10, 15], 0)]))
    assert isinstance(state, KHState)
    f = replace(state.ship("dd"), adf=0, mr=0)
    state = replace(state.with_ship(f), step="move")
    state, events = advance(state)
    assert state.ship("dd").pos == offset_to_hex(10, 7)
    assert any("drifts" in e.text for e in events)


# --- Mines, seekers, fire --------------------------------------------------------------------

def test_mines_go_off_at_the_end_of_movement_and_are_secret() -> None:
    """Line 41."""
    state = duel()
    state = replace(state, mines=(Mine("sathar", offset_to_hex(10, 6)),))
    upf = engine.view(state, Seat("helm", "dd"))
    assert upf["mines"] == []
    assert engine.view(state, Seat("helm", "sd"))["mines"] == [{"side": "sathar", "at": [10, 6]}]
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = act(state, Move("helm", "dd", 2, "FF"))
    prompt = engine.pending(state)[0]
    assert prompt.action == "kh_icm" or (prompt.roll and "mines" in prompt.roll.purpose)
    assert state.mines == ()


def test_a_seeker_flies_two_hexes_then_four_toward_the_closest_ship() -> None:
    """Lines 46-50."""
    state = engine.new_game(scenario([
        ship("dd", "upf-destroyer", "upf", [10, 2], 3),
        ship("sd", "sathar-destroyer", "sathar", [10, 20], 0)],
        seekers=[{"side": "upf", "at": [10, 12]}]))
    assert isinstance(state, KHState)
    assert engine.pending(state)[0].action == "kh_seekers"
    state, _ = act(state, engine.controls(state, Seat("helm", "dd"))[0].make(
        {"activate": "all"}))
    assert state.seekers[0].pos == offset_to_hex(10, 14) and state.seekers[0].active


def test_an_electrical_fire_rolls_at_plus_20_each_turn() -> None:
    """Line 194: at the start of the opponent's combat step, +20; 1d10 on the hull."""
    state = duel()
    state = state.with_ship(replace(state.ship("sd"), fire=True))
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = act(state, Move("helm", "dd", 0, ""))
    req = engine.pending(state)[0].roll
    assert req is not None and "+20" in req.purpose and req.ship == "sd"
    state, _ = roll(state, 10, 7)  # 10 + 20 = 30: hull hit, 1d10
    assert state.ship("sd").hull == 43


def test_victory_is_judged_when_a_side_is_gone() -> None:
    state = duel()
    state = state.with_ship(replace(state.ship("sd"), hull=1))
    state = at(replace(state, mover=0), OFFENSIVE)
    state, _ = act(state, Fire("weapons", "dd", "LB", "sd"))
    state, _ = roll(state, 1, 20, 5)
    assert state.over and "victory to" in state.outcome


def test_defensive_fire_damage_takes_effect_after_the_move() -> None:
    """Line 210: the non-moving side fires once the moving side has finished moving, so a ship
    that loses its entire MR to defensive fire has already made its turns; the chance is the
    Combat Table's, less range diffusion (laser battery vs reflective hull 50%, 3 hexes -15%)."""
    state = duel()
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = act(state, Move("helm", "dd", 0, "S"))
    assert state.step == DEFENSIVE and state.ship("dd").facing == 4
    state, _ = act(state, Fire("weapons", "sd", "LB", "dd"))
    req = engine.pending(state)[0].roll
    assert req is not None and req.needs == (1, 35) and req.public
    state, _ = roll(state, 35, 59)  # hit; 59: steering hit, lose entire MR
    dd = state.ship("dd")
    assert (dd.mr, dd.facing) == (0, 4)


@pytest.mark.parametrize(("value", "aimed"), [(1, "sd"), (5, "sd"), (6, "sd2"), (10, "sd2")])
def test_a_die_decides_between_equally_close_ships(value: int, aimed: str) -> None:
    """Line 48: "If two or more ships are an equal distance from the seeker, players should roll
    a die to determine which ship the missile will aim at"."""
    state = engine.new_game(scenario([
        ship("dd", "upf-destroyer", "upf", [2, 2], 3),
        ship("sd", "sathar-destroyer", "sathar", [10, 16], 0, name="Venom"),
        ship("sd2", "sathar-destroyer", "sathar", [10, 8], 0, name="Fang")],
        seekers=[{"side": "upf", "at": [10, 12]}]))
    assert isinstance(state, KHState)
    state, _ = act(state, engine.controls(state, Seat("helm", "dd"))[0].make({"activate": "all"}))
    req = engine.pending(state)[0].roll
    assert req is not None and req.kind == Die.D10 and "equally close" in req.purpose
    assert "Venom on 1-5, Fang on 6-10" in req.purpose
    state, _ = roll(state, value)
    target = state.ship(aimed)
    assert state.seekers[0].pos.distance(target.pos) == 2


@pytest.mark.parametrize(("crew", "stations"), [
    ("1", {"pilot": "captain", "screens": "captain", "gunnery": "captain"}),
    ("2", {"pilot": "helm", "screens": "helm", "gunnery": "weapons"}),
    ("3", {"pilot": "helm", "screens": "engineer", "gunnery": "weapons"}),
    ("4", {"pilot": "helm", "screens": "engineer", "gunnery": "weapons"}),
])
def test_the_authority_table_says_who_acts(crew: str, stations: dict[str, str]) -> None:
    """Each duty belongs to one station of the ship's crew; another station is refused with the
    name of the right one; the Instructor may act for any ship."""
    state = duel(crew)
    assert engine.pending(state, Seat(stations["screens"], "dd"))[0].action == "kh_screens"
    wrong = "weapons" if stations["screens"] != "weapons" else "helm"
    with pytest.raises(IllegalAction, match=f"that is for {title(stations['screens'])} of"):
        engine.apply(state, SetScreens(wrong, "dd", "", False))
    state, _ = act(state, SetScreens("instructor", "dd", "", False))
    assert engine.pending(state, Seat(stations["pilot"], "dd"))[0].action == "kh_move"
    state, _ = act(state, Move(stations["pilot"], "dd", 0, ""))
    state = at(replace(state, mover=0), OFFENSIVE)
    assert engine.pending(state, Seat(stations["gunnery"], "dd"))[0].action == "kh_fire"
    assert set(engine.crew_stations(state, "dd")) >= set(stations.values())


def test_mines_laid_on_a_path_flown_earlier_in_the_turn_wait_for_the_next_ship() -> None:
    """Mines laid by the second side to move do not strike a ship of the first side for the hex
    it passed through before they were laid."""
    state = duel()
    state, _ = act(state, SetScreens("engineer", "dd", "", False))
    state, _ = act(state, Move("helm", "dd", 2, "FF"))  # through [10, 6], to [10, 7]
    passed = state.ship("dd").path[1]
    state = replace(state, mover=1, step="move", attack=None, hazards=(),
                    mines=(Mine("sathar", passed),))
    state = state.with_ship(replace(state.ship("sd"), screened=True))
    state, _ = act(state, Move("helm", "sd", 0, ""))
    assert state.mines == (Mine("sathar", passed),)
    assert engine.pending(state)[0].action == "kh_fire" or state.step != "move"


def test_a_masking_screen_guards_its_hex_until_its_ship_leaves() -> None:
    """The Combat Table's masking screen column (lines 91-100): a laser cannon at 25%, half
    damage; released from the ship's supply; no new one with a power short circuit (line 186)."""
    state = duel()
    ms = state.ship("dd").defence("MS")
    assert ms is not None and ms.count == 2
    shorted = state.with_ship(replace(state.ship("dd"), power_short=True))
    assert engine.pending(shorted, Seat("helm", "dd"))[0].action == "kh_move"  # nothing to set
    state, _ = act(state, SetScreens("engineer", "dd", "", True))
    assert [m.ship for m in state.masks] == ["dd"]
    assert state.ship("dd").defence("MS").count == 1  # type: ignore[union-attr]
    w = state.tables.weapons
    chance, half, _ = combat.chance_to_hit(state, w["LC"], state.ship("dd"), "sathar", None, 0)
    assert (chance, half) == (25, True)
    stay, _ = act(state, Move("helm", "dd", 0, "P"))
    assert stay.masks
    gone, _ = act(state, Move("helm", "dd", 1, "F"))
    assert gone.masks == ()


def test_head_on_shots_and_automatic_hits_and_misses() -> None:
    """UPF Tactical Operations Manual, Basic Game: a forward-firing weapon's shot straight ahead
    gets +10% (Head-On Shots); within range a roll of 5 or less always hits and 96 or more
    always misses (Automatic Hits and Misses), so the chance is never below 5 or above 95."""
    state = duel()
    w, sd, dd = state.tables.weapons, state.ship("sd"), state.ship("dd")
    assert combat.chance_to_hit(state, w["LC"], sd, "upf", dd, 4)[0] == 60 + 10 - 20
    assert combat.chance_to_hit(state, w["LB"], sd, "upf", dd, 4)[0] == 50 - 20
    assert combat.chance_to_hit(state, w["LB"], sd, "upf", dd, 9)[0] == 5     # 50 - 45
    hurt = replace(dd, combat_control=True)   # 50 - 45 - 10 is below 5
    far = combat.chance_to_hit(state.with_ship(hurt), w["LB"], sd, "upf", hurt, 9)
    assert far[0] == 5 and "= 5%" in far[2]
    skilled = duel(sides={"upf": {"name": "UPF", "gunnery": 6}, "sathar": {"name": "Sathar"}})
    assert combat.chance_to_hit(skilled, w["LC"], skilled.ship("sd"), "upf",
                                skilled.ship("dd"), 0)[0] == 95


def test_a_battery_fires_in_both_combat_phases_of_a_turn() -> None:
    """UPF Tactical Operations Manual, Basic Game: Rate of Fire: laser cannons, laser batteries
    and rocket batteries fire in their own side's combat phase and in the other side's, each once
    a phase. The Sathar laser battery fired defensively in the UPF half fires again in the
    Sathar half's offensive fire."""
    state = at(duel(), DEFENSIVE)
    state, _ = act(state, Fire("weapons", "sd", "LB", "dd"))
    state, _ = roll(state, 99)
    assert state.ship("sd").mount("LB").fired  # type: ignore[union-attr]
    for _ in range(60):
        if state.step == OFFENSIVE and state.ship("sd").side == state.sides[state.mover]:
            break
        p = engine.pending(state)[0]
        if p.roll is not None:
            state, _ = roll(state, 99)
            continue
        d = engine.controls(state, Seat(p.station, p.ship))[0]
        state, _ = act(state, d.make({"mount": ""} if p.action == "kh_fire" else {}))
    else:
        raise AssertionError("the Sathar offensive fire never came")
    assert state.turn == 1
    assert engine.problem(state, Fire("weapons", "sd", "LB", "dd")) is None


def test_each_target_says_its_odds_with_every_weapon_that_can_fire_at_it() -> None:
    """The fire decision's target choices say, before the shot, the chance with each weapon and
    how it is made up (the Combat Table's number for the defence, range diffusion, head-on:
    `combat.chance_to_hit`), the same figure the roll is then made against."""
    state = at(duel(), DEFENSIVE)
    (decision,) = engine.controls(state, Seat("weapons", "sd"))
    target = next(c for c in decision.field_named("target").choices if c.value == "dd")
    firing = [m for m in state.ship("sd").weapons
              if engine.problem(state, Fire("weapons", "sd", m.id, "dd")) is None]
    assert firing and target.explain.count("%, ") + target.explain.count("% = ") >= len(firing)
    for m in firing:
        weapon = state.tables.weapons[m.code]
        chance, _, words = combat.chance_to_hit(state, weapon, state.ship("dd"), "sathar",
                                                state.ship("sd"), 3)
        assert words in target.explain and f"= {chance}%" in target.explain
    assert target.need is not None and f"= {target.need}%" in target.explain
