"""Book Two, Command & Control: the Instructor ends the game (seed 000_4373da4a9495c8f8.txt,
`cat -n` lines 947-949, 1331-1339, 1453): "The game ends when the players have reached the goal
set for them by the gamemaster or have failed to meet it and can no longer do so ... Quite often,
ending the game is a mutual decision." (`engine/rulesets/fasa/command/ruling.py`)."""

from __future__ import annotations

import io
from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import IllegalAction, Seat
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.command.ruling import EndGame
from engine.rulesets.fasa.values.events import GameOver

COMMAND = {**prepare(load_scenario("duel", None), None, "command", None, 3), "id": "duel-cc"}
ADVANCED = prepare(load_scenario("duel", None), None, "advanced", None, 3)
INSTRUCTOR = Seat("instructor")


def _played(scenario: dict[str, Any], steps: int) -> tuple[Any, list[engine.Action]]:
    """A game of the autopilot and virtual dice, `steps` actions in (a roll may be awaited)."""
    state: Any = engine.new_game(scenario)
    dice = VirtualDice(3)
    actions: list[engine.Action] = []
    for _ in range(steps):
        p = engine.pending(state)[0]
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]
        actions.append(action)
    return state, actions


def test_the_instructor_ends_the_game_with_a_victory_and_every_seat_is_told_why() -> None:
    state, _ = _played(COMMAND, 5)
    side = state.ships[0].side
    after: Any
    after, events = engine.apply(state, EndGame("instructor", side, "decisive victory",
                                                "the goal is met"))
    assert after.step == "over" and after.winner == side
    assert after.outcome == (f"{side} wins a decisive victory: the Instructor's ruling: "
                             "the goal is met")
    assert engine.pending(after) == ()
    for ship in state.ships:
        told = engine.events_for(after, events, Seat("captain", ship.id))
        over = [e for e in told if isinstance(e, GameOver)]
        assert over and "the Instructor's ruling" in over[0].text
        assert over[0].ending == "the Instructor's ruling"
    assert "the Instructor's ruling" in engine.view(after, Seat("captain", state.ships[1].id))[
        "outcome"]
    with pytest.raises(IllegalAction, match="the game is over"):
        engine.apply(after, EndGame("instructor", "", "draw", "again"))


def test_the_instructor_may_end_it_while_a_roll_is_awaited_a_draw_by_mutual_decision() -> None:
    state: Any = engine.new_game(COMMAND)
    steps = 0
    while engine.pending(state)[0].roll is None:
        state, _ = _played(COMMAND, steps := steps + 1)
    after: Any
    after, _ = engine.apply(state, EndGame("instructor", "", "draw", "ended by mutual decision"))
    assert after.step == "over" and after.winner == "" and after.roll is None
    assert after.outcome == "Draw: the Instructor's ruling: ended by mutual decision"


@pytest.mark.parametrize(("action", "message"), [
    (EndGame("captain", "", "draw", "mutual"), "only the Instructor ends the game"),
    (EndGame("science", "", "draw", "mutual"), "only the Instructor ends the game"),
    (EndGame("instructor", "", "rout", "mutual"), "the result is one of"),
    (EndGame("instructor", "Federation", "draw", "mutual"), "a draw has no winner"),
    (EndGame("instructor", "Romulans", "decisive victory", "x"), "one of the sides"),
    (EndGame("instructor", "", "marginal victory", "x"), "one of the sides"),
    (EndGame("instructor", "", "draw", "  "), "1 to 80 printable"),
    (EndGame("instructor", "", "draw", "x" * 81), "1 to 80 printable"),
    (EndGame("instructor", "", "draw", "bad\nline"), "1 to 80 printable"),
])
def test_a_ship_seat_or_bad_values_are_refused_with_a_reason(action: EndGame,
                                                             message: str) -> None:
    state = engine.new_game(COMMAND)
    why = engine.problem(state, action)
    assert why is not None and message in why, why
    with pytest.raises(IllegalAction, match=message):
        engine.apply(state, action)


def test_at_every_level_the_instructor_may_end_the_game() -> None:
    """The ruling is Command & Control's rule (line 1453); a table's gamemaster ends a game at
    any level the same way (docs/rules-decisions.md)."""
    state = engine.new_game(ADVANCED)
    assert engine.problem(state, EndGame("instructor", "", "draw", "mutual")) is None
    assert [d.action for d in engine.controls(state, INSTRUCTOR)].count("end_game") == 1
    after, _ = engine.apply(state, EndGame("instructor", "", "draw", "mutual"))
    assert after.over and "mutual" in str(engine.view(after, INSTRUCTOR).get("outcome"))


def test_controls_offer_it_to_the_instructor_alone_held_to_confirm_and_never_waited_for() -> None:
    state, _ = _played(COMMAND, 7)
    offered = [d for d in engine.controls(state, INSTRUCTOR) if d.action == "end_game"]
    assert len(offered) == 1
    decision = offered[0]
    assert decision.irreversible and decision.optional
    assert all(p.action != "end_game" for p in engine.pending(state))  # the autopilot's list
    for ship in state.ships:
        for station in engine.crew_stations(state, ship.id):
            seat = Seat(station, ship.id)
            assert all(d.action != "end_game" for d in engine.controls(state, seat))
    side = state.ships[1].side
    assert side in decision.field_named("winner").values()
    assert decision.field_named("kind").values() == ("decisive victory", "marginal victory")
    draw = decision.make({"winner": "", "kind": "decisive victory", "reason": "the goal is met"})
    assert draw == EndGame("instructor", "", "draw", "the goal is met")
    action = decision.make({"winner": side, "kind": "marginal victory",
                            "reason": "the goal can no longer be met"})
    assert engine.problem(state, action) is None
    after: Any
    after, _ = engine.apply(state, action)
    assert after.winner == side and engine.controls(after, INSTRUCTOR) == ()


def test_the_ruling_is_logged_and_a_replay_ends_the_same_way() -> None:
    state, actions = _played(COMMAND, 9)
    ruling = EndGame("instructor", state.ships[0].side, "marginal victory", "the goal is met")
    over: Any = engine.apply(state, ruling)[0]
    actions.append(ruling)
    text = "\n".join([header_line(COMMAND)]
                     + [action_line(n, a) for n, a in enumerate(actions, 1)]) + "\n"
    log = parse(io.StringIO(text))
    assert log.actions[-1] == ruling
    again: Any = replay(log.scenario, log.actions)
    assert again.step == "over"
    assert (again.outcome, again.winner) == (over.outcome, over.winner)
