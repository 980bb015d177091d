"""The dice tray at the table (issue 14, "the dice tray must never jam"; issue 15, the dice
link): the app's loop with the real DiceBridge, router and panels. Tray events are put on the
bridge's own queue (the edge the link threads write to), or come from the emulator over a
pseudo-terminal; the display runs under SDL's dummy driver."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from companion.saves.saved_game import autopilot_action
from engine import Action, Prompt, apply, crew_stations, pending
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.link import TrayRoll, TrayStatus
from firmware_bridge.protocol import Roll
from firmware_bridge.router import config_from_dict, manual_roll
from tests.companion.test_app import SHIP, Rig

SERVED = [f"{SHIP}/{st}" for st in ("captain", "helm", "science", "engineer")]


def bridge(fallback: str = "virtual", url: str = "loop://") -> DiceBridge:
    """A bridge whose link is not started (unless the test starts it): the test speaks for the
    link on its `events` queue."""
    return DiceBridge(config_from_dict({"fallback": fallback, "trays": [
        {"id": "tray-1", "url": url, "seats": SERVED}]}))


def served_panels(rig: Rig) -> list[str]:
    return [rig.panel_of(st) for st in crew_stations(rig.game.state, SHIP)]


def red(rig: Rig, panel: str) -> float:
    return rig.app.bridges[0].lit()[panel].get("red", 0.0)


def ours(rig: Rig) -> Prompt:
    return next(p for p in pending(rig.game.state) if p.ship == SHIP)


def play_until(rig: Rig, stop: Callable[[Prompt, Action], bool]) -> tuple[Prompt, Action]:
    """The Enterprise's crew decides as the autopilot would (through the display's outputs, one
    decision a step) until `stop(prompt, decision)` holds; returns that prompt and decision."""
    for _ in range(400):
        rig.settle()
        assert not rig.game.over
        prompt = ours(rig)
        decision = autopilot_action(rig.game, prompt)
        if stop(prompt, decision):
            return prompt, decision
        rig.app.outputs.put(decision)
        rig.step()
    raise AssertionError("never got there")


@pytest.mark.slow
def test_the_alert_is_out_at_the_start_lit_when_lost_and_out_when_back(
        tmp_path: Path, screen: pygame.Surface) -> None:
    dice = bridge()
    rig = Rig(tmp_path, screen, dice=dice)
    panels = served_panels(rig)
    # a configured tray not heard yet is not a lost one: no red alert at the start
    assert rig.app.dice_status() == "tray starting"
    assert not any(rig.app.bridges[0].stations[p].model.alert for p in panels)
    dice.events.put(TrayStatus("tray-1", True, "tray tray-1 heard"))
    rig.step(2)   # (the lights follow the trays' news in the next step)
    assert all(red(rig, p) == 0 for p in panels)
    dice.events.put(TrayStatus("tray-1", False, "no heartbeat for 3.0 s"))
    rig.step(2)
    assert rig.app.dice_status() == "tray lost"
    assert all(red(rig, p) > 0 for p in panels)
    dice.events.put(TrayStatus("tray-1", True, "tray tray-1 heard"))
    rig.step(2)
    assert rig.app.dice_status() == "tray connected"
    assert not any(rig.app.bridges[0].stations[p].model.alert for p in panels)
    assert all(red(rig, p) == 0 for p in panels)   # out when the tray is back


@pytest.mark.slow
def test_fallback_manual_asks_for_the_number_and_never_rolls_a_virtual_die(
        tmp_path: Path, screen: pygame.Surface) -> None:
    from display.bridge_display import Request

    dice = bridge("manual")
    rig = Rig(tmp_path, screen, dice=dice)
    dice.events.put(TrayStatus("tray-1", False, "no heartbeat for 3.0 s"))
    prompt, _ = play_until(rig, lambda p, d: p.roll is not None)
    assert prompt.roll is not None
    n = len(rig.game.actions)
    rig.app.outputs.put(Request("roll", prompt.station, prompt.ship))   # ROLL THE DICE
    rig.step()
    assert len(rig.game.actions) == n   # no virtual die
    message = rig.app.display.message or ""
    assert "lost: roll by hand and tap the number rolled" in message, message
    rig.press(rig.panel_of(prompt.station), "confirm")   # the panel's ROLL: the same
    assert len(rig.game.actions) == n
    rig.app.outputs.put(manual_roll(prompt.roll, 7))   # the number tapped on the display
    rig.step()
    assert len(rig.game.actions) > n and rig.game.by[n] == "manual"
    assert rig.game.actions[n].to_json()["value"] == 7


@pytest.mark.slow
def test_roll_the_dice_with_a_tray_says_so_and_lights_the_tray(
        tmp_path: Path, screen: pygame.Surface) -> None:
    from display.bridge_display import Request
    from firmware_bridge.emulator import TrayEmulator

    dev = tmp_path / "tray"
    with TrayEmulator(link_path=dev, seed=3) as emu:
        dice = bridge(url=str(dev))
        dice.links[0].heartbeat_timeout = 60   # a busy machine is slow
        with dice:
            rig = Rig(tmp_path, screen, dice=dice)
            deadline = time.monotonic() + 60
            while rig.app.dice_status() != "tray connected":
                assert time.monotonic() < deadline, "the tray never said HELLO"
                rig.step()
            prompt, _ = play_until(rig, lambda p, d: p.roll is not None)
            n = len(rig.game.actions)
            rig.app.outputs.put(Request("roll", prompt.station, prompt.ship))
            rig.step()
            assert len(rig.game.actions) == n
            message = rig.app.display.message or ""
            assert message.startswith("Roll the tray now (tray-1)"), message
            assert emu.calls.get(timeout=5) == 20 and emu.tray.calling == 20   # its light
            emu.roll(11)
            while len(rig.game.actions) == n:
                assert time.monotonic() < deadline, "the tray's roll never arrived"
                rig.step()
            assert rig.game.by[n] == "tray" and emu.tray.calling == 0
            assert emu.calls.get(timeout=5) == 0   # the host says the call is over


@pytest.mark.slow
def test_a_roll_thrown_before_its_request_existed_answers_nothing(
        tmp_path: Path, screen: pygame.Surface) -> None:
    """Issue 15: a roll read before the step in which its request is made was taken by it."""
    dice = bridge()
    rig = Rig(tmp_path, screen, dice=dice)
    dice.events.put(TrayStatus("tray-1", True, "tray tray-1 heard"))

    def makes_our_roll(prompt: Prompt, decision: Action) -> bool:
        if prompt.roll is not None:
            return False
        after, _ = apply(rig.game.state, decision)
        return any(p.roll is not None and p.ship == SHIP for p in pending(after))

    _, decision = play_until(rig, makes_our_roll)
    n = len(rig.game.actions)
    dice.events.put(TrayRoll("tray-1", Roll(40, "tray-1", 20, 13), time.monotonic()))
    rig.app.outputs.put(decision)   # the decision that makes the request, in the same step
    rig.step()
    assert rig.game.actions[n] == decision
    assert "tray" not in rig.game.by[n:], rig.game.by[n:]
    assert any(p.roll is not None and p.ship == SHIP for p in pending(rig.game.state))
    assert any("before" in m and "ignored: roll again" in m for m in rig.app.messages), \
        rig.app.messages[-3:]
    # a roll thrown now answers it
    dice.events.put(TrayRoll("tray-1", Roll(41, "tray-1", 20, 13), time.monotonic()))
    rig.step()
    assert rig.game.by[n + 1] == "tray"
