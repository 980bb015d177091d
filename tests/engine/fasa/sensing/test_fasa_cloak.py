"""The Romulan cloaking device as Book Two (seed 000_4373da4a9495c8f8.txt) describes it:
Advanced, Romulan Cloaking Device; Sensors (question 10); The Romulan Gambit. Each test names
the passage it checks."""

from __future__ import annotations

from typing import Any

import pytest
from test_fasa_advanced import act, game, ready, refused, roll
from test_seat_api import packaged

import engine
from engine import Seat
from engine.hexgrid import hex_to_offset, offset_to_hex
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.firing import fire_rule
from engine.rulesets.fasa.seats.views import redacted
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    DeclareFire,
    Move,
    Sense,
    SetShields,
    Target,
)
from engine.rulesets.fasa.values.events import CloakScanned, ShipMoved
from engine.rulesets.fasa.values.state import ADVANTAGE, DECLARE, MOVE, SENSE, FasaState, replace

FED = Seat("helm", "ent")
ROM = Seat("helm", "bop")


def duel(level: str = "advanced") -> FasaState:
    """A Bird of Prey (12 power, cloak 5 at 1/3 scale) and the Constitution, 4 hexes apart."""
    return game(("bop", "bird-of-prey", "Romulan", 8, 8, 4),
                ("ent", "constitution", "Federation", 4, 8, 1), level=level)


def cloaked_duel(bop_movement: int = 4) -> FasaState:
    """Turn 1 allocated, the Bird of Prey cloaked; at the Sensor Phase."""
    state = duel()
    state, _ = act(state, AllocatePower("engineer", "bop", bop_movement, 0, 0, 5))
    state = _finish_power(state, "bop")
    state = ready(state, "ent", 4, 4, 5, (("ph1", 2), ("ph2", 2), ("pt1", 1)))
    while state.step == ADVANTAGE:
        state, _ = roll(state, 2 if engine.pending(state)[0].ship == "bop" else 1)
    return state


def _finish_power(state: FasaState, ship: str) -> FasaState:
    state, _ = act(state, ArmWeapons("helm", ship, ()))
    state, _ = act(state, SetShields("science", ship, (0,) * 6))
    return state


def entry(seen: dict[str, Any], ship: str) -> dict[str, Any]:
    return next(s for s in seen["ships"] if s["id"] == ship)


def test_the_cloak_takes_5_power_and_no_weapons_in_the_same_turn() -> None:
    """"The device requires 5 power points to operate, and it may not be used in the same game
    turn that weapons are to be fired" (15 at full scale in the ship data, 5 at 1/3)."""
    state = duel()
    assert state.ship("bop").cls.cloak_cost == 5
    refused(state, AllocatePower("engineer", "bop", 0, 0, 2, 5), "cannot fire")
    refused(state, AllocatePower("engineer", "bop", 4, 4, 0, 5), "12 available")
    refused(state, AllocatePower("engineer", "bop", 0, 0, 0, 4), "exactly 5")
    refused(state, AllocatePower("engineer", "ent", 0, 0, 0, 5), "no cloaking device")
    state, _ = act(state, AllocatePower("engineer", "bop", 4, 3, 0, 5))
    assert state.ship("bop").allocation.total == 12  # type: ignore[union-attr]
    assert not state.ship("bop").cloaked  # on when the Power Allocation Phase ends
    basic = duel("basic")
    refused(basic, AllocatePower("engineer", "bop", 0, 0, 0, 5), "no cloaking device")
    (decision,) = [d for d in engine.controls(state, Seat("engineer", "ent"))]
    assert "cloak" not in {f.name for f in decision.fields}
    fresh = duel()
    (decision,) = engine.controls(fresh, Seat("engineer", "bop"))
    cloak = decision.field_named("cloak")
    assert (cloak.minimum, cloak.maximum, cloak.step) == (0, 5, 5)
    assert "cloak" in decision.budgets[0].fields
    assert any(a.cloak == 5 for a in legal.legal_actions(fresh, Seat("engineer", "bop")))


