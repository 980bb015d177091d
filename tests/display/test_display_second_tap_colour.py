"""The second tap that a shot asks for is a caution, not an alert: "Tap CONFIRM again to fire"
is drawn in the display's hint colour (theme.ACCENT_3), never in the red of a refusal
(theme.ALERT), as a panel's "hold confirm to fire" is."""

from __future__ import annotations

import pygame
import pytest
from test_display_turn import Table, screen  # noqa: F401  (the fixture)

from display import theme
from engine import pending
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState


def _colours_in(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    r = rect.clip(surface.get_rect())
    return {tuple(surface.get_at((x, y)))[:3] for x in range(r.x, r.right)  # type: ignore[misc]
            for y in range(r.y, r.bottom)}


@pytest.mark.slow
def test_the_armed_confirm_says_so_in_the_hint_colour(screen: pygame.Surface) -> None:  # noqa: F811
    table = Table(screen, seed=3)
    for _ in range(400):   # the autopilots up to the Enterprise's fire declaration
        prompt = pending(table.state)[0]
        if prompt.ship == "enterprise" and prompt.action == "fire":
            break
        assert isinstance(table.state, FasaState)
        table.apply(table.dice.roll(prompt.roll) if prompt.roll
                    else autopilot.decide(table.state, prompt))
    else:
        raise AssertionError("no fire declaration")
    if f"tab:{prompt.station}" in table.ids():
        table.tap(f"tab:{prompt.station}")
    table.display.frame()
    aims = [w.id for w in table.display.widgets
            if w.enabled and w.id.startswith("pick:") and not w.id.endswith((":-", ":~"))]
    assert aims, [w.id for w in table.display.widgets]
    table.tap(aims[0])
    table.tap("confirm")
    assert not table.out
    message = table.display.message or ""
    assert message.startswith("Tap CONFIRM again")
    drawn = [t for t in table.display.painter.texts if message.startswith(t.text[:12])
             and t.text]
    assert drawn, [t.text for t in table.display.painter.texts]
    colours = set().union(*(_colours_in(screen, t.rect) for t in drawn))
    assert theme.ACCENT_3 in colours and theme.ALERT not in colours
