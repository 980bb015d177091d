"""The advanced game's sensors and cloaks on the bridge display (Book Two, Advanced: Sensors;
Romulan Cloaking Device): Science's readings list its side's sensor reports and its lock, the map
leaves out a cloaked enemy its seat has not detected and marks what it does draw. Real games:
packaged scenarios at the advanced level, autopilots, seeded dice and scripted rolls."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pygame
import pytest
from test_display_screens import check_laid_out

from companion.headless.screens import SCREENS, advance
from companion.session import load_scenario, prepare
from display.bridge_display import BridgeDisplay
from engine import Action, GameState, RollResult, Seat, apply, new_game, pending, view
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.state import FasaState, replace
from readouts.map_model import map_model
from readouts.panel_model import REPORT_LINES, panel_model, report_facts, station_facts

FED = Seat("science", "constitution")
ROM = Seat("science", "bop1")
ENT = Seat("science", "enterprise")
KRONOS = Seat("science", "kronos")


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


@functools.cache
def prepared(name: str) -> dict[str, Any]:
    return prepare(load_scenario(name, None), None, "advanced", None, 13)


@functools.cache
def duel_after(turns: int) -> tuple[GameState, tuple[Action, ...]]:
    """The advanced duel played by autopilots (who lock and ask) for `turns` turns, stopped at
    the Enterprise's Science decision."""
    actions: list[Action] = []
    state, _ = advance(new_game(prepared("duel")), ENT, turns, SCREENS["science"][1], 1, actions)
    return state, tuple(actions)


def gambit_scan(cloak: bool = True) -> GameState:
    """The Romulan Gambit, turn 2's Sensor Phase: the Constitution scans (question 10 without a
    lock) and rolls 1, which finds the nearest cloaked Bird of Prey that moved last turn. (The
    autopilot drops the cloak to fire on turn 2, so both Birds of Prey are put back under it,
    unless `cloak` is False: then the scan finds nothing.)"""
    def sensing(s: GameState, p: Any, seat: Seat) -> bool:
        return p.action == "sense" and p.ship == "constitution" and int(getattr(s, "turn", 0)) > 1

    state, _ = advance(new_game(prepared("romulan-gambit")), FED, 1, sensing, 1)
    assert isinstance(state, FasaState)
    for bop in ("bop1", "bop2") if cloak else ():
        state = state.with_ship(replace(state.ship(bop), cloaked=True, moved_last=True))
    state, _ = apply(state, Sense("science", "constitution", "", 10))
    request = pending(state)[0]
    assert request.roll is not None and request.ship == "constitution"
    state, _ = apply(state, RollResult("science", 1, source="script"))
    return state


def facts(view_: dict[str, Any], ship: str) -> dict[str, str]:
    return {f.label: f.value for f in station_facts(view_, "science", ship)}


def test_science_lists_its_sides_reports_newest_first_and_a_few_only() -> None:
    state, _ = duel_after(4)
    mine = view(state, ENT)
    reports = mine["sensor_reports"]
    assert reports, "the autopilot locked and asked in four turns"
    assert all(r["ship"] == "enterprise" for r in reports)
    shown = report_facts(mine)
    assert len(shown) == min(len(reports), REPORT_LINES)
    newest = max(reports, key=lambda r: r["turn"])
    assert shown[0].label == f"T{newest['turn']} IKS Kronos One"
    if newest["question"]:
        q = newest["question"]
        assert shown[0].value == f"Q{q} " + newest["text"].split(f". Q{q}: ", 1)[1]
    assert [f.label for f in shown] == [f.label for f in sorted(
        shown, key=lambda f: -int(f.label.split()[0][1:]))]
    labels = set(facts(mine, "enterprise"))
    assert {f.label for f in shown} <= labels
    # many reports: only the newest REPORT_LINES, newest first
    many = copy.deepcopy(mine)
    many["sensor_reports"] = [dict(reports[0], turn=t) for t in (1, 5, 3, 2, 4)]
    assert [f.label.split()[0] for f in report_facts(many)] == ["T5", "T4", "T3"][:REPORT_LINES]


def test_the_other_sides_reports_never_reach_this_panel() -> None:
    state, _ = duel_after(4)
    theirs = view(state, KRONOS)
    ours = {f.label for f in report_facts(view(state, ENT))}
    klingon = {f.label for f in report_facts(theirs)}
    assert all(r["ship"] == "kronos" for r in theirs["sensor_reports"])
    assert all(label.endswith("USS Enterprise") for label in klingon)
    assert ours and not (ours & klingon)


