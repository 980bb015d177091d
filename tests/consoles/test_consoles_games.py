"""A console belongs to one game: what a phone sent from an ended game is never applied to the
next one (a rematch, a resumed game, the kiosk's next crew game after attract mode)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

import pytest
from console_client import Net
from table_helpers import choose, connect, make_app, settle, token

from companion.saves.saved_game import SavedGame
from companion.settings.config import parse_config
from companion.table.app import App, Table
from companion.table.kiosk import Kiosk, attract_seats
from companion.table.table_setup import new_scenario
from consoles import ConsoleInput
from consoles.protocol import REFUSED_TOKEN


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.close()
    a.consoles.close()


def _decide(c: Any, mid: str) -> dict[str, Any]:
    d = c.last_state["decisions"][0]
    return {"v": 1, "type": "decide", "id": mid, "values": choose(d),
            "decision": {"action": d["action"], "what": d["what"]}}


def test_a_decide_queued_in_the_old_game_is_not_the_rematchs_first_action(
        net: Net, app: App) -> None:
    eng = connect(net, app, "enterprise/engineer")
    app.consoles.inputs.arrived.clear()
    eng.send(_decide(eng, "old-1"))
    assert app.consoles.inputs.arrived.wait(5)   # on the queue, not yet pumped
    app.game = SavedGame.new(None, app.game.scenario, app.game.seed, {})   # the rematch
    app.consoles.attach(app.host)
    for _ in range(5):
        app.step()
    assert "console" not in app.game.by


def test_an_input_of_an_older_generation_is_dropped(net: Net, app: App) -> None:
    eng = connect(net, app, "enterprise/engineer")
    message = _decide(eng, "old-2")
    old = app.consoles.server.tokens.generation
    app.game = SavedGame.new(None, app.game.scenario, app.game.seed, {})
    app.consoles.attach(app.host)
    # the server thread queued it after the new game began: stamped with the old game's links
    app.consoles.inputs.put(ConsoleInput("enterprise/engineer", 1, message, old))
    app.step()
    assert "console" not in app.game.by
    app.consoles.inputs.put(ConsoleInput("enterprise/engineer", 1, {**message, "id": "new-1"},
                                         app.consoles.server.tokens.generation))
    app.step()
    assert app.game.by.count("console") == 1


@pytest.mark.slow
def test_the_kiosks_attract_mode_sends_the_crews_phones_away(net: Net) -> None:
    config = parse_config({"game": {"scenario": "duel", "turns": 1},
                           "kiosk": {"enabled": True, "idle_minutes": 2,
                                     "attract_scenario": "duel"}}, "t")
    crew_app = make_app()   # its consoles, as run_kiosk opens them once for every crew game
    consoles = crew_app.consoles
    crew_app.close()

    def make_table(game: SavedGame, attract: bool) -> Table:
        seats = {(k.split("/", 1)[0], k.split("/", 1)[1]): m for k, m in game.seats.items()}
        if not seats:
            seats = {("enterprise", st): "touch" for st in
                     ("captain", "engineer", "helm", "science")}
        table = Table(attract_seats(seats) if attract else seats, say=lambda _l: None)
        if not attract:
            table.consoles = consoles
        return table

    args = argparse.Namespace(turns=None, scenario=None)
    k = Kiosk(config, None, None, make_table, lambda name: new_scenario(config, args, None, name))
    try:
        k.start_crew()
        assert k.app is not None and k.app.consoles is consoles
        old = token(k.app, "enterprise/engineer")
        eng = connect(net, k.app, "enterprise/engineer")
        k.start_attract()
        assert eng.until(lambda m: m.get("type") == "refused", lambda: None)["reason"] \
            .startswith("This game has ended")
        assert net.console(consoles.server.port, old).recv() == \
            {"v": 1, "type": "refused", "reason": REFUSED_TOKEN}
    finally:
        k.close()
        consoles.close()


@pytest.mark.slow
def test_the_instructor_decides_for_the_ship_it_chose(net: Net) -> None:
    a = make_app(people=("enterprise", "kronos"))
    try:
        inst = connect(net, a, "instructor")
        power = [d for d in inst.last_state["decisions"]   # type: ignore[index]
                 if d["action"] == "allocate_power"]
        assert {d["ship"] for d in power} == {"enterprise", "kronos"}
        assert len({d["what"] for d in power}) == 1   # the same words for both ships
        # an older page (no ship) while both are open: refused in words, nothing applied
        old_page = {"v": 1, "type": "decide", "values": choose(power[0]),
                    "decision": {"action": "allocate_power", "what": power[0]["what"]}}
        inst.send({**old_page, "id": "k0"})
        answer = inst.until(lambda m: m.get("type") == "result", a.step)
        assert answer["ok"] is False and "more than one ship" in answer["problem"]
        assert "console" not in a.game.by
        d = next(d for d in power if d["ship"] == "kronos")
        inst.send({"v": 1, "type": "decide", "id": "k1", "values": choose(d),
                   "decision": {k: d[k] for k in ("action", "what", "ship", "station")}})
        assert inst.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
        assert a.game.by[-1] == "console" and a.game.actions[-1].ship == "kronos"
        # with one ship's left open, the older page's message is that ship's
        inst.send({**old_page, "id": "k2"})
        assert inst.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
        assert a.game.actions[-1].ship == "enterprise"
    finally:
        a.close()
        a.consoles.close()


@pytest.mark.slow
def test_the_links_follow_the_network_that_came_up_after_the_consoles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Pi kiosk starts before its hotspot: its first links can only name 127.0.0.1; once the
    network is up, the links and the Instructor's codes name the address phones can reach."""
    from consoles.addresses import HOTSPOT, LOOPBACK_ONLY, LinkAddress

    a = make_app(address="0.0.0.0")
    network = [LOOPBACK_ONLY]
    a.consoles.addresses.lookup, a.consoles.addresses.max_age = lambda: network, 0.0
    try:
        assert all("//127.0.0.1:" in url for _k, _n, url in a.consoles.links())
        first = a.consoles._instructor_extras()["links"]
        network[:] = [LinkAddress("192.168.4.1", "wlan0", HOTSPOT)]
        assert all("//192.168.4.1:" in url for _k, _n, url in a.consoles.links())
        later = a.consoles._instructor_extras()["links"]
        assert all("//192.168.4.1:" in link["url"] for link in later)
        assert [link["svg"] for link in later] != [link["svg"] for link in first]
    finally:
        a.close()
        a.consoles.close()


