"""What is decided at a panel was on the screen first: a press that puts a held roll result away
never also decides, a roll press whose dialog is not in front brings it forward instead of
rolling, and a press at an idle officer's panel leaves the panel that must act in front (the
real App with gpiozero's MockFactory pins, the display under SDL's dummy driver)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_app import SHIP, Rig
from test_panel_sync import until

from engine import pending
from readouts.shown_roll import ShownRoll


@pytest.mark.slow
def test_a_press_that_puts_a_result_away_does_not_decide(tmp_path: Path,
                                                         screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    display = rig.app.display
    display.holds.hold(ShownRoll(1, "Helm", "to-hit", 4, "MISS", "MISS", ()))
    before = len(rig.game.actions)
    rig.press(rig.panel_of("engineer"), "confirm")
    assert len(rig.game.actions) == before            # it only put the result away
    assert not display.holds.holding and "press again" in (display.message or "")
    rig.press(rig.panel_of("engineer"), "confirm")
    assert len(rig.game.actions) == before + 1        # the next press decides


@pytest.mark.slow
def test_a_press_at_an_idle_panel_leaves_the_acting_one_in_front(tmp_path: Path,
                                                                 screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    display = rig.app.display
    rig.step()
    assert display.tab == "engineer"
    idle = next(st for st in ("science", "helm") if not any(
        p.station == st and p.ship == SHIP for p in pending(rig.game.state)))
    rig.press(rig.panel_of(idle), "up")
    rig.step()
    assert display.tab == "engineer"                  # not "Nothing to do now" at the idle one
    assert "not now" in (display.message or "")
    display.activate(f"tab:{idle}")                   # a look at another panel by touch...
    display.holds.result = None
    display.show(rig.game.state)                      # ...and the game goes on: back
    assert display.tab == "engineer"


@pytest.mark.slow
def test_a_roll_is_made_only_once_its_dialog_was_on_screen(tmp_path: Path,
                                                           screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    for _ in range(200):   # to a roll of the crew's
        rig.settle()
        prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
        if prompt.roll is not None:
            break
        panel = rig.panel_of(prompt.station)
        before = len(rig.game.actions)
        rig.clock.advance(6.0)
        rig.step()
        rig.press(panel, "confirm")
        if len(rig.game.actions) == before:
            rig.press(panel, "confirm", long=True)
    assert prompt.roll is not None
    display = rig.app.display
    display.roll_on_screen = None                     # its dialog was never drawn
    display.holds.result = None
    before = len(rig.game.actions)
    rig.press(rig.panel_of(prompt.station), "confirm")
    assert len(rig.game.actions) == before            # brought forward, not rolled
    assert display.tab == prompt.station
    rig.step()                                        # drawn: now it is on the screen
    assert display.roll_seen(prompt.roll)
    rig.press(rig.panel_of(prompt.station), "confirm")
    assert len(rig.game.actions) > before             # rolled (the autopilot may go on)
    assert type(rig.game.actions[before]).__name__ == "RollResult"
