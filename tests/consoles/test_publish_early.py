"""A console's action is sent to every console as soon as it is applied and saved, before the
autopilot's replies are worked out (issue 16, "Speed")."""

from __future__ import annotations

import pytest
from console_client import Net
from table_helpers import connect, make_app, play

from companion.table.seat_changes import turn_of

CREW = ("captain", "engineer", "helm", "science")


@pytest.mark.slow
def test_a_consoles_action_is_published_before_the_autopilot_answers(net: Net) -> None:
    app = make_app()
    try:
        consoles = {f"enterprise/{st}": connect(net, app, f"enterprise/{st}") for st in CREW}
        seen: list[tuple[bool, int]] = []   # (console's action published, autopilot's actions)
        pumped: list[tuple[int, int]] = []   # the game's actions before and after each pump
        autopilot, pump = app._autopilot, app.consoles.pump

        def counted_pump() -> int:
            first = len(app.game.actions)
            n: int = pump()
            pumped.append((first, len(app.game.actions)))
            return n

        def watched(t: float) -> None:
            before = len(app.game.actions)
            acted_by_console = bool(pumped) and pumped[-1][1] == before > pumped[-1][0]
            published = app.consoles.shown is app.game.state
            autopilot(t)
            if acted_by_console and len(app.game.actions) > before:
                seen.append((published, len(app.game.actions) - before))

        app.consoles.pump = counted_pump
        app._autopilot = watched   # type: ignore[method-assign]
        # a turn, or the game's end within it (the duel the consoles play depends on timing)
        play(net, app, consoles, lambda a: turn_of(a.game.state) >= 2 or a.game.state.over)
        assert seen, "no console action was answered by the autopilot in a turn"
        assert all(published for published, _ in seen), seen
    finally:
        app.close()
        app.consoles.close()
