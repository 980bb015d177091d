"""The on-screen panel follows the physical panels at every press, and a touch goes back to
them: the real App with gpiozero's MockFactory pins, the display under SDL's dummy driver
(Enterprise's crew at the panels, Kronos on the autopilot; see test_app.Rig)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_app import SHIP, Rig

from engine import pending
from engine.rulesets.fasa.seats.preview import plan_path


def until(rig: Rig, station: str, action: str) -> None:
    """Let the autopilot (and the crew's defaults) play until `station` must take `action`."""
    for _ in range(60):
        rig.settle()
        prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
        if prompt.station == station and prompt.action == action and prompt.roll is None:
            rig.clock.advance(0.5)   # past a "not now" flash
            rig.step()
            return
        panel = rig.panel_of(prompt.station)
        before = len(rig.game.actions)
        rig.press(panel, "confirm")
        if len(rig.game.actions) == before:   # firing is a long press
            rig.press(panel, "confirm", long=True)
    raise AssertionError(f"{station} never came to {action}")


def allocate(rig: Rig, movement: int = 0, shields: int = 0) -> None:
    """Engineering gives movement and shields power (`movement`, `shields`: presses of up)."""
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    for _ in range(movement):
        rig.press(eng, "up")
    rig.press(eng, "select")
    for _ in range(shields):
        rig.press(eng, "up")
    rig.press(eng, "confirm")


def push(rig: Rig, panel: str, button: str) -> None:
    """A press of a header button on its mock pin; of an expander's, by its stand-in key."""
    if rig.pins.panels[panel].buttons[button].on_header:
        rig.press(panel, button)
    else:
        key = next(k for k, b in rig.pins.panels[panel].keys.items() if b == button)
        rig.key(key)
        rig.clock.advance(0.1)   # the release settles before the next press


def budget(rig: Rig) -> tuple[int, int]:
    model = rig.app.display.panel()
    assert model is not None and model.budgets, model
    return model.budgets[0].used, model.budgets[0].maximum


def values(rig: Rig) -> dict[str, object]:
    model = rig.app.display.panel()
    assert model is not None
    return {f.name: f.value for f in model.fields}


@pytest.mark.slow
def test_engineering_steps_show_on_the_screen_at_every_press(tmp_path: Path,
                                                             screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    display = rig.app.display
    display.activate("tab:captain")   # the crew looks at another panel
    editor = rig.app.bridges[0].stations[eng].model.editor
    assert editor is not None
    step = editor.decision.fields[0].step
    rig.press(eng, "up")
    assert display.tab == "engineer"        # the panel pressed comes forward
    assert values(rig)["movement"] == step and budget(rig)[0] == step
    assert display.panel().cursor == "movement"
    rig.press(eng, "select")                 # the cursor moves on: the screen highlights it
    assert display.panel().cursor == "shields"
    for n in range(1, 4):
        rig.press(eng, "up")
        assert values(rig)["shields"] == n and budget(rig)[0] == step + n
    rig.press(eng, "down")                   # down again
    assert values(rig)["shields"] == 2
    push(rig, eng, "to_weapons")
    assert values(rig)["weapons"] == 1 and budget(rig)[0] == step + 3
    display.draw(force=True)
    pygame.image.save(screen, str(tmp_path / "engineering.png"))
    texts = [t.text for t in display.painter.texts]
    assert f"Total power available: {step + 3} of {budget(rig)[1]} used" in texts, texts


def test_a_refused_press_says_why_on_the_screen(tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    rig.press(eng, "down")                   # nothing below 0: a "not now" flash, the reason on screen
    assert rig.app.display.message == ("Power to movement (4 power per 3 movement points) is "
                                          "already at its least, 0")


@pytest.mark.slow
def test_shield_points_at_the_panel_show_on_the_screen(tmp_path: Path,
                                                       screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    allocate(rig, shields=10)
    until(rig, "science", "set_shields")
    sci = rig.panel_of("science")
    display = rig.app.display
    for _ in range(3):
        rig.press(sci, "select")             # shield 4: on the second page of the panel
    push(rig, sci, "add")
    push(rig, sci, "add")
    assert values(rig)["shield4"] == 2 and budget(rig)[0] == 2
    assert display.panel().cursor == "shield4"
    display.draw(force=True)
    ids = [w.id for w in display.widgets]
    assert "up:shield4" in ids, ids          # paged to the field the panel has selected
    pygame.image.save(screen, str(tmp_path / "science.png"))


@pytest.mark.slow
def test_the_course_typed_at_helm_is_drawn_on_the_map(tmp_path: Path,
                                                      screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    allocate(rig, movement=2)
    until(rig, "helm", "move")
    helm = rig.panel_of("helm")
    display = rig.app.display
    assert len(display.map().plan) == 1      # the ship's own hex: nothing planned yet
    push(rig, helm, "starboard")             # a turn to starboard, then ahead
    assert values(rig)["steps"] == "S"
    ship = next(s for s in display.view["ships"] if s["id"] == SHIP)
    start = (ship["col"], ship["row"])
    plan = display.map().plan
    assert plan == (start, plan_path(*start, ship["heading"], "S")[0][0]) and plan[1] != start
    model = display.panel()
    assert model is not None and model.fields[0].text.startswith("S ")
    assert model.cursor == "steps"
    rig.press(helm, "down")                  # takes the last step back
    assert values(rig)["steps"] == "" and len(display.map().plan) == 1
    push(rig, helm, "ahead")
    assert display.map().plan[1] == plan_path(*start, ship["heading"], "F")[0][0]
    display.draw(force=True)
    pygame.image.save(screen, str(tmp_path / "helm.png"))

def test_a_touch_edit_goes_to_the_panel_and_the_last_touched_wins(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    display = rig.app.display
    display.activate("tab:engineer")
    display.activate("up:weapons")           # a tap on the screen
    rig.step()
    editor = rig.app.bridges[0].stations[eng].model.editor
    assert editor is not None
    assert editor.values["weapons"] == 1     # the panel has it (its lights show it)
    assert editor.decision.fields[editor.cursor].name == "weapons"
    rig.press(eng, "up")                     # then the panel: its cursor is on weapons now
    assert editor.values["weapons"] == 2 and values(rig)["weapons"] == 2



@pytest.mark.slow
def test_holding_select_fills_a_preset_and_the_screen_shows_it(tmp_path: Path,
                                                               screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    display = rig.app.display
    rig.press(eng, "select", long=True)      # turn 1: nothing last turn, so "spread evenly"
    model = display.panel()
    assert model is not None and model.cursor == "movement"   # the hold moved no cursor
    editor = rig.app.bridges[0].stations[eng].model.editor
    assert editor is not None
    even = next(p for p in editor.decision.presets if p.key == "even")
    assert values(rig) == dict(even.values)
    assert budget(rig)[0] == sum(int(str(v)) for _, v in even.values)
    assert display.message is not None and display.message.startswith("Spread evenly")
    rig.press(eng, "confirm")
    until(rig, "science", "set_shields")
    sci = rig.panel_of("science")
    rig.press(sci, "select", long=True)
    rig.press(sci, "select", long=True)      # the next: facing the enemy
    editor = rig.app.bridges[0].stations[sci].model.editor
    assert editor is not None
    facing = dict(next(p for p in editor.decision.presets if p.key == "facing").values)
    assert values(rig) == facing and editor.values == facing
    assert display.message is not None and display.message.startswith("Facing the enemy")


def test_a_preset_tapped_on_the_screen_goes_to_the_panel(tmp_path: Path,
                                                         screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    eng = rig.panel_of("engineer")
    display = rig.app.display
    display.activate("tab:engineer")
    display.draw(force=True)
    ids = {w.id: w for w in display.widgets}
    assert ids["preset:even"].enabled and not ids["preset:last"].enabled   # turn 1
    assert ids["preset:last"].reason == "no power was allocated last turn"
    display.activate("preset:even")
    rig.step()
    editor = rig.app.bridges[0].stations[eng].model.editor
    assert editor is not None and editor.values == values(rig) and budget(rig)[0] > 0


def test_holding_the_select_key_fills_a_preset_on_a_pc(tmp_path: Path,
                                                       screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    until(rig, "engineer", "allocate_power")
    key = next(k for k, b in rig.pins.panels[rig.panel_of("engineer")].keys.items()
               if b == "select")
    code = pygame.key.key_code(key)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
    rig.step()
    rig.clock.advance(0.9)   # held past hold_ms: a long press
    rig.step()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
    rig.clock.advance(0.03)
    rig.step()
    assert budget(rig)[0] > 0 and rig.app.display.message is not None
    assert rig.app.display.message.startswith("Spread evenly")
