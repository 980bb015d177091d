"""The Kobayashi Maru (Book Two, Command & Control: Role Play Scenario, seed 000 lines 1540-1563)
and the victory tests it adds to victory.py: `by_turn`, `after_turn`, `broke_off`/`warp_above`.

Line 1560: "The Federation players win if they exit the Klingon side of the board in 15 turns or
fewer with superstructure and engines at least 1/3 intact. The Klingon player wins if he prevents
this. The Federation ship may not leave the map in any other direction or disengage by increasing
warp speed. If it does so, the Klingons win automatically."
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine.errors import DataError
from engine.hexgrid import hex_to_offset, offset_to_hex
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values import events as ev
from engine.rulesets.fasa.values.actions import SetWarp
from engine.rulesets.fasa.values.state import DISABLED, ESCAPED, FasaState, replace

CLASSES = setup.ship_dicts(None)


def kobayashi(level: str = "basic", turns: int | None = 30) -> FasaState:
    state = engine.new_game(prepare(load_scenario("kobayashi-maru", None), None, level, None,
                                    turns))
    assert isinstance(state, FasaState)
    return state


def left(state: FasaState, edge: str, superstructure: int | None = None,
         power: int | None = None, turn: int = 9) -> FasaState:
    """The Enterprise off the map by `edge`, with what it has left."""
    ent = state.ship("enterprise")
    col, row = {"north": (16, -1), "south": (16, 24), "east": (32, 12), "west": (-1, 12)}[edge]
    ent = replace(ent, pos=offset_to_hex(col, row), status=ESCAPED,
                  superstructure=ent.superstructure if superstructure is None else superstructure)
    if power is not None:
        ent = replace(ent, engines=(power, 0, 0))
    return replace(state.with_ship(ent), turn=turn)


def verdict(state: FasaState, turn_over: bool = False) -> victory.Verdict:
    out = victory.judge(state, state.setup.victory, turn_over)
    assert out is not None
    return out


def test_the_federation_ship_and_the_klingon_group_start_at_the_narrow_ends() -> None:
    """Game Setup (line 1554): "Place the Federation vessel on one of the narrow ends of the
    Starfield Mapsheet and the Klingon battle group on the other, opposite it" (line 1550: "One
    Federation vessel of any type vs. an appropriate battle group of Klingon vessels")."""
    s = kobayashi()
    assert s.bounds.cols > s.bounds.rows   # the west and east ends are the narrow ones
    places = {x.id: (x.side, hex_to_offset(x.pos)) for x in s.ships}
    assert places["enterprise"] == ("Federation", (0, 12))
    klingons = [p for side, p in places.values() if side == "Klingon"]
    assert len(klingons) == 3 and all(col == s.bounds.cols - 1 for col, _ in klingons)
    assert [x.cls.race for x in s.ships] == ["Federation", "Klingon", "Klingon", "Klingon"]
    # The Federation autopilot runs for the Klingon end, as the scenario scores it.
    assert victory.escapers(s.setup.victory) == {"enterprise": "east"}


