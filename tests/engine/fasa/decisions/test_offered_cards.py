"""What a card offers, the rules accept: random games in which every decision (the optional ones
too: the self-destruct offer, the warp speed) is answered with values made only from its card
as a console receives it (tests/offered.py: a preset, a value within each field's bounds and
its budgets, an offered choice, combinations that go together), at every level and in every
scenario that has a rule of its own (the placement of the Romulan Gambit, the Kobayashi Maru's
crews), and in Knight Hawks. `problem` never refuses them, and a card's shown values always fit
it. The consoles' end of the same promise (through the page's JSON and the server) is in
tests/consoles/test_consoles_offered.py."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from offered import asks_confirm, offered, shown, unfit

from companion.session import load_scenario, prepare
from companion.table.crew_play import with_crews
from consoles.payload import decision_json
from engine import (
    RollResult,
    Seat,
    apply,
    controls,
    crew_stations,
    legal_actions,
    new_game,
    pending,
    problem,
)

SLOW = pytest.mark.slow
GAMES = [("patrol", "basic"), ("fleet", "basic"), ("duel", "advanced"), ("skirmish", "advanced"),
         ("romulan-gambit", "advanced"),
         # the expert levels: warp, skill bonuses, the crews' rolls, powering down, extra shields
         pytest.param("duel", "expert", marks=SLOW), pytest.param("duel", "command", marks=SLOW),
         pytest.param("kobayashi-maru", "command", marks=SLOW)]


def scenario(name: str, level: str, seed: int) -> dict[str, Any]:
    sc = prepare(load_scenario(name, None), None, level, None, 2)
    if level == "command":   # crewed as `starbridge stations` crews the players' ship
        sc = with_crews(sc, {}, None, seed, lambda _line: None, save=False)[0]
    return sc


def offered_game(name: str, level: str, seed: int, steps: int = 1500) -> list[str]:
    """Plays a game with offered values; what was refused (empty: nothing)."""
    rng = random.Random(seed)
    sc = scenario(name, level, seed)
    state = new_game(sc)
    seats = [Seat(st, str(s["id"])) for s in sc["ships"]
             for st in crew_stations(state, str(s["id"]))]
    refused: list[str] = []
    for _ in range(steps):
        if state.over:
            break
        roll = next((p for p in pending(state) if p.roll is not None), None)
        if roll is not None and roll.roll is not None:
            state, _ = apply(state, RollResult(roll.roll.station,
                                               rng.randint(1, roll.roll.sides), "script"))
            continue
        cards = [(s, d) for s in seats for d in controls(state, s)]
        due = [c for c in cards if not c[1].optional]
        d = rng.choice(cards if not due or rng.random() < 0.05 else due)[1]
        card = json.loads(json.dumps(decision_json(d)))   # as a console receives it
        if (why := unfit(card, shown(card))) is not None:
            refused.append(f"{d.title}: its shown values do not fit it: {why}")
        values = offered(card, rng)
        action = d.make(values)
        assert asks_confirm(card, values) == d.irreversible_with(values)
        if (why := problem(state, action)) is not None:
            refused.append(f"{d.title} {values}: {why}")
            break
        state, _ = apply(state, action)
    return refused


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name, level", GAMES)
def test_what_a_card_offers_is_never_refused(name: str, level: str, seed: int) -> None:
    assert offered_game(name, level, seed) == []


def test_a_sensor_question_needs_a_lock_and_the_card_says_so() -> None:
    sc = scenario("duel", "advanced", 1)
    state = new_game(sc)
    rng = random.Random(1)   # dice that differ: two 1s for the advantage would tie for ever
    while not any(d.action == "sense" for d in controls(state, Seat("science", "enterprise"))):
        p = pending(state)[0]
        state, _ = apply(state, legal_actions(state, Seat(p.station, p.ship))[0]
                         if p.roll is None
                         else RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script"))
    d = next(d for d in controls(state, Seat("science", "enterprise")) if d.action == "sense")
    assert d.unfit({"target": None, "question": "2"}) == d.together[0].label
    assert "needs a sensor lock" in d.together[0].label
    assert problem(state, d.make({"target": None, "question": "2"})) is not None
    assert d.unfit({"target": "kronos", "question": "2"}) is None
    assert problem(state, d.make({"target": "kronos", "question": "2"})) is None


def test_placement_offers_only_the_hexes_a_ship_may_start_in() -> None:
    """The Romulan Gambit: the cruiser on an edge, the Birds of Prey anywhere but the planet."""
    state = new_game(scenario("romulan-gambit", "advanced", 1))
    cards = {d.prompt.ship: d for p in pending(state)
             for d in controls(state, Seat(p.station, p.ship)) if d.action == "place_ship"}
    edge, anywhere = cards["constitution"].together[0], cards["bop1"].together[0]
    assert all(c in (0, 31) or r in (0, 23) for c, r in edge.combinations)   # type: ignore[misc]
    assert len(edge.combinations) == 2 * 32 + 2 * 22
    assert (16, 12) not in anywhere.combinations and len(anywhere.combinations) == 32 * 24 - 1
    for ship, d in cards.items():
        for c, r in (d.together[0].combinations[0], d.together[0].combinations[-1]):
            assert problem(state, d.make({"col": c, "row": r})) is None, ship
        assert d.unfit({"col": 10, "row": 12} if ship == "constitution" else
                       {"col": 16, "row": 12}) == d.together[0].label


def test_the_skill_bonus_aims_one_or_two_different_working_weapons() -> None:
    """`skill_roll.bonus_problem`: the aim names one or two different weapons, none damaged; the
    card's Together says so, and the other bonuses leave the weapons aside."""
    rng = random.Random(3)
    state = new_game(scenario("duel", "expert", 3))
    for _ in range(400):
        cards = [d for p in pending(state) if p.roll is None
                 for d in controls(state, Seat(p.station, p.ship)) if d.action == "skill_bonus"]
        if cards:
            break
        p = pending(state)[0]
        state, _ = apply(state, legal_actions(state, Seat(p.station, p.ship))[0]
                         if p.roll is None
                         else RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script"))
    else:
        pytest.fail("no skill bonus was offered")
    d = cards[0]
    ship = state.ship(d.prompt.ship)
    first = ship.cls.weapons[0].id
    together, mends = d.together
    part = {"repair": "superstructure"}
    assert d.unfit({"bonus": "aim", "first": None, "second": None, **part}) == together.label
    assert d.unfit({"bonus": "aim", "first": first, "second": first, **part}) == together.label
    assert d.unfit({"bonus": "aim", "first": first, "second": None, **part}) is None
    assert d.unfit({"bonus": "none", "first": first, "second": first, **part}) is None
    # a repair names a damaged point: the ship's superstructure is whole before any shot
    assert ship.superstructure == ship.cls.superstructure
    assert d.unfit({"bonus": "repair", "first": first, "second": None, **part}) == mends.label
    aim = d.make({"bonus": "aim", "first": first, "second": None, "repair": "superstructure"})
    assert problem(state, aim) is None
