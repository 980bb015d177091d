"""Nothing a player chooses is cut, at 800x480: at every decision of whole games (the command
level, the basic level, Knight Hawks), on every station's panel with a decision open, no
button's label, field's label, choice or choice's explanation is drawn cut to fit; a choice
field with many choices (Science's sensor questions) shows the chosen one whole, with its place
in the list, and < > reach every one of them."""

from __future__ import annotations

import pygame
import pytest

from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay
from display.paint import DrawnText
from engine import GameState, Seat, apply, controls, decide, new_game, pending
from engine.rulesets import get
from tests.display.game_helpers import scenario


class Clock:
    t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def cut_choices(d: BridgeDisplay) -> list[DrawnText]:
    """Texts drawn cut whose whole is something a player chooses by or reads to choose."""
    wanted: set[str] = {w.label for w in d.painter.widgets if w.label}
    for o in d.opens:
        for f in o.decision.fields:
            wanted.add(f.label)
            for c in f.choices:
                wanted.update(x for x in (c.label, getattr(c, "explain", "")) if x)
    return [t for t in d.painter.texts
            if t.cut and t.region in ("panel", "actions") and t.whole in wanted]


def start(level: str) -> GameState:
    if level == "knighthawks":
        return new_game(get("knighthawks").example_scenario())
    return new_game(scenario("duel", 2, level))


@pytest.mark.slow
@pytest.mark.parametrize("level", ["command", "basic", "knighthawks"])
def test_no_choice_or_label_is_cut_at_800x480(level: str) -> None:
    state = start(level)
    ship = str(state.ships[0].id)   # type: ignore[attr-defined]
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", ship), lambda _: None,
                      clock=Clock())
    dice = VirtualDice(5)
    cut: list[tuple[str, str, str]] = []
    checked = 0
    for _ in range(3000):
        prompts = pending(state)
        if not prompts:
            break
        d.show(state)
        d.holds.result = None
        for station in {o.station for o in d.opens if o.decision.action != "roll"}:
            d.activate(f"tab:{station}")
            d.draw(force=True)
            checked += 1
            cut += [(station, t.whole, t.text) for t in cut_choices(d)]
        p = prompts[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    assert checked > 5
    assert not cut, sorted(set(cut))[:12]


@pytest.mark.slow
def test_many_choices_show_the_chosen_one_whole_and_step_through_all() -> None:
    """Science's sensor question at the command level: every question reachable with > and
    drawn whole, its place ("3 of 18") beside it."""
    state = start("command")
    dice = VirtualDice(2)
    seat = Seat("science", "enterprise")
    for _ in range(3000):
        asked = [d for d in controls(state, seat)
                 if any(f.kind == "choice" and len(f.choices) >= 7 for f in d.fields)]
        if asked:
            break
        prompts = pending(state)
        assert prompts, "the game ended before Science was asked a long list"
        p = prompts[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", "enterprise"),
                      lambda _: None, clock=Clock())
    d.show(state)
    d.holds.result = None
    d.activate("tab:science")
    d.draw(force=True)
    field = next(f for f in asked[0].fields if f.kind == "choice" and len(f.choices) >= 7)
    allowed = [c for c in field.choices if c.problem is None]
    seen = set()
    for _ in range(len(allowed)):
        text = " ".join(t.text for t in d.painter.texts if t.region == "panel")
        chosen = next(c for c in allowed if c.label.split()[0] in text and
                      d.editor_of(d.decision_at("science")).values.get(field.name) == c.value)
        seen.add(chosen.value)
        assert f" of {len(field.choices)}" in text
        assert not cut_choices(d)
        d.activate(f"next:{field.name}")
        d.draw(force=True)
    assert seen == {c.value for c in allowed}
