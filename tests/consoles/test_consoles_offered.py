"""What a phone is offered, it can send: consoles that send only what each card of their state
offers (tests/offered.py: a preset, values within the shown bounds and budgets, an offered
choice, values that go together; the table's dice or a face of the die for a roll), for every
crew seat of the players' ships, are never refused, at every level, in the Romulan Gambit
(placement), the Kobayashi Maru and Knight Hawks. Through the real server and the page's JSON:
what the card offers is sent as it is offered (true and false too). One console acts at a time,
on the newest state it was sent (two seats at the same instant: test_consoles_values.py)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from console_client import Console, Net
from offered import asks_confirm, offered, shown
from table_helpers import connect, make_app

from companion.table.app import App
from engine import crew_stations

pytestmark = pytest.mark.slow   # whole games through a real server, seconds each

GAMES = [
    ("duel", "basic", ("enterprise",)), ("duel", "advanced", ("enterprise",)),
    ("duel", "expert", ("enterprise",)),
    ("romulan-gambit", "advanced", ("constitution", "bop1")),
    ("kobayashi-maru", "command", ("enterprise",)),
    ("patrol", "basic", ("scout-1", "raider")), ("fleet", "basic", ("destroyer",)),
]


def message(state: dict[str, Any], rng: random.Random, n: int) -> dict[str, Any] | None:
    """What a player sends from this state: a roll, or one card's offered values."""
    mid = f"o{n}"
    if state.get("roll") is not None:
        sides = int(state["roll"]["sides"])
        if rng.random() < 0.5:
            return {"v": 1, "type": "roll", "id": mid, "seq": state["seq"]}
        return {"v": 1, "type": "roll", "id": mid, "seq": state["seq"],
                "value": rng.randint(1, sides)}
    cards = [d for d in state.get("decisions", ()) if d["action"] != "roll"]
    due = [d for d in cards if not d.get("optional")]
    if not cards:
        return None
    card = rng.choice(due if due and rng.random() > 0.1 else cards)
    values = offered(card, rng)
    if card.get("optional") and asks_confirm(card, values):
        values = shown(card)   # a crew does not blow up its own ship to see what happens
    return {"v": 1, "type": "decide", "id": mid, "seq": state["seq"],
            "decision": {k: card[k] for k in ("action", "what", "ship", "station")},
            "values": values, "confirm": asks_confirm(card, values)}


def play_offered(net: Net, app: App, consoles: dict[str, Console], rng: random.Random,
                 timeout: float = 240.0) -> list[tuple[str, Any, str]]:
    """Step the app while every console acts on each state it is sent; the refusals."""
    refused: list[tuple[str, Any, str]] = []
    acted: dict[str, int] = {}
    sent: dict[str, dict[str, Any]] = {}
    waiting: dict[str, dict[str, Any]] = {}   # a console's message not yet answered: as a page, it waits
    n = 0
    end = time.monotonic() + timeout
    while not app.game.over:
        assert time.monotonic() < end, f"the game did not get on: {app.game.state}"
        net.arrived.clear()
        app.step()
        for key, c in consoles.items():
            for m in c.drain():
                if m.get("type") == "result":
                    waiting.pop(key, None)
                    if not m["ok"]:
                        refused.append((key, sent.get(m["id"]), m["problem"]))
            st = c.last_state
            if st is not None and acted.get(key) != st["seq"] and not waiting \
                    and st["seq"] == app.consoles.sent.get(key):
                acted[key] = st["seq"]
                n += 1
                msg = message(st, rng, n)
                if msg is not None:
                    sent[msg["id"]] = waiting[key] = msg
                    c.send(msg)
        if not app.consoles.inputs.qsize():
            net.arrived.wait(0.2)
    return refused


@pytest.mark.parametrize("scenario, level, people", GAMES)
def test_a_client_that_sends_only_what_each_card_offers_is_never_refused(
        net: Net, scenario: str, level: str, people: tuple[str, ...]) -> None:
    app = make_app(people=people, scenario=scenario, level=level, turns=2, seed=3,
                   officers=level == "command")
    try:
        consoles = {f"{ship}/{st}": connect(net, app, f"{ship}/{st}") for ship in people
                    for st in crew_stations(app.game.state, ship)}
        refused = play_offered(net, app, consoles, random.Random(f"{scenario} {level}"))
        assert refused == []
        assert app.game.by.count("console") > 10
    finally:
        app.close()
        app.consoles.close()
