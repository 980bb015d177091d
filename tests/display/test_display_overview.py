"""The Instructor's overview of every ship, from the Instructor's view: superstructure, power,
shields, weapons and whose move, in words; and tabs that name the ship whose panel they show."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import play, scenario

from display.bridge_display import BridgeDisplay
from display.overview_model import overview, short_name
from engine import Seat, new_game, view


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_the_overview_has_every_ship_in_words() -> None:
    state = new_game(scenario("skirmish"))
    rows = overview(view(state, Seat("instructor")))
    assert [r.name for r in rows] == ["Lance", "Bastion", "Spear", "Citadel"]
    lance = rows[0]
    assert lance.cells == ("4 of 4", "9", "0 0 0 0 0 0", "0 of 4")
    assert lance.acting == "Engineering" and not lance.hurt
    # later: allocations, armed weapons, damage
    later, _ = play(state, seed=3, until=lambda s, p: getattr(s, "turn", 0) >= 2
                    and p.station == "helm")
    rows = overview(view(later, Seat("instructor")))
    by = {r.id: r for r in rows}
    assert by["bastion"].cells[1] == "21 (10/4/7)"         # power as it was allocated
    assert by["bastion"].acting == "Helm, Science"          # both stations the table waits for
    assert by["lance"].status == "disabled" and by["lance"].hurt
    assert "x" in by["lance"].cells[2]                      # a damaged shield generator


def test_the_instructor_screen_shows_the_overview_and_names_the_tabs_ships() -> None:
    state = new_game(scenario("skirmish"))
    display = BridgeDisplay(pygame.Surface((800, 480)), Seat("instructor"), lambda _: None)
    display.show(state)
    display.activate("tab:instructor")
    display.draw(force=True)
    panel = [t.text for t in display.painter.texts if t.region == "panel"]
    for name in ("Lance", "Bastion", "Spear", "Citadel"):
        assert name in panel, (name, panel)      # every ship, at 800x480
    assert "Super-" in panel and "structure" in panel and "Shields 1-6" in panel
    assert "4 of 4" in panel and "11 of 11" in panel
    assert not any(t.startswith("SS ") for t in panel)
    assert "to act: Engineering" in panel
    notes = {w.id: w.note for w in display.widgets if w.id.startswith("tab:")}
    assert notes["tab:engineer"] == "Lance"      # the panel it shows: the first to act
    assert all(notes[f"tab:{st}"] for st in ("captain", "helm", "science"))


def test_short_names_tell_ships_apart() -> None:
    assert short_name("USS Enterprise") == "Enterprise"
    assert short_name("IKS Kronos One") == "Kronos"
    assert short_name("Bird of Prey Talon") != short_name("Bird of Prey Shrike")
    assert short_name("Lt. Giotto") == "Giotto" and short_name("James T. Kirk") == "Kirk"
