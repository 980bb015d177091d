"""The panels' lights from the packaged lights file (lights/data/panel_lights.toml) are exactly
the lights the panels showed when they were wired in code (`coded_plan`, kept here as the
oracle): over whole games at the basic, advanced and command levels, at every panel of both
ships, with every decision being entered (its defaults and values stepped), the alert, the "not
now" flash and a decision just sent, on panels with and without an amber LED of their own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from benchmarks.panels import command_start
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import GameState, Seat, apply, crew_stations, decide, new_game, pending
from hardware import functions as fn
from hardware.lamps import Lamp
from hardware.panel import Editor, PanelModel
from hardware.rule_lamps import Entering, default_rules, panel_plan
from tests.hardware.coded_lamps import coded_plan


def states(start: GameState, seed: int, most: int = 400) -> Iterator[GameState]:
    dice = VirtualDice(seed)
    state = start
    for _ in range(most):
        yield state
        prompts = pending(state)
        if not prompts:
            return
        p = prompts[0]
        state = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))[0]


def starts() -> list[tuple[str, GameState]]:
    duel = load_scenario("duel", None)
    return [("basic", new_game(prepare(duel, None, "basic", None, 2))),
            ("advanced", new_game(prepare(duel, None, "advanced", None, 2))),
            ("command", command_start())]


def editors(model: PanelModel, state: GameState, rng: random.Random) -> Iterator[Editor | None]:
    editor = model.sync(state)
    yield editor
    if editor is None:
        return
    for _ in range(4):
        editor.cursor = rng.randrange(max(1, len(editor.decision.fields)))
        editor.step(rng.choice((1, -1)))
        yield editor


@pytest.mark.parametrize(("level", "start"), [
    case if case[0] == "basic" else pytest.param(*case, marks=pytest.mark.slow)
    for case in starts()], ids=lambda x: x if isinstance(x, str) else "")
def test_the_rules_file_lights_each_panel_as_the_code_did(level: str, start: GameState) -> None:
    rng = random.Random(level)
    rules = default_rules()
    compared = 0
    for n, state in enumerate(states(start, 7)):
        if n % 3:
            continue
        ships = [s for s in {p.ship for p in pending(state)} if s] or \
            [str(getattr(s, "id", "")) for s in getattr(state, "ships", ())][:2]
        for ship in ships:
            for station in [*crew_stations(state, ship), "instructor"]:
                seat = Seat(station) if station == "instructor" else Seat(station, ship)
                model = PanelModel(seat)
                for editor in editors(model, state, rng):
                    alert, flash, sent = (rng.random() < 0.3 for _ in range(3))
                    for amber in (False, True):
                        want = coded_plan(model, state, editor, alert, flash, sent, amber)
                        got = panel_plan(rules, seat, state, Entering(
                            editor.decision if editor else None,
                            dict(editor.values) if editor else {}, alert, flash, sent), amber)
                        extra = {r: v for r, v in got.items() if r not in want and
                                 v != Lamp()}
                        assert not extra or (not amber and set(extra) == {fn.AMBER}), extra
                        same = {r: got.get(r, Lamp()) for r in want}
                        assert same == want, (level, n, seat, editor and editor.values,
                                              alert, flash, sent, amber)
                        compared += 1
    assert compared > 200


def test_a_tables_own_panel_file_changes_a_light_without_code() -> None:
    from hardware.lamps import BLINK, ON
    from lights.load import parse_rules

    own = parse_rules('[outputs.green]\nkind = "panel"\n[outputs.alarm]\nkind = "panel"\n'
                      'role = "red"\n[[state]]\noutput = "green"\nwhen = "asked.decide"\n'
                      'effect = "blink"\n[[state]]\noutput = "alarm"\nwhen = "asked.decide"\n',
                      "own.toml")
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1))
    seat = next(Seat(p.station, p.ship) for p in pending(state) if p.roll is None)
    assert PanelModel(seat).lamps(state, 0.0, False)["green"] == ON
    assert PanelModel(seat, own).lamps(state, 0.0, False) == {"green": BLINK, "red": ON}
