"""Book Two, Command & Control (seed 000_4373da4a9495c8f8.txt, `cat -n` lines 875-1563): the
tactical advantage from the Captains' tactics, the Captain's orders, the Chief Engineer's and the
Helmsman's Skill Rolls, and who rolls a hit's location. Each worked example is a test citing its
lines."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_cc_officers import BRIDGE
from test_fasa_fidelity import act

import engine
from engine import RollResult, Seat
from engine.errors import IllegalAction
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.moving.stress import expert_stress
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    DeclareFire,
    Move,
    ScienceRoll,
    SelfDestruct,
    SetShields,
    SetWarp,
    SkillBonus,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.cc_actions import EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.cc_events import OfficerRolled, OrdersGiven
from engine.rulesets.fasa.values.state import DECLARE, DESTROYED, MOVE, POWER, SKILL, FasaState, replace

CLASSES = setup.ship_dicts(None)


def game(*, ent_officers: Any = BRIDGE, kl_officers: Any = None, kl_skill: int = 60,
         warp: int | None = None, kl_at: tuple[int, int, int] = (5, 3, 3),
         crew: str = "4") -> FasaState:
    """The Enterprise (a player crew, Kirk's tactics 74) against a D-7A the Instructor runs
    (Skill Rating `kl_skill`, efficiency 70), at the command level."""
    ent: dict[str, Any] = {"id": "ent", "name": "ENT", "class": "constitution",
                           "side": "Federation", "col": 5, "row": 8, "heading": 0, "crew": crew}
    if ent_officers is not None:
        ent["officers"] = copy.deepcopy(ent_officers)
    kl: dict[str, Any] = {"id": "kl", "name": "KL", "class": "d7a", "side": "Klingon",
                          "col": kl_at[0], "row": kl_at[1], "heading": kl_at[2]}
    if kl_officers is not None:
        kl["officers"] = copy.deepcopy(kl_officers)
    else:
        kl |= {"skill": kl_skill, "efficiency": 70}
    scenario: dict[str, Any] = {"id": "test", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                                "ships": [ent, kl]}
    if warp is not None:
        scenario["warp"] = warp
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, level="command"))
    assert isinstance(state, FasaState)
    return state


def roll(state: FasaState, *values: int) -> tuple[FasaState, list[Any]]:
    events: list[Any] = []
    for v in values:
        (prompt,) = engine.pending(state)
        assert prompt.roll is not None, prompt
        state, more = act(state, RollResult(prompt.roll.station, v, source="script"))
        events += more
    return state, events


def allocate(state: FasaState, ship: str, movement: int = 0, weapons: int = 0,
             arm: tuple[tuple[str, int], ...] = (), order: str | None = "fire") -> FasaState:
    if order is not None:
        state, _ = act(state, GiveOrders("captain", ship, order))
    for action in (AllocatePower("engineer", ship, movement, 0, weapons),
                   ArmWeapons("helm", ship, tuple(WeaponPower(w, p) for w, p in arm)),
                   SetShields("science", ship, (0,) * 6)):
        state, _ = act(state, action)
    return state


def to_skill(state: FasaState, **ent: Any) -> FasaState:
    state = allocate(state, "ent", **ent)
    state = allocate(state, "kl", order=None)
    assert state.step == SKILL
    return state


def settle_klingon(state: FasaState) -> FasaState:
    """The Instructor's ship's Expert crew Skill Roll: a miss."""
    while state.step == SKILL and (p := engine.pending(state)) and p[0].ship == "kl":
        if p[0].roll is not None:
            state, _ = roll(state, 99)
        else:
            state, _ = act(state, SkillBonus("captain", "kl", "none"))
    return state


def engineer(state: FasaState, choice: str = "none", engine_no: int = 0,
             *values: int) -> FasaState:
    state = settle_klingon(state)
    state, _ = act(state, EngineerRoll("engineer", "ent", choice, engine_no))
    if values:
        state, _ = roll(state, *values)
    return no_science(state)


def no_science(state: FasaState) -> FasaState:
    """The Science Officers make no Skill Roll this turn (line 1423; science_roll.py)."""
    while chosen := [p for p in engine.pending(state) if p.action == "science_roll"]:
        state, _ = act(state, ScienceRoll(chosen[0].station, chosen[0].ship or "", "none"))
    return state


def until(state: FasaState, done: Any, die: int = 10) -> FasaState:
    """Play on (ships hold station, rolls show `die`, the rest by the autopilot) until
    `done(state)`."""
    while not done(state):
        (p, *_) = engine.pending(state)
        if p.roll is not None:
            state, _ = act(state, RollResult(p.roll.station, min(die, p.roll.sides)))
        elif state.step == MOVE and p.action == "move":
            state, _ = act(state, Move(p.station, p.ship or "", ""))
        else:
            state, _ = act(state, engine.decide(state, p))
    return state


def prompts(state: FasaState, seat: Seat | None = None) -> set[tuple[str | None, str, str]]:
    return {(p.ship, p.station, p.action) for p in engine.pending(state, seat)}


# -- The tactical advantage (lines 1015-1019, 1407) ----------------------------------------------

@pytest.mark.slow
def test_the_higher_tactics_rating_has_the_tactical_advantage_for_the_whole_game() -> None:
    """"It is the Captain's skill rating in STARSHIP COMBAT STRATEGY/TACTICS that determines who
    has the tactical advantage ... The Captain with the higher rating has the tactical advantage
    throughout the encounter" (line 1017): Kirk's 74 against the Instructor's Skill Rating."""
    state = engineer(to_skill(game(kl_skill=75)))
    assert state.advantage == ("ent", "kl")  # the last has it: the Klingon's 75
    state = engineer(to_skill(game(kl_skill=73)))
    assert state.advantage == ("kl", "ent")


@pytest.mark.slow
def test_on_equal_ratings_the_players_ship_has_the_advantage() -> None:
    """Our rule for ties (the Instructor "is on their side", lines 1335, 1339): the crewed ship;
    two crews by their Captains' DEX."""
    state = engineer(to_skill(game(kl_skill=74)))
    assert state.advantage == ("kl", "ent")
    quick = copy.deepcopy(BRIDGE)
    quick["captain"]["dex"] = 70
    state = game(kl_officers=quick)  # both 74; Kirk's DEX 66 against 70
    state = allocate(allocate(state, "ent"), "kl")
    state = engineer(state)
    state, _ = act(state, EngineerRoll("engineer", "kl", "none"))
    state = no_science(state)
    assert state.advantage == ("ent", "kl")


# -- The Captain's orders (lines 1101, 1415) -----------------------------------------------------

def test_the_helmsman_never_arms_without_the_captains_order() -> None:
    """"The Helmsman NEVER arms or fires weapons without a direct order from the Captain!"
    (line 1101); the Captain gives his general orders in the Power Allocation Phase (line
    1415). The Instructor's ship arms as before."""
    state = game()
    assert ("ent", "captain", "orders") in prompts(state)
    state, _ = act(state, AllocatePower("engineer", "ent", 0, 0, 10))
    assert ("ent", "helm", "arm_weapons") not in prompts(state)
    arm = ArmWeapons("helm", "ent", (WeaponPower("ph1", 5),))
    why = engine.problem(state, arm)
    assert why is not None and "never arms or fires without the Captain's order" in why
    assert "line 1101" in why
    with pytest.raises(IllegalAction, match="Captain has given no fire order"):
        engine.apply(state, arm)
    state, events = act(state, GiveOrders("captain", "ent", "fire"))
    assert [e.text for e in events if isinstance(e, OrdersGiven)] == [
        "ENT: the Captain orders: open fire"]
    assert ("ent", "helm", "arm_weapons") in prompts(state)
    state, _ = act(state, arm)
    assert state.ship("ent").weapons[0].power == 5
    with pytest.raises(IllegalAction, match="has given ENT's orders for this turn"):
        engine.apply(state, GiveOrders("captain", "ent", "hold"))


def test_under_hold_fire_nothing_is_armed_and_the_panel_says_why() -> None:
    state, _ = act(game(), GiveOrders("captain", "ent", "hold"))
    state, _ = act(state, AllocatePower("engineer", "ent", 0, 0, 10))
    (arming,) = [d for d in engine.controls(state, Seat("helm", "ent"))
                 if d.action == "arm_weapons"]
    assert "hold fire" in arming.title
    assert all(f.maximum == 0 for f in arming.fields)
    why = engine.problem(state, ArmWeapons("helm", "ent", (WeaponPower("ph1", 5),)))
    assert why is not None and "ordered hold fire" in why
    state, _ = act(state, ArmWeapons("helm", "ent", ()))
    assert state.ship("ent").armed


@pytest.mark.slow
def test_fire_at_will_stands_and_the_helmsman_picks_the_shots() -> None:
    """"after the order to open fire is given, the Helmsman makes all the actual decisions
    concerning firing" (line 1101); fire at will stands in the next turns (our reading)."""
    state = allocate(game(), "ent", weapons=10, arm=(("ph1", 5), ("ph2", 5)), order="at_will")
    state = allocate(state, "kl", order=None)
    state = engineer(state)
    state = until(state, lambda s: s.step == DECLARE)
    (fire,) = [d for d in engine.controls(state, Seat("helm", "ent")) if d.action == "fire"]
    assert all(c.problem is None for c in fire.field_named("ph1").choices if c.value == "kl")
    # The next turn: the order stands, arming need not wait, the Captain may still change it.
    turn2 = replace(state, step=POWER, turn=2)
    from engine.rulesets.fasa.command import cc_turn, orders
    from engine.rulesets.fasa.engineering import power
    ships, _ = cc_turn.end_of_turn(turn2, tuple(power.end_of_turn(s) for s in turn2.ships))
    turn2 = replace(turn2, ships=ships)
    assert orders.standing(turn2.ship("ent")) == "at_will"
    assert not orders.awaited(turn2, turn2.ship("ent"))
    (order,) = [d for d in engine.controls(turn2, Seat("captain", "ent")) if d.action == "orders"]
    assert order.optional and order.field_named("fire").default == "at_will"


def test_no_target_may_be_declared_without_the_order_to_fire() -> None:
    from engine.rulesets.fasa.command import orders
    state = game()
    held = replace(state.ship("ent"), fire_order="hold", orders_given=True)
    assert "ordered hold fire" in orders.fire_problem(state, held)
    assert "no fire order" in orders.fire_problem(state, state.ship("ent"))
    assert orders.fire_problem(state, state.ship("kl")) == ""  # the Instructor's ship


def test_the_self_destruct_order_stays_the_captains() -> None:
    """Advanced: Ship Explosions and C&C line 1269: the Captain's order, at the command level
    too; no other officer may give it."""
    state = game()
    assert ("ent", "captain", "self_destruct") in prompts(state)
    with pytest.raises(IllegalAction, match="is for Captain"):
        engine.apply(state, SelfDestruct("helm", "ent", "destruct"))
    state, _ = act(state, SelfDestruct("captain", "ent", "destruct"))
    assert state.ship("ent").status == DESTROYED


def test_the_captain_reads_every_panel_of_his_ship() -> None:
    """"The captain may ask at any time for a status report from any crew member or for any
    information on that player's Command Control Panel" (line 929)."""
    state = to_skill(game(), weapons=5, arm=(("ph1", 5),))
    seen = {s["id"]: s for s in engine.view(state, Seat("captain", "ent"))["ships"]}["ent"]
    for key in ("engines", "allocation", "weapons", "shields", "superstructure", "warp",
                "movement_points", "casualties_percent", "sensors_out", "officers"):
        assert key in seen, key
    assert seen["command"]["fire_order"] == "fire"
    assert seen["command"]["weaponry_rolls_left"] == 2


# -- The Chief Engineer's Skill Roll (lines 1027-1047) -------------------------------------------

def test_a_crewed_ship_makes_the_engineers_roll_in_place_of_the_crew_roll() -> None:
    """"Once per game turn, the Chief Engineer may make a Skill Roll ... This takes place in the
    Skill Roll Phase" (line 1029); the Instructor's ship keeps the Expert crew Skill Roll."""
    state = to_skill(game())
    (first,) = engine.pending(state)
    assert first.ship == "kl" and first.roll is not None and "efficiency" in first.roll.purpose
    state = settle_klingon(state)
    assert prompts(state) == {("ent", "engineer", "engineer_roll"),
                              ("ent", "science", "science_roll")}  # both roll (line 1423)
    (choice,) = engine.controls(state, Seat("engineer", "ent"))
    roll_field = choice.field_named("roll")
    assert {c.value: c.problem for c in roll_field.choices}["repair"] is not None  # undamaged


@pytest.mark.slow
@pytest.mark.parametrize(("die", "extra"), [(80, 1), (81, 0), (5, 2), (6, 1)])
def test_extra_power_comes_in_the_next_turn(die: int, extra: int) -> None:
    """"if the roll is less than or equal to his skill rating, he has ... managed to pull one
    extra power point"; "If the roll is 05 or less ... TWO extra power points"; "The bonus only
    applies for the game turn following the successful Skill Roll" (lines 1033-1035). Scotty's
    WARP DRIVE TECHNOLOGY is 80."""
    state = to_skill(game())
    state = settle_klingon(state)
    state, _ = act(state, EngineerRoll("engineer", "ent", "power"))
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.kind == "d100"
    assert prompt.roll.station == "engineer"
    assert prompt.roll.purpose.startswith("Engineering: WARP DRIVE TECHNOLOGY 80: 80 or less")
    state, events = roll(state, die)
    (rolled,) = [e for e in events if isinstance(e, OfficerRolled)]
    assert rolled.success == (extra > 0)
    base = sum(state.ship("ent").engines)
    assert state.ship("ent").total_power == base  # not this turn
    from engine.rulesets.fasa.command import cc_turn
    ships, _ = cc_turn.end_of_turn(state, state.ships)
    assert ships[0].total_power == base + extra
    after, _ = cc_turn.end_of_turn(state, ships)
    assert after[0].total_power == base  # one turn only


def damaged(state: FasaState, *loss: int) -> FasaState:
    ent = state.ship("ent")
    return state.with_ship(replace(ent, engines=tuple(e - n for e, n in zip(
        ent.engines, loss + (0,) * (3 - len(loss)), strict=True))))


@pytest.mark.slow
@pytest.mark.parametrize(("die", "loss", "back"), [(77, 3, 1), (3, 3, 2), (3, 1, 1), (78, 3, 0)])
def test_an_engine_repair_is_made_for_the_next_turn_never_above_its_data(
        die: int, loss: int, back: int) -> None:
    """"he may repair one damage point on an engine. As before, a roll of 05 or less allows
    repair of TWO damage points"; "effective in the NEXT game turn"; "It is impossible to
    repair an undamaged engine" (lines 1039-1041); never past the Ship Data Tables' power (line
    1057). Scotty's STARSHIP ENGINEERING is 77."""
    state = settle_klingon(to_skill(damaged(game(), loss)))
    why = engine.problem(state, EngineerRoll("engineer", "ent", "repair", 2))
    assert why is not None and "name a damaged engine" in why
    state = engineer(state, "repair", 1, die)
    assert state.ship("ent").engines[0] == 20 - loss  # not this turn
    from engine.rulesets.fasa.command import cc_turn
    ships, events = cc_turn.end_of_turn(state, state.ships)
    assert ships[0].engines[0] == 20 - loss + back
    assert bool(events) == bool(back)


def test_no_engine_to_repair_when_none_is_damaged() -> None:
    state = settle_klingon(to_skill(game()))
    why = engine.problem(state, EngineerRoll("engineer", "ent", "repair", 1))
    assert why is not None and "impossible to repair an undamaged engine" in why


@pytest.mark.parametrize(("die", "warp"), [(80, 8), (81, 7)])
def test_a_two_step_warp_change_asked_by_helm_is_the_engineers_roll(die: int, warp: int) -> None:
    """"Warp speed may be increased or decreased one step per combat turn, but if a Helmsman
    desires a two-step change, he may ask the Chief Engineer to make a Skill Roll against his
    rating in WARP DRIVE TECHNOLOGY" (line 1143); "The decision must be made before the Chief
    Engineer decides to make one of the other rolls" (line 1045)."""
    state = game(warp=6)
    (speed,) = [d for d in engine.controls(state, Seat("helm", "ent")) if d.action == "set_warp"]
    field = speed.field_named("warp")
    assert (field.minimum, field.maximum) == (4, 8) and "Chief Engineer's roll" in field.label
    state, _ = act(state, SetWarp("helm", "ent", 8))
    assert state.ship("ent").warp == 7 and state.ship("ent").warp_asked == 8
    state = settle_klingon(to_skill(state))
    (prompt,) = engine.pending(state)  # no choice: the roll is for the warp change
    assert prompt.roll is not None and "warp 8" in prompt.roll.purpose
    state, _ = roll(state, die)
    assert state.ship("ent").warp == warp
    state = no_science(state)
    assert state.step != SKILL and state.ship("ent").engineer_roll == "warp"  # his one roll


def test_without_a_crew_the_warp_speed_changes_as_at_the_expert_level() -> None:
    """The Instructor's ships are run by the expert rules (line 897), and line 759 sets no
    limit to a warp change: the Helmsman's one step (line 1143) is a crewed ship's."""
    state = game(warp=6)  # the Klingon has no player crew
    assert engine.problem(state, SetWarp("helm", "kl", 8)) is None
    state, _ = act(state, SetWarp("helm", "kl", 0))
    assert state.ship("kl").warp == 0 and state.ship("kl").warp_asked == -1  # no roll asked


# -- The Helmsman's rolls (lines 1109-1123, 1461, 1503-1507) --------------------------------------

def test_the_enterprise_at_warp_8_with_a_successful_helm_roll() -> None:
    """"if the Enterprise were moving at warp 8 ... each warp engine ordinarily would take 1
    point of automatic stress damage and 2 points of additional damage, for a total loss of 6
    power units. In addition, the superstructure would take 3 points ... If the Helmsman makes
    a successful Skill Roll, the damage is figured as though the ship were travelling at warp 7.
    The automatic damage is reduced by 1 point and the additional engine damage is reduced to 1
    point per engine, for a total loss of 3 power units. The superstructure damage is reduced by
    2 points as well" (line 1123).

    The worked example wins over the chart (column L prints 2 at warp 7 where the example counts
    1): read one warp factor slower and 1 point less, the superstructure goes from 3 to 1."""
    state = game(warp=8)
    ent = state.ship("ent")
    plain = expert_stress(state.tables, ent)
    eased = expert_stress(state.tables, ent, eased=True)
    assert sum(p for i, p in plain if i >= 0) == 6 and dict(plain)[-1] == 3
    assert [p for i, p in eased if i >= 0] == [1, 2]  # 1 + 1 each, 1 point less in all
    assert state.tables.stress_points("L", 7) == 2
    assert dict(plain)[-1] - dict(eased)[-1] == 2  # "reduced by 2 points as well"


def to_movement(state: FasaState) -> FasaState:
    state = engineer(to_skill(state, movement=8))
    return until(state, lambda s: s.step == MOVE and engine.pending(s)[0].ship == "ent"
                 and engine.pending(s)[0].action == "move")


@pytest.mark.slow
@pytest.mark.parametrize(("die", "power", "hull"), [(70, 3, 1), (71, 6, 3)])
def test_the_helm_roll_is_made_at_the_turns_first_emergency_heading_change(
        die: int, power: int, hull: int) -> None:
    """"Helmsman announces intention to make emergency heading change. He makes a Skill Roll
    against his rating in STARSHIP HELM OPERATION" (line 1503), "Once per game turn" (line
    1121). Sulu's rating is 70."""
    state = to_movement(game(warp=8))
    before = state.ship("ent")
    state, _ = act(state, Move("helm", "ent", "L"))
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.station == "helm"
    assert "STARSHIP HELM OPERATION 70" in prompt.roll.purpose
    assert state.ship("ent").pos == before.pos  # the course waits for the roll
    state, _ = roll(state, die)
    after = state.ship("ent")
    assert sum(before.engines) - sum(after.engines) == power
    assert before.superstructure - after.superstructure == hull
    assert after.heading == 4 and after.pos != before.pos
    assert not (state.step == MOVE and state.phase == 1 and state.queue[:1] == ("ent",))
    # Once a turn: the next emergency heading change is flown at once, its stress in full.
    state = until(state, lambda s: s.step == MOVE and engine.pending(s)[0].ship == "ent"
                  and engine.pending(s)[0].action == "move")
    if engine.pending(state)[0].what.startswith("move ENT: up to 0"):
        return
    state, _ = act(state, Move("helm", "ent", "R"))
    assert engine.pending(state)[0].roll is None or "HELM" not in engine.pending(state)[0].what


@pytest.mark.slow
def test_the_weaponry_roll_makes_that_firing_phases_to_hit_rolls_one_less() -> None:
    """"Twice per game turn, the Helmsman may attempt to get a to-hit bonus ... in that Firing
    Phase, his die rolls will act as though they were 1 point less" (line 1115); Weapon Firing
    Sequence step 3 (line 1461). Sulu's SHIP'S WEAPONRY TECHNOLOGY is 65."""
    state = game()
    state = engineer(to_skill(state, weapons=10, arm=(("ph1", 5), ("ph2", 5))))
    state = until(state, lambda s: s.step == DECLARE)
    (fire,) = [d for d in engine.controls(state, Seat("helm", "ent")) if d.action == "fire"]
    assert "2 of 2 left" in fire.field_named("weaponry").label
    need = {c.value: c.need for c in fire.field_named("ph1").choices}["kl"]
    state, _ = act(state, DeclareFire("helm", "ent", (Target("ph1", "kl"),), True))
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.kind == "d100"
    assert prompt.roll.purpose.startswith("Helm: SHIP'S WEAPONRY TECHNOLOGY 65: 65 or less")
    state, _ = roll(state, 65)
    state = until(state, lambda s: (r := engine.pending(s)[0].roll) is not None
                  and "to-hit" in r.purpose)
    p = engine.pending(state)[0]
    assert p.roll is not None and p.roll.needs == (1, (need or 0) + 1)
    assert state.ship("ent").weaponry_rolls == 1


def test_a_weaponry_roll_asked_with_no_target_is_neither_made_nor_spent() -> None:
    """The roll is for the phase's to-hit rolls (line 1115): a card that offers it beside "no
    target" does not refuse it, and holding fire costs none of the turn's two."""
    state = game()
    state = engineer(to_skill(state, weapons=10, arm=(("ph1", 5), ("ph2", 5))))
    state = until(state, lambda s: s.step == DECLARE)
    assert engine.problem(state, DeclareFire("helm", "ent", (), True)) is None
    state, _ = act(state, DeclareFire("helm", "ent", (), True))
    assert state.ship("ent").weaponry_rolls == 0
    assert all(p.roll is None or "WEAPONRY" not in p.roll.purpose for p in engine.pending(state))


def test_two_weaponry_rolls_a_turn() -> None:
    from engine.rulesets.fasa.command import helm_rolls
    state = game()
    ent = replace(state.ship("ent"), weaponry_rolls=2)
    assert "2 weaponry rolls this turn" in helm_rolls.weaponry_problem(state, ent, 1)
    assert "declare a target" in helm_rolls.weaponry_problem(state, state.ship("ent"), 0)
    assert "no player crew" in helm_rolls.weaponry_problem(state, state.ship("kl"), 1)


# -- Who rolls hit location (lines 1461, 1480, 1495) -----------------------------------------------

def fire_until_location(state: FasaState, firer: str) -> Any:
    """Play on to the first location roll of a hit by `firer` (every roll 1: a hit)."""
    target, weapon = ("kl", "ph1") if firer == "ent" else ("ent", "d1")
    while True:
        (p, *_) = engine.pending(state)
        if p.roll is not None and ("location" in p.roll.purpose or "between shields"
                                   in p.roll.purpose):
            return p
        if p.roll is not None:
            state, _ = act(state, RollResult(p.roll.station, 1))
        elif state.step == DECLARE:
            shots = (Target(weapon, target),) if p.ship == firer else ()
            state, _ = act(state, DeclareFire(p.station, p.ship or "", shots))
        elif state.step == MOVE and p.action == "move":
            state, _ = act(state, Move(p.station, p.ship or "", ""))
        else:
            state, _ = act(state, engine.decide(state, p))


@pytest.mark.slow
def test_the_firing_crews_science_officer_rolls_where_its_shots_strike() -> None:
    """Weapon Firing Sequence, "Shield Penetrated: 7. Science Officer/Navigator rolls one die
    and compares result with appropriate Damage Table to determine location of hit" (line 1480),
    on the Instructor's ship."""
    state = to_skill(game(kl_at=(5, 5, 3)), weapons=5, arm=(("ph1", 5),))
    state = engineer(state)
    p = fire_until_location(state, "ent")
    assert p.ship == "ent" and p.roll.station == "science"


@pytest.mark.slow
def test_the_instructor_rolls_where_his_ships_shots_strike_the_players_ship() -> None:
    """Damage Sequence "4. Instructor declares damage location" (line 1495)."""
    state = game(kl_at=(5, 5, 3))
    state = allocate(state, "ent")
    state = allocate(state, "kl", weapons=6, arm=(("d1", 6),), order=None)
    state = engineer(state)
    p = fire_until_location(state, "kl")
    assert p.ship == "ent" and p.roll.station == "instructor"


def test_an_officers_roll_is_explained_with_its_result() -> None:
    state = settle_klingon(to_skill(game()))
    state, _ = act(state, EngineerRoll("engineer", "ent", "power"))
    assert engine.explain_pending(state, "Federation")[0].startswith(
        "This roll: Engineering: WARP DRIVE TECHNOLOGY 80")
    after, events = engine.apply(state, RollResult("engineer", 4))
    lines = engine.explain(state, engine.events_for(after, events, Seat("engineer", "ent")),
                           "Federation")
    assert "Result: ENT: warp drive roll 04 against 80: success; 2 more power next turn" in lines
    assert engine.explain(state, engine.events_for(after, events, Seat("helm", "kl")),
                          "Klingon") == ()


def test_the_orders_and_rolls_are_the_ships_side_s_alone() -> None:
    """The Captain's orders and the officers' rolls stay on the crew's own panels: the other
    side is not told them, nor that the prompts are open."""
    state = game()
    klingon = Seat("captain", "kl")
    assert not any(p["action"] == "orders" for p in engine.view(state, klingon)["pending"])
    after, events = engine.apply(state, GiveOrders("captain", "ent", "hold"))
    assert any(isinstance(e, OrdersGiven) for e in events)
    assert not any(isinstance(e, OrdersGiven) for e in engine.events_for(after, events, klingon))
    seen = {s["id"]: s for s in engine.view(after, klingon)["ships"]}["ent"]
    assert "command" not in seen and "officers" not in seen


def test_in_a_crew_of_three_the_helmsman_is_also_the_captain() -> None:
    """"In a game with three players or fewer, the role of Captain is taken by one of the
    players in addition to one of the other roles" (line 1009): our crew "3" gives it to Helm,
    who gives himself the fire order."""
    three = {"engineer": BRIDGE["engineer"], "helm": {**BRIDGE["helm"], "tactics": 71},
             "science": BRIDGE["science"]}
    state = game(ent_officers=three, crew="3")
    assert ("ent", "helm", "orders") in prompts(state)
    with pytest.raises(IllegalAction, match="is for Helm"):
        engine.apply(state, GiveOrders("captain", "ent", "fire"))
    state, _ = act(state, GiveOrders("helm", "ent", "fire"))
    assert state.ship("ent").fire_order == "fire"