def test_a_manual_table_asks_a_phones_roll_to_be_typed_in(net: Net) -> None:
    """fallback = "manual" with no screen: the phone can type the face, so ROLL asks for it
    instead of rolling a virtual die."""
    from engine import pending
    from firmware_bridge.bridge import DiceBridge
    from firmware_bridge.router import config_from_dict

    def rolling(state: object) -> bool:
        return any(p.roll is not None and p.ship == "enterprise"
                   for p in pending(state))   # type: ignore[arg-type]

    a = make_app(until=rolling)
    try:
        with DiceBridge(config_from_dict({"fallback": "manual", "trays": []})) as dice:
            a.table.dice = dice
            p = next(p for p in pending(a.game.state) if p.roll is not None)
            c = connect(net, a, f"{p.ship}/{p.station}")
            before = len(a.game.actions)
            c.send({"v": 1, "type": "roll", "id": "r1"})
            answer = c.until(lambda m: m.get("type") == "result", a.step)
            assert answer["ok"] is True and answer["manual"] is True
            assert "tap the face" in answer["say"]
            assert len(a.game.actions) == before   # no virtual die rolled
            c.send({"v": 1, "type": "roll", "id": "r2", "value": 4})
            assert c.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
            assert a.game.actions[before].to_json()["value"] == 4
            assert a.game.by[before] == "console"
    finally:
        a.close()
        a.consoles.close()


def _advance(a: App, until: Any) -> None:
    """The table plays on (the autopilot's choices for every seat) until `until(state)`."""
    from companion.saves.saved_game import autopilot_action
    from engine import pending

    for _ in range(500):
        if until(a.game.state):
            return
        a.accept(autopilot_action(a.game, pending(a.game.state)[0]), "autopilot")
    raise AssertionError("the game never got there")


@pytest.mark.slow
def test_an_override_for_a_roll_answered_meanwhile_is_not_the_next_rolls(net: Net) -> None:
    from engine import pending

    def rolling(state: object) -> bool:
        return any(p.roll is not None for p in pending(state))   # type: ignore[arg-type]

    a = make_app(people=("enterprise", "kronos"), until=rolling)
    try:
        inst = connect(net, a, "instructor")
        seen = inst.last_state["seq"]   # type: ignore[index]
        first = len(a.game.actions)
        p = next(p for p in pending(a.game.state) if p.roll is not None)
        a.accept(a.game.roll(p.roll), "tray")   # the tray answered first   # type: ignore[arg-type]
        _advance(a, rolling)   # the next roll is asked
        n = len(a.game.actions)
        inst.send({"v": 1, "type": "instructor", "id": "o1", "do": "override", "value": 2,
                   "seq": seen})
        answer = inst.until(lambda m: m.get("type") == "result", a.step)
        assert answer == {"v": 1, "type": "result", "id": "o1", "ok": False,
                          "problem": "The table has moved on: look again."}
        assert len(a.game.actions) == n and first < n
        settle(net, a, {"instructor": inst})   # the newest state may still be on its way
        inst.send({"v": 1, "type": "instructor", "id": "o2", "do": "override", "value": 2,
                   "seq": inst.last_state["seq"]})   # type: ignore[index]
        assert inst.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
        assert a.game.by[n] == "console"
    finally:
        a.close()
        a.consoles.close()


