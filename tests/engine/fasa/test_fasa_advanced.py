"""The advanced game's movement and fire rules as Book Two (seed 000_4373da4a9495c8f8.txt,
lines 208-575) describes them: emergency heading changes and their stress, reverse movement,
evading missile fire and ship explosions. Each test names the passage it checks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_fasa_fidelity import act, ready, roll

import engine
from engine import IllegalAction, RollResult, Seat
from engine.hexgrid import turn
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.firing.explosions import blast_damage
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.moving import movement_rule
from engine.rulesets.fasa.moving.stress import stress_of
from engine.rulesets.fasa.values.actions import (
    DeclareFire,
    Evade,
    Move,
    Sense,
    Target,
)
from engine.rulesets.fasa.values.events import BlastStruck, ExplosionAverted
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    ADVANTAGE,
    DECLARE,
    DESTROYED,
    DISABLED,
    MOVE,
    PLAYABLE_LEVELS,
    RESOLVE,
    SENSE,
    FasaState,
    replace,
)

CLASSES = setup.ship_dicts(None)


def game(*ships: tuple[Any, ...], level: str = "advanced", scale: str | None = None,
         cols: int = 16, rows: int = 16, warp: int | None = None) -> FasaState:
    """A game of `ships` (id, class, side, col, row, heading[, warp])."""
    entries = []
    for s in ships:
        entry = {"id": s[0], "name": s[0].upper(), "class": s[1], "side": s[2], "col": s[3],
                 "row": s[4], "heading": s[5]}
        if len(s) > 6:
            entry["warp"] = s[6]
        entries.append(entry)
    scenario: dict[str, Any] = {"id": "test", "map": {"cols": cols, "rows": rows},
                                "obstacles": [], "ships": entries}
    if warp is not None:
        scenario["warp"] = warp
    playable = level in PLAYABLE_LEVELS
    built = setup.build_scenario(scenario, CLASSES, scale=scale,
                                 level=level if playable else "basic")
    state = engine.new_game(built)
    assert isinstance(state, FasaState)
    if not playable:  # until the level is enabled: its rules on the basic game's ships
        state = replace(state, setup=replace(state.setup, level=level))
    return state


def refused(state: FasaState, action: Any, words: str) -> None:
    why = engine.problem(state, action)
    assert why is not None and words in why, why
    with pytest.raises(IllegalAction, match=re.escape(words)):
        engine.apply(state, action)


def power_for(state: FasaState, ship: str, points: int) -> int:
    """The least power to movement that buys at least `points` movement points."""
    cls = state.ship(ship).cls
    return -(-points // cls.movement_points(cls.movement_step)) * cls.movement_step


def to_movement(state: FasaState, **points: int) -> FasaState:
    """Allocate (at least these movement points by ship id, nothing else) and roll the tactical
    advantage in ship order (1, 2, ...)."""
    for s in state.ships:
        state = ready(state, s.id, power_for(state, s.id, points.get(s.id, 0)))
    faces = iter(range(1, 11))
    while state.step == ADVANTAGE:
        state, _ = roll(state, next(faces))
    return no_sensors(state)


def no_sensors(state: FasaState) -> FasaState:
    """The Sensor Phase with every ship trying no lock (Advanced: Sequence Of Play step 3)."""
    while state.step == SENSE:
        prompt = engine.pending(state)[0]
        state, _ = act(state, Sense(prompt.station, prompt.ship, ""))
    return state


# -- Emergency Heading Changes ---------------------------------------------------------------------

@pytest.mark.slow
def test_the_d7a_at_warp_6_loses_two_power_units_and_one_superstructure_point() -> None:
    """Advanced: Emergency Heading Changes, the example: the D-7A (Stress Charts L/N) at warp 6:
    column L has 1 at warp 6, so the Power Counter moves two boxes (one automatic, one more);
    column N has 2, so the Superstructure Counter moves one box."""
    for scale in ("1", "1/3"):
        state = game(("kl", "d7a", "Klingon", 5, 8, 0, 6), ("ent", "constitution", "Federation",
                                                             12, 8, 0), scale=scale)
        kl = state.ship("kl")
        assert (kl.cls.stress_engine, kl.cls.stress_superstructure, kl.warp) == ("L", "N", 6)
        cost = stress_of(state.tables, kl)
        assert (cost.power, cost.superstructure) == (2, 1)
        state = to_movement(state, kl=5)
        while engine.pending(state)[0].ship != "kl":
            state, _ = act(state, Move("helm", engine.pending(state)[0].ship or "", ""))
        before = state.ship("kl")
        state, events = act(state, Move("helm", "kl", "L"))
        after = state.ship("kl")
        assert after.total_power == before.total_power - 2
        assert after.superstructure == before.superstructure - 1
        assert after.heading == turn(before.heading, -2)
        assert after.pos == before.pos.neighbor(after.heading)
        assert any("emergency heading change" in e.text for e in events)


@pytest.mark.parametrize(("warp", "power", "hull"), [(0, 1, 0), (3, 1, 0), (4, 1, 1), (5, 2, 1), (10, 2, 1)])
def test_stress_follows_the_chart_columns_at_each_warp_speed(warp: int, power: int,
                                                            hull: int) -> None:
    """Emergency Heading Change Stress Damage Sequence: one automatic point, one more if the
    engine column (L) has a number at the warp speed, one superstructure point if column N has
    one. Column L is blank to warp 4 and has numbers from warp 5; N has numbers from warp 4."""
    state = game(("kl", "d7a", "Klingon", 5, 8, 0, warp), ("ent", "constitution", "Federation",
                                                            12, 8, 0))
    cost = stress_of(state.tables, state.ship("kl"))
    assert (cost.power, cost.superstructure) == (power, hull)


def test_the_scenario_sets_warp_speed_and_the_class_cruising_speed_is_the_default() -> None:
    state = game(("kl", "d7a", "Klingon", 5, 8, 0), ("ent", "constitution", "Federation",
                                                     12, 8, 0, 2))
    assert state.ship("kl").warp == state.ship("kl").cls.max_safe_warp == 8
    assert state.ship("ent").warp == 2
    assert game(("kl", "d7a", "Klingon", 5, 8, 0), ("ent", "constitution", "Federation",
                                                    12, 8, 0), warp=0).ship("kl").warp == 0
    for bad in (-1, 11, "6", 6.0, True):
        with pytest.raises(engine.DataError, match="warp must be a whole number"):
            game(("kl", "d7a", "Klingon", 5, 8, 0, bad), ("ent", "constitution", "Federation",
                                                          12, 8, 0))


def test_the_basic_game_has_no_emergency_heading_changes() -> None:
    state = game(("kl", "d7a", "Klingon", 5, 8, 0), ("ent", "constitution", "Federation",
                                                     12, 8, 0), level="basic")
    state = to_movement(state, kl=5)
    while engine.pending(state)[0].ship != "kl":
        state, _ = act(state, Move("helm", engine.pending(state)[0].ship or "", ""))
    refused(state, Move("helm", "kl", "L"), "use F (ahead), P (port then ahead), S (starboard "
                                            "then ahead)")
    (decision,) = engine.controls(state, Seat("helm", "kl"))
    assert decision.fields[0].alphabet == "FPS"


@pytest.mark.slow
def test_an_emergency_turn_costs_two_to_hit_in_the_next_firing_phase() -> None:
    """Firing chart (1986 combat tables): "-2 firer makes emergency heading change"."""
    state = game(("kl", "d7a", "Klingon", 5, 8, 1), ("ent", "constitution", "Federation",
                                                     9, 8, 0))
    for s in state.ships:
        movement = power_for(state, "kl", 3) if s.id == "kl" else 0
        weapons = 6 if s.id == "kl" else 0
        arm = (("d1", 2), ("d2", 2), ("d3", 2)) if s.id == "kl" else ()
        state = ready(state, s.id, movement, 0, weapons, arm)
    state, _ = roll(state, 2, 1)
    state = no_sensors(state)
    (prompt,) = engine.pending(state)
    assert prompt.ship == "kl"
    state, _ = act(state, Move("helm", "kl", "R"))
    assert state.step == DECLARE and state.ship("kl").hard_turned
    options = legal.fire_options(state, state.ship("kl"))
    shot = next(o for o in options if len(o) == 1)
    state, _ = act(state, DeclareFire("helm", "kl", shot))
    prompt = engine.pending(state)[0]
    assert prompt.roll is not None and prompt.roll.needs is not None
    firer = state.ship("kl")
    spec = firer.cls.weapon(shot[0].weapon)
    rng = firer.pos.distance(state.ship("ent").pos)
    assert prompt.roll.needs == (1, state.tables.to_hit(spec.chart, rng) - 2)
    assert "-2 after an emergency heading change" in prompt.roll.purpose
    # Over at the end of the Firing Phase.
    state, _ = roll(state, 10)
    assert not state.ship("kl").hard_turned


def test_a_stress_that_disables_the_ship_ends_its_course() -> None:
    state = game(("kl", "d7a", "Klingon", 5, 8, 0, 6), ("ent", "constitution", "Federation",
                                                        12, 8, 0), scale="1")
    state = to_movement(state, kl=10)
    while engine.pending(state)[0].ship != "kl":
        state, _ = act(state, Move("helm", engine.pending(state)[0].ship or "", ""))
    state = state.with_ship(replace(state.ship("kl"), superstructure=1))
    start = state.ship("kl")
    n = engine.pending(state)[0]
    assert "2 movement points" in n.what
    state, _ = act(state, Move("helm", "kl", "LF"))
    kl = state.ship("kl")
    assert kl.status != ACTIVE and kl.superstructure == 0
    assert kl.pos == start.pos.neighbor(turn(start.heading, -2))


def test_the_autopilot_turns_hard_only_to_bring_more_weapons_to_bear() -> None:
    """A D-7A with the enemy dead astern: a plain turn brings no disruptor to bear in one point,
    a hard turn brings some; with its superstructure low it never turns hard."""
    state = game(("kl", "d7a", "Klingon", 8, 8, 0, 6), ("ent", "constitution", "Federation",
                                                        8, 12, 0))
    state = to_movement(state, kl=5)
    while engine.pending(state)[0].ship != "kl":
        state, _ = act(state, Move("helm", engine.pending(state)[0].ship or "", ""))
    prompt = engine.pending(state)[0]
    choice = autopilot.decide(state, prompt)
    assert isinstance(choice, Move) and set(choice.steps) & set("LR"), choice
    weak = state.with_ship(replace(state.ship("kl"), superstructure=2))
    choice = autopilot.decide(weak, prompt)
    assert isinstance(choice, Move) and not set(choice.steps) & set("LRB"), choice


# -- Reverse Movement ------------------------------------------------------------------------------

def hold_until(state: FasaState, ship: str) -> FasaState:
    """Other ships hold station until `ship` is to move (or the Movement Phase is over)."""
    while state.step == MOVE and engine.pending(state)[0].ship != ship:
        state, _ = act(state, Move("helm", engine.pending(state)[0].ship or "", ""))
    return state


def two_ships(scale: str | None = None) -> FasaState:
    return game(("kl", "d7a", "Klingon", 8, 8, 0), ("ent", "constitution", "Federation",
                                                    2, 2, 3), scale=scale)


@pytest.mark.slow
def test_reverse_needs_five_stationary_movement_phases_first() -> None:
    """Advanced: Reverse Movement: "they must have remained stationary for 5 full Movement Phases
    to allow the engineers to make the systems change-over"."""
    state = two_ships()
    state = to_movement(state)          # turn 1: no movement points, five stationary phases
    assert state.turn == 2 and state.ship("kl").still == 5
    state = hold_until(to_movement(state, kl=5), "kl")
    start = state.ship("kl")
    state, events = act(state, Move("helm", "kl", "B"))
    kl = state.ship("kl")
    assert kl.reverse and kl.heading == start.heading
    assert kl.pos == start.pos.neighbor(turn(start.heading, 3))
    assert any("set for reverse" in e.text for e in events)


