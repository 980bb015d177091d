"""An offer the game does not wait for (the self-destruct order each Power Allocation Phase, a
warp speed Helm may leave) is not a step to take: its station's panel shows a button that opens
it, the panel lights no "your move", and the station that must act comes forward instead."""

from __future__ import annotations

import pygame
import pytest

from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay
from engine import GameState, Seat, apply, decide, new_game, pending
from hardware.panel import PanelModel
from tests.display.game_helpers import scenario


class Clock:
    def __call__(self) -> float:
        return 0.0


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def power_with_fire_order_given() -> GameState:
    """The command level's first Power Allocation, the Captain's fire order given: the
    Captain has only the self-destruct offer left."""
    state = new_game(scenario("duel", 2, "command"))
    dice = VirtualDice(1)
    while True:
        prompts = pending(state)
        if getattr(state, "step", "") == "power" and not any(
                p.ship == "enterprise" and str(p.station) == "captain"
                and p.action != "self_destruct" for p in prompts):
            return state
        p = next((p for p in prompts if p.action != "self_destruct"), prompts[0])
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))


def test_the_self_destruct_offer_is_a_button_not_a_step() -> None:
    state = power_with_fire_order_given()
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", "enterprise"),
                      lambda _: None, clock=Clock())
    d.show(state)
    assert d.tab != "captain"                     # whoever must act is in front
    d.activate("tab:captain")
    d.draw(force=True)
    ids = {w.id for w in d.widgets}
    assert "offer:self_destruct" in ids and "confirm" not in ids
    d.activate("offer:self_destruct")
    d.draw(force=True)
    ids = {w.id: w.label for w in d.widgets}
    assert "confirm" in ids and ids["offer:self_destruct"] == "CLOSE"
    d.activate("offer:self_destruct")
    d.draw(force=True)
    assert "confirm" not in {w.id for w in d.widgets}


def test_an_offer_lights_no_your_move_at_the_panel() -> None:
    state = power_with_fire_order_given()
    captain = PanelModel(Seat("captain", "enterprise"))
    lamps = captain.lamps(state, 0.0, False)
    assert lamps["green"].level == 0
    engineer = PanelModel(Seat("engineer", "enterprise"))
    assert engineer.lamps(state, 0.0, False)["green"].level == 1
