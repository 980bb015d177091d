"""The Instructor's panel ends the game (engine `end_game`, Book Two, Command & Control, seed
line 1453) when it has nothing else to edit: a short press of END PHASE asks for a held one, as
the self-destruct order's confirm does; the held press makes the ruling."""

from __future__ import annotations

from typing import Any

import engine
from companion.session import load_scenario, prepare
from engine import Seat
from engine.rulesets.fasa.command.ruling import EndGame
from hardware import functions as fn
from hardware.debounce import LONG, PRESS
from hardware.panel import PanelModel

COMMAND = {**prepare(load_scenario("duel", None), None, "command", None, 3), "id": "duel-cc"}


def _idle_for(seat: Seat) -> Any:
    """The game's first state, in which `seat` has no prompt of its own."""
    state: Any = engine.new_game(COMMAND)
    assert not engine.pending(state, seat), engine.pending(state, seat)
    return state


def test_the_instructors_panel_holds_end_phase_to_end_the_game() -> None:
    seat = Seat("instructor", "kronos")
    state = _idle_for(seat)
    model = PanelModel(seat)
    editor = model.sync(state)
    assert editor is not None and editor.decision.action == "end_game"
    assert model.press(fn.NEXT_CHOICE, PRESS, state).refused is None   # the winner: a side
    assert model.press(fn.SELECT, PRESS, state).refused is None        # on to the victory
    assert model.press(fn.NEXT_CHOICE, PRESS, state).refused is None   # decisive -> marginal
    assert editor.values["winner"] != "" and editor.values["kind"] == "marginal victory"
    short = model.press(fn.END_PHASE, PRESS, state)
    assert short.action is None and short.note and "hold" in short.note
    held = model.press(fn.END_PHASE, LONG, state)
    assert isinstance(held.action, EndGame), held
    assert engine.problem(state, held.action) is None
    after: Any = engine.apply(state, held.action)[0]
    assert after.step == "over" and after.winner == held.action.winner != ""


def test_a_ships_panel_never_edits_the_ruling() -> None:
    state: Any = engine.new_game(COMMAND)
    for station in engine.crew_stations(state, "enterprise"):
        model = PanelModel(Seat(station, "enterprise"))
        editor = model.sync(state)
        assert editor is None or editor.decision.action != "end_game"
