"""The phase bar names exactly the seats the game waits for (the kernel's `awaited`), at every
level and in Knight Hawks, at every step of whole games, on the crew's screen and the
Instructor's; an offer the game goes on without (a self-destruct order, a warp speed left as it
is) names no one."""

from __future__ import annotations

import pytest

from companion.dice import VirtualDice
from display.game_link import seat_view
from display.overview_model import overview
from engine import GameState, Seat, apply, awaited, controls, decide, new_game, pending
from engine.rulesets import get
from engine.stations import title
from readouts.status_model import phase_bar
from tests.display.game_helpers import scenario


def games() -> list[tuple[str, GameState]]:
    return [*((level, new_game(scenario("duel", 2, level)))
              for level in ("basic", "advanced", "expert", "command")),
            ("knighthawks", new_game(get("knighthawks").example_scenario()))]


def crew_seats(state: GameState) -> list[Seat]:
    return [Seat("instructor"), *(Seat("captain", str(s.id))
                                  for s in getattr(state, "ships", ())[:2])]


def check(state: GameState, seat: Seat) -> None:
    bar = phase_bar(seat_view(state, seat), "virtual")
    if bar.over:
        return
    wanted = {(str(p.station), p.ship or "") for p in awaited(state)}
    shown = set(bar.seats)
    if seat.ship is None:   # the Instructor knows whom the table waits for
        assert shown == wanted, (bar.acting, sorted(wanted))
    else:                   # a crew: its own seats exactly; the other side's as its view says
        own = {w for w in wanted if w[1] == seat.ship}
        assert {s for s in shown if s[1] == seat.ship} == own, (bar.acting, sorted(wanted))
        # another side's seats by ship: a decision whose kind is its side's secret is seen as
        # another station's (decisions/disclosure.py: an expert sensor question as the move)
        assert {s[1] for s in shown} <= {w[1] for w in wanted}, (bar.acting, sorted(wanted))
        if not shown and wanted:
            assert bar.acting == "Waiting for the other side"
    for station, _ in bar.seats:
        assert title(station) in bar.acting


@pytest.mark.slow
@pytest.mark.parametrize("name,start", games(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_phase_bar_names_exactly_who_the_game_waits_for(name: str,
                                                            start: GameState) -> None:
    dice, state, steps, offers = VirtualDice(3), start, 0, 0
    for _ in range(4000):
        for seat in crew_seats(state):
            check(state, seat)
        prompts = pending(state)
        if not prompts:
            break
        waits = awaited(state)
        offers += len(prompts) - len(waits)
        assert waits, f"{name}: the game waits for nobody but offers {prompts}"
        p = waits[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
        steps += 1
    assert steps > 30 and state.over, f"{name}: the game did not reach its end ({steps} steps)"
    if name == "command":
        assert offers > 0   # the self-destruct offer and Helm's warp speed, named by no one


def test_the_power_phase_at_the_command_level_names_engineering_not_helm() -> None:
    """The finding: through Power Allocation the bar named Helm's warp speed, an offer, while
    the game waited for Engineering (and Helm was never asked)."""
    state = new_game(scenario("duel", 2, "command"))
    dice = VirtualDice(1)
    while getattr(state, "step", "") != "power":
        p = pending(state)[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    seat = Seat("captain", "enterprise")
    bar = phase_bar(seat_view(state, seat), "virtual")
    assert "Engineering" in bar.acting and "Helm" not in bar.acting
    assert any(d.action == "set_warp" and d.optional for d in controls(state, Seat(
        "helm", "enterprise")))
    ships = {s.id: s for s in overview(seat_view(state, Seat("instructor")))}
    assert ships["enterprise"].acting == "Engineering"
