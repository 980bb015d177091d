"""Real FASA games through the public API with scripted dice; each test cites its rule (Book Two,
the seed 000_4373da4a9495c8f8.txt; Book One's basic game where the engine infers it). Packaged ships
at 1/3 scale unless said: Enterprise ("ent") 21 power, shields 1/4 max 5, phasers 3, superstructure 9;
D-7A ("kl") 13 power, shields 1/1 max 3, disruptors 2, superstructure 7."""

from __future__ import annotations

import copy
import json
import re

import pytest

import engine
from engine import IllegalAction, RollResult, Seat
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values import events as ev
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    ChooseDamagedWeapon,
    DeclareFire,
    Move,
    SetShields,
)
from engine.stations import TITLES

CLASSES = setup.ship_dicts(None)
ENT = ("ent", "constitution-refit", "Federation", 5, 8, 0)   # facing north
KL = ("kl", "d7a", "Klingon", 5, 3, 3)                       # 5 hexes dead ahead, facing south
NO_SHIELDS = (0, 0, 0, 0, 0, 0)
TITLE = re.compile(rf"^({'|'.join(TITLES.values())}): \S")


def game(*ships, cols=12, rows=12, obstacles=(), scale=None, crew="4"):
    scenario = {"id": "test", "map": {"cols": cols, "rows": rows}, "crew": crew,
                "obstacles": [list(o) for o in obstacles],
                # Obstacle counters only at sub-light (Advanced, seed line 369).
                **({"warp": 0} if obstacles else {}),
                "ships": [{"id": i, "name": i.upper(), "class": c, "side": side, "col": col,
                           "row": row, "heading": h} for i, c, side, col, row, h in ships]}
    return engine.new_game(setup.build_scenario(scenario, CLASSES, scale=scale))


def apply_checked(state, action):
    """`apply`, checking that its input stays equal to a deep copy and to its JSON form taken before
    (DESIGN: Pure core — `apply` never changes its input). Every test applies through this."""
    twin, before = copy.deepcopy(state), engine.state_to_json(state)
    new, events = engine.apply(state, action)
    assert state == twin and engine.state_to_json(state) == before
    return new, list(events)


def refused(state, action, text=""):
    """The action is refused, the state untouched, and the message starts with a station title
    ("Engineering:", "Helm:", "Science:", "Captain:" ...) and contains `text`."""
    twin, before = copy.deepcopy(state), engine.state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, action)
    message = str(info.value)
    assert state == twin and engine.state_to_json(state) == before
    assert TITLE.match(message) and text in message, message
    return message


def roll(state, *values):
    events = []
    for v in values:
        prompt = engine.pending(state)[0]
        assert prompt.roll is not None, prompt
        state, more = apply_checked(state, RollResult(prompt.station, v, source="script"))
        events += more
    return state, events


def ready(state, ship, movement=0, shields=0, weapons=0, arm=(), points=NO_SHIELDS):
    for action in (AllocatePower("engineer", ship, movement, shields, weapons),
                   ArmWeapons("helm", ship, tuple(arm)), SetShields("science", ship, points)):
        state, _ = apply_checked(state, action)
    return state


def start(state, plans, adv=(1, 2)):
    """Power Allocation for every ship (id -> ready() arguments), then the advantage rolls."""
    for ship, plan in plans.items():
        state = ready(state, ship, **plan)
    return roll(state, *adv)


def first(events, kind):
    return next(e for e in events if isinstance(e, kind))


def fire(state, ship, *shots):
    return apply_checked(state, DeclareFire("helm", ship, tuple(shots)))


