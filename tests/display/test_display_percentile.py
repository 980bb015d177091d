"""A percentile roll (the expert level's Skill Roll) made by hand: its dialog offers the tens die,
then the units die, each a row of ten that fits the screen, not a hundred buttons, with who rolls
and what for still above them at 800x480; 00 and 0 is 100."""

from __future__ import annotations

import pygame
from test_display_screens import check_laid_out

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from display.bridge_display import BridgeDisplay, Output
from engine import Seat, apply, decide, new_game, pending
from engine.dice import Die

SHIP = "enterprise"


def skill_roll():  # type: ignore[no-untyped-def]
    state = new_game(prepare(load_scenario("duel", None), None, "expert", None, 5))
    dice = VirtualDice(3)
    for _ in range(3000):
        p = pending(state)[0]
        if p.roll is not None and p.ship == SHIP and p.roll.kind == Die.D100:
            return state
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    raise AssertionError("no percentile roll for the Enterprise")


def test_a_percentile_roll_by_hand_is_a_tens_and_a_units_die() -> None:
    pygame.font.init()
    state = skill_roll()
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", SHIP), out.append)
    d.show(state)
    d.draw(force=True)
    ids = {w.id for w in d.widgets}
    assert {f"tens:{n}" for n in range(10)} <= ids
    assert not any(i.startswith(("die:", "units:")) for i in ids)
    check_laid_out(d, (800, 480))
    words = " ".join(t.text for t in d.painter.texts)
    assert "ROLL: CAPTAIN" in words   # who rolls, above the faces (it was pushed off the panel)
    d.activate("tens:4")
    d.draw(force=True)
    ids = {w.id for w in d.widgets}
    assert {f"units:{n}" for n in range(10)} | {"tens:-"} <= ids
    assert not any(i.startswith("tens:") and i != "tens:-" for i in ids)
    assert "tens 40" in " ".join(t.text for t in d.painter.texts)
    check_laid_out(d, (800, 480))
    d.activate("tens:-")   # the tens die again: a slip of the finger is mended before the units
    d.activate("tens:4")
    d.activate("units:7")
    assert [getattr(a, "value", None) for a in out] == [47]
    d.activate("tens:0")
    d.activate("units:0")
    assert getattr(out[-1], "value", None) == 100


def test_the_digit_keys_enter_a_percentile_roll_tens_then_units() -> None:
    """The screen's digits (display.screen_keys) type a roll by hand: the tens, then the units."""
    pygame.font.init()
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", SHIP), out.append)
    d.show(skill_roll())
    d.draw(force=True)
    d.key(pygame.K_6)
    d.draw(force=True)
    d.key(pygame.K_2)
    assert [getattr(a, "value", None) for a in out] == [62]
