"""Load: 12 consoles connected through a whole game, the Enterprise played from four of them (each
action sent twice, as a retry would), the Klingon on the autopilot, eight more watching."""

from __future__ import annotations

import pytest
from console_client import Net
from table_helpers import connect, expected_state, make_app, play, received, settle

from engine import apply_all, new_game, state_to_json

CREW = ("captain", "engineer", "helm", "science")


@pytest.mark.slow
def test_twelve_consoles_through_a_whole_game_lose_nothing_and_apply_nothing_twice(
        net: Net) -> None:
    app = make_app(turns=3)
    try:
        players = {f"enterprise/{st}": connect(net, app, f"enterprise/{st}") for st in CREW}
        watchers = {f"kronos/{st}": connect(net, app, f"kronos/{st}") for st in CREW}
        watchers["instructor"] = connect(net, app, "instructor")
        watchers["view"] = connect(net, app, "view")
        twins = {"enterprise/helm": connect(net, app, "enterprise/helm"),
                 "enterprise/engineer": connect(net, app, "enterprise/engineer")}
        assert app.consoles.server.connections() == 12
        sent = play(net, app, players, lambda a: a.game.over, twice=True)   # type: ignore[arg-type]
        everyone = {**players, **watchers}
        settle(net, app, everyone)   # type: ignore[arg-type]
        settle(net, app, {f"twin {k}": c for k, c in twins.items()})
        game = app.game
        assert game.over and "autopilot" in game.by
        # nothing applied twice: one action per id that was answered ok, every id answered twice
        answers: dict[str, list[bool]] = {}
        for c in players.values():
            for m in c.seen:
                if m.get("type") == "result":
                    answers.setdefault(m["id"], []).append(m["ok"])
        assert set(answers) == set(sent)
        assert all(len(v) == 2 and v[0] == v[1] for v in answers.values())
        assert game.by.count("console") == sum(v[0] for v in answers.values()) >= 20
        assert state_to_json(apply_all(new_game(game.scenario), game.actions)) == \
            state_to_json(game.state)
        # nothing lost: states in order, each console's last one its seat's payload now
        for key, c in [*everyone.items(), *twins.items()]:
            seqs = [m["seq"] for m in c.seen if m.get("type") == "state"]
            assert seqs == sorted(set(seqs)) and seqs[-1] == app.consoles.sent[
                c.last_state["seat"]], key   # type: ignore[index]
            assert received(c) == expected_state(app, key), key
            assert not any(m.get("type") == "refused" for m in c.seen), key
        assert app.consoles.server.drops == 0 and app.consoles.server.connections() == 12
    finally:
        app.close()
        app.consoles.close()