def test_power_allocation_limits() -> None:
    """C&C: Power To Combat Systems Tracks — no more than the Total Power Units Available (D-7A at
    full scale: 40); Power To Movement Track — "fractional movement points cannot be generated";
    Expert displays — no more than the shields can hold (6 x 5 at 1/12, the 1/4 ratio cut to a
    third: Altering Variable Data) or the weapons take (4 x 2)."""
    full = game(ENT, KL, scale="1")
    assert refused(full, AllocatePower("engineer", "kl", 16, 10, 20)) == \
        "Engineering: 46 power allocated, only 40 available"
    s = game(ENT, KL)
    refused(s, AllocatePower("engineer", "kl", -4, 0, 0), "cannot be negative")
    refused(s, AllocatePower("engineer", "ent", 6, 0, 0), "multiple of 4")
    refused(s, AllocatePower("engineer", "ent", 0, 3, 0), "36 shield points, more than the 30")
    refused(s, AllocatePower("engineer", "kl", 0, 0, 9), "at most 8")
    s, _ = apply_checked(s, AllocatePower("engineer", "ent", 12, 0, 0))
    assert s.ship("ent").movement_points == 9    # 4/1 cut to 4/3: the seed's 3 MP for 12 at 1/3 power
    refused(s, AllocatePower("engineer", "ent", 0, 0, 0), "already allocated")


@pytest.mark.slow
def test_shield_and_arming_limits() -> None:
    """Expert: Damage Control Display — no shield above the Maximum Shield Power, the total within the
    Shield Points Available (1 power at 1/12 = 12: the 1/4 ratio cut to a third); Weapons Display
    and Advanced: Romulan Plasma Bolts — a beam takes 1 to its maximum, a missile exactly its Power
    To Arm, within the power to weapons."""
    s = game(ENT, KL)
    refused(s, SetShields("science", "ent", NO_SHIELDS), "until Engineering allocates")
    refused(s, ArmWeapons("helm", "ent", ()), "until Engineering allocates")
    s, _ = apply_checked(s, AllocatePower("engineer", "ent", 0, 1, 8))
    assert refused(s, SetShields("science", "ent", (6, 0, 0, 0, 0, 0))) == \
        "Science: shield 1 can hold at most 5 points, not 6"
    assert refused(s, SetShields("science", "ent", (5, 5, 3, 0, 0, 0))) == \
        "Science: 13 shield points set, only 12 available"
    assert refused(s, ArmWeapons("helm", "ent", (("ph1", 4),))) == \
        "Helm: Phaser bank 1 takes 1 to 3 power, not 4"
    assert refused(s, ArmWeapons("helm", "ent", (("pt1", 2),))) == \
        "Helm: Photon torpedo 1 arms with exactly 1 power, not 2"
    assert refused(s, ArmWeapons("helm", "ent", (("ph1", 3), ("ph2", 3), ("ph3", 3)))) == \
        "Helm: 9 power put into weapons, only 8 allocated"
    refused(s, ArmWeapons("helm", "ent", (("ph9", 1),)), "no weapon 'ph9'")
    refused(s, ArmWeapons("helm", "ent", (("ph1", 1), ("ph1", 1))), "listed twice")
    # A four-player crew has no Navigator or Weapons officer (C&C: Expanding For More Players).
    assert refused(s, SetShields("navigator", "ent", (1, 1, 1, 1, 0, 0))) == \
        "Navigator: set shields on ENT is for Science"
    refused(s, ArmWeapons("weapons", "ent", ()), "arm weapons on ENT is for Helm")
    s, _ = apply_checked(s, SetShields("science", "ent", (1, 1, 1, 1, 0, 0)))
    s, _ = apply_checked(s, ArmWeapons("helm", "ent", (("ph1", 3), ("ph2", 3), ("pt1", 1))))
    assert s.ship("ent").shields == (1, 1, 1, 1, 0, 0)
    assert [w.power for w in s.ship("ent").weapons] == [3, 3, 0, 0, 0, 0, 1, 0]
    refused(s, SetShields("science", "ent", NO_SHIELDS), "already set")
    refused(s, ArmWeapons("helm", "ent", ()), "already armed")