def test_reverse_is_refused_before_the_change_over() -> None:
    state = hold_until(to_movement(two_ships(), kl=5), "kl")
    refused(state, Move("helm", "kl", "B"), "must stay stationary 5 full Movement Phases before "
                                            "moving in reverse (0 so far)")
    # Holding station counts: "by allocating no power to movement or by holding station".
    state, _ = act(state, Move("helm", "kl", ""))
    assert state.ship("kl").still == 1


@pytest.mark.slow
def test_reverse_is_one_hex_straight_back_and_turns_take_their_own_phase() -> None:
    """"Maximum speed in reverse is one hex per Movement Phase. Movement must be one hex straight
    back, with no heading change; any heading changes desired must be made in a separate
    Movement Phase."""
    state = to_movement(two_ships("1"))
    state = hold_until(to_movement(state, kl=10), "kl")
    assert "2 movement points" in engine.pending(state)[0].what
    refused(state, Move("helm", "kl", "BB"), "one hex straight back a phase (B alone)")
    refused(state, Move("helm", "kl", "BP"), "one hex straight back a phase (B alone)")
    refused(state, Move("helm", "kl", "FB"), "both ahead and back")
    state, _ = act(state, Move("helm", "kl", "B"))
    state = hold_until(state, "kl")
    before = state.ship("kl")
    state, _ = act(state, Move("helm", "kl", "PP"))   # turns in place while in reverse
    kl = state.ship("kl")
    assert kl.pos == before.pos and kl.heading == turn(before.heading, -2) and kl.reverse


