"""The quick fills of the Power Allocation Phase (engine.rulesets.fasa.engineering.power_presets):
every preset's values are within the decision's bounds and budgets and accepted by `problem`, in
played games of every packaged scenario at both playable levels; "as last turn" gives last
turn's, cut down to what the ship has now; "facing the enemy" fills the shields facing the
nearest enemy the side can see."""

from __future__ import annotations

import random

import pytest

from companion.session import load_scenario, prepare, scenario_names
from engine import Action, Decision, GameState, RollResult, Seat, apply, controls, pending, problem, view
from engine.hexgrid import sextants
from engine.rulesets.fasa.arcs import SHIELD_FACINGS, SHIELD_OF_SEXTANT
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState, replace


def play(scenario: str, level: str, seed: int, turns: int = 3):  # type: ignore[no-untyped-def]
    """Every state of an autopilot game with seeded dice, with the decisions of each prompt."""
    rng = random.Random(seed)
    state: GameState = new_state(scenario, level, turns)
    for _ in range(3000):
        prompts = pending(state)
        if not prompts:
            return
        prompt = prompts[0]
        action: Action
        if prompt.roll is not None:
            action = RollResult(prompt.roll.station, rng.randint(1, prompt.roll.sides), "virtual")
        else:
            yield state, controls(state, Seat(prompt.station, prompt.ship))
            assert isinstance(state, FasaState)
            action = autopilot.decide(state, prompt)
        state, _ = apply(state, action)


def new_state(scenario: str, level: str, turns: int) -> GameState:
    from engine import new_game

    return new_game(prepare(load_scenario(scenario, None), None, level, None, turns))


def within(decision: Decision, values: dict[str, object]) -> bool:
    fields_ok = all(f.accepts(values[f.name]) for f in decision.fields)
    budgets_ok = all(sum(int(str(values[n])) for n in b.fields) <= b.maximum
                     for b in decision.budgets)
    return fields_ok and budgets_ok and set(values) == {f.name for f in decision.fields}


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "advanced"])
@pytest.mark.parametrize("scenario", scenario_names(None, "fasa"))
def test_every_preset_is_within_bounds_and_accepted(scenario: str, level: str) -> None:
    seen = {"allocate_power": 0, "set_shields": 0, "arm_weapons": 0, "fire": 0, "used": 0}
    wanted = {"allocate_power": ["last", "even"], "set_shields": ["last", "even", "facing"],
              "arm_weapons": ["last", "all"], "fire": ["hit"]}
    if level == "basic" and load_scenario(scenario, None).get("variant"):
        level = "advanced"  # Battlestations! is played at the advanced level and above
    for state, decisions in play(scenario, level, seed=len(scenario)):
        for d in decisions:
            if d.action not in wanted:
                assert d.presets == ()
                continue
            seen[d.action] += 1
            keys = [p.key for p in d.presets]
            assert keys == wanted[d.action]
            for p in d.presets:
                if p.problem is not None:
                    assert p.values == ()
                    continue
                values = dict(p.values)
                assert within(d, values), (p, d)
                assert problem(state, d.make(values)) is None, p
                seen["used"] += 1
    assert seen["allocate_power"] and seen["set_shields"] and seen["used"]
    assert seen["arm_weapons"]


def allocation_turn(scenario: str = "duel") -> tuple[FasaState, str]:
    """The start of game turn 2, with last turn's allocation and shields made."""
    for state, _ in play(scenario, "basic", seed=3, turns=4):
        assert isinstance(state, FasaState)
        if state.turn == 2:
            return state, state.ships[0].id
    raise AssertionError("no turn 2")


def decision(state: FasaState, ship: str, action: str) -> Decision:
    station = "engineer" if action == "allocate_power" else "science"
    return next(d for d in controls(state, Seat(station, ship)) if d.action == action)


def test_as_last_turn_is_last_turns_allocation_and_shields() -> None:
    state, ship_id = allocation_turn()
    ship = state.ship(ship_id)
    last = ship.last_allocation
    assert last is not None and ship.last_shields is not None
    power = {n: int(str(v)) for n, v in decision(state, ship_id, "allocate_power").presets[0].values}
    assert power == {"movement": last.movement, "shields": last.shields, "weapons": last.weapons}
    # set the power as last turn: the shields as last turn are last turn's points
    d = decision(state, ship_id, "allocate_power")
    state2, _ = apply(state, d.make(power))
    assert isinstance(state2, FasaState)
    shields = dict(decision(state2, ship_id, "set_shields").presets[0].values)
    assert tuple(shields.values()) == ship.last_shields
    # the view of the ship's own side says so; another side's does not see it
    own = next(s for s in view(state, Seat("science", ship_id))["ships"] if s["id"] == ship_id)
    assert own["last_shields"] == list(ship.last_shields)
    enemy = next(s for s in state.ships if s.side != ship.side)
    theirs = next(s for s in view(state, Seat("science", enemy.id))["ships"] if s["id"] == ship_id)
    assert "last_shields" not in theirs and "last_allocation" not in theirs


