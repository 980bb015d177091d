"""The map while Helm plans a course at the advanced level: the planned path and the reachable
hexes follow the engine's own moves (hard turns L and R, reverse B, turns in place while the
engines are set for reverse), and a ship's hard turn or reverse shows on its marker where the
seat may know it."""

from __future__ import annotations

from itertools import product

import pygame
import pytest
from advanced_games import advantage, game, hard_turn_and_fire, ready

from display.bridge_display import BridgeDisplay
from engine import Seat, view
from engine.errors import IllegalAction
from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.seats.preview import plan_path, reachable
from engine.rulesets.fasa.values.state import FasaState, replace
from readouts.map_model import map_model

COLS = ROWS = 16


def ship_at(heading: int, reverse: bool, still: int, col: int = 7,
            row: int = 7) -> tuple[FasaState, str]:
    state = game(("kl", "d7a", "Klingon", col, row, heading),
                 ("ent", "constitution", "Federation", 1, 1, 0))
    kl = replace(state.ship("kl"), reverse=reverse, still=still)
    state = state.with_ship(kl)
    return replace(state, setup=replace(state.setup, obstacles=frozenset())), "kl"


def engine_course(state: FasaState, ship: str, steps: str) -> list[tuple[tuple[int, int], int]] | None:
    """The engine's path of a course, None when it refuses it or the ship leaves the map."""
    try:
        trail, left = movement.path(state, state.ship(ship), steps)
    except IllegalAction:
        return None
    return None if left else [(hex_to_offset(p), h) for p, h in trail]


CASES = [(h, rev, still) for h in (0, 3) for rev in (False, True) for still in (0, 5)]


@pytest.mark.parametrize(("heading", "reverse", "still"), CASES)
def test_planned_paths_and_reach_are_the_engine_s_moves(heading: int, reverse: bool,
                                                        still: int) -> None:
    """Every course of up to 3 letters of F P S L R B the engine accepts is drawn where the
    engine moves the ship; the hexes shown reachable are exactly the ends of those courses."""
    state, ship = ship_at(heading, reverse, still)
    s = state.ship(ship)
    col, row = hex_to_offset(s.pos)
    ends: set[tuple[int, int]] = {(col, row)}
    accepted = 0
    for n in range(1, 4):
        for letters in product(movement.ADVANCED_ALPHABET, repeat=n):
            steps = "".join(letters)
            moved = engine_course(state, ship, steps)
            if moved is None:
                continue
            accepted += 1
            assert plan_path(col, row, heading, steps, reverse) == moved, steps
            ends.add(moved[-1][0])
    assert accepted
    got = reachable(col, row, heading, 3, COLS, ROWS, frozenset(), movement.ADVANCED_ALPHABET,
                    reverse, still)
    assert got == ends


def test_reach_after_a_planned_step_is_what_the_engine_lets_follow_it() -> None:
    state, ship = ship_at(0, False, 5)
    col, row = hex_to_offset(state.ship(ship).pos)
    for planned in ("B", "L", "F"):
        here, heading = plan_path(col, row, 0, planned)[-1]
        got = reachable(*here, heading, 2, COLS, ROWS, frozenset(), movement.ADVANCED_ALPHABET,
                        False, 5, planned)
        ends = {here}
        for letters in product(movement.ADVANCED_ALPHABET, repeat=2):
            for k in (1, 2):
                moved = engine_course(state, ship, planned + "".join(letters[:k]))
                if moved is not None:
                    ends.add(moved[-1][0])
        assert got == ends, planned


def test_the_basic_level_reach_is_unchanged_by_the_new_letters() -> None:
    basic = reachable(5, 5, 0, 2, 32, 24, frozenset())
    hard = reachable(5, 5, 0, 2, 32, 24, frozenset(), "FPSLR")
    assert basic < hard   # the hard turns reach further round


def test_a_hard_turn_shows_on_the_marker_for_every_seat_and_reverse_only_for_its_side() -> None:
    state = hard_turn_and_fire()
    state = state.with_ship(replace(state.ship("kl"), reverse=True))
    theirs = map_model(view(state, Seat("helm", "kl")))
    ours = map_model(view(state, Seat("helm", "ent")))
    (kl_theirs,) = [m for m in theirs.ships if m.id == "kl"]
    (kl_ours,) = [m for m in ours.ships if m.id == "kl"]
    assert kl_theirs.label == "KL · HARD · REV"
    assert kl_ours.label == "KL · HARD"   # the reverse setting is inside the Klingon ship


def kl_moving() -> tuple[FasaState, BridgeDisplay]:
    """The D-7A's Helm planning its course (3 movement points in the turn)."""
    pygame.font.init()
    state = game(("kl", "d7a", "Klingon", 5, 8, 1), ("ent", "constitution", "Federation",
                                                     9, 8, 0))
    cls = state.ship("kl").cls
    movement_power = -(-3 // cls.movement_points(cls.movement_step)) * cls.movement_step
    state = ready(ready(state, "kl", movement_power), "ent")
    state = advantage(state, 2, 1)
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("helm", "kl"), lambda _: None)
    d.show(state)
    d.activate("tab:helm")
    d.draw(force=True)
    return state, d


@pytest.mark.slow
def test_the_arrows_plan_a_course_and_r_is_always_the_rolls_list() -> None:
    """One set of keys (display.screen_keys): the arrows plan the course (Shift a hard turn,
    Down the step back), so R is the Rolls list even while a course may take a hard turn."""
    _, d = kl_moving()
    d.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    d.draw()
    assert d.map().plan[1:] and not d.rolls_open

    def course() -> str:
        return next(t.text for t in d.painter.texts if t.text.startswith("Course:"))

    assert course().startswith("Course: L ")
    d.key(pygame.K_BACKSPACE)
    d.draw()
    d.key(pygame.K_UP)
    d.draw()
    assert course().startswith("Course: F ")
    d.key(pygame.K_BACKSPACE)
    d.draw()
    d.key(pygame.K_RIGHT)
    d.draw()
    assert course().startswith("Course: S ")
    d.key(pygame.K_r)   # a course on screen that may take an R: still the Rolls list
    d.draw()
    assert d.rolls_open


def test_the_bridge_map_follows_a_planned_hard_turn() -> None:
    state, d = kl_moving()
    d.activate("letter:steps:L")
    d.draw(force=True)
    kl = state.ship("kl")
    col, row = hex_to_offset(kl.pos)
    moved = movement.path(state, kl, "L")[0]
    assert d.map().plan == ((col, row), hex_to_offset(moved[-1][0]))
    left = movement.phase_points(state, kl) - 1
    assert d.map().movement_left == left