@pytest.mark.slow
def test_going_ahead_again_takes_five_stationary_phases_and_never_the_same_turn() -> None:
    """"In order to go forward once again, the ship must remain stationary for 5 Movement Phases
    while the original engine configuration is re-established"; "forward and reverse movement
    may not be made in the same game turn"."""
    state = to_movement(two_ships())
    state = hold_until(to_movement(state, kl=5), "kl")
    state, _ = act(state, Move("helm", "kl", "B"))
    state = hold_until(state, "kl")
    refused(state, Move("helm", "kl", "F"), "set for reverse; it must stay stationary 5 full "
                                            "Movement Phases before going ahead (0 so far)")
    while state.step != "power":      # the rest of turn 2 stationary: phases 2-5
        state, _ = act(state, Move("helm", "kl", ""))
        state = hold_until(state, "kl")
    state = hold_until(to_movement(state, kl=5), "kl")
    assert state.ship("kl").still == 4
    refused(state, Move("helm", "kl", "F"), "(4 so far)")
    state, _ = act(state, Move("helm", "kl", ""))
    state = hold_until(state, "kl")
    before = state.ship("kl")
    state, events = act(state, Move("helm", "kl", "F"))
    kl = state.ship("kl")
    assert not kl.reverse and kl.pos == before.pos.neighbor(before.heading)
    assert any("set for forward" in e.text for e in events)
    assert state.turn == 3  # reversed in turn 2, ahead again in turn 3


