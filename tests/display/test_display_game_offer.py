"""The game chooser (display.game_offer, display.draw_game_offer, display.offer_screen): the
game systems, the levels with a line each (the basic game suggested for a first game), the
scenario with its goal, KEYS, START; whole at every size; and the choice it tells."""

from __future__ import annotations

import pygame
import pytest

from companion.table.first_game import game_offer
from display import game_offer as go
from display.draw_game_offer import GameChooser
from display.keys_sheet import PanelKeys
from display.layout import SIZES
from display.offer_screen import OfferScreen


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


@pytest.fixture(scope="module")
def offer() -> go.GameOffer:
    return game_offer(None, "fasa")


def screen(offer: go.GameOffer, size: tuple[int, int] = (800, 480)) -> OfferScreen:
    keys = (PanelKeys("captain", "captain", (("t", "up"), ("g", "confirm"))),)
    return OfferScreen(pygame.Surface(size), GameChooser(
        offer, go.start(offer, "duel"), first=True, keys=True), "YOUR FIRST GAME", keys)


def test_the_offer_has_every_game_system_its_levels_and_scenarios(offer: go.GameOffer) -> None:
    assert [s.ruleset for s in offer.systems][:1] == ["fasa"]
    assert {"fasa", "knighthawks", "halfimpulse"} <= {s.ruleset for s in offer.systems}
    fasa = offer.system("fasa")
    assert [lv.id for lv in fasa.levels] == ["basic", "advanced", "expert", "command"]
    assert all(lv.line for lv in fasa.levels) and not offer.system("knighthawks").levels
    assert {s.id for s in offer.of("knighthawks")} >= {"patrol", "fleet"}
    duel = next(s for s in offer.scenarios if s.id == "duel")
    assert duel.goal and "Enterprise" in duel.story


def test_choices_step_within_a_system_and_keep_a_level_each(offer: go.GameOffer) -> None:
    c = go.start(offer, "duel")
    assert go.choice_of(offer, c) == "scenario:duel@basic"       # the basic game first
    c = go.with_level(offer, c, "command")
    c = go.with_system(offer, c, "knighthawks")
    assert go.choice_of(offer, c).startswith("scenario:") and "@" not in go.choice_of(offer, c)
    c = go.with_system(offer, c, "fasa")
    assert go.choice_of(offer, c).endswith("@command")             # its level kept
    seen = {go.stepped(offer, c, n).scenario for n in (1, -1)}
    assert all(offer.scenarios[[s.id for s in offer.scenarios].index(i)].ruleset == "fasa"
               for i in seen)
    assert go.with_level(offer, c, "no-such-level") == c
    assert go.parse_choice("scenario:fasa:patrol@advanced") == ("fasa:patrol", "advanced")
    assert go.next_level(offer, "fasa", "basic") == "advanced"
    assert go.next_level(offer, "fasa", "command") == ""
    assert go.next_level(offer, "knighthawks", "") == ""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_system_is_drawn_whole_with_touch_sized_targets(offer: go.GameOffer,
                                                              size: tuple[int, int]) -> None:
    s = screen(offer, size)
    for system in offer.systems:
        s.activate(f"offer-system:{system.ruleset}")
        s.draw()
        texts = s.painter.texts
        assert not [t.text for t in texts if t.cut], system.ruleset
        for n, t in enumerate(texts):
            assert pygame.Rect((0, 0), size).contains(t.rect), t.text
            assert all(not t.rect.colliderect(o.rect) for o in texts[n + 1:]), (t.text,)
        widgets = s.painter.widgets
        assert all(min(w.rect.size) >= 48 for w in widgets)
        for n, w in enumerate(widgets):
            assert all(not w.rect.colliderect(o.rect) for o in widgets[n + 1:]), w.id
        ids = {w.id for w in widgets}
        assert {"offer-start", "offer-keys"} <= ids
        words = " ".join(t.text for t in texts)
        if system.levels:   # every level with its line, the first suggested
            assert {f"offer-level:{lv.id}" for lv in system.levels} <= ids
            assert "Suggested for a first game" in words
        else:
            assert "one set of rules" in words


def test_start_tells_the_choice_and_keys_opens_the_sheet(offer: go.GameOffer) -> None:
    s = screen(offer)
    s.draw()
    assert s.activate("offer-level:advanced") is None
    s.activate("offer-keys")
    s.draw()
    assert "close-keys" in {w.id for w in s.painter.widgets}
    assert "T up · G confirm" in " ".join(t.text for t in s.painter.texts)
    s.activate("close-keys")
    s.draw()
    assert s.key(pygame.K_RIGHT) is None and s.key(pygame.K_UP) is None   # basic again
    choice = s.key(pygame.K_RETURN)
    assert choice is not None and choice.endswith("@basic") and choice != "scenario:duel@basic"
    assert s.key(pygame.K_ESCAPE) == "quit"
