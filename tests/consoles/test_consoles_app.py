"""The app with its consoles: actions from phones go the one way every action goes, each seat is
sent its own state, and the Instructor's console does what the Instructor's screen does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from console_client import CLOSED, Net
from table_helpers import choose, connect, expected_state, make_app, play, received, settle, token

from companion.saves.saved_game import SavedGame
from companion.table.app import App
from companion.table.seat_changes import turn_of
from consoles.protocol import REFUSED_TOKEN
from engine import Seat, apply_all, controls, new_game, state_to_json
from engine.stations import INSTRUCTOR

CREW = ("captain", "engineer", "helm", "science")


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.close()
    a.consoles.close()


def crew(net: Net, app: App, ship: str = "enterprise") -> dict[str, object]:
    return {f"{ship}/{st}": connect(net, app, f"{ship}/{st}") for st in CREW}


@pytest.mark.slow
def test_a_turn_from_four_consoles_and_the_instructors_is_the_same_game_applied_directly(
        net: Net, app: App) -> None:
    consoles = crew(net, app)
    consoles["instructor"] = connect(net, app, "instructor")
    # a turn played, or the game over within it: the consoles act on the states as they arrive,
    # so the duel they play is not always the same one, and one may end in its first turn
    play(net, app, consoles,   # type: ignore[arg-type]
         lambda a: turn_of(a.game.state) >= 2 or a.game.state.over)
    game = app.game
    by_console = [a for a, by in zip(game.actions, game.by, strict=True) if by == "console"]
    assert len(by_console) >= 8 and "autopilot" in game.by   # the Klingon on the autopilot
    # the same actions applied directly to the engine make the same game
    direct = apply_all(new_game(game.scenario), game.actions)
    assert state_to_json(direct) == state_to_json(game.state)
    # each console action is the decision its seat was offered, made from what it was sent
    state = new_game(game.scenario)
    for action, by in zip(game.actions, game.by, strict=True):
        if by == "console" and type(action).__name__ != "RollResult":
            offered = [d for st in CREW for d in controls(state, Seat(st, "enterprise"))]
            offered += controls(state, Seat(INSTRUCTOR))   # its console plays too
            assert any(d.make(choose(json.loads(json.dumps(_as_json(d)))) ) == action
                       for d in offered), action
        state = apply_all(state, [action])
    settle(net, app, consoles)   # type: ignore[arg-type]
    for key, c in consoles.items():
        assert received(c) == expected_state(app, key), key   # type: ignore[arg-type]
    inst = consoles["instructor"].last_state   # type: ignore[attr-defined]
    assert {s["id"] for s in inst["ships"]} == {"enterprise", "kronos"}
    assert any(link["seat"] == "enterprise/helm" and link["svg"].startswith("<svg")
               for link in inst["links"])


def _as_json(d: object) -> dict[str, object]:
    from consoles.payload import decision_json

    return decision_json(d)   # type: ignore[arg-type]


def test_a_console_reloaded_mid_phase_resumes_the_seats_state(net: Net, app: App) -> None:
    eng = connect(net, app, "enterprise/engineer")
    # The step that sent the first state goes on to the Klingon's autopilot and sends the state
    # after it: the seat's state is the newest one published to it, whenever it arrives.
    settle(net, app, {"enterprise/engineer": eng})
    first = eng.last_state
    assert first is not None and first["decisions"][0]["action"] == "allocate_power"
    eng.close()
    again = net.console(app.consoles.server.port, token(app, "enterprise/engineer"))
    assert again.recv()["type"] == "welcome"
    again.until(lambda m: m.get("type") == "state", app.step)
    # the seat's state as it is now (the other ship's autopilot may have allocated meanwhile),
    # its card still open
    assert received(again) == expected_state(app, "enterprise/engineer")
    assert received(again)["decisions"] == first["decisions"]


def test_an_action_sent_twice_is_applied_once(net: Net, app: App) -> None:
    eng = connect(net, app, "enterprise/engineer")
    d = eng.last_state["decisions"][0]   # type: ignore[index]
    message = {"v": 1, "type": "decide", "id": "power-1", "values": choose(d),
               "decision": {"action": d["action"], "what": d["what"]}}
    eng.send(message)
    eng.send(message)
    answers = [eng.until(lambda m: m.get("type") == "result", app.step) for _ in range(2)]
    assert answers[0] == answers[1] == {"v": 1, "type": "result", "id": "power-1", "ok": True}
    assert app.game.by.count("console") == 1
    # and after a reconnect, the retry is answered the same, applied nothing again
    eng.close()
    again = connect(net, app, "enterprise/engineer")
    again.send(message)
    assert again.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    assert app.game.by.count("console") == 1


def test_another_seats_decision_is_refused_and_the_game_goes_on(net: Net, app: App) -> None:
    helm = connect(net, app, "enterprise/helm")
    eng = connect(net, app, "enterprise/engineer")
    d = eng.last_state["decisions"][0]   # type: ignore[index]
    steal = {"v": 1, "type": "decide", "id": "x1", "values": choose(d),
             "decision": {"action": d["action"], "what": d["what"]}}
    helm.send(steal)
    answer = helm.until(lambda m: m.get("type") == "result", app.step)
    assert answer["ok"] is False and "not open for your seat" in answer["problem"]
    assert app.game.by.count("console") == 0
    eng.send({**steal, "id": "e1"})
    assert eng.until(lambda m: m.get("type") == "result", app.step)["ok"] is True


@pytest.mark.slow
@pytest.mark.parametrize("values, words", [
    ({"nonsense": 1}, "no field"), ({"movement": "lots"}, "whole number"),
    ({"movement": 10**9}, "cannot be"), ({"movement": 99}, ""), ({"movement": [1]}, "cannot be"),
])
def test_bad_values_get_the_engines_words_never_a_traceback(
        net: Net, app: App, values: dict[str, object], words: str) -> None:
    eng = connect(net, app, "enterprise/engineer")
    d = eng.last_state["decisions"][0]   # type: ignore[index]
    eng.send({"v": 1, "type": "decide", "id": "b1", "values": values,
              "decision": {"action": d["action"], "what": d["what"]}})
    answer = eng.until(lambda m: m.get("type") == "result", app.step)
    assert answer["ok"] is False and words in answer["problem"] and answer["problem"]
    assert "Traceback" not in answer["problem"]


def _shot(d: dict[str, Any]) -> dict[str, Any]:
    """A card's values with its first shot that cannot be taken back chosen (a target)."""
    for f in d["fields"]:
        for c in f["choices"]:
            if c["irreversible"] and c["problem"] is None:
                return {**choose(d), f["name"]: c["value"]}
    return {}


