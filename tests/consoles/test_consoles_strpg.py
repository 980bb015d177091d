"""The station consoles serve an away-team fight (the strpg ruleset) as they serve the starship
games: each character's seat plays from its phone to the fight's end, is sent its own decisions
and rolls and a map of squares with what its character sees; a real browser draws that map
(walls, doors, consoles, the unseen shaded) with no script error."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_rig import PHONE, Browser, Rig
from console_client import Console, Net
from table_helpers import connect, make_app, settle

from companion.table.app import App
from engine import apply_all, new_game, state_to_json

PEOPLE = ("giotto", "galloway")
KEYS = {"giotto": "giotto/weapons", "galloway": "galloway/helm"}
WANTED = ("attacks", "fire", "movement", "move", "wait")


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app(people=PEOPLE, scenario="corridor", turns=4, seed=3)
    yield a
    a.close()
    a.consoles.close()


def decide(c: Console, sent: list[str]) -> None:
    """A player at his phone: attack when he can, else move, else wait; the rest as offered."""
    st = c.last_state
    if st is None:
        return
    if st.get("roll") is not None:
        sides = int(st["roll"]["sides"])
        c.send({"v": 1, "type": "roll", "id": f"r{len(sent)}",
                "value": 30 if sides == 100 else min(len(sent) % 6 + 1, sides)})
        sent.append("roll")
        return
    if not st.get("decisions"):
        return
    d = st["decisions"][0]
    values = {f["name"]: f["default"] for f in d["fields"]}
    if d["action"] == "rpg_choose":
        usable = [ch["value"] for ch in d["fields"][0]["choices"] if ch["problem"] is None]
        values["kind"] = next(w for w in (*WANTED, *usable) if w in usable)
    c.send({"v": 1, "type": "decide", "id": f"d{len(sent)}",
            "decision": {k: d[k] for k in ("action", "what", "ship", "station")},
            "values": values, "confirm": bool(d["irreversible"])})
    sent.append(d["action"])


def test_an_away_team_fight_from_the_consoles_to_its_end(net: Net, app: App) -> None:
    consoles = {k: connect(net, app, k) for k in KEYS.values()}
    consoles["instructor"] = connect(net, app, "instructor")
    first = consoles[KEYS["giotto"]].last_state
    assert first is not None and first["map"]["grid"] == "square"
    assert first["map"]["walls"] and first["map"]["doors"]
    assert {s["id"] for s in first["map"]["ships"]} >= set(PEOPLE)
    sent: list[str] = []
    acted: dict[str, int] = {}
    end = time.monotonic() + 300
    while not app.game.over:
        assert time.monotonic() < end, "the fight did not get on"
        net.arrived.clear()
        app.step()
        for key, c in consoles.items():
            c.drain()
            st = c.last_state
            if key != "instructor" and st is not None and acted.get(key) != st["seq"]:
                acted[key] = st["seq"]
                decide(c, sent)
        if not app.consoles.inputs.qsize():
            net.arrived.wait(0.5)
    game = app.game
    by_console = {type(a).__name__ for a, by in zip(game.actions, game.by, strict=True)
                  if by == "console"}
    assert {"Choose", "RollResult"} <= by_console, by_console
    assert "Do" in by_console or "Choose" in by_console
    assert state_to_json(apply_all(new_game(game.scenario), game.actions)) == \
        state_to_json(game.state)
    settle(net, app, consoles)
    for key in KEYS.values():
        st = consoles[key].last_state
        assert st is not None and st["over"]


def test_each_phone_is_told_only_what_its_character_sees(net: Net) -> None:
    """The ambush: the raiders lie hidden, so the landing party's phones show none of them; the
    Instructor's console shows them all."""
    a = make_app(people=("kirk",), scenario="ambush", turns=4, seed=3)
    try:
        kirk = connect(net, a, "kirk/captain")
        inst = connect(net, a, "instructor")
        seen: Any = kirk.last_state
        assert seen is not None
        sides = {s["side"] for s in seen["map"]["ships"]}
        assert sides == {"federation"}
        assert seen["map"]["seen"] is not None
        everyone: Any = inst.last_state
        assert {s["side"] for s in everyone["map"]["ships"]} == {"federation", "orion"}
        assert everyone["map"]["seen"] is None
    finally:
        a.close()
        a.consoles.close()


def test_a_browser_draws_the_square_map(tmp_path: Path) -> None:
    with Rig(tmp_path, scenario="corridor", ship="giotto", people=("weapons",)) as rig, \
            Browser() as b:
        b.window("giotto", rig.url("giotto/weapons"), PHONE)
        b.until(lambda: b.js("return document.querySelectorAll('#map .wall').length > 0"),
                "no walls drawn")
        counts = b.js("""return ['wall', 'door', 'console-box', 'cover-high', 'hull', 'fog']
            .map(function (c) { return document.querySelectorAll('#map .' + c).length; })""")
        walls, doors, consoles, banks, figures, fog = counts
        assert walls > 20 and doors == 1 and consoles == 1 and banks == 1
        assert figures >= 2 and fog == 1
        assert not b.errors(), b.errors()


@pytest.mark.slow
def test_a_move_s_compass_is_three_to_a_row_in_the_payload() -> None:
    """The engine's Field.columns reaches the consoles: a move's directions are a compass, three
    to a row round "back" on a phone as on the bridge display; its facing is laid as it fits."""
    from consoles.payload import decision_json
    from engine import controls, pending
    from engine.rulesets import get
    from engine.stations import Seat

    ruleset = get("strpg")
    state = ruleset.new_game(ruleset.load_scenario("corridor", None))
    (d,) = controls(state, Seat("instructor"))
    state = apply_all(state, [d.make({"order": "characters/once"})])
    for face in range(1, 30):   # the action order's D10s, until somebody chooses
        p = pending(state)[0]
        if p.roll is None:
            break
        (d,) = controls(state, Seat(p.station, p.ship))
        state = apply_all(state, [d.make({"value": face % 10 + 1})])
    p = pending(state)[0]
    (d,) = controls(state, Seat(p.station, p.ship))
    state = apply_all(state, [d.make({"kind": "movement"})])
    (d,) = controls(state, Seat(p.station, p.ship))
    state = apply_all(state, [d.make({"kind": "move"})])
    (d,) = controls(state, Seat(p.station, p.ship))
    fields = {f["name"]: f for f in decision_json(d)["fields"]}
    assert fields["direction"]["columns"] == 3
    assert [c["value"] for c in fields["direction"]["choices"]][4] == "back"
    assert fields["facing"]["columns"] == 0