def test_leaving_by_the_klingon_end_within_15_turns_with_a_third_is_a_federation_victory() -> None:
    """Line 1560: "exit the Klingon side of the board in 15 turns or fewer with superstructure and
    engines at least 1/3 intact". The Constitution has 20 superstructure and 50 power at 1/3
    scale... at least a third of each: 7 of 20 and 17 of 50 are enough, exactly a third too."""
    s = kobayashi()
    ent = s.ship("enterprise")
    third_ss = -(-ent.cls.superstructure // 3)
    third_power = -(-ent.cls.total_power // 3)
    for state in (left(s, "east"), left(s, "east", third_ss, third_power, turn=15)):
        v = verdict(state)
        assert (v.kind, v.winner, v.ending) == (victory.DECISIVE, "Federation", victory.ESCAPE)


@pytest.mark.parametrize("damage", ["superstructure", "power"])
def test_leaving_the_klingon_end_with_less_than_a_third_gives_the_klingons_the_game(
        damage: str) -> None:
    """Line 1560: "The Klingon player wins if he prevents this": out by the Klingon end, but with
    less than a third of the superstructure, or of the engines' power."""
    s = kobayashi()
    ent = s.ship("enterprise")
    short = {"superstructure": (ent.cls.superstructure // 3 - 1, None),
             "power": (None, -(-ent.cls.total_power // 3) - 1)}[damage]
    v = verdict(left(s, "east", *short))
    assert (v.kind, v.winner) == (victory.DECISIVE, "Klingon")


@pytest.mark.parametrize("edge", ["north", "south", "west"])
def test_leaving_by_any_other_edge_gives_the_klingons_the_game(edge: str) -> None:
    """Line 1560: "The Federation ship may not leave the map in any other direction ... If it
    does so, the Klingons win automatically" (undamaged, early: it does not matter)."""
    v = verdict(left(kobayashi(), edge, turn=2))
    assert (v.kind, v.winner, v.ending) == (victory.DECISIVE, "Klingon", victory.ESCAPE)


def test_leaving_after_turn_15_is_too_late() -> None:
    """"in 15 turns or fewer": the clause's by_turn = 15; in turn 16 (a table that set a longer
    turn limit and missed the end of turn 15) the exit is the Klingons'."""
    assert verdict(left(kobayashi(), "east", turn=16)).winner == "Klingon"


def test_the_enterprise_out_of_the_fight_gives_the_klingons_the_game() -> None:
    """"The Klingon player wins if he prevents this": disabled or destroyed, it can no longer
    leave by the Klingon end."""
    s = kobayashi()
    s = s.with_ship(replace(s.ship("enterprise"), superstructure=0, status=DISABLED))
    v = verdict(s)
    assert (v.kind, v.winner, v.ending) == (victory.DECISIVE, "Klingon", victory.ONE_SIDE_LEFT)


def test_the_end_of_turn_15_gives_the_klingons_the_game() -> None:
    """"in 15 turns or fewer": once the 15th game turn is over the Federation cannot win; the
    game ends then, whatever the table's turn limit (after_turn = 15)."""
    s = replace(kobayashi(), turn=15)
    assert victory.judge(s, s.setup.victory) is None   # turn 15 still being played
    v = verdict(s, turn_over=True)
    assert (v.kind, v.winner, v.ending) == (victory.DECISIVE, "Klingon", victory.TIME_UP)
    assert "15 game turns are over" in v.reason


def test_after_turn_ends_the_game_at_the_end_of_that_turn_through_the_engine() -> None:
    """The end-of-turn check in the engine: ships far apart, `after_turn = 1`: the game is over
    when turn 1's last Firing Phase is, with the clause's side and reason."""
    scenario = {"id": "t", "map": {"cols": 60, "rows": 12}, "obstacles": [], "ships": [
        {"id": "ent", "class": "constitution", "side": "Federation", "col": 0, "row": 5,
         "heading": 5},
        {"id": "kl", "class": "d7a", "side": "Klingon", "col": 59, "row": 5, "heading": 2}],
        "victory": [{"result": "decisive victory", "side": "Klingon", "after_turn": 1,
                     "why": "time ran out for the Federation"}]}
    state, _ = autopilot_game(setup.build_scenario(scenario, CLASSES), VirtualDice(1).roll)
    assert isinstance(state, FasaState)
    assert state.over and state.turn == 1 and state.winner == "Klingon"
    assert "time ran out for the Federation" in state.outcome


def _to_warp_prompt(state: FasaState) -> FasaState:
    """Play (autopilots, seeded dice) until the Enterprise's Helm is asked for its warp speed."""
    dice = VirtualDice(3)
    while True:
        prompts = engine.pending(state)
        if any(p.action == "set_warp" and p.ship == "enterprise" for p in prompts):
            return state
        prompt = prompts[0]
        action = dice.roll(prompt.roll) if prompt.roll else engine.decide(state, prompt)
        new, _ = engine.apply(state, action)
        assert isinstance(new, FasaState)
        state = new


def test_breaking_off_by_increasing_warp_speed_gives_the_klingons_the_game() -> None:
    """Line 1560: the Federation ship may not "disengage by increasing warp speed ... If it does
    so, the Klingons win automatically" (Changing Warp Speed, line 1143: "to break off battle").
    The Enterprise comes in at warp 6 (the scenario's); warp 7 is breaking off, at once."""
    s = _to_warp_prompt(kobayashi("expert"))
    assert s.ship("enterprise").warp == 6
    held, _ = engine.apply(s, SetWarp("helm", "enterprise", 6))
    assert not held.over
    slower, _ = engine.apply(s, SetWarp("helm", "enterprise", 5))
    assert not slower.over
    fled, events = engine.apply(s, SetWarp("helm", "enterprise", 7))
    over = [e for e in events if isinstance(e, ev.GameOver)]
    assert fled.over and len(over) == 1
    assert (over[0].kind, over[0].winner, over[0].ending) == (victory.DECISIVE, "Klingon",
                                                              victory.BROKE_OFF)
    assert engine.pending(fled) == ()


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "expert"])
def test_the_autopilots_play_the_kobayashi_maru_to_its_end(level: str) -> None:
    """Every station by autopilot, to a verdict of the scenario's clauses (the Klingons': it is
    the no-win scenario), with a game-over reason from them."""
    state, _ = autopilot_game(prepare(load_scenario("kobayashi-maru", None), None, level,
                                     None, 30), VirtualDice(1).roll)
    assert isinstance(state, FasaState) and state.over
    assert state.turn <= 15 and state.winner in ("Federation", "Klingon")
    reasons = {c.why for c in state.setup.victory}
    assert state.outcome.split(": ", 1)[1] in reasons


def _clause(**fields: Any) -> dict[str, Any]:
    return {"result": "decisive victory", "side": "Klingon", "why": "a reason", **fields}


@pytest.mark.parametrize(("fields", "message"), [
    ({"after_turn": 0}, "after_turn must be a game turn, a whole number 1 to 999, not 0"),
    ({"after_turn": "15"}, "after_turn must be a game turn"),
    ({"after_turn": 1000}, "after_turn must be a game turn"),
    ({"by_turn": -1, "out": ["ent"]}, "by_turn must be a game turn"),
    ({"by_turn": True, "out": ["ent"]}, "by_turn must be a game turn"),
    ({"broke_off": "ent"}, "broke_off (the ship) and warp_above"),
    ({"warp_above": 6, "out": ["ent"]}, "broke_off (the ship) and warp_above"),
    ({"broke_off": "ent", "warp_above": 10}, "warp_above must be a whole number 0 to 9"),
    ({"broke_off": "ent", "warp_above": 6.5}, "warp_above must be a whole number 0 to 9"),
    ({"broke_off": "nobody", "warp_above": 6}, "broke_off names no ship of the scenario"),
    ({"by_turn": 15}, "give at least one test (escaped, enemies_disabled, out, wrecked, "
                      "after_turn, broke_off)"),
])
def test_bad_turn_and_warp_clauses_are_refused_with_what_to_write(fields: dict[str, Any],
                                                                  message: str) -> None:
    with pytest.raises(DataError) as err:
        victory.clauses_from([_clause(**fields)], "scenario t", {"ent": "Federation",
                                                                 "kl": "Klingon"})
    assert message in str(err.value) and "scenario t, victory[1]" in str(err.value)