@pytest.mark.slow
def test_a_cloaked_ship_is_off_the_enemys_map_and_cannot_be_fired_at() -> None:
    """"the Romulan Starship Silhouette Counter is removed from the Starfield Mapsheet"; "it may
    not fire into a hex hoping a successfully cloaked ship is there"."""
    state = cloaked_duel()
    bop = state.ship("bop")
    assert bop.cloaked
    col, row = hex_to_offset(bop.pos)
    seen = entry(engine.view(state, FED), "bop")
    assert (seen["col"], seen["row"], seen["heading"], seen["cloaked"]) == (None, None, None, True)
    mine = entry(engine.view(state, ROM), "bop")
    assert (mine["col"], mine["row"]) == (col, row)
    assert entry(engine.view(state, Seat("instructor")), "bop")["col"] == col
    # No lock on a cloaked ship; the Federation may scan (question 10 without a lock).
    refused(state, Sense("science", "ent", "bop", 1), "cloaked")
    state, _ = act(state, Sense("science", "ent", "", 10))
    state, _ = roll(state, 1)  # the Bird of Prey has not moved last turn: nothing detected
    assert state.detected == ()
    state, _ = act(state, Sense("science", "bop", "ent", 0))
    state, _ = roll(state, 9)
    while state.step == MOVE and state.phase == 1:
        prompt = engine.pending(state)[0]
        steps = "F" if prompt.ship == "bop" else ""
        state, events = act(state, Move(prompt.station, prompt.ship, steps))
        moved = next(e for e in events if isinstance(e, ShipMoved))
        if prompt.ship == "bop":
            assert moved not in engine.events_for(state, events, FED)
            assert moved in engine.events_for(state, events, ROM)
    # Nobody has a shot: the Federation's only target is hidden, the Romulan has no weapons.
    assert not any(p.action == "fire" for p in engine.pending(state))
    # Were the Federation declaring, the hidden ship could not be chosen, for no reason that
    # tells where it is.
    declaring = replace(state, step=DECLARE, queue=("ent",))
    where = hex_to_offset(state.ship("bop").pos)
    why = engine.problem(declaring, DeclareFire("helm", "ent", (Target("ph1", "bop"),)))
    assert why is not None and "cloaked and not detected" in why
    assert f"{where[0]},{where[1]}" not in why and "range" not in why and "arc" not in why
    assert all(t.target != "bop" for shots in fire_rule.fire_options(declaring, declaring.ship("ent"))
               for t in shots)
    (decision,) = engine.controls(declaring, FED)
    choice = next(c for c in decision.fields[0].choices if c.value == "bop")
    assert choice.problem is not None and "cloaked and not detected" in choice.problem


def test_the_enemy_seat_learns_nothing_from_where_the_cloaked_ship_is() -> None:
    """Views, pending, the redacted state and the autopilot are the same wherever the cloaked
    Bird of Prey is."""
    state = cloaked_duel()
    bop = state.ship("bop")
    for pos, heading in ((offset_to_hex(2, 2), 0), (offset_to_hex(12, 14), 3)):
        twin = state.with_ship(replace(bop, pos=pos, heading=heading, moved_turn=True))
        for seat in (FED, Seat("science", "ent"), Seat("engineer", "ent")):
            assert engine.view(twin, seat) == engine.view(state, seat)
            assert engine.pending(twin, seat) == engine.pending(state, seat)
            assert redacted(twin, seat) == redacted(state, seat)
            for prompt in engine.pending(state, seat):
                assert autopilot.decide(twin, prompt) == autopilot.decide(state, prompt)


def moved_last_turn(state: FasaState) -> FasaState:
    """The Bird of Prey cloaked and moved in turn 1; turn 2's power allocated, at its Sensor
    Phase."""
    while state.step == SENSE:
        prompt = engine.pending(state)[0]
        state, _ = act(state, Sense(prompt.station, prompt.ship, ""))
    state = next_turn_power(state)
    return state


