"""The secrets property, for every ruleset (FASA, Knight Hawks, the toy duel of
tests/toy_ruleset): at every few steps of games played through the kernel API alone (random
legal actions, the ruleset's autopilot where it has one, random rolls), each ruleset's secrets
of the other sides are changed and nothing a seat is told may change: its view, its prompts,
its controls (every field's bounds, choices and the needs they carry), its legal actions, the
autopilot's decisions for it and what its panel's own display says. And at every step
`events_for` tells the Instructor everything and a seat a part of it, `pending` gives a seat
only its own prompts, and a view is plain JSON.

What a ruleset's secrets are is the ruleset's (`SECRETS`: one function per ruleset that changes
them; FASA's and Knight Hawks' are those of their own suites, test_secrets.py and
test_knighthawks_secrets.py). A ruleset registered without one fails
`test_every_ruleset_says_what_its_secrets_are`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from toy_ruleset import every_ruleset, toy_registered
from toy_ruleset import perturbed as toy_perturbed

import engine
from engine import Seat, rulesets
from engine.ruleset import Deciding
from engine.stations import INSTRUCTOR
from hardware.panel import PanelModel
from hardware.station_screen import station_screen

Perturb = Callable[[Any, Seat, random.Random], Any]

VARIANT = "fasa+battlestations"
"""FASA with the Battlestations! variant laid over it (its packaged scenario beside a planet's
gravity well): a case of its own beside each ruleset, since its decisions and secrets (the Fire
counters face down) are its own."""


def cases() -> list[str]:
    return [*every_ruleset(), VARIANT]


def ruleset_of(case: str) -> str:
    return case.partition("+")[0]


def example(case: str) -> Any:
    """The case's scenario: the ruleset's example, or the variant's packaged one."""
    if case == VARIANT:
        from companion.session import load_scenario, prepare
        return prepare(load_scenario("cestus-well", None), None, None, None, 6)
    return rulesets.get(case).example_scenario()


def _fasa(state: Any, seat: Seat, rng: random.Random) -> Any:
    from test_secrets import perturbed
    return perturbed(state, seat)


def _knighthawks(state: Any, seat: Seat, rng: random.Random) -> Any:
    from test_knighthawks_secrets import perturbed
    return perturbed(state, state.ship(seat.ship).side, rng)


def _strpg(state: Any, seat: Seat, rng: random.Random) -> Any:
    from test_strpg_secrets import perturbed
    return perturbed(state, seat, rng)


def _halfimpulse(state: Any, seat: Seat, rng: random.Random) -> Any:
    from test_halfimpulse_secrets import perturbed
    return perturbed(state, state.player(seat.ship).side, rng)


def _toy(state: Any, seat: Seat, rng: random.Random) -> Any:
    return toy_perturbed(state, state.ship(seat.ship).side)


SECRETS: dict[str, Perturb] = {"fasa": _fasa, "knighthawks": _knighthawks, "strpg": _strpg,
                               "halfimpulse": _halfimpulse, "toy": _toy}
"""Ruleset name -> a function giving the state with every secret of the sides other than the
seat's changed (what shows at the table kept)."""


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with toy_registered():
        yield


def ships_of(state: Any) -> list[str]:
    seen = engine.view(state, Seat(INSTRUCTOR))
    return [str(s["id"]) for s in seen.get("ships", ())]


def told(state: Any, seat: Seat) -> Any:
    """Everything the kernel tells `seat` about `state`."""
    prompts = engine.pending(state, seat)
    ruleset = rulesets.get(state.ruleset)
    decisions = [
        (d.action, d.title, d.irreversible, d.optional,
         [(f.name, f.kind, f.default, f.minimum, f.maximum, f.alphabet,
           [(c.value, c.label, c.problem, c.need) for c in f.choices]) for f in d.fields],
         [(b.fields, b.maximum) for b in d.budgets],
         [(p.key, p.values, p.problem) for p in d.presets])
        for d in engine.controls(state, seat)]
    decided = ([ruleset.decide(state, p) for p in prompts if p.roll is None]
               if isinstance(ruleset, Deciding) else [])
    # the panel's own small display (hardware.station_screen) says only what the seat may know
    station = station_screen(PanelModel(seat), state)
    return (engine.view(state, seat), prompts, decisions, engine.legal_actions(state, seat),
            decided, station)


def games(name: str, seed: int, steps: int = 160) -> Iterator[tuple[Any, engine.Action]]:
    """(state, the action taken in it) along a game of the ruleset's example scenario."""
    rng = random.Random(seed)
    ruleset = rulesets.get(ruleset_of(name))
    state: Any = engine.new_game(example(name))
    for _ in range(steps):
        prompts = engine.pending(state)
        if not prompts:
            return
        p = rng.choice(prompts)
        seat = Seat(p.station, p.ship)
        if p.roll is not None:
            action: engine.Action = engine.RollResult(p.roll.station,
                                                      rng.randint(1, p.roll.sides), "script")
        elif isinstance(ruleset, Deciding) and rng.random() < 0.7:
            action = ruleset.decide(state, p)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        yield state, action
        state = engine.apply(state, action)[0]


def test_every_ruleset_says_what_its_secrets_are() -> None:
    assert set(every_ruleset()) <= set(SECRETS), "a ruleset with no SECRETS entry here"


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
@pytest.mark.parametrize("seed", range(3))
def test_no_seat_is_told_another_sides_secrets(name: str, seed: int) -> None:
    rng = random.Random(seed)
    change = SECRETS[ruleset_of(name)]
    checked = changed = 0
    for n, (state, action) in enumerate(games(name, seed)):
        new, events = engine.apply(state, action)
        assert engine.events_for(new, events, Seat(INSTRUCTOR)) == tuple(events)
        seats = [Seat(st, ship) for ship in ships_of(state)
                 for st in engine.crew_stations(state, ship)]
        for seat in seats:
            assert all(e in events for e in engine.events_for(new, events, seat))
            assert all((p.ship, p.station) == (seat.ship, seat.station)
                       for p in engine.pending(state, seat))
        if n % 4:
            continue
        for seat in rng.sample(seats, min(3, len(seats))):
            seen = engine.view(state, seat)
            assert json.loads(json.dumps(seen)) == seen
            twin = change(state, seat, rng)
            changed += engine.view(twin, Seat(INSTRUCTOR)) != engine.view(state, Seat(INSTRUCTOR))
            assert told(twin, seat) == told(state, seat), f"{name}: {seat} is told a secret"
            checked += 1
    assert checked > 5
    assert changed, f"{name}: no secret was ever changed, so the test could not fail"
