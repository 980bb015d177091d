"""The display's side of following the physical panels (display.panel_follow, panel_sync):
a panel's editor adopted whole or not at all, another ship's panel ignored, a touch edit kept
for the panels."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from game_helpers import start

from display.bridge_display import BridgeDisplay
from display.panel_sync import PanelEdit, adopted, decision_key, edit_of, shows_field
from engine import Seat

SHIP = "enterprise"


@pytest.fixture
def display() -> Iterator[BridgeDisplay]:
    pygame.display.init()
    pygame.font.init()
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", SHIP),
                      lambda _: None)
    d.show(start())
    yield d
    pygame.display.quit()


def engineering(d: BridgeDisplay) -> PanelEdit:
    o = next(o for o in d.opens if o.decision.action == "allocate_power")
    return edit_of("engineer", SHIP, o.decision, {"movement": 4, "shields": 2}, 1, None)


def test_a_panel_edit_is_adopted_and_its_field_selected(display: BridgeDisplay) -> None:
    display.activate("tab:captain")
    display.follow_panel(engineering(display))
    model = display.panel()
    assert display.tab == "engineer" and model is not None and model.cursor == "shields"
    assert {f.name: f.value for f in model.fields} == {"movement": 4, "shields": 2, "weapons": 0}
    assert model.budgets[0].used == 6


def test_values_over_the_budget_are_not_adopted(display: BridgeDisplay) -> None:
    o = next(o for o in display.opens if o.decision.action == "allocate_power")
    total = o.decision.budgets[0].maximum
    assert adopted(o.decision, {}, [("shields", total), ("weapons", total)]) is None
    assert adopted(o.decision, {}, [("movement", 3)]) is None    # not a whole movement point
    edit = edit_of("engineer", SHIP, o.decision, {"shields": total, "weapons": total}, 0, None)
    display.follow_panel(edit)
    model = display.panel()
    assert model is not None and model.budgets[0].used == 0


def test_another_ships_panel_is_ignored(display: BridgeDisplay) -> None:
    display.activate("tab:captain")
    edit = engineering(display)
    display.follow_panel(PanelEdit("engineer", "kronos", edit.key, edit.values, "shields",
                                   "not now: nothing for this station to do"))
    assert display.tab == "captain" and display.message is None


def test_a_touch_edit_is_kept_for_the_panels(display: BridgeDisplay) -> None:
    display.activate("tab:engineer")
    display.activate("up:shields")
    display.activate("preset:even")
    got = display.take_touched()
    o = next(o for o in display.opens if o.decision.action == "allocate_power")
    assert [e.key for e in got] == [decision_key(o.decision)] * 2
    assert got[0].cursor == "shields" and dict(got[0].values)["shields"] == 1
    assert got[1].cursor is None and dict(got[1].values) == dict(o.decision.presets[1].values)
    assert display.take_touched() == []


def test_shows_field_reads_a_pages_widgets() -> None:
    assert shows_field(["up:shield4", "confirm"], "shield4")
    assert not shows_field(["up:shield44", "page:+1"], "shield4")
    assert shows_field(["letter:steps:F"], "steps")


def colours_in(d: BridgeDisplay, text: str) -> set[tuple[int, int, int]]:
    """The colours of the pixels of the drawn `text`."""
    d.draw(force=True)
    (drawn,) = [t for t in d.painter.texts if t.text == text]
    r = drawn.rect
    return {tuple(d.surface.get_at((x, y)))[:3] for x in range(r.left, r.right)  # type: ignore[misc]
            for y in range(r.top, r.bottom)}


def test_a_panel_s_hint_is_not_drawn_in_red_and_its_refusal_is(display: BridgeDisplay) -> None:
    from display import theme

    edit = engineering(display)
    display.follow_panel(PanelEdit(edit.station, SHIP, edit.key, edit.values, "shields",
                                   "Spread evenly"))
    seen = colours_in(display, "Spread evenly")
    assert theme.ACCENT_3 in seen and theme.ALERT not in seen
    display.follow_panel(PanelEdit(edit.station, SHIP, edit.key, edit.values, "shields",
                                   "not now: full", refused=True))
    assert theme.ALERT in colours_in(display, "not now: full")


@pytest.mark.slow
def test_a_refusal_at_helm_s_crowded_panel_lands_on_no_button() -> None:
    """Command & Control's Helm has eight readings over its course buttons: a refused press's
    note takes the place of the last readings (each whole), never the buttons' place."""
    from test_display_screens import check_laid_out

    from companion.headless.screens import SCREENS, advance
    from companion.session import load_scenario, prepare
    from companion.table.crew_play import with_crews
    from engine import new_game

    pygame.font.init()
    seat = Seat("helm", SHIP)
    scenario = with_crews(prepare(load_scenario("kobayashi-maru", None), None, "command", None,
                                  11), {}, None, 1, lambda _l: None, save=False)[0]
    state, _ = advance(new_game(scenario), seat, 1, SCREENS["helm"][1], 1)
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None)
    d.show(state)
    o = next(o for o in d.opens if o.station == "helm")
    d.follow_panel(PanelEdit("helm", SHIP, decision_key(o.decision), (), None,
                             "not now: ahead cannot change Helm: move USS Enterprise",
                             refused=True))
    d.draw(force=True)
    check_laid_out(d, (800, 480))
    assert not [t.text for t in d.painter.texts if t.cut]
    assert any(t.text.startswith("not now") for t in d.painter.texts)
