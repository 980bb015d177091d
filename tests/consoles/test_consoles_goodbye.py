"""The end of a game reaches every console before the table closes: the last state, then the
table's goodbye in words, then a close frame (never a console left saying "reconnecting…" to a
table that has gone)."""

from __future__ import annotations

import pytest
from console_client import CLOSED, Net
from table_helpers import connect, make_app

SEATS = ("enterprise/captain", "enterprise/helm", "instructor", "view")


@pytest.mark.slow
def test_at_game_over_every_console_gets_the_last_state_then_goodbye_then_a_close_frame(
        net: Net) -> None:
    app = make_app(people=(), turns=1)   # the autopilots play: the phones watch
    consoles = {seat: connect(net, app, seat) for seat in SEATS}
    try:
        while not app.game.over:
            app.step()
        app.consoles.close(app.consoles.farewell())   # at once, as `starbridge stations` does
        for seat, c in consoles.items():
            got = [c.recv()]
            while got[-1] is not CLOSED:
                got.append(c.recv())
            states = [m for m in c.seen if m.get("type") == "state"]
            assert states and states[-1]["over"] is True, f"{seat} never saw the end"
            assert got[-2]["type"] == "goodbye", f"{seat}: {got[-2]}"
            assert got[-2]["reason"].startswith("Game over: ")
            assert got[-2]["reason"].endswith("The table has closed.")
            assert c.ws.close_code == 1000, f"{seat} was cut, not closed"
    finally:
        app.close()


def test_a_table_closed_mid_game_says_so_to_every_console(net: Net) -> None:
    app = make_app()
    helm = connect(net, app, "enterprise/helm")
    try:
        app.consoles.close(app.consoles.farewell())
        got = helm.recv()
        while got.get("type") == "state":
            got = helm.recv()
        assert got == {"v": 1, "type": "goodbye", "reason": "The table has closed."}
        assert helm.recv() is CLOSED and helm.ws.close_code == 1000
    finally:
        app.close()
