"""Captains' racial benefits applied in play (Battlestations!, 01C-2, seed 001 lines 196-232):
the Betazoid's efficiency at the start, the Caitan's system spared a Systems Shaken result, the
Andorian who does not disengage and the drawbacks told to the table. (The Andorian's weapon is in
test_bs_firing.py.)"""

from __future__ import annotations

from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.firing import bridge_hits
from engine.rulesets.fasa.skills import ratings
from engine.rulesets.fasa.values.crew_events import SystemShaken
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import MOVE, FasaState, replace
from engine.rulesets.fasa.variants.battlestations import advantage_score
from tests.engine.fasa.variants.battlestations.helpers import game, scenario

BETAZED = {"enterprise": {"race": "betazed"}}
SENSORS_DIE = 2  # SYSTEM SHAKEN (Book Two lines 1381-1387): 2 is sensors


def test_a_betazoid_captain_lifts_a_given_efficiency_by_ten_at_the_start() -> None:
    """Line 216: "+10% to their Crew Efficiency Rating at the beginning of the scenario": a
    rating the scenario gives is 10 more from the first turn; FASA's own game keeps it."""
    ships = [{**s, "skill": 60, "efficiency": 62}
             for s in scenario("expert", None, BETAZED)["ships"]]
    lifted = game(captains=BETAZED, variant="battlestations", ships=ships)
    assert lifted.ship("enterprise").efficiency == 72
    assert lifted.ship("kronos").efficiency == 62
    plain = game(captains=BETAZED, ships=ships)
    assert plain.ship("enterprise").efficiency == 62


def test_a_betazoid_captain_lifts_a_rolled_efficiency_by_ten() -> None:
    """Line 216 again, for ratings rolled before turn 1 (Book Two line 685: 45 + three dice):
    3, 3, 3 for the Skill Rating and 4, 4, 4 for efficiency give 54 and 57, then 67."""
    state = game(captains=BETAZED, variant="battlestations")
    events: list[object] = []
    for value in (3, 3, 3, 4, 4, 4):
        state, events = ratings.on_roll(state, value)
    assert state.ship("enterprise").skill == 54
    assert state.ship("enterprise").efficiency == 67
    assert "67" in str(events[-1])


def _shaking(state: FasaState, ship_id: str) -> FasaState:
    ship = state.ship(ship_id)
    return state.with_ship(replace(ship, shaken=replace(ship.shaken, who=1, chunks=1)))


def test_a_caitan_captains_chosen_system_is_spared_a_systems_shaken_result() -> None:
    """Line 228: "designate one Bridge system that is immune from a 'Systems Shaken' result":
    the die names sensors, the Caitan chose sensors: nothing is shaken; another system is."""
    caitan = game(captains={"enterprise": {"race": "caitan", "immune": "sensors"}},
                  variant="battlestations")
    state, events = bridge_hits.on_pair_roll(_shaking(caitan, "enterprise"),
                                             _shaking(caitan, "enterprise").ship("enterprise"),
                                             SENSORS_DIE)
    assert state.ship("enterprise").shaken.systems == ()
    assert any(isinstance(e, SystemShaken) and "immune" in str(e) for e in events)
    helm = game(captains={"enterprise": {"race": "caitan", "immune": "helm"}},
                variant="battlestations")
    state, _ = bridge_hits.on_pair_roll(_shaking(helm, "enterprise"),
                                        _shaking(helm, "enterprise").ship("enterprise"),
                                        SENSORS_DIE)
    assert [s.system for s in state.ship("enterprise").shaken.systems] == ["sensors"]


def test_the_autopilot_keeps_an_andorian_in_the_fight_against_an_order_to_withdraw() -> None:
    """Line 208: Andorian captains "will not disengage from an enemy unless they are outnumbered
    or outgunned by at least four to one": one ship against one, the autopilot of an Andorian
    ignores the Admiral's order to withdraw; another captain follows it."""
    andorian = game(captains={"enterprise": {"race": "andorian", "benefit": "skill"}},
                    variant="battlestations")
    other = game(variant="battlestations")
    for state in (andorian, other):
        e = replace(state.ship("enterprise"), movement_points=6)  # a Movement Phase with points
        state = replace(state.with_ship(e), step=MOVE, phase=1)
        ordered = replace(state, fleet_orders=((e.side, state.turn, e.id, "withdraw", ""),))
        told = autopilot._best_path(ordered, e) != autopilot._best_path(state, e)
        assert autopilot.may_disengage(state, e) == told == (not state.setup.captains)


def test_each_captains_drawback_is_told_at_the_start() -> None:
    """Lines 208, 220, 232: the drawbacks are a matter of conduct; the table is told each when the
    first turn's Tactical Advantage Phase begins."""
    state = game(captains={"enterprise": {"race": "andorian", "benefit": "skill"},
                           "kronos": {"race": "caitan", "immune": "helm"}},
                 variant="battlestations")
    _, events = advantage_score.start(replace(state, turn=1))
    notes = [str(e) for e in events if isinstance(e, Note)]
    assert any("does not disengage unless outnumbered" in n for n in notes)
    assert any("must assist any allied vessel in distress" in n for n in notes)
