""""Why did this hit?" at the expert level (Book Two, Expert Starship Tactics, seed
000_4373da4a9495c8f8.txt): the percentile Skill Roll with its casualty modifier (lines 701-703,
847-853), the ratings rolls (line 685), the to-hit roll's modifiers (casualties, the aim bonus:
lines 508, 853) and the Detailed Damage Location Charts' rows (lines 799-853); each told only to
the seats that may know the ship."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

import engine
from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay
from engine import RollResult, Seat, events_for
from engine.events import Event
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.explanations.explain import explain, explain_pending
from engine.rulesets.fasa.firing.combat import need_to_hit
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values.events import Damaged, ShotResolved
from engine.rulesets.fasa.values.state import RATINGS, RESOLVE, SKILL, FasaState, replace

FED, KL = Seat("helm", "ent"), Seat("helm", "kl")
Step = tuple[FasaState, FasaState, tuple[Event, ...]]


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def duel(rated: bool = True) -> FasaState:
    """An expert duel of the Enterprise (ratings 60 and 70) and a D-7A (61 and 70) at close
    range, or with the ratings to roll."""
    ships: list[dict[str, Any]] = [
        {"id": "ent", "name": "ENT", "class": "constitution", "side": "Federation", "col": 5,
         "row": 8, "heading": 0},
        {"id": "kl", "name": "KL", "class": "d7a", "side": "Klingon", "col": 5, "row": 5,
         "heading": 3}]
    if rated:
        for n, s in enumerate(ships):
            s |= {"skill": 60 + n, "efficiency": 70}
    built = setup.build_scenario({"id": "test", "map": {"cols": 16, "rows": 16},
                                  "obstacles": [], "ships": ships},
                                 setup.ship_dicts(None), level="expert")
    state = engine.new_game(built)
    assert isinstance(state, FasaState)
    return state


def play_until(state: FasaState, stop: Any, seed: int = 2, limit: int = 3000) -> FasaState:
    """The autopilots and seeded dice play on until `stop(state)` holds at a roll."""
    dice = VirtualDice(seed)
    for _ in range(limit):
        (prompt, *_) = engine.pending(state)
        if prompt.roll is not None and stop(state):
            return state
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)
        new, _ = engine.apply(state, action)
        assert isinstance(new, FasaState)
        state = new
    raise AssertionError("the moment never came")


def roll(state: FasaState, value: int) -> Step:
    prompt = engine.pending(state)[0]
    assert prompt.roll is not None
    after, events = engine.apply(state, RollResult(prompt.station, value, "script"))
    assert isinstance(after, FasaState)
    return state, after, tuple(events)


def told(step: Step, seat: Seat, side: str | None) -> str:
    before, after, events = step
    return "\n".join(explain(before, events_for(after, events, seat), side))


def at_location(state: FasaState | None = None) -> FasaState:
    return play_until(state or duel(), lambda s: s.hit is not None and s.hit.stage == "location")


def test_a_location_roll_names_the_chart_the_shield_s_table_and_the_row() -> None:
    """"The shield penetrated determines the table to use" (line 805); the class's chart (line
    801); today's WHY? read Book One's basic table instead."""
    state = at_location()
    assert state.hit is not None
    target = state.ship(state.shots[0].target)
    chart, shield = target.cls.damage_chart, state.hit.shield
    own = Seat("science", target.id)
    seen_rows = set()
    for value in range(1, 11):
        step = roll(state, value)
        text = told(step, own, target.side)
        assert "Basic Game Damage Location Table" not in text
        assert "Detailed Damage Location Charts" in text
        line = next(x for x in text.splitlines()
                    if x.startswith(f"Chart {chart}, shield {shield} table, roll {value}: "))
        seen_rows.add(line.split(": ", 1)[1])
        # The engine's own result for the row, and its casualties, say the same.
        located = next(e for e in step[2] if isinstance(e, Damaged) and e.system == "location")
        assert located.detail.startswith(f"Chart {chart}, shield {shield}, roll {value}: ")
        crew = next((e for e in step[2] if isinstance(e, Damaged) and e.system == "crew"), None)
        if crew is not None:
            pct = re.search(r"casualties \+([\d.]+)%", crew.detail)
            assert pct is not None and f"casualties {pct[1]}%" in line, (line, crew.detail)
        else:
            assert "casualties" not in line
        points = re.search(r"(\d+) points?", line)
        result = state.tables.damage_detailed[(chart, shield, value)]
        takes = set(result.systems) & {"PWE", "SWE", "WE", "IMP", "SS", "BR", "ENG"}
        assert (points is not None) == bool(takes), line
        assert points is None or int(points[1]) <= state.hit.penetrating
        # The other side is not told this roll at all.
        other = next(s for s in state.ships if s.side != target.side)
        assert told(step, Seat("helm", other.id), other.side) == ""
    assert len(seen_rows) > 3


def test_the_location_roll_asked_for_lists_the_chart_s_table() -> None:
    state = at_location()
    assert state.hit is not None
    target = state.ship(state.shots[0].target)
    lines = explain_pending(state, target.side)
    head = f"Chart {target.cls.damage_chart}, shield {state.hit.shield} table:"
    assert head in lines
    rows = lines[lines.index(head) + 1:]
    assert [r.split(":")[0] for r in rows] == [str(v) for v in range(1, 11)]


def test_an_engine_row_names_the_engine_struck() -> None:
    """WE: "the warp engine nearest the struck shield" (line 827) with its name."""
    state = at_location()
    assert state.hit is not None
    target = state.ship(state.shots[0].target)
    chart, shield = target.cls.damage_chart, state.hit.shield
    for value in range(1, 11):
        result = state.tables.damage_detailed[(chart, shield, value)]
        if "WE" in result.systems:
            text = told(roll(state, value), Seat("science", target.id), target.side)
            assert re.search(r"warp engine nearest the struck shield \([^)]*warp", text), text
            return
    pytest.skip("this shield's table has no WE row")


def at_skill_roll(casualties: int = 0) -> FasaState:
    state = play_until(duel(), lambda s: s.step == SKILL)
    ship = state.ship(state.queue[0])
    return state.with_ship(replace(ship, casualties=casualties))


def test_the_skill_roll_shows_the_casualty_modifier_and_the_verdict() -> None:
    state = at_skill_roll(casualties=230)   # 23%: +2 on the roll
    ship = state.ship(state.queue[0])
    enemy = next(s for s in state.ships if s.side != ship.side)
    step = roll(state, 69)
    text = told(step, Seat("captain", ship.id), ship.side)
    assert "Skill Roll Phase" in text
    assert "+2 on the roll for casualties (23% of the crew" in text
    assert "69 +2 = 71 is not at or under efficiency 70 (the die needs 1-68): no bonus" in text
    assert told(step, Seat("captain", enemy.id), enemy.side) == ""
    ok = told(roll(state, 68), Seat("captain", ship.id), ship.side)
    assert "68 +2 = 70 is at or under efficiency 70" in ok and "a bonus this turn" in ok
    pending = "\n".join(explain_pending(state, ship.side))
    assert "efficiency 70 less 2" in pending
    assert "casualties" not in "\n".join(explain_pending(state, enemy.side))


def test_a_ratings_roll_adds_up_45_and_three_dice() -> None:
    state = play_until(duel(rated=False), lambda s: s.step == RATINGS)
    ship = state.ship(state.roll.ship if state.roll else "")
    texts = []
    for value in (3, 7, 5):
        step = roll(state, value)
        texts.append(told(step, Seat("captain", ship.id), ship.side))
        state = step[1]
    assert "Creating The Ratings" in texts[0]
    assert f"{ship.name}'s Skill Rating: 45 + 3 (roll 1 of 3)" in texts[0]
    assert f"{ship.name}'s Skill Rating: 45 + 3 + 7 + 5 = 60" in texts[2]
    step = roll(state, 9)
    assert "Crew Efficiency Rating: 45 + 9 (roll 1 of 3)" in told(step, Seat("captain", ship.id),
                                                                   ship.side)


def test_a_to_hit_roll_shows_casualties_and_the_aim_bonus_to_the_firing_side_alone() -> None:
    state = play_until(duel(), lambda s: s.step == RESOLVE and s.hit is None and bool(s.shots))
    shot = state.shots[0]
    firer = state.ship(shot.firer)
    state = state.with_ship(replace(firer, casualties=150, aimed=(shot.weapon,)))  # +1, -1
    firer = state.ship(shot.firer)
    target = state.ship(shot.target)
    printed = state.tables.to_hit(firer.cls.weapon(shot.weapon).chart,
                                  engine.hexgrid.distance(firer.pos, target.pos))
    step = roll(state, 1)
    mine = told(step, Seat("helm", firer.id), firer.side)
    assert f"1-{printed} on the chart" in mine
    assert "-1: +1 on the die for casualties (15% of" in mine
    assert "+1: the skill bonus aims the" in mine
    assert f"Hits on 1-{printed}" in mine   # the two cancel out
    theirs = told(step, Seat("helm", target.id), target.side)
    assert "casualties" not in theirs and "aims" not in theirs
    assert f"Hits on 1-{printed} ({firer.name}'s own modifiers)" in theirs
    assert any(isinstance(e, ShotResolved) for e in step[2])


def test_the_why_page_draws_an_expert_location_row() -> None:
    state = at_location()
    assert state.hit is not None
    target = state.ship(state.shots[0].target)
    seat = Seat("science", target.id)
    display = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None)
    display.rebuild(state, None, [])
    _, after, events = roll(state, 5)
    display.show(after, events_for(after, events, seat))
    display.activate("why")
    assert display.draw(force=True)
    chart = target.cls.damage_chart
    assert f"Chart {chart}, shield {state.hit.shield} table, roll 5: " in "\n".join(display.why)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
@pytest.mark.parametrize(("screen", "seat", "turns"),
                         [("why-location", Seat("science", "enterprise"), 0),
                          ("why-skill", Seat("captain", "enterprise"), 1)],
                         ids=["why-location", "why-skill"])
def test_the_expert_why_screens_are_laid_out(screen: str, seat: Seat, turns: int,
                                             size: tuple[int, int]) -> None:
    """The documentation's two moments (companion/headless/doc_screens.py, seed 4): nothing overlaps,
    nothing is cut, and the page says the chart's row or the Skill Roll's modifier."""
    from test_display_screens import check_laid_out

    from companion.headless.screens import SCREENS, advance
    from companion.session import load_scenario, prepare

    played = prepare(load_scenario("duel", None), None, "expert", None, turns + 10)
    actions: list[Any] = []
    state, _ = advance(engine.new_game(played), seat, turns, SCREENS[screen][1], 4, actions)
    display = BridgeDisplay(pygame.Surface(size), seat, lambda _: None)
    display.rebuild(state, played, actions)
    request = engine.pending(state)[0].roll
    assert request is not None
    after, events = engine.apply(state, VirtualDice(4).roll(request))
    display.show(after, events_for(after, events, seat))
    display.activate("why")
    assert display.draw(force=True)
    check_laid_out(display, size)
    words = "\n".join(display.why)
    assert ("shield 2 table, roll 4" in words) if screen == "why-location" else (
        re.search(r"\+\d+ on the roll for casualties", words) is not None)


def test_a_to_hit_roll_at_a_cloaked_ship_counts_its_modifier() -> None:
    """The Firing Chart's "-3 to hit moving cloaked ship" (Advanced: Romulan Cloaking Device;
    hiding.to_hit_modifier): the page named the chart's number alone as the number needed."""
    state = play_until(duel(), lambda s: s.step == RESOLVE and s.hit is None and bool(s.shots))
    shot = state.shots[0]
    target = state.ship(shot.target)
    state = state.with_ship(replace(target, cloaked=True, moved_turn=True))
    firer = state.ship(shot.firer)
    rng = engine.hexgrid.distance(firer.pos, state.ship(shot.target).pos)
    spec = firer.cls.weapon(shot.weapon)
    need = need_to_hit(state, firer, spec, rng, state.ship(shot.target))
    assert need == max(0, state.tables.to_hit(spec.chart, rng) - 3 + (spec.id in firer.aimed))
    step = roll(state, 1)
    for seat, side in ((Seat("helm", firer.id), firer.side), (Seat("helm", target.id),
                                                               target.side)):
        text = told(step, seat, side)
        assert f"-3: {target.name} is cloaked and has moved this game turn" in text
        assert f"Hits on 1-{need}" in text
