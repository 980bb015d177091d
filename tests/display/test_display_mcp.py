"""The RECORD page: the Master Control Panel of the seat's own ship at the expert level (Expert
Starship Tactics: Master Control Panels, seed lines 583-671, 745-773), from the seat's view."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest
from game_helpers import scenario
from test_display_screens import check_laid_out

from companion.headless.screens import advance
from display.bridge_display import BridgeDisplay
from display.mcp_model import mcp_model
from engine import Action, GameState, Seat, new_game, view

FED = Seat("captain", "enterprise")
KLINGON = Seat("captain", "kronos")
BIG = ((800, 480), (1920, 1080))


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


_GAMES: dict[str, tuple[GameState, dict[str, Any], list[Action]]] = {}


def game(level: str) -> tuple[GameState, dict[str, Any], list[Action]]:
    """The duel played by the autopilots into turn 2 (turn 1 is in the record)."""
    if level not in _GAMES:
        played = scenario(turns=3, level=level)
        actions: list[Action] = []
        state, _ = advance(new_game(played), FED, 1, None, seed=1, actions=actions)
        _GAMES[level] = (state, played, actions)
    return _GAMES[level]


def bridge(level: str, size: tuple[int, int], seat: Seat = FED) -> BridgeDisplay:
    state, played, actions = game(level)
    d = BridgeDisplay(pygame.Surface(size), seat, lambda _: None)
    d.rebuild(state, played, actions)
    d.activate("tab:captain")
    assert d.draw(force=True)
    return d


def ship(v: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in v["ships"] if s["id"] == sid)


def test_the_page_says_what_the_view_says() -> None:
    state, _, _ = game("expert")
    v = view(state, FED)
    own = ship(v, "enterprise")
    assert own["record"], "turn 1 is in the record"
    model = mcp_model(v, "enterprise")
    assert model is not None
    text = "\n".join(model.lines)
    alloc = own["allocation"] or {"movement": 0, "shields": 0, "weapons": 0}
    assert (f"Total power {own['power']}: movement {alloc['movement']}, "
            f"shields {alloc['shields']}, weapons {alloc['weapons']}") in text
    for e in own["engines"]:
        assert f"{e['name']} {e['power']}/{e['max']}" in text
    assert f"ratio {own['movement_point_ratio']}" in text
    assert (f"Warp {own['warp']}; safe cruising {own['max_safe_warp']}, "
            f"emergency {own['emergency_warp']}") in text
    assert f"Superstructure {own['superstructure']}/{own['superstructure_max']}" in text
    assert f"die rolls {own['die_roll_modifier']:+d}" in text
    assert f"skill {own['skill_rating']}, efficiency {own['efficiency_rating']}" in text
    for w in own["weapons"]:
        assert f"{w['id']} {w['power']}{'*' if w['fired'] else ''}" in text
    turn1 = own["record"][0]
    assert (f"Turn 1: power {turn1['power']} (movement {turn1['movement']}, "
            f"shields {turn1['shields_power']}, weapons {turn1['weapons_power']}); "
            f"movement points {turn1['movement_points']}; warp {turn1['warp']}") in text
    assert f"superstructure {turn1['superstructure']}" in text
    assert model.title.startswith("RECORD: USS Enterprise")


def test_the_page_says_for_how_many_turns_the_sensors_are_out() -> None:
    """Expert: Damage Control Display (seed line 771): the Sensors Track's boxes crossed off, turn by
    turn; the page counts the turns left as Science's panel does."""
    state, _, _ = game("expert")
    v = view(state, FED)
    own = ship(v, "enterprise")
    for out, words in ((2, "Sensors: out 2 turns"), (1, "Sensors: out 1 turn")):
        own["sensors_out"] = out
        model = mcp_model(v, "enterprise")
        assert model is not None and words in model.lines


