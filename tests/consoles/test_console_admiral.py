"""The Admiral's seat on a phone (an optional rule of the advanced game, seed 000 line 437;
engine/rulesets/fasa/command/admiral.py): its key "Side/admiral", its payload with the fleet orders to
give and nothing of the other side's secrets, and its orders sent from a console."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from console_client import Net
from table_helpers import connect, make_app

from companion.table.admiral_seats import admiral_seats
from consoles.payload import SeatLog, payload, seat_key, seat_of, seat_title
from engine import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_secrets import game_states, perturbed


def test_an_admirals_seat_key_reads_back_and_is_titled_by_its_side() -> None:
    seat = Seat("admiral", side="Federation")
    assert seat_of("Federation/admiral") == seat and seat_key(seat) == "Federation/admiral"
    assert seat_title("Federation/admiral", {}) == "Admiral · Federation"


@pytest.mark.slow
def test_an_admirals_payload_holds_no_enemy_secret_and_its_side_for_explanations() -> None:
    checked = 0
    for n, state in enumerate(game_states("admiral1", 300, 160)):
        if n % 8:
            continue
        for key in ("Federation/admiral", "Romulan/admiral"):
            seat = seat_of(key)
            assert seat is not None
            body = payload(state, key, SeatLog(key))
            twin = payload(perturbed(state, seat), key, SeatLog(key))
            assert json.dumps(body, sort_keys=True) == json.dumps(twin, sort_keys=True), key
            assert SeatLog(key)._side(state) == seat.side
            checked += 1
    assert checked > 10


def test_a_phone_at_the_admirals_seat_gives_fleet_orders(net: Net) -> None:
    app = make_app(people=("enterprise", "Federation"), level="advanced",
                   options={"admirals": ["Federation"]})
    try:
        assert admiral_seats(app.game.state) == (("Federation", "admiral"),)
        assert ("Federation", "admiral") in app.table.seats
        phone = connect(net, app, "Federation/admiral")
        state = phone.last_state
        assert state is not None and state["title"] == "Admiral · Federation"
        d = next(d for d in state["decisions"] if d["action"] == "fleet_orders")
        phone.send({"v": 1, "type": "decide", "id": "a1",
                    "values": {"order:enterprise": "close", "target:enterprise": "kronos"},
                    "decision": {"action": d["action"], "what": d["what"]}})
        answer = phone.until(lambda m: m.get("type") == "result", app.step)
        assert answer["ok"] is True, answer.get("problem")
        assert app.game.actions[-1].type_name == "fleet_orders"
    finally:
        app.close()
        app.consoles.close()


def test_the_captains_and_helms_panels_read_the_admirals_order_from_the_view() -> None:
    from companion.session import load_scenario, prepare
    from engine import apply, new_game, view
    from engine.rulesets.fasa.command.admiral import FleetOrders, Order
    from readouts.panel_model import station_facts
    state = new_game(prepare(load_scenario("duel", None), None, "advanced", None, 3, None,
                             {"admiral": True}))
    state, _ = apply(state, FleetOrders("admiral", "Federation",
                                        (Order("enterprise", "close", "kronos"),)))
    for station in ("captain", "helm"):
        facts = station_facts(view(state, Seat(station, "enterprise")), station, "enterprise")
        assert any(f.label == "Admiral's order" and f.value == "close · IKS Kronos One"
                   for f in facts), facts
        enemy = station_facts(view(state, Seat(station, "kronos")), station, "kronos")
        assert not any(f.label == "Admiral's order" for f in enemy)