def test_the_sensors_reading_says_locked_on_whom_or_out_for_how_long() -> None:
    state, _ = duel_after(4)
    mine = copy.deepcopy(view(state, ENT))
    ent = next(s for s in mine["ships"] if s["id"] == "enterprise")
    ent["sensor_lock"], ent["sensors_out"] = "kronos", 0
    assert facts(mine, "enterprise")["Sensors"] == "locked on IKS Kronos One"
    ent["sensors_out"] = 2
    sensors = next(f for f in station_facts(mine, "science", "enterprise") if f.label == "Sensors")
    assert (sensors.value, sensors.alert) == ("out 2 turns", True)
    ent["sensors_out"], ent["sensor_lock"] = 0, None
    assert facts(mine, "enterprise")["Sensors"] == "working"


def test_a_scan_without_a_lock_is_listed_as_a_scan() -> None:
    state = gambit_scan(cloak=False)
    shown = report_facts(view(state, FED))
    assert shown[0].label == "T2 scan"
    assert shown[0].value == "Q10 USS Constitution's scan detects no cloaked ship"
    found = report_facts(view(gambit_scan(), FED))[0]
    assert found.label == "T2 Bird of Prey Talon" and found.value.startswith("Q10 ")
    assert all(r["ship"] != "constitution" for r in view(state, ROM)["sensor_reports"])
    assert not any(f.label.endswith("scan") for f in report_facts(view(state, ROM)))


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_the_science_panel_with_reports_is_laid_out(size: tuple[int, int]) -> None:
    state, actions = duel_after(4)
    surface = pygame.Surface(size)
    d = BridgeDisplay(surface, ENT, lambda _: None)
    d.rebuild(state, prepared("duel"), list(actions))
    d.activate("tab:science")
    assert d.draw(force=True)
    check_laid_out(d, size)
    drawn = {t.text for t in d.painter.texts}
    assert any(t.startswith("T") and "Kronos" in t for t in drawn), drawn
    model = panel_model(view(state, ENT), "science", "enterprise", None)
    assert any(f.label == "Sensors" for f in model.facts)


def test_an_undetected_cloaked_enemy_is_not_on_the_map() -> None:
    state = new_game(prepared("romulan-gambit"))
    fed = map_model(view(state, FED))
    assert [m.id for m in fed.ships] == ["constitution"]
    assert not fed.ships[0].cloaked
    rom = map_model(view(state, ROM))
    marks = {m.id: m for m in rom.ships}
    assert set(marks) == {"constitution", "bop1", "bop2"}
    assert marks["bop1"].cloaked and marks["bop2"].cloaked and not marks["constitution"].cloaked
    assert "CLOAK" in marks["bop1"].label and "CLOAK" in marks["bop2"].label
    assert "CLOAK" not in marks["constitution"].label


def test_a_detected_cloaked_enemy_is_drawn_marked() -> None:
    state = gambit_scan()
    seen = view(state, FED)
    found = [d["ship"] for d in seen["detected"] if d["side"] == "Federation"]
    assert len(found) == 1
    marks = {m.id: m for m in map_model(seen).ships}
    assert set(marks) == {"constitution", found[0]}
    assert marks[found[0]].cloaked and "CLOAK" in marks[found[0]].label
    assert not marks[found[0]].own


def test_a_ship_with_enemy_sensors_locked_on_it_is_tagged_for_its_own_side() -> None:
    state = new_game(prepared("romulan-gambit"))
    seen = copy.deepcopy(view(state, FED))
    assert "LOCKED" not in map_model(seen).ships[0].label
    bop = next(s for s in seen["ships"] if s["id"] == "bop1")
    bop["sensor_lock"] = "constitution"   # as the view tells the Constitution's side of a lock
    fed = map_model(seen).ships[0]
    assert fed.locked and fed.label.endswith("LOCKED")
    # the locking side's own marker is not tagged, and a lock of one's own tags nobody
    rom = copy.deepcopy(view(state, ROM))
    next(s for s in rom["ships"] if s["id"] == "bop1")["sensor_lock"] = "constitution"
    assert not any(m.locked for m in map_model(rom).ships)


@pytest.mark.parametrize("seat", [FED, ROM], ids=["federation", "romulan"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_the_map_with_cloaked_ships_is_laid_out(seat: Seat, size: tuple[int, int]) -> None:
    state = new_game(prepared("romulan-gambit"))
    surface = pygame.Surface(size)
    d = BridgeDisplay(surface, seat, lambda _: None)
    d.rebuild(state, prepared("romulan-gambit"), [])
    assert d.draw(force=True)
    check_laid_out(d, size)
    on_map = " ".join(t.text for t in d.painter.texts if t.region == "map")
    assert "Constitution" in on_map
    assert ("Bird" in on_map or "CLOAK" in on_map) == (seat == ROM), on_map
