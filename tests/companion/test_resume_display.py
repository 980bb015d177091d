"""A resumed game is replayed once: the bridge display's ticker and Rolls list come from the
resume's own replayed steps, never from a second replay of the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.saves import long_scenario
from companion.saves.saved_game import SavedGame, autopilot_step
from companion.saves.store import Store
from companion.table.app import App, Table
from engine import Seat, crew_stations


@pytest.mark.slow
def test_the_display_is_rebuilt_from_the_resumes_own_replay(
        tmp_path: Path, screen: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    store, _ = Store.open_folder(tmp_path)
    game = SavedGame.new(store, long_scenario(80), 3)
    while len(game.actions) < 250 and autopilot_step(game) is not None:
        pass
    store.close()

    def second_replay(*args: Any) -> Any:
        raise AssertionError("the log was replayed a second time")

    monkeypatch.setattr("display.bridge_display.replayed", second_replay)
    store, _ = Store.open_folder(tmp_path)
    resumed = SavedGame.resume(store, game.id)
    seats = {(ship, st): "autopilot" for ship in ("enterprise", "kronos")
             for st in crew_stations(resumed.state, ship)}
    app = App(resumed, Table(seats, surface=screen, display_seat=Seat("instructor"),
                             say=lambda line: None))
    display = app.display
    assert display is not None
    assert not display.message or "could not" not in display.message
    assert display.history, "the ticker has the replayed actions' lines"
    assert len(display.rolls) > 0, "the Rolls list has the replayed rolls"
    assert resumed.take_replayed() == ()   # handed over once, then let go
    store.close()