def test_station_checks() -> None:
    """C&C: Sequence Of Play — the Chief Engineer allocates power, Helm arms, Science sets shields;
    the Instructor may act for any station."""
    s = game(ENT, KL)
    assert refused(s, AllocatePower("helm", "ent", 0, 0, 0)) == \
        "Helm: allocate power on ENT is for Engineering"
    refused(s, AllocatePower("captain", "ent", 0, 0, 0), "is for Engineering")
    refused(s, AllocatePower("engineer", "nx", 0, 0, 0), "no ship 'nx'")
    refused(s, Move("helm", "ent", "F"), "not possible during the Power Allocation Phase")
    refused(s, ChooseDamagedWeapon("helm", "ent", "ph1"), "is for Captain")
    s, _ = apply_checked(s, AllocatePower("instructor", "ent", 0, 0, 0))
    refused(s, ArmWeapons("science", "ent", ()), "is for Helm")
    refused(s, SetShields("helm", "ent", NO_SHIELDS), "is for Science")
    s, _ = apply_checked(s, ArmWeapons("instructor", "ent", ()))
    s, _ = apply_checked(s, SetShields("instructor", "ent", NO_SHIELDS))
    assert s.ship("ent").allocated


@pytest.mark.slow
def test_tactical_advantage_tie_rolls_again() -> None:
    """Advanced: Sequence Of Play step 2 — the higher roll has the advantage; a tie rolls again."""
    s = ready(ready(game(ENT, KL), "ent", movement=4), "kl")
    prompt = engine.pending(s)[0]
    assert (prompt.ship, prompt.station, prompt.roll.kind) == ("ent", "captain", "d10")
    refused(s, RollResult("helm", 3), "this roll is for Captain")
    refused(s, RollResult("captain", 11), "1 to 10, not 11")
    s, events = roll(s, 4, 4)
    assert any(isinstance(e, ev.Note) and "roll again" in e.text for e in events)
    assert engine.pending(s)[0].ship == "ent" and s.advantage == ()
    s, _ = apply_checked(s, RollResult("instructor", 2, source="script"))
    s, _ = roll(s, 8)
    assert s.advantage == ("ent", "kl")
    assert engine.view(s, Seat("instructor"))["advantage"] == "kl"


@pytest.mark.parametrize("adv", [(9, 1), (1, 9)])
def test_fastest_ship_moves_first(adv) -> None:
    """Advanced: Sequence Of Play step 4 — the fastest ship moves first, whoever has the advantage."""
    s, _ = start(game(ENT, KL), {"ent": {"movement": 20}, "kl": {"movement": 12}}, adv)
    assert (s.ship("ent").movement_points, s.ship("kl").movement_points) == (15, 9)
    assert [(p.ship, p.station) for p in engine.pending(s)] == [("ent", "helm")]
    refused(s, Move("helm", "kl", "F"), "turn to act")
    s, _ = apply_checked(s, Move("helm", "ent", "F"))
    assert [p.ship for p in engine.pending(s)] == ["kl"]


@pytest.mark.slow
@pytest.mark.parametrize(("adv", "then"), [((9, 1), ("kl", "ent")), ((1, 9), ("ent", "kl"))])
def test_advantage_moves_later_and_declares_last(adv, then) -> None:
    """Advanced: Sequence Of Play steps 4 and 7 — on equal movement the ship with the tactical
    advantage moves second, and it declares its targets last. With 1 MP both move in phase 3 (full
    scale: 4 power is 1 MP at 4/1)."""
    s, _ = start(game(ENT, KL, scale="1"), {"ent": {"movement": 4, "weapons": 3, "arm": (("ph1", 3),)},
                                 "kl": {"movement": 4, "weapons": 2, "arm": (("d1", 2),)}}, adv)
    acted = []
    while s.phase <= 3:
        ship = engine.pending(s)[0].ship
        acted.append((s.phase, s.step, ship))
        s, _ = fire(s, ship) if s.step == "declare" else apply_checked(s, Move("helm", ship, ""))
    assert acted == [(phase, step, ship) for phase, step in
                     ((1, "declare"), (2, "declare"), (3, "move"), (3, "declare")) for ship in then]


