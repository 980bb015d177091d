"""The expert skill bonus at the panels, by mocked pins and by the keyboard stand-in: the Captain's
panel chooses the bonus, the Engineer's places the bonus power point, Science's the bonus shield
point (Book Two, Expert: Skill Roll Phase, seed lines 701-703, 509-510; engine bonus_place.py).
Nothing in the pin map is new: the decisions come from `controls` as every other."""

from __future__ import annotations

from typing import Any

from test_game_turn import Table

from companion.session import load_scenario, prepare
from engine import RollResult, apply, new_game, pending
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.actions import BonusPower, BonusShield, SkillBonus
from engine.rulesets.fasa.values.state import SKILL, FasaState
from hardware.keyboard import KeyMap
from hardware.lamps import BLINK

EXPERT = prepare(load_scenario("duel", None), None, "expert", None, 2, 3)


def at_the_skill_roll() -> FasaState:
    """The duel's first Skill Roll Phase with the Enterprise's roll made and the Kronos's failed,
    everything before played by the autopilot."""
    state: Any = new_game(EXPERT)
    while True:
        (prompt, *_) = pending(state)
        if state.step == SKILL and prompt.roll is None:
            break
        if prompt.roll is not None:
            face = 1 if prompt.ship == "enterprise" else prompt.roll.sides
            action: Any = RollResult(prompt.roll.station, face if state.step == SKILL else 5,
                                     "script")
        else:
            action = autopilot.decide(state, prompt)
        state = apply(state, action)[0]
    assert isinstance(state, FasaState) and state.ship("enterprise").bonus == "due"
    return state


def start(clock: Any) -> Table:
    table = Table(clock, EXPERT)
    table.state = at_the_skill_roll()
    table.pump()
    return table


def step_to(table: Table, panel: str, field: str, value: Any, press: Any) -> None:
    """Press `up` at `panel` (through `press`) until the field shows `value`."""
    model = table.model("enterprise", panel)
    editor = model.sync(table.state)
    assert editor is not None and editor.field is not None and editor.field.name == field
    for _ in range(20):
        if editor.values[field] == value:
            return
        press("up")
    raise AssertionError(f"{panel}: {field} never showed {value!r} ({editor.values})")


def test_the_captain_chooses_power_and_the_engineer_places_it_by_pins(clock: Any) -> None:
    table = start(clock)
    step_to(table, "captain", "bonus", "power",
            lambda b: table.press("enterprise", "captain", b))
    table.press("enterprise", "captain", "confirm")
    assert table.actions[-1] == SkillBonus("captain", "enterprise", "power")
    # The Engineer's green light: the placement is the Engineer's to make, no longer the Captain's.
    (prompt,) = [p for p in pending(table.state) if p.ship == "enterprise"]
    assert (prompt.action, prompt.station) == ("bonus_power", "engineer")
    step_to(table, "engineer", "to", "shield2",
            lambda b: table.press("enterprise", "engineer", b))
    # Engineering's power lights: the one the point would go to blinks (shields).
    plan = table.model("enterprise", "engineer").lamps(table.state, clock(), False)
    assert plan["shields"] == BLINK and plan["movement"] != BLINK and plan["weapons"] != BLINK
    table.press("enterprise", "engineer", "confirm")
    assert table.actions[-1] == BonusPower("engineer", "enterprise", "shield", 2)
    state = table.state
    assert isinstance(state, FasaState) and state.ship("enterprise").bonus == "power"


def test_science_places_the_shield_point_from_the_keyboard(clock: Any) -> None:
    table = start(clock)
    keys = KeyMap(table.pins)
    bridge = table.bridges["enterprise"]

    def key(button: str, panel: str = "science") -> None:
        name = next(k for k, (p, b) in keys.keys.items() if (p, b) == (panel, button))
        for down in (True, False):
            edge = keys.edge(name, down, clock.advance(0.05))
            assert edge is not None
            bridge.put(edge)
            clock.advance(0.05)
            table.pump()

    step_to(table, "captain", "bonus", "shield", lambda b: key(b, "captain"))
    key("confirm", "captain")
    assert table.actions[-1] == SkillBonus("captain", "enterprise", "shield")
    step_to(table, "science", "shield", 5, key)
    # Science's shield lights: the shield the point would go on blinks, the others show points.
    plan = table.model("enterprise", "science").lamps(table.state, clock(), False)
    assert plan["shield5"] == BLINK
    assert [plan[f"shield{n}"].blink for n in range(1, 7)] == [False] * 4 + [True, False]
    key("confirm")
    assert table.actions[-1] == BonusShield("science", "enterprise", 5)
    state = table.state
    assert isinstance(state, FasaState) and state.ship("enterprise").bonus == "shield"