def test_nothing_of_the_enemy_s_panel_reaches_the_federation_page() -> None:
    state, _, _ = game("expert")
    theirs = ship(view(state, KLINGON), "kronos")
    assert theirs["record"], "the Klingon seat reads its own record"
    fed = view(state, FED)
    assert "record" not in ship(fed, "kronos")
    assert mcp_model(fed, "kronos") is None   # no page for a ship whose panel is not ours
    d = bridge("expert", (800, 480))
    d.activate("record")
    d.draw(force=True)
    words = " ".join(t.text for t in d.painter.texts)
    assert "RECORD: USS Enterprise" in words
    assert "Kronos One ·" not in words
    for w in theirs["weapons"]:   # the Klingon weapons' ids appear nowhere on the page
        if w["id"] not in {x["id"] for x in ship(fed, "enterprise")["weapons"]}:
            assert not re.search(rf"\b{w['id']}\b", words), w["id"]
    klingon = mcp_model(view(state, KLINGON), "kronos")
    assert klingon is not None
    assert theirs["power"] != ship(fed, "enterprise")["power"]   # so the check below can fail
    assert klingon.lines[1].startswith(f"Total power {theirs['power']}:")
    assert f"Total power {theirs['power']}:" not in words


@pytest.mark.parametrize("size", BIG, ids=[f"{w}x{h}" for w, h in BIG])
def test_the_page_is_laid_out_and_paged(size: tuple[int, int]) -> None:
    d = bridge("expert", size)
    assert "record" in {w.id for w in d.widgets}
    d.activate("record")
    d.draw(force=True)
    check_laid_out(d, size)
    ids = {w.id for w in d.widgets}
    assert "back:record" in ids
    words = " ".join(t.text for t in d.painter.texts)
    seen = [words]
    for _ in range(5):   # every page laid out, and the last turn's line on one of them
        if "page:+1" not in {w.id for w in d.widgets if w.enabled}:
            break
        d.activate("page:+1")
        d.draw(force=True)
        check_laid_out(d, size)
        seen.append(" ".join(t.text for t in d.painter.texts))
    assert any("Turn 1:" in s for s in seen)
    d.activate("back:record")
    d.draw(force=True)
    assert "back:record" not in {w.id for w in d.widgets}
    assert "record" in {w.id for w in d.widgets}


def test_every_station_of_the_ship_offers_record_and_a_tab_closes_it() -> None:
    d = bridge("expert", (800, 480))
    for tab in ("captain", "engineer", "helm", "science"):
        d.activate(f"tab:{tab}")
        d.draw(force=True)
        assert "record" in {w.id for w in d.widgets}, tab
    d.activate("record")
    d.activate("tab:helm")
    d.draw(force=True)
    assert "back:record" not in {w.id for w in d.widgets}


@pytest.mark.slow
def test_a_keyboard_opens_pages_and_closes_the_page() -> None:
    d = bridge("expert", (800, 480))
    for _ in range(50):   # Tab goes round the buttons to RECORD
        if d.focus == "record":
            break
        d.key(pygame.K_TAB)
        d.draw(force=True)
    assert d.focus == "record"
    d.key(pygame.K_RETURN)
    d.draw(force=True)
    assert d.record.open and d.record.page == 0
    d.key(pygame.K_PAGEDOWN)
    d.draw(force=True)
    assert d.record.page == 1
    d.key(pygame.K_BACKSPACE)
    d.draw(force=True)
    assert not d.record.open
    assert "record" in {w.id for w in d.widgets}


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_no_record_button_below_the_expert_level(level: str) -> None:
    d = bridge(level, (800, 480))
    assert "record" not in {w.id for w in d.widgets}
    d.activate("record")
    d.draw(force=True)
    assert "back:record" not in {w.id for w in d.widgets}


def test_the_command_level_keeps_the_record_page() -> None:
    """Command & Control plays the Expert game for every ship (seed line 897): the Master
    Control Panel's record is there at the command level too, for the Instructor's every ship."""
    state, _, _ = game("command")
    model = mcp_model(view(state, FED), "enterprise")
    assert model is not None and model.title.startswith("RECORD: USS Enterprise")
    instructor = view(state, Seat("instructor", None))
    assert all(mcp_model(instructor, str(s["id"])) is not None for s in instructor["ships"])