@pytest.mark.slow
def test_moving_ahead_and_turning() -> None:
    """Advanced: Moving The Starship Silhouette Counters — one hex per movement point, one hexside of
    heading change per point (P port, S starboard). Full scale: 60 power / 4 = 15 MP, 3 a phase."""
    s, _ = start(game(ENT, KL, scale="1"), {"ent": {"movement": 60}, "kl": {}})
    refused(s, Move("helm", "ent", "FFFF"), "has 3 movement points this phase, not 4")
    refused(s, Move("helm", "ent", "X"), "step 1 is 'X'")
    seen = []
    for steps in ("FPS", "SS", ""):                    # "" holds station
        s, _ = apply_checked(s, Move("helm", "ent", steps))
        me = engine.view(s, Seat("helm", "ent"))["ships"][0]
        seen.append((me["col"], me["row"], me["heading"]))
    assert seen == [(4, 6, 0), (6, 6, 2), (6, 6, 2)]


def test_obstacle_blocks_movement_and_leaving_the_map_ends_the_game() -> None:
    """Advanced: Planets, Suns, And Other Obstacles (no entering them); Ending The Game — a side that
    has driven off all its opponents wins."""
    s, _ = start(game(("ent", "constitution-refit", "Federation", 5, 0, 0), KL, obstacles=[(4, 0)]),
                 {"ent": {"movement": 4}, "kl": {}})
    assert refused(s, Move("helm", "ent", "P")) == "Helm: step 1 runs into an obstacle at 4,0"
    s, events = apply_checked(s, Move("helm", "ent", "F"))
    assert first(events, ev.StatusChanged).status == "escaped"
    assert first(events, ev.GameOver).winner == "Klingon"
    assert s.over and engine.pending(s) == ()
    assert engine.view(s, Seat("instructor"))["winner"] == "Klingon"
    refused(s, RollResult("captain", 1), "the game is over")


@pytest.mark.slow
def test_fire_refused_out_of_arc_or_range_at_own_side_or_through_an_obstacle() -> None:
    """Advanced: Firing Weapons — torpedo chart S reaches 16 hexes, phaser bank 5 covers fore-port,
    aft-port and aft; no firing at one's own side; Planets, Suns, And Other Obstacles — "Ships may
    not fire through these counters"; each armed weapon fires once."""
    ent = ("ent", "constitution-refit", "Federation", 5, 20, 0)
    kl = ("kl", "d7a", "Klingon", 5, 2, 3)
    ex = ("ex", "constitution", "Federation", 7, 19, 0)
    k2 = ("k2", "d7a", "Klingon", 1, 18, 0)               # 4 hexes fore-port, behind the obstacle
    s, _ = start(game(ent, kl, ex, k2, rows=22, obstacles=[(3, 19)]),
                 {"ent": {"weapons": 7, "arm": (("ph1", 3), ("ph5", 3), ("pt1", 1))},
                  "kl": {}, "ex": {}, "k2": {}}, (1, 2, 3, 4))
    assert engine.pending(s)[0].ship == "ent"
    refused(s, DeclareFire("helm", "ent", (("ph5", "kl"),)), "outside its firing arc")
    refused(s, DeclareFire("helm", "ent", (("pt1", "kl"),)),
            "out of range (18 hexes; Photon torpedo 1 reaches 16)")
    refused(s, DeclareFire("helm", "ent", (("ph1", "ex"),)), "EX is on our side")
    refused(s, DeclareFire("helm", "ent", (("ph1", "k2"),)), "an obstacle blocks the line of fire")
    refused(s, DeclareFire("helm", "ent", (("ph2", "kl"),)), "not armed")
    refused(s, DeclareFire("helm", "ent", (("ph1", "kl"), ("ph1", "kl"))), "only once")
    s, events = fire(s, "ent", ("ph1", "kl"))
    assert [(s.weapon, s.target) for s in first(events, ev.FireDeclared).shots] == [("ph1", "kl")]
    assert engine.pending(s)[0].roll.purpose.startswith("Helm: to-hit, Phaser bank 1")