@pytest.mark.slow
def test_the_autopilot_never_reverses_by_itself_but_plays_a_ship_in_reverse() -> None:
    state = to_movement(two_ships())
    state = hold_until(to_movement(state, kl=5), "kl")
    prompt = engine.pending(state)[0]
    assert "B" in movement_rule.move_options(state, state.ship("kl"))
    choice = autopilot.decide(state, prompt)
    assert isinstance(choice, Move) and "B" not in choice.steps
    reversed_ = state.with_ship(replace(state.ship("kl"), reverse=True, still=0))
    choice = autopilot.decide(reversed_, prompt)
    assert engine.problem(reversed_, choice) is None
    assert isinstance(choice, Move) and not set(choice.steps) & set("FLR")


# -- Evading Missile Fire --------------------------------------------------------------------------

def torpedo_duel(level: str = "advanced") -> FasaState:
    """The D-7A 4 hexes ahead of the Enterprise, facing it; the D-7A declares a disruptor shot,
    then the Enterprise (with the tactical advantage, declaring last) a photon torpedo."""
    state = game(("kl", "d7a", "Klingon", 5, 4, 3), ("ent", "constitution", "Federation",
                                                     5, 8, 0), level=level)
    state = ready(state, "kl", 0, 3, 2, (("d1", 2),), (1, 0, 1, 0, 0, 0))
    state = ready(state, "ent", 0, 0, 1, (("pt1", 1),))
    state, _ = roll(state, 1, 2)
    state = no_sensors(state)
    assert state.step == DECLARE and engine.pending(state)[0].ship == "kl"
    state, _ = act(state, DeclareFire("helm", "kl", (Target("d1", "ent"),)))
    state, _ = act(state, DeclareFire("helm", "ent", (Target("pt1", "kl"),)))
    return state


def test_a_missile_target_is_asked_before_the_to_hit_roll_and_only_its_mover_answers() -> None:
    """"the player must announce his intention to do so immediately after the firing player
    announces his target and before the die is rolled"; the ship's mover decides (authority
    table: Helm in a crew of 4)."""
    state = torpedo_duel()
    (prompt,) = engine.pending(state)
    assert (prompt.ship, prompt.station, prompt.action) == ("kl", "helm", "evade")
    assert engine.pending(state, Seat("helm", "kl")) == (prompt,)
    assert engine.pending(state, Seat("helm", "ent")) == ()
    (decision,) = engine.controls(state, Seat("helm", "kl"))
    assert [c.value for c in decision.fields[0].choices] == ["none", "port", "starboard"]
    refused(state, Evade("science", "kl", "port"), "is for Helm")
    assert engine.problem(state, decision.make({"direction": "sideways"})) is not None