def test_a_decide_resent_for_last_turn_does_not_take_this_turns_decision(net: Net) -> None:
    a = make_app(people=("enterprise", "kronos"), turns=3)
    try:
        eng = connect(net, a, "enterprise/engineer")
        message = {**_decide(eng, "t1"), "seq": eng.last_state["seq"]}   # type: ignore[index]
        eng.send(message)
        assert eng.until(lambda m: m.get("type") == "result", a.step)["ok"] is True
        _advance(a, lambda s: s.turn == 2)   # type: ignore[attr-defined]
        n = len(a.game.actions)
        eng.send({**message, "id": "t1-again"})   # resent after a reconnect, a new id
        answer = eng.until(lambda m: m.get("type") == "result", a.step)
        assert answer["ok"] is False and answer["problem"] == "The table has moved on: look again."
        assert len(a.game.actions) == n
    finally:
        a.close()
        a.consoles.close()


def test_every_seats_log_comes_from_one_replay_and_a_failed_one_is_said(
        net: Net, monkeypatch: pytest.MonkeyPatch) -> None:
    import display.game_link

    real = display.game_link.replayed
    calls: list[int] = []

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(display.game_link, "replayed", counted)
    a = make_app()
    try:
        for seat in ("enterprise/engineer", "enterprise/helm", "instructor", "view"):
            connect(net, a, seat)
        assert len(calls) == 1
        said: list[str] = []
        a.table.say = said.append

        def broken(*_args: Any) -> Any:
            raise ValueError("line 3 does not replay")

        monkeypatch.setattr(display.game_link, "replayed", broken)
        a.consoles.logs.clear()
        a.consoles.dirty |= {"enterprise/engineer", "enterprise/helm", "instructor"}
        a.consoles.shown = None
        a.step()
        assert len(said) == 1 and "did not replay" in said[0] and "line 3" in said[0]
    finally:
        a.close()
        a.consoles.close()


def test_the_instructors_network_button_moves_the_codes_and_a_lost_network_is_said(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two networks (the Pi's hotspot and the venue's Ethernet): the codes name the hotspot, the
    NETWORK button on the Instructor's Consoles view moves them to the other; with no network
    at all the view says phones cannot join and how to fix it, and the codes follow a network
    that comes back."""
    import pygame

    from consoles.addresses import DEFAULT, HOTSPOT, LOOPBACK_ONLY, LinkAddress
    from display.bridge_display import Request

    pygame.display.init()
    pygame.font.init()
    a = make_app(address="0.0.0.0", surface=pygame.display.set_mode((800, 480)))
    network = [LinkAddress("10.42.0.1", "wlan0", HOTSPOT),
               LinkAddress("192.168.1.9", "eth0", DEFAULT)]
    a.consoles.addresses.lookup, a.consoles.addresses.max_age = lambda: list(network), 0.0
    try:
        a.step()
        d = a.display
        assert d is not None and d.console_network is not None
        assert d.console_network.where == "10.42.0.1 (hotspot)"
        assert d.console_network.choices == 2
        assert all("//10.42.0.1:" in c.url for c in d.console_codes or ())
        d.activate("consoles")
        d.draw(force=True)
        assert any(w.id == "consoles-network" for w in d.widgets)
        d.activate("consoles-network")
        a.step()
        assert all("//192.168.1.9:" in c.url for c in d.console_codes or ())
        assert all("//192.168.1.9:" in link["url"]
                   for link in a.consoles._instructor_extras()["links"])
        network[:] = [LOOPBACK_ONLY]
        a.step()
        assert d.console_network is not None and not d.console_network.reachable
        d.draw(force=True)
        said = " ".join(t.text for t in d.painter.texts)
        assert "Phones cannot join" in said and "--hotspot" in said
        network[:] = [LinkAddress("10.42.0.1", "wlan0", HOTSPOT)]
        a.step()
        assert all("//10.42.0.1:" in c.url for c in d.console_codes or ())
        assert Request("network").kind == "network"
    finally:
        a.close()
        a.consoles.close()
        pygame.display.quit()
