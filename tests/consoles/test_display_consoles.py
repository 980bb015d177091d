"""The Instructor's Consoles view: each seat's QR code drawn from segno's matrix with rects, found
from the Seats view, the links' secrets never written out as text."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from console_client import Net
from table_helpers import make_app, token

from consoles.links import qr_matrix
from display.draw_consoles import DARK, LIGHT, draw_code


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((800, 480))
    pygame.display.quit()


def test_a_code_is_drawn_module_for_module() -> None:
    modules = qr_matrix("http://192.168.4.1:8765/console#k=abcdefghijklmnopqrstuv")
    surface = pygame.Surface((400, 400))
    side = draw_code(surface, modules, 10, 20, 300)
    scale = side // len(modules)
    assert scale >= 2 and side <= 300
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            at = (10 + c * scale + scale // 2, 20 + r * scale + scale // 2)
            assert surface.get_at(at)[:3] == (DARK if dark else LIGHT), (r, c)


@pytest.mark.slow
def test_the_instructor_opens_the_codes_from_the_seats_view(screen: pygame.Surface,
                                                           net: Net) -> None:
    app = make_app(surface=screen)
    try:
        app.step()
        d = app.display
        d.activate("tab:instructor")
        d.activate("seats")
        d.dirty = True
        d.draw()
        assert "consoles" in [w.id for w in d.painter.widgets]
        d.activate("consoles")
        d.dirty = True
        d.draw()
        titles = {t.text for t in d.painter.texts}
        assert "CONSOLES" in titles and "Instructor" in titles
        assert not any("#k=" in t.text or token(app, "instructor") in t.text
                       for t in d.painter.texts)
        pages = [w for w in d.painter.widgets if w.id == "page:+1"]
        assert pages and pages[0].enabled   # more seats than fit one page: paged
        # a revoked link's new code replaces the old one at once
        old = d.console_codes
        app.consoles.instruct({"do": "revoke", "ship": "enterprise", "station": "helm"})
        assert d.console_codes != old
        d.activate("close-consoles")
        assert not d.showing_consoles
    finally:
        app.close()
        app.consoles.close()


@pytest.mark.slow
def test_a_crews_display_shows_no_codes(screen: pygame.Surface) -> None:
    from engine import Seat

    app = make_app(surface=screen)
    try:
        app.display.console_codes = None
        app.table.display_seat = Seat("captain", "enterprise")
        app.consoles.show_codes()
        assert app.display.console_codes is None
    finally:
        app.close()
        app.consoles.close()
