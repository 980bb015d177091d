"""A weapon's firing arc, shaded on the map while Helm arms or aims it, goes when that decision
does: the Movement Phase is not drawn under the arc of a phaser armed minutes before."""

from __future__ import annotations

import pygame
from game_helpers import play, start

from display.bridge_display import BridgeDisplay
from engine import Seat

SHIP = "enterprise"


def test_the_arc_of_the_weapon_being_armed_goes_with_the_arming_decision() -> None:
    pygame.font.init()
    arming, _ = play(start(), until=lambda s, p: p.action == "arm_weapons" and p.ship == SHIP)
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("helm", SHIP), lambda _: None)
    d.show(arming)
    d.activate("tab:helm")
    weapon = next(w.id for w in (d.draw(force=True), d.widgets)[1] if w.id.startswith("up:"))
    d.activate(weapon)   # a + on a weapon shows its arc
    assert d.map().arc_hexes, "the arc of the weapon being armed is shaded"
    moving, _ = play(start(), until=lambda s, p: p.action == "move" and p.ship == SHIP)
    d.show(moving)
    assert not d.map().arc_hexes, "the arc stayed on the map after the arming decision was made"
