"""Book Two, Advanced: Firing Limitations / Movement With Three Movement/Firing Phases — the
optional three-phase game turn, played from the printed table."""

from __future__ import annotations

import pytest

from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine import DataError, RollResult, apply, new_game, pending
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.actions import AllocatePower, ArmWeapons, SetShields
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import FasaState


def _allocated(phases: int, movement_power: int) -> FasaState:
    """The duel with the Enterprise given `movement_power` and the Klingon nothing to move."""
    state = new_game(prepare(load_scenario("duel", None), None, "basic", "1", 2, phases))
    assert isinstance(state, FasaState)
    for action in (AllocatePower("engineer", "enterprise", movement_power, 0, 0),
                   ArmWeapons("helm", "enterprise", ()), SetShields("science", "enterprise",
                                                                   (0, 0, 0, 0, 0, 0)),
                   AllocatePower("engineer", "kronos", 0, 0, 0), ArmWeapons("helm", "kronos", ()),
                   SetShields("science", "kronos", (0, 0, 0, 0, 0, 0)),
                   RollResult("captain", 3), RollResult("captain", 7)):
        state = apply(state, action)[0]  # type: ignore[assignment]
    return state


@pytest.mark.parametrize(("phases", "power", "per_phase"), [
    (3, 28, (2, 3, 2)),       # the printed row for 7 movement points
    (3, 4, (0, 1, 0)),        # 1 point: "None, 1, None"
    (5, 28, (1, 2, 1, 2, 1)),  # our five-phase spread for 7
])
def test_movement_points_per_phase_follow_the_table(phases: int, power: int,
                                                    per_phase: tuple[int, ...]) -> None:
    state = _allocated(phases, power)
    seen = []
    while state.turn == 1 and pending(state):
        if state.step == "move":
            seen.append(movement.phase_points(state, state.ship("enterprise")))
            prompt = pending(state)[0]
            state = apply(state, autopilot.decide(state, prompt))[0]  # type: ignore[assignment]
        else:
            prompt = pending(state)[0]
            action = (RollResult(prompt.station, 10) if prompt.roll
                      else autopilot.decide(state, prompt))
            state = apply(state, action)[0]  # type: ignore[assignment]
    assert tuple(seen) == tuple(p for p in per_phase if p)  # phases with no points are skipped
    assert state.phases == phases


def test_a_three_phase_game_has_three_movement_phases_a_turn() -> None:
    scenario = prepare(load_scenario("skirmish", None), None, "basic", None, 2, 3)
    phases_seen: set[str] = set()

    def notes(state: object, action: object, events: tuple[object, ...]) -> None:
        phases_seen.update(e.text.split(" of ")[0] for e in events
                           if isinstance(e, Note) and e.text.startswith("Movement Phase"))

    autopilot_game(scenario, VirtualDice(1).roll, on_events=notes)  # type: ignore[arg-type]
    assert phases_seen == {"Movement Phase 1", "Movement Phase 2", "Movement Phase 3"}


@pytest.mark.parametrize("bad", [4, 0, "3", True])
def test_phases_must_be_three_or_five(bad: object) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 2)
    scenario["phases"] = bad
    with pytest.raises(DataError, match="phases must be 3 or 5"):
        new_game(scenario)