def next_turn_power(state: FasaState) -> FasaState:
    turn = state.turn
    while not (state.turn > turn and state.step == SENSE):
        prompt = engine.pending(state)[0]
        if prompt.roll is not None:
            state, _ = roll(state, 9 if state.step != ADVANTAGE else (2 if prompt.ship == "bop"
                                                                      else 1))
        elif prompt.action == "allocate_power" and prompt.ship == "bop":
            state, _ = act(state, AllocatePower("engineer", "bop", 4, 0, 0, 5))
        elif prompt.action == "move" and prompt.ship == "bop":
            state, _ = act(state, Move(prompt.station, "bop", "F"))
        elif prompt.action == "fire":
            state, _ = act(state, DeclareFire(prompt.station, prompt.ship, ()))
        else:
            state, _ = act(state, autopilot.decide(state, prompt))
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("value", "found"), [(1, True), (5, True), (6, False)])
def test_a_scan_detects_a_cloaked_ship_that_moved_on_1_to_5(value: int, found: bool) -> None:
    """"If the player rolls a 1-5 and the Romulan moved in the last game turn, the sensing player
    is successful. He will know where the cloaked Romulan vessel is during all of its Movement
    Phases." Detected, it can be fired at: -3 moving, -5 stationary (1986 firing chart)."""
    state = moved_last_turn(cloaked_duel())
    assert state.turn == 2 and state.step == SENSE and state.ship("bop").cloaked
    assert state.ship("bop").moved_last
    state, _ = act(state, Sense("science", "ent", "", 10))
    assert state.roll is not None and state.roll.needs == (1, 5) and not state.roll.public
    state, events = roll(state, value)
    scan = next(e for e in events if isinstance(e, CloakScanned))
    assert (scan.found == "bop") == found
    assert scan in engine.events_for(state, events, ROM) if found else True
    seen = entry(engine.view(state, FED), "bop")
    col, row = hex_to_offset(state.ship("bop").pos)
    assert (seen["col"], seen["row"]) == ((col, row) if found else (None, None))
    report = next(r for r in state.reports if r.ship == "ent")
    assert report.question == 10 and (dict(report.answer)["detected"] != "no") == found
    if not found:
        return
    ent, bop = state.ship("ent"), state.ship("bop")
    spec = ent.cls.weapon("ph1")
    from engine.hexgrid import distance
    from engine.rulesets.fasa.firing.combat import need_to_hit
    rng = distance(ent.pos, bop.pos)
    chart = state.tables.to_hit(spec.chart, rng)
    assert need_to_hit(state, ent, spec, rng, bop) == max(0, chart - 5)  # not moved this turn
    assert need_to_hit(state, ent, spec, rng, replace(bop, moved_turn=True)) == max(0, chart - 3)
    # Detection lasts the game turn only ("must make another successful die roll in the next").
    state, _ = act(state, Sense("science", "bop", "", 0))
    state = next_turn_power(state)
    assert state.ship("bop").cloaked and state.detected == ()
    assert entry(engine.view(state, FED), "bop")["col"] is None


def test_a_scan_fails_on_a_ship_that_did_not_move_last_turn() -> None:
    """"If the cloaked Romulan ship has not moved in the last game turn, the attempt also is
    automatically unsuccessful"."""
    state = cloaked_duel()
    assert not state.ship("bop").moved_last
    state, _ = act(state, Sense("science", "ent", "", 10))
    state, events = roll(state, 1)
    assert next(e for e in events if isinstance(e, CloakScanned)).found == ""