def test_an_irreversible_decision_needs_confirm(net: Net) -> None:
    def firing(state: object) -> bool:
        return any(c.irreversible and c.allowed for st in CREW
                   for d in controls(state, Seat(st, "enterprise"))   # type: ignore[arg-type]
                   for f in d.fields for c in f.choices)
    app = make_app(until=firing, turns=4)
    try:
        _fire(net, app)
    finally:
        app.close()
        app.consoles.close()


def _fire(net: Net, app: App) -> None:
    c = connect(net, app, "enterprise/helm")
    d = next(d for d in c.last_state["decisions"] if _shot(d))   # type: ignore[index]
    before = len(app.game.actions)
    base = {"v": 1, "type": "decide", "values": _shot(d),
            "decision": {"action": d["action"], "what": d["what"]}}
    c.send({**base, "id": "f1"})
    answer = c.until(lambda m: m.get("type") == "result", app.step)
    assert answer["ok"] is False and "confirm" in answer["problem"]
    assert len(app.game.actions) == before
    c.send({**base, "id": "f2", "confirm": True})
    assert c.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    assert app.game.by[before] == "console"


@pytest.mark.slow
def test_the_instructor_revokes_a_link_and_the_old_one_is_refused(net: Net, app: App) -> None:
    old = token(app, "enterprise/helm")
    helm = connect(net, app, "enterprise/helm")
    inst = connect(net, app, "instructor")
    helm_c = connect(net, app, "enterprise/captain")
    helm_c.send({"v": 1, "type": "instructor", "id": "i0", "do": "revoke",
                 "ship": "enterprise", "station": "helm"})
    assert "Only the Instructor" in helm_c.until(lambda m: m.get("type") == "result",
                                                 app.step)["problem"]
    inst.send({"v": 1, "type": "instructor", "id": "i1", "do": "revoke", "ship": "enterprise",
               "station": "helm"})
    assert inst.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    assert helm.until(lambda m: m.get("type") == "refused", app.step)["reason"].startswith(
        "This link was replaced")
    assert helm.recv() is CLOSED
    stale = net.console(app.consoles.server.port, old)
    assert stale.recv() == {"v": 1, "type": "refused", "reason": REFUSED_TOKEN}
    new = token(app, "enterprise/helm")
    assert new != old
    def shows_new(m: dict[str, object]) -> bool:   # sent before the revoke's answer
        return m.get("type") == "state" and any(
            new in link["url"] for link in m["links"])   # type: ignore[attr-defined]
    state = next((m for m in inst.seen if shows_new(m)), None) or inst.until(shows_new, app.step)
    assert not any(old in link["url"] for link in state["links"])


