"""What the edges read of a Knight Hawks game through the kernel (docs/engine.md, the map shape):
the map and ships in the shape every ruleset gives, each station's readings, who the table waits
for, the step in words, the Instructor's overview, the Rolls list's words for a roll and the
after-action report's tally; and no "Why?" (its rolls' purposes say the chance)."""

from __future__ import annotations

import engine
from engine import Seat, apply, decide, new_game, pending, view
from engine.dice import Die
from engine.hexgrid import hex_to_offset
from engine.rulesets import get
from engine.rulesets.knighthawks.seats.views import OVERVIEW
from engine.rulesets.knighthawks.values.state import KHState


def patrol(turns: int = 12) -> KHState:
    scenario = get("knighthawks").load_scenario("patrol", None, turns)  # type: ignore[attr-defined]
    state = new_game(scenario)
    assert isinstance(state, KHState)
    return state


def test_the_view_has_the_map_shape() -> None:
    state = patrol()
    seen = view(state, Seat("helm", "scout-1"))
    assert (seen["map"]["cols"], seen["map"]["rows"]) == (state.width, state.height)
    for s, ship in zip(seen["ships"], state.ships, strict=True):
        assert (s["col"], s["row"]) == hex_to_offset(ship.pos) and s["heading"] == ship.facing
        assert set(s["readings"]) >= set(engine.crew_stations(state, ship.id))
        assert all(len(row) == 3 for rows in s["readings"].values() for row in rows)
        assert len(s["overview"]) == len(OVERVIEW["columns"])
    assert seen["step_title"] == "Movement" or seen["step"] != "move"
    assert [(p["ship"], p["station"], p["what"]) for p in seen["pending"]] == \
        [(p.ship, str(p.station), p.what) for p in pending(state)]


def test_the_rolls_list_reads_hit_or_miss_and_the_report_counts_the_shot() -> None:
    state = patrol()
    labels: list[tuple[str, str]] = []
    shots = []
    for _ in range(3000):
        prompts = pending(state)
        if not prompts:
            break
        p = prompts[0]
        if p.roll is not None:
            value = 1 if len(labels) % 2 == 0 else p.roll.sides   # a hit, then a miss, ...
            before = state
            state, events = apply(state, engine.actions.RollResult(p.roll.station, value,
                                                                   "script"))
            label = engine.roll_label(before, events)
            if label is not None and label[1] in ("HIT", "MISS"):
                assert p.roll.kind == Die.D100 and "to hit" in p.roll.purpose
                assert label[1] == ("HIT" if value == 1 else "MISS")
                labels.append(label)
            shots += [e for e in events if type(e).__name__ == "ShotResolved"]
            assert engine.explain(before, events, None) == ()
        else:
            state, _ = apply(state, decide(state, p))
    assert {"HIT", "MISS"} <= {r for _, r in labels}
    assert shots and all(e.quiet and e.target_name for e in shots)
    assert any(not e.hit for e in shots) and any(e.hit for e in shots)


def test_seekers_are_counters_where_the_seat_may_know_them() -> None:
    """An idle seeker is its side's secret (line 41's mines likewise); the Instructor sees all."""
    from readouts.counters_model import counter_markers, legend_lines

    scenario = get("knighthawks").load_scenario("fleet", None, 4)  # type: ignore[attr-defined]
    state = new_game(scenario)
    assert isinstance(state, KHState) and state.seekers
    layer = {k.side for k in state.seekers}
    owner = next(s for s in state.ships if s.side in layer)
    enemy = next(s for s in state.ships if s.side not in layer)
    def seekers(seat: Seat) -> list[dict[str, object]]:
        return [c for c in view(state, seat)["counters"] if "seeker" in str(c.get("kind"))]
    assert len(seekers(Seat("instructor"))) == len(state.seekers)
    assert len(seekers(Seat("helm", owner.id))) == len(state.seekers)
    assert seekers(Seat("helm", enemy.id)) == []
    markers = counter_markers(view(state, Seat("instructor")), [s.side for s in state.ships])
    assert ("seeker missile (idle)", "seeker missile (idle)") in legend_lines(markers)
