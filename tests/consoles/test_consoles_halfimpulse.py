"""The station consoles serve the half-impulse referee as they serve the other games: the two
players of the seed's Brief Replay (seed 003, lines 354-471) play from their phones, the
Instructor watches from a tablet, to the end of the turn. Each console is sent its player's
decisions only when he may act, his panel's rows (the step, who acts, the moving unit, the
order of movement), the map and the phase bar; another player's speeds entered and not yet
announced never reach it; and the game the consoles played is the game the engine makes of the
same actions."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from console_client import Net
from table_helpers import act, connect, expected_state, received, settle

from companion.saves.saved_game import SavedGame
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from companion.table.consoles import Consoles
from engine import apply_all, new_game, state_to_json

PLAYERS = ("tiger", "regalhawk")


@pytest.fixture
def app() -> Iterator[App]:
    sc = prepare(load_scenario("replay", None), None, None, None, 1)
    game = SavedGame.new(None, sc, 5, {})
    said: list[str] = []
    consoles = Consoles.open("127.0.0.1", 0, said.append)
    assert consoles is not None, said
    a = App(game, Table(seats={(p, "captain"): "touch" for p in PLAYERS}, say=said.append,
                        consoles=consoles))
    yield a
    a.close()
    consoles.close()


@pytest.mark.slow
def test_the_brief_replay_from_two_phones(net: Net, app: App) -> None:
    consoles = {f"{p}/captain": connect(net, app, f"{p}/captain") for p in PLAYERS}
    consoles["instructor"] = connect(net, app, "instructor")
    acted: dict[str, int] = {}
    asked: dict[str, set[str]] = {k: set() for k in consoles}
    facts: dict[str, set[str]] = {k: set() for k in consoles}
    end = time.monotonic() + 240
    while not app.game.over:
        assert time.monotonic() < end, "the game did not get on"
        net.arrived.clear()
        app.step()
        for key, c in consoles.items():
            c.drain()
            st = c.last_state
            if st is None or key == "instructor":
                continue
            facts[key] |= {f["label"] for f in st["facts"]}
            if st["decisions"]:
                asked[key] |= {d["action"] for d in st["decisions"]}
                assert all(d["ship"] == key.split("/")[0] for d in st["decisions"])
            if acted.get(key) != st["seq"]:
                acted[key] = st["seq"]
                if st.get("roll") is not None:   # the table's dice: a roll-off's tie is
                    c.send({"v": 1, "type": "roll", "id": f"r{st['seq']}{key}"})  # rolled again
                else:
                    act(c)
        if not app.consoles.inputs.qsize():
            net.arrived.wait(0.5)
    game = app.game
    assert asked["tiger/captain"] >= {"half_speeds", "half_move", "half_target", "half_launch"}
    assert asked["regalhawk/captain"] >= {"half_speeds", "half_move", "half_launch"}
    for key in PLAYERS:
        assert {"Step", "Who acts", "Order"} <= facts[f"{key}/captain"]
    assert state_to_json(apply_all(new_game(game.scenario), game.actions)) == \
        state_to_json(game.state)
    assert {"console"} <= set(game.by)
    settle(net, app, consoles)
    for key, c in consoles.items():
        assert received(c) == expected_state(app, key), key
    inst: Any = consoles["instructor"].last_state
    assert inst is not None and {s["id"] for s in inst["ships"]} == set(PLAYERS)


def test_a_player_s_console_is_not_sent_the_other_s_speeds_before_they_are_announced() -> None:
    """Line 107: speeds are announced together; until the Romulan has entered his, nothing of
    the Lyran's entered speed reaches the Romulan's console (the payload is the same whatever
    the Lyran entered)."""
    import json

    from consoles.payload import SeatLog, payload
    from engine import apply, controls
    from engine.stations import Seat

    sc = prepare(load_scenario("replay", None), None, None, None, 1)
    state = new_game(sc)
    bodies = []
    for speed in (8, 3):
        (d,) = controls(state, Seat("captain", "tiger"))
        after = apply(state, d.make({"speed:tiger": speed, "initiative": speed}))[0]
        log = SeatLog("regalhawk/captain")
        log.record(state, after, ())
        bodies.append(json.dumps(payload(after, "regalhawk/captain", log)))
    assert bodies[0] == bodies[1]