def evade(state: FasaState, direction: str) -> tuple[FasaState, list[Any]]:
    return act(state, Evade("helm", "kl", direction))


@pytest.mark.slow
@pytest.mark.parametrize(("die", "shield", "damage"), [(3, 3, 2), (4, 2, 3)])
def test_an_evasion_turns_the_ship_costs_a_point_and_its_fire_and_halves_a_dodged_hit(
        die: int, shield: int, damage: int) -> None:
    """"the Starship Silhouette Counter of the evading ship is immediately rotated one hex-side";
    "a roll of 1, 2, or 3 indicating success. If successful, the missile hits the shield NOW
    toward the firing ship, and the hit only does half normal damage"; "If the roll to evade
    fails, the torpedo hits the shield it originally would have struck ... full damage"; "the
    evading ship takes one superstructure point"; "any firing that its captain had declared is
    replaced by the evasive maneuver"."""
    state = torpedo_duel()
    before = state.ship("kl")
    state, events = evade(state, "port")
    kl = state.ship("kl")
    assert kl.heading == turn(before.heading, -1) and kl.pos == before.pos
    assert kl.superstructure == before.superstructure - 1 and kl.evading
    assert [s.firer for s in state.shots] == ["ent"]
    assert not kl.weapons[kl.weapon_index("d1")].fired and kl.weapons[0].power == 2
    prompt = engine.pending(state)[0]
    assert prompt.roll is not None and prompt.roll.needs == (1, 3) and prompt.roll.public
    assert prompt.station == "helm" and prompt.ship == "kl"
    state, events = roll(state, die)
    assert any("evasion succeeds" in e.text if die <= 3 else "evasion fails" in e.text
               for e in events)
    state, events = roll(state, 1)  # the torpedo hits
    hit = next(e for e in events if type(e).__name__ == "ShotResolved")
    struck = next(e for e in events if type(e).__name__ == "ShieldStruck")
    assert hit.damage == damage  # 3 at the advanced scale; halved, an odd point rounds up
    assert struck.shield == shield  # turned to port, fore-starboard (3) faces the firer


def test_a_ship_that_does_not_evade_takes_the_missile_as_usual() -> None:
    state = torpedo_duel()
    state, events = evade(state, "none")
    assert any("does not evade" in e.text for e in events)
    assert state.ship("kl").heading == 3 and not state.ship("kl").evading
    assert [s.firer for s in state.shots] == ["kl", "ent"]
    assert "to-hit" in engine.pending(state)[0].what


@pytest.mark.slow
def test_the_basic_game_and_beam_weapons_have_no_evasion() -> None:
    state = torpedo_duel("basic")
    assert state.step == "resolve" and "to-hit" in engine.pending(state)[0].what
    # The Enterprise's phasers at the D-7A: a beam cannot be dodged.
    state = game(("kl", "d7a", "Klingon", 5, 4, 3), ("ent", "constitution", "Federation",
                                                     5, 8, 0))
    state = ready(state, "kl")
    state = ready(state, "ent", 0, 0, 1, (("ph1", 1),))
    state, _ = roll(state, 1, 2)
    state = no_sensors(state)
    options = legal.fire_options(state, state.ship("ent"))
    assert any(o for o in options if o), options
    state, _ = act(state, DeclareFire("helm", "ent", next(o for o in options if o)))
    assert state.step == "resolve"


def test_the_autopilot_evades_a_torpedo_that_would_get_through() -> None:
    state = torpedo_duel()
    choice = autopilot.decide(state, engine.pending(state)[0])
    assert engine.problem(state, choice) is None
    assert getattr(choice, "direction", None) in ("port", "starboard")
    # Behind a shield that stops it, it stays put.
    kl = state.ship("kl")
    shielded = state.with_ship(replace(kl, shields=(3, 3, 3, 0, 0, 0)))
    assert autopilot.decide(shielded, engine.pending(shielded)[0]).direction == "none"


