"""Officers who decide at once share the panel's place (display.together, display.draw_split):
at the command level the Captain's orders beside Engineering's allocation, then Helm's arming
beside Science's shields, each with its own field, FILL and CONFIRM; a tap goes to its officer's
decision, the map shows what each enters, a panel's press never hides the other, and the
station's tab opens its whole panel and shares the place again."""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from test_display_screens import check_laid_out

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from companion.table.crew_play import with_crews
from display.bridge_display import BridgeDisplay, Output
from display.layout import SIZES
from display.panel_sync import PanelEdit, decision_key
from engine import Action, Seat, apply, decide, new_game, pending
from engine.game import GameState

SHIP = "enterprise"
EVERY_SIZE = [pytest.param(size, id=f"{size[0]}x{size[1]}",   # 800x480 in the developer's run
                           marks=() if size == (800, 480) else pytest.mark.slow)
              for size in SIZES]


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def until(state: GameState, stations: set[str]) -> GameState:
    """Played on (the autopilot's choices, seeded dice) until `stations` of the Enterprise
    decide at once."""
    dice = VirtualDice(2)
    for _ in range(200):
        acting = {p.station for p in pending(state) if p.ship == SHIP and p.roll is None}
        if stations <= acting:
            return state
        p = pending(state)[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    raise AssertionError(f"{stations} never decided at once")


@cache   # states are immutable: played once for every test
def command_start() -> GameState:
    """Power Allocation of turn 1 at the command level: the Captain's orders, Engineering's."""
    scenario, _ = with_crews(prepare(load_scenario("duel", None), None, "command", None, 3),
                             {}, None, 2, lambda _l: None, save=False)   # officers, as at play
    return until(new_game(scenario), {"captain", "engineer"})


@cache
def after_engineering() -> GameState:
    """The Captain's order and Engineering's allocation made, so that Helm and Science decide
    at once."""
    return until(command_start(), {"helm", "science"})


def display(state: GameState, size: tuple[int, int] = (800, 480)) -> tuple[BridgeDisplay,
                                                                          list[Output]]:
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface(size), Seat("captain", SHIP), out.append)
    d.show(state)
    d.draw(force=True)
    return d, out


def ids(d: BridgeDisplay) -> set[str]:
    return {w.id for w in d.widgets}


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_the_captain_and_engineering_each_have_their_part(size: tuple[int, int]) -> None:
    d, _ = display(command_start(), size)
    assert d.together() == ("captain", "engineer") and d.split
    assert {"@captain|confirm", "@engineer|confirm", "@engineer|fill"} <= ids(d)
    assert {"@engineer|up:movement", "@engineer|field:+1"} <= ids(d)
    check_laid_out(d, size)
    assert not [t.text for t in d.painter.texts if t.cut]


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_helm_and_science_decide_at_once_and_the_map_shows_both(size: tuple[int, int]) -> None:
    d, out = display(after_engineering(), size)
    assert d.together() == ("helm", "science")
    check_laid_out(d, size)
    assert not [t.text for t in d.painter.texts if t.cut]
    d.activate("@science|fill")      # Science's quick fill: the map shows the shields entered
    d.draw(force=True)
    assert any(m.points > 0 for m in d.map().shields)
    d.activate("@helm|up:" + next(w.id for w in d.widgets
                                  if w.id.startswith("@helm|up:")).split(":", 1)[1])
    d.draw(force=True)
    assert d.weapon is not None and d.map().arc_hexes          # and Helm's weapon's arc
    assert any(m.points > 0 for m in d.map().shields)         # the shields still shown
    assert {"@helm|confirm", "@science|confirm"} <= ids(d)    # neither hidden
    d.activate("@science|confirm")
    assert [getattr(a, "type_name", "") for a in out] == ["set_shields"]
    d.activate("@helm|fill")
    d.activate("@helm|confirm")
    assert isinstance(out[-1], Action) and out[-1].type_name == "arm_weapons"


def test_a_press_at_a_panel_keeps_both_and_shows_its_field() -> None:
    state = after_engineering()
    d, _ = display(state)
    helm = next(o for o in d.opens if o.station == "helm")
    second = helm.decision.fields[1].name
    d.follow_panel(PanelEdit("helm", SHIP, decision_key(helm.decision),
                             tuple((f.name, f.default) for f in helm.decision.fields), second))
    d.draw(force=True)
    assert d.split and "@science|confirm" in ids(d)           # Science's part stays
    assert f"@helm|up:{second}" in ids(d)                      # Helm's part at its cursor


def test_a_tab_opens_one_whole_panel_and_again_shares_the_place() -> None:
    d, _ = display(after_engineering())
    d.activate("@helm|field:+1")
    d.activate("tab:science")
    d.draw(force=True)
    assert not d.split and not any(i.startswith("@") for i in ids(d))
    assert "confirm" in ids(d)                                 # Science's whole panel
    d.activate("tab:science")
    d.draw(force=True)
    assert d.split and {"@helm|confirm", "@science|confirm"} <= ids(d)


def test_enter_confirms_the_decision_last_touched() -> None:
    d, out = display(after_engineering())
    d.activate("@science|fill")
    d.draw(force=True)
    d.key(pygame.K_RETURN)
    assert [getattr(a, "type_name", "") for a in out] == ["set_shields"]


def test_no_split_while_a_station_of_the_seat_must_roll_or_acts_alone() -> None:
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 3))
    d, _ = display(state)
    assert d.together() == () and not d.split and "confirm" in ids(d)


@cache
def skill_rolls() -> GameState:
    """The Skill Roll Phase: Engineering's and Science's choices, each with what it does."""
    return until(after_engineering(), {"engineer", "science"})


def test_in_the_skill_roll_phase_both_officers_keep_a_part() -> None:
    d, _ = display(skill_rolls())
    assert d.together() == ("engineer", "science") and d.split
    assert {"@engineer|confirm", "@science|confirm"} <= ids(d)   # neither left off the screen
    check_laid_out(d, (800, 480))
    assert not [t.text for t in d.painter.texts if t.cut]
    d.activate("tab:engineer")                                   # the whole panel says what
    d.activate("tab:engineer")                                   # each choice does
    d.activate("tab:science")
    d.draw(force=True)
    assert not d.split and any("succeeds" in t.text or "%" in t.text for t in d.painter.texts)