@pytest.mark.slow
@pytest.mark.parametrize(("value", "hit"), [(1, True), (9, True), (10, False)])
def test_to_hit_on_the_firing_chart(value, hit) -> None:
    """Book One: Weapon Firing Sequence — Firing Chart Y at range 5 hits on 1-9."""
    s, _ = start(game(ENT, KL), {"ent": {"weapons": 3, "arm": (("ph1", 3),)}, "kl": {}})
    s, _ = fire(s, "ent", ("ph1", "kl"))
    request = engine.pending(s)[0].roll
    assert (request.station, request.needs) == ("helm", (1, 9)) and "needs 1-9" in request.purpose
    s, events = roll(s, value)
    assert first(events, ev.ShotResolved).hit is hit


@pytest.mark.slow
@pytest.mark.parametrize(("weapon", "power", "row", "damage"),
                         [("ph1", 3, 8, 6), ("ph1", 3, 14, 5), ("ph1", 1, 14, 3), ("pt1", 1, 8, 7)])
def test_weapon_damage(weapon, power, row, damage) -> None:
    """Advanced: Firing Weapons — beam damage is the power in the weapon plus the Damage Modifier
    for the range (phasers +3 at 1-10, +2 at 11-17); a missile does its fixed damage (7 at 1/3)."""
    ent = ("ent", "constitution-refit", "Federation", 5, row, 0)
    s, _ = start(game(ent, ("kl", "d7a", "Klingon", 5, 2, 3), rows=16),
                 {"ent": {"weapons": power, "arm": ((weapon, power),)}, "kl": {}})
    s, _ = fire(s, "ent", (weapon, "kl"))
    s, events = roll(s, 1)
    assert first(events, ev.ShotResolved).damage == damage


def hit_kl(kl_heading=3, kl_points=NO_SHIELDS, kl_shields=0):
    """ENT hits KL with phaser bank 1 (3 + 3 = 6 damage); returns the state and events after."""
    s, _ = start(game(ENT, ("kl", "d7a", "Klingon", 5, 3, kl_heading)),
                 {"ent": {"weapons": 3, "arm": (("ph1", 3),)},
                  "kl": {"shields": kl_shields, "points": kl_points}})
    s, _ = fire(s, "ent", ("ph1", "kl"))
    return roll(s, 1)


@pytest.mark.slow
def test_shields_absorb_and_the_rest_penetrates() -> None:
    """C&C: Damage Sequence steps 1-2 — the shield facing the firer absorbs what it can; the rest
    goes to the damage location table (7-9: superstructure), one roll for every 2 points and one
    for the last odd point (Advanced: Damage From Exploding Ships, "damage location rolls are made
    for every 2 damage points just as if weapons were being fired")."""
    s, events = hit_kl(kl_points=(0, 3, 0, 0, 0, 0), kl_shields=3)
    struck = first(events, ev.ShieldStruck)
    assert (struck.ship, struck.shield, struck.absorbed, struck.penetrating) == ("kl", 2, 3, 3)
    assert s.ship("kl").shields == NO_SHIELDS
    assert [(p.ship, p.station) for p in engine.pending(s)] == [("kl", "science")]
    assert "2 points through shield 2" in engine.pending(s)[0].what
    s, _ = roll(s, 8)
    assert s.ship("kl").superstructure == 7 - 2
    assert "1 point through shield 2" in engine.pending(s)[0].what
    s, _ = roll(s, 8)
    assert s.ship("kl").superstructure == 7 - 3 and not s.shots