@pytest.mark.slow
def test_only_the_nearest_cloaked_ship_is_detected() -> None:
    """"If there is more than one cloaked vessel, only the one nearest the scanning ship is
    detected"."""
    state = game(("bop", "bird-of-prey", "Romulan", 8, 8, 4),
                 ("bop2", "bird-of-prey", "Romulan", 12, 8, 4),
                 ("ent", "constitution", "Federation", 4, 8, 1))
    for s in ("bop", "bop2"):
        state = state.with_ship(replace(state.ship(s), cloaked=True, moved_last=True))
    for s in ("bop", "bop2"):
        state, _ = act(state, AllocatePower("engineer", s, 4, 0, 0, 5))
        state = _finish_power(state, s)
    state = ready(state, "ent", 4)
    state, _ = roll(state, 1, 2, 3)
    state, _ = act(state, Sense("science", "ent", "", 10))
    state, events = roll(state, 3)
    assert next(e for e in events if isinstance(e, CloakScanned)).found == "bop"
    assert state.detected == (("Federation", "bop"),)
    assert entry(engine.view(state, FED), "bop2")["col"] is None


def test_the_romulan_gambit_starts_with_both_romulans_cloaked_at_the_advanced_level() -> None:
    """The Romulan Gambit, Game Setup: "The Romulan vessels are both cloaked; the players may
    place their ships anywhere they desire on the map, making a note of their location"."""
    state: Any = engine.new_game(packaged("romulan-gambit", "advanced"))
    assert [s.id for s in state.ships if s.cloaked] == ["bop1", "bop2"]
    seen = engine.view(state, Seat("captain", "constitution"))
    assert all(s["col"] is None for s in seen["ships"] if s["side"] == "Romulan")
    basic: Any = engine.new_game(packaged("romulan-gambit"))
    assert not any(s.cloaked for s in basic.ships)


def test_a_start_cloak_needs_a_cloaking_device() -> None:
    from engine.errors import DataError
    from engine.rulesets.fasa.flow import setup
    scenario = {"id": "t", "ships": [
        {"id": "a", "class": "constitution", "side": "F", "col": 1, "row": 1, "heading": 0,
         "cloaked": True},
        {"id": "b", "class": "d7a", "side": "K", "col": 5, "row": 5, "heading": 0}]}
    with pytest.raises(DataError, match="no cloaking device"):
        engine.new_game(setup.build_scenario(scenario, setup.ship_dicts(None), level="advanced"))
    scenario["ships"][0].update({"cloaked": "yes"})  # type: ignore[index]
    with pytest.raises(DataError, match="true or false"):
        engine.new_game(setup.build_scenario(scenario, setup.ship_dicts(None), level="advanced"))


def _three_ships() -> FasaState:
    """A cloaked Bird of Prey that moved last turn, an uncloaked one and the Constitution, at the
    Sensor Phase of the advanced game."""
    state = game(("bop", "bird-of-prey", "Romulan", 8, 8, 4),
                 ("bop2", "bird-of-prey", "Romulan", 12, 8, 4),
                 ("ent", "constitution", "Federation", 4, 8, 1))
    state = state.with_ship(replace(state.ship("bop"), cloaked=True, moved_last=True))
    state, _ = act(state, AllocatePower("engineer", "bop", 4, 0, 0, 5))
    state = _finish_power(state, "bop")
    state = ready(state, "bop2", 4)
    state = ready(state, "ent", 4)
    state, _ = roll(state, 1, 2, 3)
    assert state.step == SENSE
    return state


@pytest.mark.slow
def test_at_the_advanced_level_the_scan_is_its_own_roll_and_costs_no_lock() -> None:
    """Line 399: "Opposing players may attempt to detect the movement of a cloaked ship during
    the Sensors Phase of every game turn" — a roll of its own; only the Expert text (line 781)
    makes the scan "replace the usual sensor lock, which cannot be made in the same turn"."""
    state = _three_ships()
    state, _ = act(state, Sense("science", "ent", "bop2", 3))
    state, _ = roll(state, 1)
    assert state.ship("ent").lock == "bop2"
    (decision,) = [d for d in engine.controls(state, Seat("science", "ent"))]
    assert [c.value for c in decision.field_named("target").choices] == [None]
    assert decision.defaults()["question"] == "10"
    assert ("", 10, "") in [(a.target, a.question, a.detail)  # type: ignore[attr-defined]
                            for a in legal.legal_actions(state, Seat("science", "ent"))]
    state, _ = act(state, decision.make())
    state, events = roll(state, 3)
    assert next(e for e in events if isinstance(e, CloakScanned)).found == "bop"
    assert state.ship("ent").lock == "bop2"  # the scan cost no lock
    assert not any(p.ship == "ent" for p in engine.pending(state))
    refused(state, Sense("science", "ent", "", 10), "used its sensors")


