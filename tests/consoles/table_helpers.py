"""A table for the consoles' tests: the app headless, its consoles' server on 127.0.0.1 port 0,
and consoles (tests/consoles/console_client.py) that play their seats from what they are sent."""

from __future__ import annotations

import itertools
import json
from typing import Any

from console_client import Console, Net
from offered import asks_confirm

from companion.saves.saved_game import SavedGame
from companion.session import load_scenario, prepare
from companion.table.admiral_seats import admiral_seats
from companion.table.app import App, Table
from companion.table.consoles import Consoles
from companion.table.crew_play import with_crews
from consoles.payload import payload
from engine import crew_stations

_ids = itertools.count(1)


def make_app(people: tuple[str, ...] = ("enterprise",), scenario: str = "duel",
             level: str = "basic", turns: int = 2, seed: int = 7,
             surface: Any = None, until: Any = None, address: str = "127.0.0.1",
             options: dict[str, Any] | None = None, officers: bool = False) -> App:
    """The app, its game played by the autopilots first until `until(state)` when given;
    `options`: optional rules (an Admiral's seat is played by touch when its side is in
    `people`); `officers`: at the command level, the players' ships crewed with officers as
    `starbridge stations` crews them (a crew of rolled ratings, no crew file)."""
    sc = prepare(load_scenario(scenario, None), None, level, None, turns, None, options)
    if officers:
        sc = with_crews(sc, {}, None, seed, lambda _line: None, save=False)[0]
    game = SavedGame.new(None, sc, seed, {})
    if until is not None:
        from companion.saves.saved_game import autopilot_action
        from engine import pending

        while not until(game.state):
            prompt = pending(game.state)[0]
            game.accept(autopilot_action(game, prompt), "autopilot")
    seats = {}
    for ship in (str(s["id"]) for s in sc["ships"]):
        for st in crew_stations(game.state, ship):
            seats[ship, st] = "touch" if ship in people else "autopilot"
    for side, st in admiral_seats(game.state):
        seats[side, st] = "touch" if side in people else "autopilot"
    said: list[str] = []
    consoles = Consoles.open(address, 0, said.append)
    assert consoles is not None, said
    table = Table(seats=seats, say=said.append, consoles=consoles, surface=surface)
    if surface is not None:
        from engine import Seat
        from engine.stations import INSTRUCTOR

        table.display_seat = Seat(INSTRUCTOR)
    return App(game, table)


def token(app: App, seat: str) -> str:
    return str(app.consoles.server.tokens.issue(seat))


def connect(net: Net, app: App, seat: str) -> Console:
    c = net.console(app.consoles.server.port, token(app, seat))
    c.until(lambda m: m.get("type") == "state", app.step)
    return c


def choose(decision: dict[str, Any]) -> dict[str, Any]:
    """The values a player enters: the first usable quick fill, else the defaults."""
    for preset in decision.get("presets", ()):
        if preset.get("problem") is None and preset.get("values"):
            return dict(preset["values"])
    return {f["name"]: f["default"] for f in decision["fields"]}


def act(c: Console, twice: bool = False, irreversible: bool = True) -> str | None:
    """Send what the console's last state asks of its seat (a decision or a roll); the id."""
    st = c.last_state
    if st is None:
        return None
    mid = f"m{next(_ids)}"
    if st.get("roll") is not None:
        message: dict[str, Any] = {"v": 1, "type": "roll", "id": mid,
                                   "value": min(5, int(st["roll"]["sides"]))}
    elif st.get("decisions"):
        d = st["decisions"][0]
        values = choose(d)
        final = asks_confirm(d, values)   # a shot, DESTRUCT: what cannot be taken back
        if final and not irreversible:
            return None
        message = {"v": 1, "type": "decide", "id": mid,
                   "decision": {k: d[k] for k in ("action", "what", "ship", "station")},
                   "values": values, "confirm": final}
    else:
        return None
    for _ in range(2 if twice else 1):
        c.send(message)
    return mid


def expected_state(app: App, seat: str) -> dict[str, Any]:
    """The seat's payload now, as a console receives it (JSON round trip, no seq)."""
    extras = app.consoles._instructor_extras() if seat == "instructor" else None
    body = payload(app.game.state, seat, app.consoles._log(seat),
                   dice_status=app.dice_status(), lights=app.consoles._lights(seat),
                   instructor=extras, entering=app.consoles.entering.get(seat))
    return dict(json.loads(json.dumps(body)))


def received(c: Console) -> dict[str, Any]:
    assert c.last_state is not None
    return {k: v for k, v in c.last_state.items() if k not in ("v", "type", "seq")}


def play(net: Net, app: App, consoles: dict[str, Console], done: Any, twice: bool = False,
         timeout: float = 600.0, irreversible: bool = True) -> list[str]:
    """Step the app while the consoles play their seats, until `done(app)`; the ids sent.
    Each console acts once per state it is sent; between steps the test waits on the consoles'
    messages (an event with a timeout), never a sleep. The timeout only guards against a hang:
    a turn of four consoles takes half a minute here, and over two minutes beside a parallel run
    on a busy machine."""
    import time

    sent: list[str] = []
    acted: dict[str, int] = {}
    end = time.monotonic() + timeout
    while not done(app):
        assert time.monotonic() < end, stalled(app, consoles)
        net.arrived.clear()
        app.step()
        for key, c in consoles.items():
            c.drain()
            st = c.last_state
            if st is not None and acted.get(key) != st["seq"]:
                acted[key] = st["seq"]
                mid = act(c, twice, irreversible)
                if mid is not None:
                    sent.append(mid)
        if not app.consoles.inputs.qsize():
            net.arrived.wait(0.5)
    return sent


def stalled(app: App, consoles: dict[str, Console]) -> str:
    """Why a played game did not get on: what the engine waits for, and what each console last
    saw (its state's seq and what it asks, and its last messages)."""
    from engine import pending

    lines = [f"the game did not get on; the engine waits for {pending(app.game.state)!r}"]
    for key, c in consoles.items():
        st = c.last_state or {}
        lines.append(f"{key}: seq {st.get('seq')}, sent seq {app.consoles.sent.get(key)}, "
                     f"decisions {[d.get('action') for d in st.get('decisions') or ()]}, "
                     f"roll {st.get('roll')}, last seen "
                     f"{[m.get('type') for m in c.seen[-6:]]} {c.seen[-1:]!r:.600}")
    return "\n".join(lines)


def settle(net: Net, app: App, consoles: dict[str, Console]) -> None:
    """Step until every console holds the newest state published to its seat."""
    import time

    end = time.monotonic() + 30
    while True:
        app.step()
        for c in consoles.values():
            c.drain()
        if all(c.last_state is not None and
               c.last_state["seq"] == app.consoles.sent.get(c.last_state["seat"])
               for c in consoles.values()):
            return
        assert time.monotonic() < end, "the consoles never caught up"
        net.arrived.clear()
        net.arrived.wait(0.5)
