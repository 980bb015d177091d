"""The main loop sleeps until an input (companion/table/wakeups.py): nothing due on an idle table, a
panel's press and a tray's roll wake it, and panel buttons keep no thread of their own."""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.table.wakeups import MAX_WAIT, Wakeups, WakingQueue, due_in
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.router import DiceConfig, TrayConfig
from hardware.devices import open_panel
from hardware.pinmap import load_pinmap
from tests.companion.test_app import Rig


@pytest.mark.slow
def test_an_idle_table_has_nothing_due_and_a_press_wakes_the_loop(
        tmp_path: Path, screen: Any) -> None:
    rig = Rig(tmp_path, screen)
    rig.settle()
    rig.clock.advance(5.0)          # past any flash
    rig.step()
    app = rig.app
    app.wakeups.flag.clear()
    # Only blinking lights (the seat to act blinks its "your move") are due: never a frame's
    # worth of polling with nothing happening.
    blinking = any(st.blinks for b in app.bridges for st in b.stations.values())
    due = due_in(app, rig.clock())
    if blinking:
        assert due <= rig.pins.blink_ms / 1000
    else:
        assert due == MAX_WAIT
    assert due > 1 / rig.app.table.fps
    panel = rig.panel_of("engineer")
    rig.factory.pin(rig.pins.panels[panel].buttons["up"].pin).drive_low()
    assert app.wakeups.flag.is_set()       # the press's edge woke the loop
    app.wakeups.wait(MAX_WAIT)             # returns at once, and takes the wake
    assert not app.wakeups.flag.is_set()


@pytest.mark.slow
def test_the_autopilot_and_a_held_button_are_due_within_a_frame(
        tmp_path: Path, screen: Any) -> None:
    rig = Rig(tmp_path, screen)
    app = rig.app
    frame = 1 / app.table.fps
    if not app.waiting_for_people():
        assert due_in(app, rig.clock()) <= frame
    rig.settle()
    panel = rig.panel_of("engineer")
    rig.factory.pin(rig.pins.panels[panel].buttons["up"].pin).drive_low()
    rig.step()
    assert due_in(app, rig.clock()) <= frame   # a long press is timed while it is held


def test_panel_buttons_start_no_thread_each() -> None:
    pins = load_pinmap()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    spec = next(iter(pins.panels.values()))
    before = threading.active_count()
    panel = open_panel(spec, factory, queue.Queue(), lambda: 0.0)
    try:
        assert panel.buttons, "the panel has buttons"
        assert threading.active_count() == before
    finally:
        panel.close()
        factory.close()


def test_a_dice_tray_made_with_the_loop_s_inbox_wakes_it() -> None:
    pygame.display.init()
    try:
        wakeups = Wakeups(display=True)
        inbox: WakingQueue[Any] = WakingQueue(wakeups.wake)
        dice = DiceBridge(DiceConfig(trays=(TrayConfig("left", "loop://"),)), events=inbox)
        assert dice.events is inbox and all(link.events is inbox for link in dice.links)
        assert not wakeups.flag.is_set()
        dice.links[0].events.put("a roll")   # type: ignore[arg-type]  # as its reader thread
        assert wakeups.flag.is_set()
        assert dice.events.get_nowait() == "a roll"
    finally:
        pygame.display.quit()


def test_the_window_is_not_drawn_through_opengl(monkeypatch: Any) -> None:
    from display.screen import open_screen

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    open_screen((320, 240), False)
    try:
        import os

        assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    finally:
        pygame.display.quit()


def test_where_sdl_cannot_wait_the_loop_blocks_on_the_input_devices(tmp_path: Path) -> None:
    """Under KMSDRM the loop selects on the input devices SDL reads (a FIFO stands in for
    /dev/input/event0 here) and on the input threads' pipe."""
    import os

    device = tmp_path / "event0"
    os.mkfifo(device)
    pygame.display.init()
    try:
        wakeups = Wakeups(display=True, inputs=[str(device), str(tmp_path / "missing")])
        assert len(wakeups.inputs) == 1, "a device that cannot be opened is left out"
        assert "input devices" in wakeups.how
        writer = os.open(device, os.O_WRONLY | os.O_NONBLOCK)
        os.write(writer, b"a touch")
        assert wakeups.wait(MAX_WAIT) == "input"
        assert wakeups.wait(0.01) == "due"      # our copy of the events was read
        wakeups.wake()                          # a panel's press, from its thread
        assert wakeups.wait(MAX_WAIT) == "woken"
        threading.Thread(target=wakeups.wake).start()
        assert wakeups.wait(MAX_WAIT) == "woken"
        os.close(writer)                        # the device unplugged
        assert wakeups.wait(MAX_WAIT) == "input"
        assert wakeups.inputs == []
        wakeups.close()
    finally:
        pygame.display.quit()



@pytest.mark.slow
def test_a_roll_result_held_on_screen_is_due_when_its_time_runs_out(
        tmp_path: Path, screen: Any) -> None:
    from readouts.shown_roll import HOLD_SECONDS, ShownRoll

    rig = Rig(tmp_path, screen)
    rig.settle()
    rig.clock.advance(5.0)
    rig.step()
    display = rig.app.display
    assert display is not None
    display.holds.hold(ShownRoll(1, "Helm · USS Enterprise", "to-hit", 7, "MISS", "MISS", ()))
    # a moment when nothing else is due soon: the held result's end is what wakes the loop
    for _ in range(40):
        rig.clock.advance(HOLD_SECONDS / 40)
        left = display.holds.until - rig.clock()
        saved, display.holds.result = display.holds.result, None
        quiet = due_in(rig.app, rig.clock())
        display.holds.result = saved
        if 0 < left < quiet:
            assert due_in(rig.app, rig.clock()) <= left
            return
    raise AssertionError("no moment found where the held result was due first")


def test_a_console_s_input_wakes_the_loop_its_queue_was_made_with() -> None:
    from companion.table.consoles import ConsoleQueue
    from consoles import ConsoleInput

    wakeups = Wakeups(display=False)
    inputs = ConsoleQueue(wakeups.wake)
    assert wakeups.wait(0) == "due"
    inputs.put(ConsoleInput("view", 1, {"type": "join"}, None))   # as the server's thread does
    assert wakeups.wait(MAX_WAIT) == "woken" and inputs.get_nowait().seat == "view"


@pytest.mark.slow
def test_a_headless_table_with_panels_sleeps_until_a_press(tmp_path: Path) -> None:
    """The loop is woken by the press's edge (the bridge was made with the loop's inbox), not by
    looking at the panels every few milliseconds."""
    rig = Rig(tmp_path, None)
    rig.settle()
    app = rig.app
    pins = rig.pins
    panel = rig.panel_of("engineer")
    app.wakeups.flag.clear()
    rig.factory.pin(pins.panels[panel].buttons["confirm"].pin).drive_low()
    assert app.wakeups.flag.is_set()   # the edge, put on the bridge's inbox, woke the loop
    app.wait()
    assert not app.wakeups.flag.is_set()