@pytest.mark.slow
@pytest.mark.parametrize(("heading", "shield", "engines"), [(4, 1, (3, 6, 1)), (2, 3, (6, 3, 1))])
def test_engine_hit_on_the_struck_side(heading, shield, engines) -> None:
    """Book One damage location 4-6: engine; Expert: Warp Engine Hit — "the warp engine closest the
    shield hit" takes the damage."""
    points = tuple(3 if n == shield else 0 for n in range(1, 7))
    s, events = hit_kl(heading, points, 3)
    assert first(events, ev.ShieldStruck).shield == shield
    s, _ = roll(s, 5, 5)            # 3 points through: two location rolls (2, then 1), both engine
    assert (s.ship("kl").engines, s.ship("kl").superstructure) == (engines, 7)


@pytest.mark.slow
@pytest.mark.parametrize(("pick", "engines"), [(1, (4, 6, 1)), (5, (4, 6, 1)), (6, (6, 4, 1)),
                                              (10, (6, 4, 1))])
def test_engine_hit_through_the_fore_shield_rolls_for_the_engine(pick, engines) -> None:
    """Expert: Warp Engine Hit — "if the specific engine is not clear, roll randomly to determine
    which is damaged": through the fore shield a d10 picks the port (1-5) or starboard (6-10) warp
    engine, which takes the 2 points of this location roll (6 points through: three rolls)."""
    s, events = hit_kl()
    assert first(events, ev.ShieldStruck).shield == 2
    s, _ = roll(s, 5)                                   # location: engine
    prompt = engine.pending(s)[0]
    assert prompt.roll is not None and prompt.station == "science"
    assert "1-5 port warp engine, 6-10 starboard warp engine" in prompt.roll.purpose
    s, _ = roll(s, pick)
    assert s.ship("kl").engines == engines
    s, _ = roll(s, 8, 8)                                # the other 4 points: superstructure
    assert s.ship("kl").superstructure == 7 - 4 and not s.shots


@pytest.mark.slow
def test_shield_generator_destroyed() -> None:
    """Book One damage location 1; Expert: Shield Generator Damaged — the shield is gone for the
    game and the superstructure takes 1 point."""
    s, _ = hit_kl()
    s, _ = roll(s, 1, 8, 8)         # 6 points through: shield, then 2 + 2 superstructure
    kl = s.ship("kl")
    assert (kl.shields_damaged, kl.superstructure, s.turn) == (frozenset({2}), 7 - 1 - 4, 2)
    s, _ = apply_checked(s, AllocatePower("engineer", "kl", 0, 3, 0))
    refused(s, SetShields("science", "kl", (0, 1, 0, 0, 0, 0)), "shield 2's generator is damaged")


@pytest.mark.slow
@pytest.mark.parametrize(("value", "turns"), [(5, 1), (6, 2)])
def test_sensors_out_and_no_firing_while_out(value, turns) -> None:
    """Book One damage location 10; Advanced: Sensors Track — out for 1 (1-5) or 2 (6-10) game
    turns, and while out "ships weaponry are not allowed to fire"."""
    s, _ = start(game(ENT, KL), {"ent": {"weapons": 3, "arm": (("ph1", 3),)},
                                 "kl": {"weapons": 4, "arm": (("d1", 2), ("d2", 2))}})
    s, _ = fire(s, "ent", ("ph1", "kl"))
    s, _ = fire(s, "kl", ("d1", "ent"))
    s, _ = roll(s, 1, 10)                          # ENT hits; location: sensors
    # Expert: Sensors Out — "The captain of the damaged ship rolls one die in secret".
    assert engine.pending(s)[0].roll.station == "captain"
    assert s.ship("kl").superstructure == 6        # 1 superstructure point
    s, events = roll(s, value)
    assert (first(events, ev.Damaged).system, first(events, ev.Damaged).amount) == ("sensors", turns)
    s, _ = roll(s, 8, 8)                           # the phaser's other 4 points: superstructure
    s, events = roll(s, 10)                        # KL's disruptor 1 (declared before) misses
    assert not [e for e in events if isinstance(e, ev.FireDeclared)]  # disruptor 2 never fires
    assert (s.turn, s.ship("kl").sensors_out) == (2, turns - 1)
    s, _ = start(s, {"ent": {"weapons": 3, "arm": (("ph1", 3),)},
                     "kl": {"weapons": 2, "arm": (("d1", 2),)}})
    s, _ = fire(s, "ent")
    if turns == 2:
        assert engine.legal_actions(s, Seat("helm", "kl")) == () and s.phase == 2
    else:
        assert [p.ship for p in engine.pending(s)] == ["kl"]


