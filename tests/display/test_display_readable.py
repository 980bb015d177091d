"""Results a player can read: a roll's result held on screen for the seat that rolled, targets
told apart and fire confirmed by a second tap, WHY? about the roll on screen."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import play, start

from companion.dice import VirtualDice
from display.bridge import BridgeDisplay, Output
from display.roll_result import HOLD_SECONDS
from engine import Seat, apply, pending

HELM = Seat("helm", "enterprise")


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.display.init()   # frame() drains the (dummy driver's) events
    pygame.font.init()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def words(d: BridgeDisplay) -> str:
    return " ".join(t.text for t in d.painter.texts)


def at_own_to_hit(seed: int = 1):  # type: ignore[no-untyped-def]
    """The duel up to the Enterprise's first to-hit roll, and that roll answered."""
    state, _ = play(start(turns=3), seed,
                    until=lambda s, p: p.roll is not None and p.ship == "enterprise"
                    and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None
    after, events = apply(state, VirtualDice(seed).roll(request))
    return state, after, events


def test_the_seat_that_rolled_sees_the_result_until_a_tap_or_a_few_seconds() -> None:
    before, after, events = at_own_to_hit()
    clock = Clock()
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, out.append, clock=clock)
    d.show(before)
    d.draw(force=True)
    assert any(w.id == "roll" for w in d.widgets)         # the roll dialog
    d.show(after, events)
    d.draw(force=True)
    rolled = next(e for e in events if type(e).__name__ == "Rolled")
    shot = next(e for e in events if type(e).__name__ == "ShotResolved")
    said = words(d)
    assert f"ROLLED {rolled.value}" in said                # the face
    assert ("HIT" in said) if shot.hit else ("MISS" in said)
    if shot.hit:
        assert f"for {shot.damage}" in said               # the damage
    assert "range" in said                                # what the shot was, whole
    assert not any(w.id.startswith(("die:", "confirm", "up:", "pick:")) for w in d.widgets), \
        "the next decision replaced the result at once"
    # a few seconds later, with no tap, the next decision is back (no sleeping: the clock moves)
    clock.now += HOLD_SECONDS - 0.5
    d.frame()
    assert "result-ok" in {w.id for w in d.widgets}
    assert d.wake_in() == pytest.approx(0.5)
    clock.now += 1
    assert d.frame()
    assert "result-ok" not in {w.id for w in d.widgets}
    assert d.wake_in() is None
    # and a tap puts it away at once
    d.show(before)
    d.show(after, events)
    d.draw(force=True)
    assert "result-ok" in {w.id for w in d.widgets}
    d.tap(5, 5)
    d.draw()
    assert "result-ok" not in {w.id for w in d.widgets} and not out


def test_the_held_results_why_explains_that_roll() -> None:
    before, after, events = at_own_to_hit()
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(before)
    d.show(after, events)
    d.draw(force=True)
    why = next(w for w in d.widgets if w.label == "WHY?")
    d.tap(*why.rect.center)
    d.draw()
    newest = d.rolls.newest()
    assert newest is not None and d.opened == newest.number
    assert "Firing Chart" in words(d)


def test_another_ships_roll_is_not_held_on_this_screen() -> None:
    state, _ = play(start(turns=3), 1,
                    until=lambda s, p: p.roll is not None and p.ship == "kronos"
                    and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None
    after, events = apply(state, VirtualDice(1).roll(request))
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(state)
    d.show(after, events)
    d.draw(force=True)
    assert "result-ok" not in {w.id for w in d.widgets}


def test_why_beside_a_roll_explains_that_roll_not_the_last_one() -> None:
    """The Enterprise's to-hit roll comes right after the Klingon's: WHY? says what this roll
    is and needs (the chart, the range, the number), citing the basic game's own rule."""
    state, history = play(start(turns=3), 1,
                          until=lambda s, p: p.roll is not None and p.ship == "enterprise"
                          and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None and request.needs is not None
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(state, [e for _, e in history])
    d.draw(force=True)
    why = next(w for w in d.widgets if w.label == "WHY?")
    d.tap(*why.rect.center)
    d.draw()
    said = words(d)
    assert "WHY: THIS ROLL" in said
    assert "This roll:" in said and f"needs {request.needs[0]}-{request.needs[1]}" in said
    assert "Book One, Basic Starship Tactics" in said and "Book Two" not in said
    last = [e for _, e in history if type(e).__name__ == "Rolled"][-1]
    assert last.request.ship == "kronos"     # the roll before was the enemy's...
    assert last.request.purpose not in said  # ...and WHY? is not about it


def gambit_fire() -> BridgeDisplay:
    """The Romulan Gambit at the basic level: the Constitution's Helm declaring fire with both
    Birds of Prey in reach."""
    from game_helpers import scenario

    from engine import new_game
    seat = Seat("helm", "constitution")
    state, _ = play(new_game(scenario("romulan-gambit", turns=5)), 1,
                    until=lambda s, p: p.ship == "constitution" and p.action == "fire"
                    and p.roll is None)
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None, clock=Clock())
    d.show(state)
    d.activate("tab:helm")
    d.draw(force=True)
    return d


def test_two_birds_of_prey_are_told_apart_on_the_fire_buttons() -> None:
    d = gambit_fire()
    names = {str(s["id"]): str(s["name"]) for s in d.view["ships"]}
    for field in {w.id.split(":")[1] for w in d.widgets if w.id.startswith("pick:")}:
        shown = {}
        for w in d.widgets:
            if w.id.startswith(f"pick:{field}:") and w.id.split(":")[2] in ("bop1", "bop2"):
                drawn = [t.text for t in d.painter.texts if w.rect.contains(t.rect)]
                shown[w.id.split(":")[2]] = drawn[0]
        if len(shown) == 2:
            assert shown["bop1"] != shown["bop2"], shown           # told apart...
            for sid, label in shown.items():
                assert not label.endswith("...")                  # ...whole...
                assert label in names[sid]                        # ...in the map's name
            return
    pytest.fail("no weapon could choose between the two Birds of Prey")


def test_firing_from_the_touchscreen_asks_a_second_tap() -> None:
    out: list[Output] = []
    d = gambit_fire()
    d.on_output = out.append
    pick = next(w for w in d.widgets if w.id.startswith("pick:") and w.enabled
                and not w.id.endswith(":-"))
    d.tap(*pick.rect.center)
    d.draw()
    confirm = next(w for w in d.widgets if w.id == "confirm")
    d.tap(*confirm.rect.center)
    d.draw()
    assert not out, "one tap fired"
    confirm = next(w for w in d.widgets if w.id == "confirm")
    assert confirm.label == "TAP AGAIN TO FIRE"
    assert "again to fire" in words(d)
    d.tap(*confirm.rect.center)
    assert len(out) == 1 and type(out[0]).__name__ == "DeclareFire"


def test_any_other_tap_disarms_the_first_tap() -> None:
    out: list[Output] = []
    d = gambit_fire()
    d.on_output = out.append
    d.activate("confirm")
    d.draw()
    d.activate("tab:captain")
    d.activate("tab:helm")
    d.draw()
    assert next(w for w in d.widgets if w.id == "confirm").label == "CONFIRM"
    d.activate("confirm")
    assert not out
