"""The station consoles serve a Knight Hawks game as they serve FASA's: the Kestrel's crew (Helm,
Weapons, Engineering: the stations its ruleset gives it) plays from three phones and the
Instructor watches from a fourth, to the game's end. Each console is sent its seat's decisions
and rolls, a hull damage roll says which die of how many, and the game the consoles played is
the game the engine makes of the same actions."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from console_client import Net
from table_helpers import act, connect, expected_state, make_app, received, settle

from companion.table.app import App
from engine import apply_all, crew_stations, new_game, state_to_json

SHIP = "scout-2"


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app(people=(SHIP,), scenario="patrol", turns=4, seed=3)
    yield a
    a.close()
    a.consoles.close()


@pytest.mark.slow
def test_a_knight_hawks_game_from_the_consoles_to_its_end(net: Net, app: App) -> None:
    stations = crew_stations(app.game.state, SHIP)
    assert set(stations) == {"helm", "weapons", "engineer"}
    consoles = {f"{SHIP}/{st}": connect(net, app, f"{SHIP}/{st}") for st in stations}
    consoles["instructor"] = connect(net, app, "instructor")
    acted: dict[str, int] = {}
    rolls: list[dict[str, Any]] = []
    end = time.monotonic() + 240
    while not app.game.over:
        assert time.monotonic() < end, "the game did not get on"
        net.arrived.clear()
        app.step()
        for key, c in consoles.items():
            for m in c.drain():
                if m.get("type") == "state" and m.get("roll") and key != "instructor":
                    rolls.append(m["roll"])
            st = c.last_state
            if key != "instructor" and st is not None and acted.get(key) != st["seq"]:
                acted[key] = st["seq"]
                act(c)
        if not app.consoles.inputs.qsize():
            net.arrived.wait(0.5)
    game = app.game
    by_console = [type(a).__name__ for a, by in zip(game.actions, game.by, strict=True)
                  if by == "console"]
    assert {"Move", "Fire", "RollResult"} <= set(by_console), set(by_console)
    assert "autopilot" in game.by   # the other ships
    assert state_to_json(apply_all(new_game(game.scenario), game.actions)) == \
        state_to_json(game.state)
    assert any(r["sides"] == 100 for r in rolls)   # percentile rolls, sent as a d100
    assert all(r.get("progress", "die 1 of 1").startswith("die ") for r in rolls)
    settle(net, app, consoles)
    for key, c in consoles.items():
        assert received(c) == expected_state(app, key), key
    inst = consoles["instructor"].last_state
    assert inst is not None
    assert {s["id"] for s in inst["ships"]} == {str(s["id"]) for s in game.scenario["ships"]}


def _first_hull_dice(seed: int) -> tuple[str, str]:
    """The UPF ship, and its station, first to roll hull damage dice in the autopilots' game."""
    from companion.saves.saved_game import SavedGame, autopilot_action
    from companion.session import load_scenario, prepare
    from engine import pending

    sc = prepare(load_scenario("patrol", None), None, None, None, 12)
    upf = {str(s["id"]) for s in sc["ships"] if s["side"] == "upf"}
    game = SavedGame.new(None, sc, seed, {})
    while prompts := pending(game.state):
        p = prompts[0]
        if p.roll is not None and p.roll.dice == (1, 2) and p.ship in upf:
            return str(p.ship), str(p.station)
        game.accept(autopilot_action(game, p), "autopilot")
    raise AssertionError("no UPF gunner rolled hull damage dice")


@pytest.mark.slow
def test_a_consoles_hull_damage_die_says_which_of_how_many(net: Net) -> None:
    """Played by the autopilots up to a UPF gunner's hull damage dice, then from the phone."""
    ship, station = _first_hull_dice(3)

    def at_dice(state: Any) -> bool:
        from engine import pending

        p = pending(state)
        return bool(p) and p[0].roll is not None and p[0].roll.dice == (1, 2) and \
            p[0].ship == ship
    a = make_app(people=(ship,), scenario="patrol", turns=12, seed=3, until=at_dice)
    try:
        c = connect(net, a, f"{ship}/{station}")
        roll = c.last_state["roll"]   # type: ignore[index]
        assert roll["progress"] == "die 1 of 2" and roll["sides"] == 10
        assert "hull damage die 1 of 2" in roll["purpose"]
    finally:
        a.close()
        a.consoles.close()
