"""The basic game as Book Two (the seed 000_4373da4a9495c8f8.txt) describes it: scale, disabled
ships, victory conditions, the level split, fire limits, damage location and same-hex fire.
Each test names the seed passage (and line) it checks."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction, RollResult
from engine.errors import DataError
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.data.datafiles import read_toml
from engine.rulesets.fasa.data.ships import ship_from_dict
from engine.rulesets.fasa.firing import fire_rule
from engine.rulesets.fasa.firing.combat import plasma_damage_at
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.levels import location_chunks
from engine.rulesets.fasa.values import events as ev
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    DeclareFire,
    Move,
    SetShields,
    Target,
)
from engine.rulesets.fasa.values.state import DISABLED, ESCAPED, FasaState, replace

CLASSES = setup.ship_dicts(None)
THIRD = Fraction(1, 3)
ENT = ("ent", "constitution-refit", "Federation", 5, 8, 0)
KL = ("kl", "d7a", "Klingon", 5, 3, 3)


def game(*ships: tuple[Any, ...], cols: int = 12, rows: int = 12, scale: str | None = None,
         extra: dict[str, Any] | None = None) -> FasaState:
    scenario = {"id": "test", "map": {"cols": cols, "rows": rows}, "obstacles": [],
                "ships": [{"id": i, "name": i.upper(), "class": c, "side": side, "col": col,
                           "row": row, "heading": h} for i, c, side, col, row, h in ships],
                **(extra or {})}
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, scale=scale))
    assert isinstance(state, FasaState)
    return state


def packaged(name: str) -> dict[str, Any]:
    from companion.session import load_scenario, prepare
    return prepare(load_scenario(name, None), None, "basic", None, 30)


def act(state: FasaState, action: Any) -> tuple[FasaState, list[Any]]:
    """Apply, checking that `problem` agreed and that the state given was left untouched."""
    twin = copy.deepcopy(state)
    assert engine.problem(state, action) is None
    new, events = engine.apply(state, action)
    assert state == twin
    assert isinstance(new, FasaState)
    return new, list(events)


def roll(state: FasaState, *values: int) -> tuple[FasaState, list[Any]]:
    events: list[Any] = []
    for v in values:
        prompt = engine.pending(state)[0]
        assert prompt.roll is not None, prompt
        state, more = act(state, RollResult(prompt.station, v, source="script"))
        events += more
    return state, events


def ready(state: FasaState, ship: str, movement: int = 0, shields: int = 0, weapons: int = 0,
          arm: tuple[tuple[str, int], ...] = (), points: tuple[int, ...] = (0,) * 6) -> FasaState:
    from engine.rulesets.fasa.values.actions import WeaponPower
    for action in (AllocatePower("engineer", ship, movement, shields, weapons),
                   ArmWeapons("helm", ship, tuple(WeaponPower(w, p) for w, p in arm)),
                   SetShields("science", ship, tuple(points))):
        state, _ = act(state, action)
    return state


def fire(state: FasaState, ship: str, *shots: tuple[str, str]) -> tuple[FasaState, list[Any]]:
    return act(state, DeclareFire("helm", ship, tuple(Target(w, t) for w, t in shots)))


def first(events: list[Any], kind: type) -> Any:
    return next(e for e in events if isinstance(e, kind))


# -- Altering Variable Data (seed line 488-490) ---------------------------------------------------

@pytest.mark.parametrize(("scale", "mpr", "spr"), [("1", (4, 1), (1, 4)), ("1/2", (2, 1), (1, 8)),
                                                   ("1/3", (4, 3), (1, 12)), ("1/4", (1, 1), (1, 16))])
def test_ratios_are_cut_with_the_scale_so_a_ship_moves_as_far(scale: str, mpr: tuple[int, int],
                                                              spr: tuple[int, int]) -> None:
    """"the shield point ratio, the movement point ratio ... have been cut to 1/3"; "Divide all
    values by 2". The Enterprise puts all its power into movement and goes 15 hexes a turn at
    every scale (60 power at 4/1 at full scale, the seed's C&C example)."""
    s = game(ENT, KL, scale=scale)
    ent = s.ship("ent").cls
    assert (ent.mpr, ent.spr) == (mpr, spr)
    power = s.ship("ent").total_power
    # 15, give or take the rounding of each engine's power (26/4 rounds up to 7)
    assert ent.movement_points(power // ent.movement_step * ent.movement_step) in (14, 15, 16)


def test_the_enterprise_four_to_one_example_stays_at_full_scale() -> None:
    """C&C: Chief Engineer — the Enterprise at 4/1: 3 movement points cost 12 power."""
    s = game(ENT, KL, scale="1")
    s, _ = act(s, AllocatePower("engineer", "ent", 12, 0, 0))
    assert s.ship("ent").movement_points == 3


@pytest.mark.parametrize(("scale", "damage"), [(Fraction(1), 20), (THIRD, 10),
                                               (Fraction(1, 2), 10), (Fraction(1, 4), 5)])
def test_plasma_damage_at_each_scale(scale: Fraction, damage: int) -> None:
    """Romulan Plasma Bolts: "RL-3 ... 9 hexes away, the damage done is 10" (the printed TAC number
    at 1/3; the full value printed beside it is 20); at 1/2 and 1/4 the full value is divided
    ("Divide all values by 2"), not the printed TAC number."""
    tables = game(ENT, KL).tables
    assert tables.plasma["RL-3"][8] == (20, 10)
    assert plasma_damage_at(tables, "RL-3", 9, scale) == damage


# -- Disabled: zero power (Raiders, seed line 571) -------------------------------------------------

def test_a_ship_at_zero_power_is_disabled_and_the_other_side_wins() -> None:
    """Raiders: "disable (reduce to zero power or superstructure)". KL has only its impulse engine's
    1 point left; the phaser's first 2 points go to the engines and take it."""
    s = game(ENT, KL)
    kl = s.ship("kl")
    s = s.with_ship(replace(kl, engines=(0, 0, 1)))
    s = ready(s, "ent", weapons=3, arm=(("ph1", 3),))
    s = ready(s, "kl")
    s, _ = roll(s, 1, 2)
    s, _ = fire(s, "ent", ("ph1", "kl"))
    s, events = roll(s, 1, 5)              # hit for 6; location engine
    changed = first(events, ev.StatusChanged)
    assert (changed.ship, changed.status) == ("kl", DISABLED) and "no power" in changed.reason
    s, events = roll(s, 8, 8)              # the other 4 points: superstructure
    over = first(events, ev.GameOver)
    assert (over.winner, over.kind, over.ending) == ("Federation", victory.DECISIVE,
                                                     victory.ONE_SIDE_LEFT)
    assert s.over and engine.pending(s) == ()


def play_out(state: FasaState, limit: int = 2000) -> tuple[FasaState, list[Any]]:
    events: list[Any] = []
    for n in range(limit):
        prompts = engine.pending(state)
        if not prompts:
            return state, events
        p = prompts[0]
        action = RollResult(p.roll.station, n % 10 + 1) if p.roll else autopilot.decide(state, p)
        state, more = act(state, action)
        events += more
    raise AssertionError("the game did not end")


def test_two_powerless_ships_end_in_a_draw() -> None:
    """Ending The Game (seed line 270): with no side able to fight, the game ends, as a draw,
    instead of running forever."""
    s = game(ENT, KL)
    s = replace(s, ships=tuple(replace(x, engines=tuple(0 for _ in x.engines)) for x in s.ships))
    s, events = play_out(s)
    over = first(events, ev.GameOver)
    assert (over.kind, over.winner, over.ending) == (victory.DRAW, "", victory.NOBODY_FIGHTS)
    assert s.turn == 1


def test_no_working_weapon_on_any_side_ends_in_a_draw() -> None:
    """Every game ends: two ships with every weapon destroyed cannot capture each other."""
    s = game(ENT, KL)
    s = replace(s, ships=tuple(replace(x, weapons=tuple(replace(w, damaged=True)
                                                          for w in x.weapons)) for x in s.ships))
    s, events = play_out(s)
    over = first(events, ev.GameOver)
    assert (over.kind, over.winner) == (victory.DRAW, "")
    assert "working weapon" in over.outcome and s.turn == 1


# -- Victory conditions (Raiders, seed lines 569-573; The Romulan Gambit, 547-549) -----------------

RAIDERS = read_toml(setup.scenario_files(None)["raiders"])


def raiders_end(k23_ss: int | None = None, edge: str = "north", orion_down: bool = False,
                power: int | None = None) -> victory.Verdict | None:
    s = engine.new_game(packaged("raiders"))
    assert isinstance(s, FasaState)
    k23 = s.ship("k23")
    col, row = {"north": (16, -1), "south": (16, 24), "east": (32, 5), "west": (-1, 5)}[edge]
    from engine.hexgrid import offset_to_hex
    k23 = replace(k23, pos=offset_to_hex(col, row), status=ESCAPED,
                  superstructure=k23.superstructure if k23_ss is None else k23_ss)
    if power is not None:
        k23 = replace(k23, engines=(power, 0, 0))
    s = s.with_ship(k23)
    if orion_down:
        s = s.with_ship(replace(s.ship("orion2"), status=DISABLED, superstructure=0))
    return victory.judge(s, s.setup.victory)


def test_raiders_escape_by_the_far_edge_is_a_klingon_victory() -> None:
    """Raiders: exit the opposite edge with a third of superstructure and power AND disable an
    Orion: decisive; without the kill: marginal."""
    decisive = raiders_end(orion_down=True)
    marginal = raiders_end()
    assert decisive is not None and marginal is not None
    assert (decisive.kind, decisive.winner, decisive.ending) == (victory.DECISIVE, "Klingon",
                                                                 victory.ESCAPE)
    assert (marginal.kind, marginal.winner) == (victory.MARGINAL, "Klingon")


def test_raiders_damaged_escape_or_wrong_edge_is_a_draw() -> None:
    """Raiders: "If the Klingon takes more damage than this, but still escapes, the game is a
    draw" (K-23 superstructure 5 at 1/3: 1 is less than a third; power 1 of 10 too)."""
    for verdict in (raiders_end(k23_ss=1, orion_down=True), raiders_end(power=1),
                    raiders_end(edge="south")):
        assert verdict is not None and (verdict.kind, verdict.winner) == (victory.DRAW, "")


def test_raiders_k23_disabled_is_an_orion_victory_through_the_engine() -> None:
    """Ending The Game: the K-23 disabled (superstructure gone) leaves the Orions the data."""
    s = engine.new_game(packaged("raiders"))
    assert isinstance(s, FasaState)
    k23 = s.ship("k23")
    s = s.with_ship(replace(k23, superstructure=0, status=DISABLED))
    verdict = victory.judge(s, s.setup.victory)
    assert verdict is not None and (verdict.kind, verdict.winner) == (victory.DECISIVE, "Orion")
    # Everybody disabled in the same Firing Phase (all fire is simultaneous): a draw.
    for orion in ("orion1", "orion2", "orion3"):
        s = s.with_ship(replace(s.ship(orion), superstructure=0, status=DISABLED))
    verdict = victory.judge(s, s.setup.victory)
    assert verdict is not None and (verdict.kind, verdict.winner, verdict.ending) == (
        victory.DRAW, "", victory.NOBODY_FIGHTS)


def test_leaving_by_the_scored_edge_ends_the_game_with_a_game_over_event() -> None:
    """Ending The Game: "or when the victory conditions have been met" — the K-23 moves off the
    north edge and the engine announces the kind and the reason."""
    ships = (("k23", "k23", "Klingon", 5, 1, 0), ("orion1", "lightning", "Orion", 5, 10, 0))
    s = game(*ships, extra={"victory": RAIDERS["victory"][:3] + [
        {"result": "decisive victory", "side": "Orion", "out": ["k23"], "why": "data taken"}]})
    s = ready(s, "k23", movement=6)
    s = ready(s, "orion1")
    s, _ = roll(s, 1, 2)
    assert engine.pending(s)[0].ship == "k23"
    s, events = act(s, Move("helm", "k23", "FF"))
    over = first(events, ev.GameOver)
    assert (over.kind, over.winner, over.ending) == (victory.MARGINAL, "Klingon", victory.ESCAPE)
    assert "report the Orion treachery" in over.outcome and s.over


def test_raiders_setup_follows_the_book() -> None:
    """Raiders, Game Setup: "the Orion ships on one of the long edges ... and the Klingon ship in
    the center of the opposite edge"."""
    s = engine.new_game(packaged("raiders"))
    assert isinstance(s, FasaState)
    from engine.hexgrid import hex_to_offset
    rows = {x.id: hex_to_offset(x.pos)[1] for x in s.ships}
    assert rows == {"k23": 23, "orion1": 0, "orion2": 0, "orion3": 0}
    assert hex_to_offset(s.ship("k23").pos)[0] in (15, 16)
    assert victory.escapers(s.setup.victory) == {"k23": "north"}


def test_the_romulan_gambit_cruiser_enters_at_full_speed() -> None:
    """The Romulan Gambit: "The Federation cruiser may enter the map from any location, moving at
    full speed": in turn 1 all its power buys movement; from turn 2 it allocates as it likes."""
    s = engine.new_game(packaged("romulan-gambit"))
    assert isinstance(s, FasaState)
    fed = s.ship("constitution")
    assert fed.allocation is not None and fed.allocation.shields == fed.allocation.weapons == 0
    assert fed.allocation.movement == fed.total_power // 4 * 4
    assert fed.movement_points == fed.cls.movement_points(fed.allocation.movement) == 9
    # Before turn 1 the table places the cruiser on an edge (placement.py); no allocation asked.
    assert all(p.ship != "constitution" or p.action == "place_ship" for p in engine.pending(s))
    with pytest.raises(IllegalAction):
        engine.apply(s, AllocatePower("engineer", "constitution", 0, 0, 0))


def test_the_romulan_gambit_victory_conditions() -> None:
    """"The Romulans must eliminate all superstructure points on the Federation ship. Federation
    player must run off or eliminate both Romulan vessels.\""""
    s = engine.new_game(packaged("romulan-gambit"))
    assert isinstance(s, FasaState)
    wrecked = s.with_ship(replace(s.ship("constitution"), superstructure=0, status=DISABLED))
    v = victory.judge(wrecked, s.setup.victory)
    assert v is not None and (v.kind, v.winner) == (victory.DECISIVE, "Romulan")
    powerless = s.with_ship(replace(s.ship("constitution"), engines=(0, 0, 0), status=DISABLED))
    v = victory.judge(powerless, s.setup.victory)
    assert v is not None and (v.kind, v.winner) == (victory.MARGINAL, "Romulan")
    run_off = s.with_ship(replace(s.ship("bop1"), status=ESCAPED))
    run_off = run_off.with_ship(replace(s.ship("bop2"), status=DISABLED, superstructure=0))
    v = victory.judge(run_off, s.setup.victory)
    assert v is not None and (v.kind, v.winner) == (victory.DECISIVE, "Federation")
    assert victory.judge(s, s.setup.victory) is None


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(st.dictionaries(
    st.sampled_from(["result", "side", "why", "escaped", "edge", "keep", "enemies_disabled",
                     "out", "wrecked", "bogus"]),
    st.one_of(st.text(max_size=8), st.integers(-3, 5), st.lists(st.sampled_from(["a", "b", "x"])),
              st.lists(st.lists(st.just("a"), max_size=1), min_size=1, max_size=2),
              st.dictionaries(st.just("a"), st.just(1)),
              st.sampled_from(["draw", "decisive victory", "A", "B", "a", "north", "1/3", "2"]))),
    max_size=3))
def test_victory_data_is_checked_or_refused_clearly(raw: list[dict[str, Any]]) -> None:
    """A scenario file is outside input: any victory table is accepted or refused with DataError."""
    try:
        clauses = victory.clauses_from(raw, "scenario t", {"a": "A", "b": "B"})
    except DataError as exc:
        assert str(exc).startswith("scenario t")
    else:
        assert all(c.result in victory.RESULTS for c in clauses)


# -- The level split (seed line 373, 383-389) ------------------------------------------------------

@pytest.mark.parametrize("value", [[["constitution"]], "constitution", [1], ["nobody"]])
def test_enter_at_full_speed_must_list_ship_ids(value: Any) -> None:
    scenario = {**packaged("romulan-gambit"), "enter_at_full_speed": value}
    with pytest.raises(DataError, match="enter_at_full_speed"):
        engine.new_game(scenario)


def test_a_romulan_ship_fires_its_beam_only_at_the_basic_level() -> None:
    """Advanced: Firing Weapons — plasma weapons come with the advanced rules; at the basic level
    the Bird of Prey has its beam and no plasma launcher to arm."""
    s = game(("bop", "bird-of-prey", "Romulan", 5, 8, 0), KL)
    kinds = [w.kind for w in s.ship("bop").cls.weapons]
    full = ship_from_dict(CLASSES["bird-of-prey"], "bop")
    assert "plasma" in [w.kind for w in full.weapons] and "plasma" not in kinds
    assert kinds == ["beam"] * len(kinds) and kinds
    s, _ = act(s, AllocatePower("engineer", "bop", 0, 0, 2))
    plasma = next(w.id for w in full.weapons if w.kind == "plasma")
    from engine.rulesets.fasa.values.actions import WeaponPower
    with pytest.raises(IllegalAction, match="no weapon"):
        engine.apply(s, ArmWeapons("helm", "bop", (WeaponPower(plasma, 2),)))


# -- Fire limits from the ship data (ships_community.csv: "2 torps (1 at a time)") -----------------

def torpedo_duel() -> FasaState:
    s = game(("d7m", "d7-torpedo", "Klingon", 5, 8, 0), ("ent", "constitution-refit",
                                                        "Federation", 5, 4, 3), scale="1")
    s = ready(s, "d7m", weapons=4, arm=(("t1", 2), ("t2", 2)))
    s = ready(s, "ent")
    s, _ = roll(s, 1, 2)
    return s


def test_d7m_torpedoes_fire_one_at_a_time() -> None:
    """Advanced: Firing Limitations ("the number of weapons fired per Firing Phase can be
    limited"); the D-7M's data: 2 torpedoes, 1 at a time."""
    s = torpedo_duel()
    with pytest.raises(IllegalAction, match="1 of them at a time"):
        engine.apply(s, DeclareFire("helm", "d7m", (Target("t1", "ent"), Target("t2", "ent"))))
    volleys = fire_rule.fire_options(s, s.ship("d7m"))
    assert volleys and all(sum(t.weapon in ("t1", "t2") for t in v) <= 1 for v in volleys)
    shots = autopilot.decide(s, engine.pending(s)[0])
    assert isinstance(shots, DeclareFire)
    assert sum(t.weapon in ("t1", "t2") for t in shots.shots) == 1
    s, _ = fire(s, "d7m", ("t1", "ent"))
    s, _ = roll(s, 10)                       # miss; phase 2: the other torpedo may fire
    assert s.phase == 2 and engine.pending(s)[0].ship == "d7m"
    s, events = fire(s, "d7m", ("t2", "ent"))
    assert first(events, ev.FireDeclared).ship == "d7m"


def test_fire_limits_in_a_ship_file_are_checked() -> None:
    data = dict(CLASSES["d7-torpedo"])
    for bad in ([{"weapons": ["t1", "t9"], "at_a_time": 1}], [{"weapons": ["t1", "t2"],
                                                              "at_a_time": 2}],
                [{"weapons": ["t1"], "at_a_time": 1}], [{"weapons": ["t1", "t2"]}], ["t1"]):
        with pytest.raises(DataError, match="fire_limits"):
            ship_from_dict({**data, "fire_limits": bad}, "ship d7")


# -- Damage location (seed lines 427 and 809) and same-hex fire (427) -------------------------------

def test_one_location_roll_per_two_points_and_per_hit_at_expert() -> None:
    """Expert: "Roll once for each hit that penetrated the shields, no matter how many points"
    (line 809) is the expert difference; the advanced explosion rolls "for every 2 damage points
    just as if weapons were being fired" (line 427)."""
    assert location_chunks("basic", 7) == (2, 2, 2, 1)
    assert location_chunks("advanced", 4) == (2, 2)
    assert location_chunks("basic", 1) == (1,)
    assert location_chunks("expert", 7) == (7,)
    assert location_chunks("basic", 0) == ()


def test_a_torpedo_on_the_sensors_rolls_again_for_its_other_points() -> None:
    """A 7-point torpedo (the Enterprise's at 1/3) through a bare shield: four location rolls,
    so a first roll on "sensors" does not swallow the other 5 points."""
    s = game(ENT, KL)
    s = ready(s, "ent", weapons=1, arm=(("pt1", 1),))
    s = ready(s, "kl")
    s, _ = roll(s, 1, 2)
    s, _ = fire(s, "ent", ("pt1", "kl"))
    s, events = roll(s, 1, 10)               # hit: 7 points; sensors: 1 superstructure point
    assert first(events, ev.ShotResolved).damage == 7
    s, _ = roll(s, 5)                        # sensors out one turn
    asked = [engine.pending(s)[0].roll.purpose]
    s, _ = roll(s, 8, 8)
    asked.append(engine.pending(s)[0].roll.purpose)
    s, _ = roll(s, 8)                        # 2 + 2 + 1 more to the superstructure
    assert "(2 points" in asked[0] and "(1 point " in asked[1]
    assert s.ship("kl").superstructure == 7 - 1 - 5


def test_fire_in_the_same_hex_strikes_all_six_shields() -> None:
    """Advanced: Damage From Exploding Ships — in the same hex "the damage is divided by 6 and is
    applied to each shield; any fractions are rounded up" (line 427): a 6-point phaser puts 1 on
    each shield, and 1 point on each of KL's six shields stops it all."""
    s = game(ENT, ("kl", "d7a", "Klingon", 5, 8, 3))
    s = ready(s, "ent", weapons=3, arm=(("ph1", 3),))
    s = ready(s, "kl", shields=2, points=(1, 1, 1, 1, 1, 1))
    s, _ = roll(s, 1, 2)
    s, _ = fire(s, "ent", ("ph1", "kl"))
    s, events = roll(s, 1)
    struck = [e for e in events if isinstance(e, ev.ShieldStruck)]
    assert [(e.shield, e.absorbed, e.penetrating) for e in struck] == [(n, 1, 0) for n in range(1, 7)]
    assert s.ship("kl").shields == (0,) * 6 and s.ship("kl").superstructure == 7


def test_same_hex_fire_through_bare_shields_locates_each_shield_in_turn() -> None:
    """Each of the six strikes that penetrates gets its own location roll(s)."""
    s = game(ENT, ("kl", "d7a", "Klingon", 5, 8, 3))
    s = ready(s, "ent", weapons=3, arm=(("ph1", 3),))
    s = ready(s, "kl")
    s, _ = roll(s, 1, 2)
    s, _ = fire(s, "ent", ("ph1", "kl"))
    s, _ = roll(s, 1, 8, 8, 8, 8, 8)
    assert s.ship("kl").superstructure == 2 and s.shots and s.ship("kl").status != DISABLED
    s, _ = roll(s, 8)
    assert s.ship("kl").superstructure == 1
