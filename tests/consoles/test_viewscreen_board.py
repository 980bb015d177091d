"""The viewscreen worth a TV: every ship as the room may know it (its board) and the newest
volley drawn on the map, each made only of what every side is told."""

from __future__ import annotations

from typing import Any

import pytest

from companion.saves.saved_game import SavedGame, autopilot_action
from companion.session import load_scenario, prepare
from consoles.payload import SeatLog, payload, public_events
from consoles.tokens import VIEW_SEAT
from engine import apply, pending

SECRETS = ("shields", "superstructure", "power", "weapons", "allocation", "casualties_percent")


def played(level: str = "basic", turns: int = 2) -> tuple[SavedGame, SeatLog, list[Any]]:
    """A duel played by the autopilots; the viewscreen's log of it, and every shot it was told."""
    game = SavedGame.new(None, prepare(load_scenario("duel", None), None, level, None, turns),
                         5, {})
    log, told = SeatLog(VIEW_SEAT), []
    while not game.over:
        before = game.state
        action = autopilot_action(game, pending(before)[0])
        after, events = apply(before, action)
        game.accept(action, "autopilot")
        log.record(before, after, events)
        told += [e for e in public_events(after, events) if type(e).__name__ == "ShotResolved"]
    return game, log, told


def test_the_board_tallies_the_shots_every_side_was_told_and_tells_no_secret() -> None:
    game, log, told = played()
    body = payload(game.state, VIEW_SEAT, log)
    ships = {s["id"]: s for s in body["board"]}
    assert set(ships) == {"enterprise", "kronos"}
    for sid, s in ships.items():
        hits = [e for e in told if e.target == sid and e.hit]
        assert s.get("hits_taken", 0) == len(hits)
        assert s.get("damage_taken", 0) == sum(e.damage for e in hits)
        assert s.get("shots", 0) == sum(e.firer == sid for e in told)
        assert not set(SECRETS) & set(s), s
        assert {"warp", "movement_points", "heading", "status"} <= set(s)
    assert any(s.get("hits_taken") for s in ships.values()), "no hit in two turns of a duel"


@pytest.mark.slow
def test_the_newest_volley_is_drawn_until_the_ships_move_on() -> None:
    game = SavedGame.new(None, prepare(load_scenario("duel", None), None, "basic", None, 2), 5, {})
    log = SeatLog(VIEW_SEAT)
    drawn: list[list[dict[str, Any]]] = []
    while not game.over:
        before = game.state
        action = autopilot_action(game, pending(before)[0])
        after, events = apply(before, action)
        game.accept(action, "autopilot")
        log.record(before, after, events)
        shots = payload(game.state, VIEW_SEAT, log)["map"]["shots"]
        if any(type(e).__name__ == "ShipMoved" for e in events):
            assert shots == [], "a volley drawn after the ships moved on"
        drawn.append(shots)
    volleys = [s for s in drawn if s]
    assert volleys, "no volley was ever drawn"
    assert all({"firer", "target", "hit", "damage", "weapon"} == set(x) for v in volleys for x in v)
    assert max(len(v) for v in volleys) >= 2, "a volley's shots are drawn together"
