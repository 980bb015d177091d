"""Numbers in the engine's words take the right number of their noun ("1 hex away", not
"1 hexes away")."""

from __future__ import annotations

from test_fasa_advanced import game

import engine
from engine import Seat
from engine.rulesets.fasa.values.events import BlastStruck, PowerAllocated
from engine.rulesets.fasa.values.state import MOVE, replace
from engine.words import plural


def test_count_takes_the_singular_for_one_only() -> None:
    assert [plural(n, "hex", "hexes") for n in (0, 1, 2)] == ["0 hexes", "1 hex", "2 hexes"]
    assert plural(1, "movement point") == "1 movement point"
    assert plural(5, "point") == "5 points"


def test_a_blast_one_hex_away_says_1_hex() -> None:
    event = BlastStruck("a", "Alpha", "b", "Bravo", 1, 6)
    assert "(1 hex away)" in event.text and "hexes" not in event.text
    assert "(3 hexes away)" in BlastStruck("a", "Alpha", "b", "Bravo", 3, 1).text


def test_one_movement_point_and_one_shield_point_are_singular() -> None:
    assert "(1 point)" in PowerAllocated("ent", "ENT", 4, 1, 1, 2, 1).text
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4))
    per_phase = state.tables.movement_per_phase(1, state.phases)
    phase = per_phase.index(1) + 1
    ent = replace(state.ship("ent"), movement_points=1)
    state = replace(state.with_ship(ent), step=MOVE, phase=phase, queue=("ent",))
    (prompt,) = engine.pending(state)
    assert prompt.what.endswith("up to 1 movement point")
    (decision,) = engine.controls(state, Seat(prompt.station, "ent"))
    assert "up to 1 movement point " in decision.fields[0].label
