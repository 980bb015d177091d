"""The Instructor ends the game (Book Two, Command & Control, seed 000 lines 947-949, 1331-1339,
1453, `cat -n`).

The Instructor "is the final arbiter and interpreter of the rules" (line 947) and "acts as final
judge in any disputes ... because it is *his* scenario" (line 1335); step 18 of the sequence of
play: "The game ends when the players have reached the goal set for them by the gamemaster or
have failed to meet it and can no longer do so. It may have nothing to do with destroying the
other ships. Quite often, ending the game is a mutual decision." (line 1453).

At every level the Instructor's seat may end a game in progress at any step, a roll awaited
included (`EndGame`): the rule is Command & Control's, and a table's gamemaster ends a basic,
advanced or expert game the same way (our reading, docs/rules-decisions.md): a side's decisive
or marginal victory, or a draw, with the reason in a few words. It is logged like any action,
so a replay ends the same way, and every seat is told by the `GameOver` it makes ("the
Instructor's ruling: ..."), which the end screen and the after-action report show. A ship's seat
may not; the autopilot never does (it answers `pending`, and this is offered by `controls`
alone). These readings are in docs/rules-decisions.md, "Command & Control".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from engine.actions import Action, action_type
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa.values.state import OVER, FasaState
from engine.rulesets.fasa.victory import DECISIVE, DRAW, MARGINAL, Verdict
from engine.stations import INSTRUCTOR, Seat, title

MAX_REASON = 80
"""Characters of the reason's words (a line on the end screen)."""

KINDS = (DECISIVE, MARGINAL, DRAW)
REASONS = (("the goal is met", "goal met"), ("the goal can no longer be met", "out of reach"),
           ("ended by mutual decision", "agreed"))
"""The reasons a panel offers (the words logged, a button's label), after line 1453; a console or
a script may give its own words."""

ENDING = "the Instructor's ruling"


@action_type("end_game")
@dataclass(frozen=True, slots=True)
class EndGame(Action):
    """The Instructor: the game is over, `winner` (a side; "" for a draw) winning a `kind`
    (decisive victory, marginal victory or draw), for `reason` in a few words (line 1453)."""

    winner: str
    kind: str
    reason: str


def sides(state: FasaState) -> tuple[str, ...]:
    """The sides of the game, in the order their ships are listed."""
    return tuple(dict.fromkeys(s.side for s in state.ships))


def problem(state: FasaState, action: EndGame) -> str:
    """Why the Instructor may not end the game with `action` now; "" if it may."""
    if action.station != INSTRUCTOR:
        return "only the Instructor ends the game (the final arbiter, line 947)"
    if action.kind not in KINDS:
        return f"the result is one of: {', '.join(KINDS)}; not {action.kind!r}"
    if action.kind == DRAW and action.winner:
        return "a draw has no winner: leave the winner empty"
    if action.kind != DRAW and action.winner not in sides(state):
        return (f"the winner of a {action.kind} is one of the sides: {', '.join(sides(state))}; "
                f"not {action.winner!r}")
    words = action.reason.strip()
    if not words or len(words) > MAX_REASON or not words.isprintable():
        return f"give the reason in 1 to {MAX_REASON} printable characters"
    return ""


def verdict(state: FasaState, action: EndGame) -> Verdict:
    """The Instructor's judgement as the game's result; raises `IllegalAction` if refused."""
    why = problem(state, action)
    if why:
        raise IllegalAction(f"{title(action.station)}: {why}")
    return Verdict(action.kind, action.winner, ENDING, f"{ENDING}: {action.reason.strip()}")


def offer(state: FasaState, seat: Seat) -> tuple[Decision, ...]:
    """The Instructor's seat, at every level, while the game goes on: end it. Held to confirm
    on a panel, as nothing takes it back (`irreversible`); never waited for."""
    if seat.station != INSTRUCTOR or state.step == OVER:
        return ()
    # Every combination of the fields is an action the rules accept: "draw" as the winner
    # leaves the victory's kind aside.
    winner = Field("winner", "Winner", FieldKind.CHOICE, "",
                   choices=(Choice("", "draw"),)
                   + tuple(Choice(side, side) for side in sides(state)))
    kind = Field("kind", "Victory (with a winner)", FieldKind.CHOICE, DECISIVE,
                 choices=tuple(Choice(k, k.split()[0]) for k in (DECISIVE, MARGINAL)))
    reason = Field("reason", "Reason", FieldKind.CHOICE, REASONS[-1][0],
                   choices=tuple(Choice(words, label) for words, label in REASONS))

    def build(v: Mapping[str, Value]) -> Action:
        side = cast(str, v["winner"])
        return EndGame(INSTRUCTOR, side, cast(str, v["kind"]) if side else DRAW,
                       cast(str, v["reason"]))

    prompt = Prompt(None, INSTRUCTOR, "end the game: a side's victory or a draw (no undo)", None,
                    "end_game")
    return (Decision(prompt, "end_game", INSTRUCTOR,
                     f"{title(INSTRUCTOR)}: end the game (the Instructor's ruling, no undo)",
                     (winner, kind, reason), (), build, irreversible=True, optional=True),)