@pytest.mark.slow
def test_the_instructors_undo_seats_and_override(net: Net, app: App) -> None:
    inst = connect(net, app, "instructor")
    eng = connect(net, app, "enterprise/engineer")
    d = eng.last_state["decisions"][0]   # type: ignore[index]
    eng.send({"v": 1, "type": "decide", "id": "p", "values": choose(d),
              "decision": {"action": d["action"], "what": d["what"]}})
    eng.until(lambda m: m.get("type") == "result", app.step)
    n = len(app.game.actions)
    inst.send({"v": 1, "type": "instructor", "id": "u", "do": "undo"})
    assert inst.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    assert len(app.game.actions) < n
    inst.send({"v": 1, "type": "instructor", "id": "s", "do": "seat", "ship": "kronos",
               "station": "helm", "mode": "touch"})
    assert inst.until(lambda m: m.get("type") == "result", app.step)["ok"] is True
    inst.send({"v": 1, "type": "instructor", "id": "o", "do": "override", "value": 3})
    answer = inst.until(lambda m: m.get("type") == "result", app.step)
    assert answer["ok"] is False and "No roll" in answer["problem"]
    view = connect(net, app, "view")
    view.send({"v": 1, "type": "roll", "id": "v"})
    assert "does not act" in view.until(lambda m: m.get("type") == "result", app.step)["problem"]


def test_a_new_game_kills_every_old_link(net: Net, app: App) -> None:
    old = token(app, "enterprise/helm")
    helm = connect(net, app, "enterprise/helm")
    app.game = SavedGame.new(None, app.game.scenario, 3, {})
    app.consoles.attach(app.host)
    assert helm.until(lambda m: m.get("type") == "refused", app.step)["reason"].startswith(
        "This game has ended")
    assert net.console(app.consoles.server.port, old).recv()["reason"] == REFUSED_TOKEN


def test_the_consoles_are_handed_their_table_once_and_let_it_go_when_detached(app: App) -> None:
    """A game attached hands the consoles its table (`TableHost`), kept for every call; a
    kiosk's attract mode detaches them, and a call then says what is missing instead of acting
    on the table of a game that has gone."""
    assert app.consoles.host is app.host
    assert app.consoles.publish() == 0   # nobody connected: nothing sent, the table's own host
    app.consoles.detach()
    with pytest.raises(RuntimeError, match="attach one first"):
        app.consoles.publish()
    app.consoles.attach(app.host)
    assert app.consoles.host is app.host and app.consoles.pump() == 0


@pytest.mark.slow
def test_the_bridge_display_follows_a_consoles_action(net: Net) -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        a = make_app(surface=pygame.display.set_mode((800, 480)))
        try:
            eng = connect(net, a, "enterprise/engineer")
            d = eng.last_state["decisions"][0]   # type: ignore[index]
            eng.send({"v": 1, "type": "decide", "id": "p", "values": choose(d),
                      "decision": {"action": d["action"], "what": d["what"]}})
            assert eng.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
            assert a.display.state is a.game.state
        finally:
            a.close()
            a.consoles.close()
    finally:
        pygame.display.quit()