# -- Ship Explosions -------------------------------------------------------------------------------

def after_barrage(state: FasaState, **superstructure: int) -> FasaState:
    """The end of a Firing Phase's fire, the named ships' superstructure set as a barrage left
    it (below 0: rolled for after the barrage)."""
    from engine.rulesets.fasa.flow.turn import advance
    for ship_id, points in superstructure.items():
        ship = state.ship(ship_id)
        state = state.with_ship(replace(ship, superstructure=points, blast_roll=points < 0,
                                        status=ACTIVE if points > 0 else DISABLED))
    state = replace(state, step=RESOLVE, phase=1, advantage=tuple(s.id for s in state.ships))
    state, _ = advance(state)
    return state


def test_the_book_example_five_below_needs_a_six_then_two_more_need_an_eight() -> None:
    """Advanced: Ship Explosions: "if the superstructure was damaged to 5 points below 0, the
    player would have to roll a 6 or more to prevent explosive destruction in this Firing Phase.
    If the ship takes 2 more points of superstructure damage in the next Firing Phase, the player
    would have to roll an 8 or more"."""
    from engine.rulesets.fasa.firing.combat import damage_superstructure
    from engine.rulesets.fasa.flow.turn import advance
    base = two_ships()
    state = after_barrage(base, kl=-5)
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and (prompt.ship, prompt.station) == ("kl", "captain")
    assert "1-5 it explodes, 6-10 it holds together" in prompt.what
    exploded, events = roll(state, 5)
    assert exploded.ship("kl").status == DESTROYED
    state, events = roll(state, 6)
    assert state.ship("kl").status == DISABLED and not state.ship("kl").blast_roll
    assert any(isinstance(e, ExplosionAverted) for e in events)
    # No roll again until more superstructure damage is taken.
    assert not engine.pending(state) or engine.pending(state)[0].roll is None
    state, _ = damage_superstructure(state, state.ship("kl"), 2, "a later hit")
    assert state.ship("kl").superstructure == -7 and state.ship("kl").blast_roll
    state, _ = advance(replace(state, step=RESOLVE, phase=1,
                               advantage=tuple(s.id for s in state.ships)))
    assert "1-7 it explodes, 8-10 it holds together" in engine.pending(state)[0].what
    assert roll(state, 8)[0].ship("kl").status == DISABLED
    assert roll(state, 7)[0].ship("kl").status == DESTROYED


def test_ten_below_zero_explodes_without_a_roll() -> None:
    """"When the superstructure takes 10 more damage points than its maximum, the ship
    automatically explodes" (10 below 0)."""
    state = after_barrage(two_ships(), kl=-10)
    assert state.ship("kl").status == DESTROYED
    state = after_barrage(two_ships(), kl=-9)
    assert "1-9 it explodes, 10-10" in engine.pending(state)[0].what


def test_the_damage_from_exploding_ships_table() -> None:
    """Same hex 2x the Power Units Available, 1 hex 1x, 2 hexes 1/2, 3 hexes 1/4, 4 hexes 1/8,
    5-10 hexes 1 point; at least one point within 10 hexes, fractions rounded up."""
    tables = two_ships().tables
    assert [blast_damage(tables, "advanced", 13, r) for r in range(12)] == \
        [26, 13, 7, 4, 2, 1, 1, 1, 1, 1, 1, 0]
    assert [blast_damage(tables, "advanced", 0, r) for r in (0, 1, 4, 10, 11)] == [1, 1, 1, 1, 0]


def test_a_blast_strikes_the_shield_facing_it_and_in_the_same_hex_all_six() -> None:
    """"the damage is applied to the shield facing the explosion"; "If the ship is in the same
    hex as the explosion, the damage is divided by 6 and is applied to each shield; any fractions
    are rounded up". Shield values count; the blast is seen by all, the averted roll is not."""
    # The Enterprise 1 hex ahead of the D-7A's bow, its aft (shield 5) toward it.
    state = game(("kl", "d7a", "Klingon", 5, 5, 0), ("ent", "constitution", "Federation",
                                                     5, 4, 0))
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, shields=(0, 0, 0, 0, 20, 0)))
    state = after_barrage(state, kl=-10)
    kl = state.ship("kl")
    assert kl.status == DESTROYED
    assert state.ship("ent").shields[4] == 20 - kl.total_power  # 1 hex: 1x, all absorbed
    # Same hex: 2x13 = 26, 5 a shield.
    state = game(("kl", "d7a", "Klingon", 5, 5, 0), ("ent", "constitution", "Federation",
                                                     5, 5, 0))
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, shields=(9,) * 6))
    state = after_barrage(state, kl=-10)
    assert state.ship("ent").shields == (4,) * 6