def test_as_last_turn_is_cut_to_the_power_the_ship_has_now() -> None:
    state, ship_id = allocation_turn()
    ship = state.ship(ship_id)
    weak = replace(ship, engines=tuple(max(0, e - 3) for e in ship.engines))
    state = state.with_ship(weak)
    d = decision(state, ship_id, "allocate_power")
    values = {n: int(str(v)) for n, v in d.presets[0].values}
    assert sum(values.values()) <= weak.total_power
    assert problem(state, d.make(values)) is None


def test_facing_the_enemy_fills_the_shields_toward_the_nearest_enemy() -> None:
    state, ship_id = allocation_turn()
    ship = state.ship(ship_id)
    # little power to shields, so that the facing shields come first
    d = decision(state, ship_id, "allocate_power")
    after, _ = apply(state, d.make({"movement": 0, "shields": 1, "weapons": 0}))
    assert isinstance(after, FasaState)
    state = after
    d = decision(state, ship_id, "set_shields")
    enemy = next(s for s in state.ships if s.side != ship.side)
    toward = {SHIELD_OF_SEXTANT[x] for x in sextants(ship.pos, ship.heading, enemy.pos)}
    values = {n: int(str(v)) for n, v in next(p for p in d.presets if p.key == "facing").values}
    points = d.budgets[0].maximum
    full = sum(values[f"shield{n}"] for n in toward)
    assert full == min(points, sum(d.field_named(f"shield{n}").maximum for n in toward))
    assert sum(values.values()) == min(points, sum(f.maximum for f in d.fields))


def test_shield_facings_are_the_sextants_the_shields_cover() -> None:
    # shield n covers sextant SHIELD_FACINGS[n-1]: 1 fore-port, 2 fore, ... (docs/log-format.md)
    assert SHIELD_FACINGS == (5, 0, 1, 2, 3, 4)
    assert all(SHIELD_OF_SEXTANT[SHIELD_FACINGS[n - 1]] == n for n in range(1, 7))


def test_helm_arms_everything_the_power_allows_in_one_fill() -> None:
    """Helm's quick choice: the power to weapons spent on every weapon at once (a launcher its
    Power To Arm, the beams as evenly as it shares out), one hold of select at the panel."""
    state, ship_id = allocation_turn()
    d = decision(state, ship_id, "allocate_power")
    state, _ = apply(state, d.make({"movement": 0, "shields": 0, "weapons": 14}))
    assert isinstance(state, FasaState)
    arming = next(x for x in controls(state, Seat("helm", ship_id)) if x.action == "arm_weapons")
    _, everything = arming.presets
    assert everything.key == "all" and everything.problem is None
    values = {n: int(str(v)) for n, v in everything.values}
    assert sum(values.values()) == min(14, sum(f.maximum for f in arming.fields))
    assert problem(state, arming.make(values)) is None
    beams = [values[f.name] for f in arming.fields if f.step == 1 and f.maximum]
    assert max(beams) - min(beams) <= 1     # shared out evenly


def test_helm_declares_every_weapon_that_can_hit_in_one_fill() -> None:
    """Helm's quick choice for fire: each ready weapon at the enemy it is likeliest to hit (the
    number the shot needs, as its target choice says), the others holding fire; one hold of
    select at the panel, checked by the rule that declares fire."""
    for state, decisions in play("duel", "basic", seed=3, turns=4):
        fire = next((d for d in decisions if d.action == "fire"), None)
        if fire is None or fire.presets[0].problem is not None:
            continue
        (hit,) = fire.presets
        values = dict(hit.values)
        assert set(values) == {f.name for f in fire.fields}
        for f in fire.fields:
            needs = [c.need or 0 for c in f.choices if c.problem is None and c.need]
            chosen = next((c for c in f.choices if c.value == values[f.name]), None)
            assert chosen is not None
            if needs:
                assert chosen.need == max(needs)          # the likeliest shot
            else:
                assert values[f.name] is None             # nothing it can hit: holds fire
        assert problem(state, fire.make(values)) is None
        return
    raise AssertionError("no fire decision with a weapon that can hit")
