"""The autopilot plays the Expert rules as a player who knows them
(engine/rulesets/fasa/autopilots/autopilot_expert.py): plasma read at full values, the skill bonus a
competent Captain takes, the warp speed that costs least stress, the cloak scan aimed where the
enemy lies, and a cloaked ship that waits for a shot worth decloaking for. Seed line numbers are
`cat -n` lines of shared/seeds/000_4373da4a9495c8f8.txt."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_fasa_expert import game

import engine
from engine.hexgrid import offset_to_hex
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.autopilots import autopilot_expert as expert_play
from engine.rulesets.fasa.firing.combat import plasma_damage_at
from engine.rulesets.fasa.moving import warp_rule
from engine.rulesets.fasa.sensing import arc_scan_rule
from engine.rulesets.fasa.skills import bonus_place
from engine.rulesets.fasa.values.actions import AllocatePower, SetWarp
from engine.rulesets.fasa.values.state import POWER, FasaState, replace
from engine.rulesets.fasa.values.state import Counter as MapCounter


def bop_and_cruiser(gap: int, cruiser_heading: int = 1) -> FasaState:
    """An expert game: a Bird of Prey heading west toward the Constitution `gap` hexes off."""
    return game(("bop", "bird-of-prey", "Romulan", 2 + gap, 8, 4),
                ("ent", "constitution", "Federation", 2, 8, cruiser_heading))


def test_the_plasma_launcher_is_reckoned_at_full_values() -> None:
    """Lines 639-643: the expert game uses the full values, so the plasma damage table's full
    figure (32 at 1-3 hexes on RL-2), not the italic third (16), is what a volley does."""
    state = bop_and_cruiser(6)
    bop = state.ship("bop")
    assert state.scale == 1
    full = expert_play.expected_damage(state.tables, bop, 2, state.scale)
    tac = expert_play.expected_damage(state.tables, bop, 2, Fraction(1, 3))
    plasma = plasma_damage_at(state.tables, "RL-2", 2, Fraction(1))
    assert plasma == 32
    assert full - tac == pytest.approx(state.tables.to_hit("M", 2) / 10 * (32 - 16))
    # The old reckoning (the tac figure at every level) is what autopilot's default keeps.
    assert autopilot.expected_damage(state.tables, bop, 2) == tac


def test_the_skill_bonus_mends_an_engine_when_no_shot_is_near_and_aims_when_one_is() -> None:
    """Lines 506-511 and 703: "Repair stress damage ... One point may be added (permanently)
    back" is worth more than a turn's bonus when no enemy is within reach; with the enemy near,
    the two strongest armed weapons that bear fire at one less to hit."""
    far = bop_and_cruiser(12)
    ent = far.ship("ent")
    hurt = replace(ent, engines=(ent.engines[0] - 3, *ent.engines[1:]))
    far = far.with_ship(hurt)
    choice = expert_play.choose_bonus(far, hurt, "captain")
    assert (choice.bonus, choice.part) == ("repair", "engine1")
    near = bop_and_cruiser(3)
    ent = near.ship("ent")
    armed = tuple(replace(w, power=5) if i < 3 else w for i, w in enumerate(ent.weapons))
    near = near.with_ship(replace(ent, weapons=armed))
    choice = expert_play.choose_bonus(near, near.ship("ent"), "captain")
    assert choice.bonus == "aim" and len(choice.weapons) == 2


def test_the_shield_bonus_goes_on_the_shield_facing_the_enemy() -> None:
    """Line 510: "Coax 1 additional shield point from a specific shield": an unhurt ship with no
    weapon armed puts it where the enemy is (the Bird of Prey dead astern of the cruiser: 5)."""
    state = bop_and_cruiser(12, cruiser_heading=4)   # the cruiser heads west, away from it
    choice = expert_play.choose_bonus(state, state.ship("ent"), "captain")
    assert choice.bonus == "shield"
    placed = bonus_place.choose_shield(state, state.ship("ent"), "science")
    assert placed.shield == 5


def test_the_helm_steps_down_to_the_warp_speed_that_costs_least_stress() -> None:
    """Lines 735-743 and 759: the warp speed decides an emergency heading change's stress, and it
    may change to any speed (line 759 sets no limit). At warp 8 the Constitution's J/L columns
    cost most; sub-light costs least, and it goes there at once; it holds when nothing is
    gained."""
    state = game(("ent", "constitution", "Federation", 5, 8, 0),
                 ("kl", "d7a", "Klingon", 5, 3, 3), warp=8)
    state = replace(state, step=POWER)
    ent = state.ship("ent")
    assert warp_rule.warp_choice(state, ent) == 0
    slow = state.with_ship(replace(ent, warp=0))
    assert warp_rule.warp_choice(slow, slow.ship("ent")) == 0
    assert warp_rule.RULE.autopilot["set_warp"](state, ent, "helm", "set_warp") == \
        SetWarp("helm", "ent", 0)


def test_the_arc_scan_names_the_arc_where_the_cloaked_enemy_lies_first() -> None:
    """Lines 783-785: the sensing captain names one arc each Movement Phase. The autopilot names
    the arc holding the middle of the enemy's counters (it lies behind its minefield) first, then
    the arcs beside it, then that one again."""
    state = bop_and_cruiser(6)
    counters = (MapCounter(offset_to_hex(2, 13), "Romulan", True),
                MapCounter(offset_to_hex(3, 13), "Romulan", False))
    state = replace(state, counters=counters)   # south of the cruiser, which heads north-east
    ent = state.ship("ent")
    arcs = [arc_scan_rule.scan_arc(replace(state, phase=p), ent) for p in range(1, 6)]
    assert arcs[0] == arcs[2] == arcs[4]
    assert arcs[0] in ("starboard", "aft")
    assert {arcs[1], arcs[3]} != {arcs[0]}


def test_a_cloaked_ship_waits_under_the_enemy_bow_and_strikes_from_its_side() -> None:
    """Line 553 (The Romulan Gambit's notes): "remain cloaked as long as possible, attempting to
    get a shot at the Federation vessel when it least suspects it". At the expert level a cloaked
    Bird of Prey within reach but dead ahead of the cruiser's bow stays cloaked; the same range
    off the cruiser's quarter, it decloaks and arms its plasma."""
    best = autopilot.best_range(bop_and_cruiser(3).tables, bop_and_cruiser(3).ship("bop"),
                                Fraction(1))
    gap = best + expert_play.AMBUSH_CLOSE + 2
    ahead = bop_and_cruiser(gap, cruiser_heading=1)     # the cruiser's bow points at it
    astern = bop_and_cruiser(gap, cruiser_heading=4)    # the cruiser heads away from it
    decisions = []
    for state in (ahead, astern):
        bop = replace(state.ship("bop"), cloaked=True)
        state = state.with_ship(bop)
        prompt = next(p for p in engine.pending(state)
                      if p.ship == "bop" and p.action == "allocate_power")
        alloc = autopilot.decide(state, prompt)
        assert isinstance(alloc, AllocatePower)
        decisions.append(alloc)
    assert decisions[0].cloak > 0 and decisions[0].weapons == 0
    assert decisions[1].cloak == 0 and decisions[1].weapons >= 15


def test_in_an_autopilot_game_the_helm_sets_the_warp_speed_before_the_allocation() -> None:
    """Line 759: the warp speed may change; the decision comes before the ship's allocation
    (docs/rules-decisions.md), so it is listed first and an autopilot game reaches it: the
    Duel's Constitution steps down from warp 8."""
    from companion.dice import VirtualDice
    from companion.session import autopilot_game, load_scenario, prepare
    from engine.rulesets.fasa.values.actions import SetWarp
    state = game(("ent", "constitution", "Federation", 5, 8, 0),
                 ("kl", "d7a", "Klingon", 5, 3, 3), warp=8)
    first = engine.pending(state)[0]
    assert first.action == "set_warp"
    scenario = prepare(load_scenario("duel", None), None, "expert", None, 3, None, None)
    _, actions = autopilot_game(scenario, VirtualDice(1).roll)
    warps = [a.warp for a in actions if isinstance(a, SetWarp) and a.ship == "enterprise"]
    assert warps and warps[0] < 8


def test_a_runner_at_full_values_keeps_speed_and_its_pursuer_chases_it() -> None:
    """Raiders (seed lines 567-571): the K-23 must leave by the far edge. At full values its
    shields alone could take all its power; it keeps a third for them and puts two thirds of the
    rest into speed, and a Lightning whose nearest enemy is the runner puts more into movement than
    its third."""
    from companion.session import load_scenario, prepare
    scenario = prepare(load_scenario("raiders", None), None, "expert", None, 3, None, None)
    state = engine.new_game(scenario)
    assert isinstance(state, FasaState)
    while engine.pending(state)[0].roll is not None:   # the ratings
        state, _ = engine.apply(state, engine.RollResult(engine.pending(state)[0].station, 5))
    allocations = {}
    for p in engine.pending(state):
        if p.action == "allocate_power":
            a = autopilot.decide(state, p)
            assert isinstance(a, AllocatePower)
            allocations[p.ship] = a
    k23 = next(s for s in state.ships if s.side == "Klingon")
    orion = next(s for s in state.ships if s.side == "Orion")
    step = k23.cls.movement_step
    rest = k23.total_power - k23.total_power // 3
    wanted = max(rest * 2 // 3, k23.total_power // 2)  # and at least half the power to speed
    assert allocations[k23.id].movement == wanted // step * step > 0
    assert allocations[orion.id].movement > orion.total_power // 3
