"""Each shield's points round the seat's own ship on the map (readouts.shield_marks), where the
engine says each faces; the points being entered while Science sets them; never an enemy's."""

from __future__ import annotations

import pygame
from game_helpers import play, start

from display.bridge_display import BridgeDisplay
from engine import Seat, pending, view
from engine.hexgrid import HEADING_NAMES, offset_to_hex, sextants
from engine.rulesets.fasa.arcs import SHIELD_OF_SEXTANT
from readouts.shield_marks import shield_marks

SHIP = "enterprise"


def science_turn() -> object:
    state, _ = play(start(), until=lambda s, p: p.action == "set_shields" and p.ship == SHIP)
    return state


def test_each_mark_faces_where_the_engine_says_its_shield_faces() -> None:
    state, _ = play(start(), until=lambda s, p: p.action == "move")   # shields set
    v = view(state, Seat("science", SHIP))
    ship = next(s for s in v["ships"] if s["id"] == SHIP)
    marks = shield_marks(v, SHIP)
    assert [m.number for m in marks] == [1, 2, 3, 4, 5, 6]
    assert [m.points for m in marks] == ship["shields"]
    here = offset_to_hex(ship["col"], ship["row"])
    for m in marks:   # the hex across the mark's hexside lies in that shield's sextant
        there = here.neighbor(m.side)
        got = {SHIELD_OF_SEXTANT[x] for x in sextants(here, ship["heading"], there)}
        assert got == {m.number}, (m, HEADING_NAMES[ship["heading"]])
    enemy = next(s for s in v["ships"] if s["id"] != SHIP)
    assert shield_marks(v, enemy["id"]) == ()   # the view gives an enemy's shields to nobody


def test_the_map_shows_the_points_being_entered() -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        state = science_turn()
        surface = pygame.Surface((800, 480))
        d = BridgeDisplay(surface, Seat("captain", SHIP), lambda _: None)
        d.show(state)   # type: ignore[arg-type]
        assert any(p.action == "set_shields" for p in pending(state))   # type: ignore[arg-type]
        d.activate("tab:science")
        d.activate("up:shield2")
        d.activate("up:shield2")
        marks = d.map().shields
        assert [m.points for m in marks] == [0, 2, 0, 0, 0, 0] and all(m.planned for m in marks)
        d.draw(force=True)
        drawn = [t.text for t in d.painter.texts if t.region == "map"]
        assert drawn.count("2") >= 1 and drawn.count("0") >= 5, drawn
    finally:
        pygame.display.quit()


def test_no_ring_of_zeros_before_science_sets_the_shields() -> None:
    """Six zeros with nothing damaged or being entered would only hide the ship's name."""
    state, _ = play(start(), until=lambda s, p: p.action == "allocate_power")
    v = view(state, Seat("engineer", SHIP))
    ship = next(s for s in v["ships"] if s["id"] == SHIP)
    assert ship["shields"] == [0] * 6
    assert shield_marks(v, SHIP) == ()
    assert len(shield_marks(v, SHIP, [0, 0, 0, 0, 0, 0])) == 6   # being entered: drawn