@pytest.mark.slow
def test_weapon_hit_captain_chooses_among_weapons_that_bear() -> None:
    """Expert: Weapon Damaged — the captain picks a weapon that bears on the firer (four forward
    phaser banks bear); 1 superstructure point; the weapon stays damaged."""
    s, _ = start(game(ENT, KL), {"ent": {}, "kl": {"weapons": 2, "arm": (("d1", 2),)}})
    s, _ = fire(s, "kl", ("d1", "ent"))
    s, _ = roll(s, 1, 3)                           # hit, location 3: beam weapon
    assert [(p.ship, p.station) for p in engine.pending(s)] == [("ent", "captain")]
    legal = engine.legal_actions(s, Seat("captain", "ent"))
    assert sorted(a.weapon for a in legal) == ["ph1", "ph2", "ph3", "ph4"]
    assert engine.legal_actions(s, Seat("captain", "kl")) == ()
    refused(s, ChooseDamagedWeapon("captain", "ent", "ph5"), "ph1, ph2, ph3, ph4")
    refused(s, ChooseDamagedWeapon("helm", "ent", "ph3"), "is for Captain")
    s, _ = apply_checked(s, ChooseDamagedWeapon("captain", "ent", "ph3"))
    s, _ = roll(s, 8)                              # 4 points through: the second roll's 2
    assert s.turn == 2 and s.ship("ent").weapons[2].damaged and s.ship("ent").superstructure == 6
    s, _ = apply_checked(s, AllocatePower("engineer", "ent", 0, 0, 3))
    refused(s, ArmWeapons("helm", "ent", (("ph3", 3),)), "damaged and cannot be armed")


@pytest.mark.slow
def test_weapon_hit_with_one_weapon_bearing_is_automatic() -> None:
    """Expert: Weapon Damaged — a missile hit with no launcher bearing damages a beam; only phaser
    bank 5 bears aft-port, so no choice is asked."""
    s, _ = start(game(ENT, ("kl", "d7a", "Klingon", 2, 10, 1)),
                 {"ent": {}, "kl": {"weapons": 2, "arm": (("d1", 2),)}})
    s, _ = fire(s, "kl", ("d1", "ent"))
    s, _ = roll(s, 1, 2)
    assert [w.damaged for w in s.ship("ent").weapons] == [False] * 4 + [True] + [False] * 3


@pytest.mark.slow
def test_superstructure_gone_disables_and_the_other_side_wins() -> None:
    """C&C: Superstructure Damage Track — at 0 or below the ship can no longer move or fire;
    Advanced: Ending The Game (a disabled ship counts as captured)."""
    s, _ = start(game(ENT, KL), {"ent": {"weapons": 6, "arm": (("ph1", 3), ("ph2", 3))},
                                 "kl": {"weapons": 2, "arm": (("d1", 2),)}})
    s, _ = fire(s, "ent", ("ph1", "kl"), ("ph2", "kl"))
    s, _ = fire(s, "kl", ("d1", "ent"))
    s, _ = roll(s, 1, 7, 7, 7, 1)                  # 6 to the superstructure: 1 left
    assert s.ship("kl").superstructure == 1 and not s.over
    s, events = roll(s, 8)
    assert first(events, ev.StatusChanged).status == "disabled"
    s, _ = roll(s, 8, 8)                           # the rest of the second phaser's 6 points
    s, events = roll(s, 10)                        # KL's declared shot still resolves
    assert first(events, ev.ShotResolved).firer == "kl"
    assert first(events, ev.GameOver).winner == "Federation" and s.over
    assert engine.pending(s) == ()