@pytest.mark.slow
def test_a_scan_first_leaves_the_lock_to_choose() -> None:
    state = _three_ships()
    state, _ = act(state, Sense("science", "ent", "", 10))
    state, _ = roll(state, 9)
    assert any(p.ship == "ent" and p.action == "sense" for p in engine.pending(state))
    refused(state, Sense("science", "ent", "", 10), "scanned this turn")
    assert autopilot.decide(state, next(p for p in engine.pending(state) if p.ship == "ent")) \
        == Sense("science", "ent", "bop2", 3)
    state, _ = act(state, Sense("science", "ent", "bop2", 3))
    state, _ = roll(state, 2)
    assert state.ship("ent").lock == "bop2"


@pytest.mark.slow
def test_no_lock_and_no_question_ends_the_ships_sensors_for_the_phase() -> None:
    state = _three_ships()
    state, _ = act(state, Sense("science", "ent", "", 0))
    assert not any(p.ship == "ent" for p in engine.pending(state))


@pytest.mark.slow
def test_only_the_ship_that_detected_a_cloaked_ship_may_fire_at_it() -> None:
    """Line 403: "A ship may fire at a cloaked ship that it has detected". The side sees where it
    is (the sensing player "will know where the cloaked Romulan vessel is", line 401, and tells
    his team); the detecting ship alone may fire at it (docs/rules-decisions.md)."""
    from engine.rulesets.fasa.firing.combat import has_shot, shot_problem

    state = game(("bop", "bird-of-prey", "Romulan", 8, 8, 4),
                 ("ent", "constitution", "Federation", 4, 8, 1),
                 ("ent2", "constitution", "Federation", 4, 10, 1))
    state = state.with_ship(replace(state.ship("bop"), cloaked=True, moved_last=True))
    state, _ = act(state, AllocatePower("engineer", "bop", 4, 0, 0, 5))
    state = _finish_power(state, "bop")
    arms = (("ph1", 2), ("ph2", 2))
    state = ready(state, "ent", 4, 4, 4, arms)
    state = ready(state, "ent2", 4, 4, 4, arms)
    state, _ = roll(state, 1, 2, 3)
    assert state.step == SENSE
    state, _ = act(state, Sense("science", "ent", "", 10))
    state, _ = roll(state, 2)
    assert state.detected == (("Federation", "bop"),)
    assert state.detected_by == (("ent", "bop"),)
    col, row = hex_to_offset(state.ship("bop").pos)
    assert (entry(engine.view(state, Seat("helm", "ent2")), "bop")["col"],
            entry(engine.view(state, Seat("helm", "ent2")), "bop")["row"]) == (col, row)
    ent, ent2, bop = state.ship("ent"), state.ship("ent2"), state.ship("bop")
    spec = ent.cls.weapon("ph1")
    assert "cloaked" not in shot_problem(state, ent, spec, bop)
    assert "own sensors have not detected it" in shot_problem(state, ent2, spec, bop)
    declaring = replace(state, step=DECLARE, queue=("ent2",))
    assert not has_shot(declaring, declaring.ship("ent2"))
    why = engine.problem(declaring, DeclareFire("helm", "ent2", (Target("ph1", "bop"),)))
    assert why is not None and "own sensors" in why
    # The Romulan side knows who found it (the scan is told to it); a redacted state keeps it.
    assert redacted(state, ROM).detected_by == (("ent", "bop"),)