def test_who_is_told_of_an_explosion_roll() -> None:
    state = after_barrage(two_ships(), kl=-3)
    state2, events = engine.apply(state, RollResult("captain", 9, "script"))
    mine = engine.events_for(state2, events, Seat("helm", "kl"))
    theirs = engine.events_for(state2, events, Seat("helm", "ent"))
    assert any(isinstance(e, ExplosionAverted) for e in mine)
    assert not any(isinstance(e, ExplosionAverted) for e in theirs)
    state3, events = engine.apply(state, RollResult("captain", 2, "script"))
    theirs = engine.events_for(state3, events, Seat("helm", "ent"))
    assert any(isinstance(e, BlastStruck) for e in theirs)
    assert any(getattr(e, "status", "") == DESTROYED for e in theirs)


def test_the_basic_game_has_no_explosions() -> None:
    from engine.rulesets.fasa.firing.combat import damage_superstructure
    state = game(("kl", "d7a", "Klingon", 5, 5, 0), ("ent", "constitution", "Federation",
                                                     5, 4, 0), level="basic")
    state, _ = damage_superstructure(state, state.ship("kl"), 20, "a hit")
    assert state.ship("kl").superstructure < 0 and not state.ship("kl").blast_roll


def test_the_advanced_level_is_playable_and_its_course_letters_are_offered() -> None:
    """The Romulan Gambit "takes place at sublight speed": its ships are at warp 0."""
    from companion.session import load_scenario, prepare
    state = engine.new_game(prepare(load_scenario("romulan-gambit", None), None, "advanced",
                                    None, 5))
    assert isinstance(state, FasaState) and state.level == "advanced"
    assert {s.warp for s in state.ships} == {0}
    state = hold_until(to_movement(two_ships(), kl=5), "kl")
    (decision,) = engine.controls(state, Seat("helm", "kl"))
    assert decision.fields[0].alphabet == "FPSLRB"
    for letters in ("L", "R"):
        assert engine.problem(state, decision.make({"steps": letters})) is None
    assert "stationary" in (engine.problem(state, decision.make({"steps": "B"})) or "")


def test_a_course_that_loops_back_to_its_hex_is_not_stationary() -> None:
    """Six steps round a hex end where they began; the ship moved all the same."""
    from engine.rulesets.fasa.moving import movement
    state = replace(two_ships(), step=MOVE, phase=1)
    kl = replace(state.ship("kl"), movement_points=30)
    state = state.with_ship(kl)
    assert movement.phase_points(state, kl) == 6
    after, _ = movement.move(state, kl, "FSSSSS")
    assert after.ship("kl").pos == kl.pos and after.ship("kl").moved
    assert movement.end_of_movement_phase(after).ship("kl").still == 0
    held, _ = movement.move(state, kl, "")
    assert movement.end_of_movement_phase(held).ship("kl").still == 1


@pytest.mark.parametrize(("below", "value"), [(5, 3), (10, None)])
def test_an_explosion_tells_the_enemy_nothing_of_how_far_below_0_it_was(
        below: int, value: int | None) -> None:
    """The blast and the ship's end are seen by all; its points below 0 and its roll are its
    side's (docs/rules-decisions.md, the advanced game): the Federation's seats are told the
    Klingon exploded, in words with no number of the Klingon's in them."""
    from dataclasses import asdict

    from engine.rulesets.fasa.flow.turn import advance
    state = two_ships()
    state = state.with_ship(replace(state.ship("kl"), superstructure=-below, blast_roll=True,
                                    status=DISABLED))
    state, events = advance(replace(state, step=RESOLVE, phase=1,
                                    advantage=tuple(s.id for s in state.ships)))
    if value is not None:
        state, events = roll(state, value)
    assert state.ship("kl").status == DESTROYED
    seen = engine.events_for(state, tuple(events), Seat("captain", "ent"))
    told = " ".join(str(asdict(e)) for e in seen if type(e).__name__ == "StatusChanged")
    assert "explodes" in told
    assert not re.search(rf"\b{below}\b", told) and "below" not in told