def test_end_of_turn_resets_shields_and_weapons() -> None:
    """C&C: Resetting The Panel — every track back to 0 except the engine power tracks (full scale:
    4 power is 1 MP, moved in phase 3)."""
    s, _ = start(game(ENT, KL, scale="1"), {"ent": {"movement": 4, "shields": 1, "weapons": 3,
                                         "arm": (("ph1", 3),), "points": (0, 4, 0, 0, 0, 0)},
                                 "kl": {}})
    s, _ = fire(s, "ent", ("ph1", "kl"))
    assert s.ship("ent").weapons[0].fired
    s, _ = roll(s, 10)
    assert (s.turn, s.phase, s.step) == (1, 3, "move")
    s, _ = apply_checked(s, Move("helm", "ent", "F"))
    ent = s.ship("ent")
    assert (s.turn, s.step, ent.shields, ent.allocation, ent.movement_points) == \
        (2, "power", NO_SHIELDS, None, 0)
    assert all(w.power == 0 and not w.fired for w in ent.weapons)
    assert [(p.ship, p.station) for p in engine.pending(s)] == [("ent", "engineer"), ("kl", "engineer")]


@pytest.mark.slow
def test_disabled_ship_resets_its_panel_too() -> None:
    """C&C: Resetting The Panel — a disabled ship allocates no more power, so the shields it had up
    fall at the end of the turn like everyone else's (it can still be fired on)."""
    k2 = ("k2", "d7a", "Klingon", 9, 3, 3)
    s, _ = start(game(ENT, KL, k2), {"ent": {"weapons": 6, "arm": (("ph1", 3), ("ph2", 3))},
                                     "kl": {"shields": 3, "points": (0, 0, 0, 0, 3, 0)}, "k2": {}},
                 (1, 2, 3))
    s, _ = fire(s, "ent", ("ph1", "kl"), ("ph2", "kl"))
    s, _ = roll(s, 1, 7, 7, 7, 1, 8, 8, 8)         # 12 to the superstructure, 2 a roll
    assert (s.turn, s.ship("kl").status, s.over) == (2, "disabled", False)
    assert s.ship("kl").shields == NO_SHIELDS
    assert [p.ship for p in engine.pending(s)] == ["ent", "k2"]


def test_enemy_view_hides_internals_and_instructor_sees_all() -> None:
    """DESIGN: Views per station; Advanced: Sensors — without a sensor lock an enemy's identity,
    position, heading and speed are known, nothing more."""
    s = ready(game(ENT, KL, scale="1"), "ent", movement=4, weapons=3, shields=1, arm=(("ph1", 3),),
              points=(0, 4, 0, 0, 0, 0))
    kl_view = engine.view(s, Seat("helm", "kl"))
    ent_seen, kl_seen = kl_view["ships"]
    assert ent_seen["movement_points"] is None   # allocation is secret until all have allocated
    hidden = {"shields", "power", "weapons", "allocation", "engines", "superstructure"}
    assert hidden.isdisjoint(ent_seen) and hidden <= set(kl_seen)
    assert {"col", "row", "heading", "movement_points"} <= set(ent_seen)
    assert "ph1" not in json.dumps(kl_view)
    assert [p["ship"] for p in kl_view["pending"]] == ["kl"]
    everything = engine.view(s, Seat("instructor"))
    assert all(hidden <= set(ship) for ship in everything["ships"])
    assert everything["ships"][0]["shields"] == [0, 4, 0, 0, 0, 0]
    assert everything == {**engine.state_to_json(s),
                          "seat": {"station": "instructor", "ship": None}}
    after = ready(s, "kl")
    assert s.ship("kl").allocation is None and after != s  # a new state; the old one unchanged
    after, _ = roll(after, 1, 2)                          # speeds are known once movement starts
    assert engine.view(after, Seat("helm", "kl"))["ships"][0]["movement_points"] == 1
