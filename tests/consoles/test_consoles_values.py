"""A value a card offers goes through the server as it is offered: the command level's weaponry
roll (a choice of true or false) is declared from a phone like any other choice."""

from __future__ import annotations

from typing import Any

from console_client import Net
from table_helpers import connect, make_app

from companion.table.app import App
from consoles.payload import decision_json
from engine import Seat, controls


def firing(state: Any) -> bool:
    return any(d.action == "fire" and any(f.name == "weaponry" for f in d.fields)
               for d in controls(state, Seat("helm", "enterprise")))


def declare(net: Net, app: App, weaponry: object) -> dict[str, Any]:
    helm = connect(net, app, "enterprise/helm")
    d = next(d for d in helm.last_state["decisions"] if d["action"] == "fire")  # type: ignore[index]
    field = next(f for f in d["fields"] if f["name"] == "weaponry")
    assert [c["value"] for c in field["choices"]] == [False, True]   # as JSON gives them
    aims = {f["name"]: next((c["value"] for c in f["choices"] if c["value"] == "kronos"
                             and c["problem"] is None), None)
            for f in d["fields"] if f["name"] != "weaponry"}
    helm.send({"v": 1, "type": "decide", "id": "w", "confirm": True,
               "decision": {k: d[k] for k in ("action", "what", "ship", "station")},
               "values": {**aims, "weaponry": weaponry}})
    answer: dict[str, Any] = helm.until(lambda m: m.get("type") == "result", app.step)
    return answer


def test_the_weaponry_roll_is_declared_from_a_phone(net: Net) -> None:
    app = make_app(level="command", officers=True, until=firing, turns=3)
    try:
        before = len(app.game.actions)
        assert declare(net, app, True) == {"v": 1, "type": "result", "id": "w", "ok": True}
        fired = app.game.actions[before]
        assert app.game.by[before] == "console" and fired.weaponry is True  # type: ignore[attr-defined]
    finally:
        app.close()
        app.consoles.close()


def test_a_value_the_card_does_not_offer_is_still_refused(net: Net) -> None:
    app = make_app(level="command", officers=True, until=firing, turns=3)
    try:
        before = len(app.game.actions)
        answer = declare(net, app, 1.5)
        assert answer["ok"] is False and "weaponry cannot be 1.5" in answer["problem"]
        assert len(app.game.actions) == before
    finally:
        app.close()
        app.consoles.close()


def test_the_state_an_action_made_comes_before_its_answer(net: Net) -> None:
    app = make_app()
    try:
        eng = connect(net, app, "enterprise/engineer")
        d = eng.last_state["decisions"][0]   # type: ignore[index]
        eng.send({"v": 1, "type": "decide", "id": "p1", "values": {"shields": 5},
                  "decision": {k: d[k] for k in ("action", "what", "ship", "station")}})
        eng.until(lambda m: m.get("type") == "result", app.step)
        after = eng.seen[eng.seen.index(next(m for m in eng.seen if m.get("id") == "p1")) - 1]
        assert after["type"] == "state" and not any(
            x["action"] == "allocate_power" for x in after["decisions"]), \
            "the answer came before the state it made"
    finally:
        app.close()
        app.consoles.close()


def test_a_newer_state_takes_the_place_of_a_waiting_one_before_the_answers() -> None:
    """A slow phone's queue: an older state, then an answer; the newer state goes where the
    older was, so the answer still comes after a state that shows it."""
    import asyncio

    from consoles.protocol import Limits
    from consoles.server import StationServer, _Conn

    async def offered() -> list[str]:
        server = StationServer(lambda _m: None)
        conn = _Conn(1, None, None, Limits(), 0.0)   # type: ignore[arg-type]
        for text in ('{"v":1,"type":"state","seq":1}', '{"v":1,"type":"result","id":"a"}',
                     '{"v":1,"type":"state","seq":2}', '{"v":1,"type":"result","id":"b"}',
                     '{"v":1,"type":"state","seq":3}'):
            server._offer(conn, text)
        return list(conn.queue)

    assert asyncio.run(offered()) == ['{"v":1,"type":"state","seq":3}',
                                      '{"v":1,"type":"result","id":"a"}',
                                      '{"v":1,"type":"result","id":"b"}']


def test_a_card_confirmed_as_another_seat_starts_a_roll_is_made_after_the_roll(
        net: Net) -> None:
    """Command & Control's Skill Roll Phase: Science's card is open when the Engineer's roll is
    asked (a pending roll hides the other seats' cards); Science's Confirm, sent from the state
    he saw, is not refused: it is made as soon as the Engineer's roll is answered."""
    def science(state: Any) -> bool:
        return any(d.action == "science_roll" for d in controls(state, Seat("science", "enterprise")))
    app = make_app(level="command", officers=True, until=science, turns=3)
    try:
        d = decision_json(next(x for x in controls(app.game.state, Seat("science", "enterprise"))
                               if x.action == "science_roll"))   # the card as Science saw it
        sci = connect(net, app, "enterprise/science")
        seen = sci.last_state
        assert seen is not None
        eng = connect(net, app, "enterprise/engineer")
        roll = eng.last_state if eng.last_state and eng.last_state["roll"] else eng.until(
            lambda m: m.get("type") == "state" and m["roll"] is not None, app.step)
        sci.drain()
        assert sci.last_state is not None and sci.last_state["decisions"] == [], \
            "Science's card shows while the Engineer's roll waits"
        sci.send({"v": 1, "type": "decide", "id": "s1", "seq": seen["seq"],
                  "decision": {k: d[k] for k in ("action", "what", "ship", "station")},
                  "values": {f["name"]: f["default"] for f in d["fields"]}})
        for _ in range(5):
            app.step()
        assert not any(m.get("type") == "result" for m in sci.drain()), "refused, or made early"
        eng.send({"v": 1, "type": "roll", "id": "r1", "seq": roll["seq"]})
        answer = sci.until(lambda m: m.get("type") == "result", app.step)
        assert answer == {"v": 1, "type": "result", "id": "s1", "ok": True}
        assert type(app.game.actions[app.game.by.index("console", len(app.game.actions) - 4)]
                    ).__name__ in ("RollResult", "ScienceRoll")
        assert any(type(a).__name__ == "ScienceRoll" for a in app.game.actions[-3:])
    finally:
        app.close()
        app.consoles.close()
