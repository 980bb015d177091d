"""The Admiral, an optional rule of the advanced game (Book Two, Advanced, seed 000 line 437,
`cat -n`): "one of the players does not actually command a ship, but acts as an Admiral,
coordinating the movements of all the ships, leaving the details of the movements to the
individual ship captains" (engine/rulesets/fasa/command/admiral.py)."""

from __future__ import annotations

import io
from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine.errors import DataError, IllegalAction, SeatError
from engine.log import parse, replay
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.command import admiral, admiral_rule
from engine.rulesets.fasa.command.admiral import FleetOrdered, FleetOrders, Order
from engine.rulesets.fasa.decisions import controls, legal
from engine.rulesets.fasa.flow import decide, turn
from engine.rulesets.fasa.values.actions import AllocatePower
from engine.rulesets.fasa.values.state import MOVE, FasaState, replace
from engine.stations import Seat


def game(name: str = "skirmish", level: str = "advanced", **options: Any) -> FasaState:
    state: Any = engine.new_game(prepare(load_scenario(name, None), None, level, None, 4, None,
                                         options or {"admiral": True}))
    return state


def test_an_admiral_seat_names_a_side_and_no_ship() -> None:
    seat = Seat("admiral", side="Blue")
    assert seat.is_admiral and seat.ship is None and str(seat) == "Admiral of the Blue side"
    for bad in (lambda: Seat("admiral"), lambda: Seat("admiral", "lance"),
                lambda: Seat("admiral", "lance", "Blue")):
        with pytest.raises(SeatError, match=r"names a side and no ship: Seat\('admiral'"):
            bad()
    with pytest.raises(SeatError, match="only the Admiral seat names a side"):
        Seat("captain", "lance", "Blue")


def test_the_option_gives_every_side_or_the_sides_named_an_admiral() -> None:
    every = game()
    assert admiral.sides(every) == ("Blue", "Red")
    assert [p.side for p in engine.pending(every) if p.action == "fleet_orders"] == ["Blue", "Red"]
    blue = game(admirals=["Blue"])
    assert [p.side for p in engine.pending(blue) if p.action == "fleet_orders"] == ["Blue"]
    assert engine.view(blue, Seat("instructor"))["options"] == {"admirals": ["Blue"]}
    assert not [p for p in engine.pending(game(fire_limit=2)) if p.action == "fleet_orders"]
    with pytest.raises(DataError, match="admirals names Green, no side of this scenario"):
        game(admirals=["Green"])
    with pytest.raises(DataError, match="admiral must be true or false"):
        game(admiral="yes")
    with pytest.raises(DataError, match="admirals must be a list of the sides"):
        game(admirals="Blue")


def test_fleet_orders_are_told_to_their_side_alone_and_bind_nobody() -> None:
    state = game()
    seat = Seat("admiral", side="Blue")
    decision = engine.controls(state, seat)[0]
    assert decision.optional and decision.action == "fleet_orders"
    action = decision.make({"order:lance": "close", "target:lance": "citadel",
                            "order:bastion": "withdraw"})
    assert action == FleetOrders("admiral", "Blue", (Order("lance", "close", "citadel"),
                                                      Order("bastion", "withdraw", "")))
    after, events = engine.apply(state, action)
    said = [e for e in events if isinstance(e, FleetOrdered)]
    assert said and said[0].text == ("Admiral of the Blue side: Lance: close on Citadel; "
                                     "Bastion: withdraw")
    for blue in (seat, Seat("captain", "lance"), Seat("helm", "bastion"), Seat("instructor")):
        assert said[0] in engine.events_for(after, events, blue)
        orders = engine.view(after, blue)["fleet_orders"]
        assert [o["ship"] for o in orders] == ["lance", "bastion"]
    for red in (Seat("admiral", side="Red"), Seat("captain", "spear"), Seat("helm", "citadel")):
        assert said[0] not in engine.events_for(after, events, red)
        assert engine.view(after, red)["fleet_orders"] == []
        assert not any(p.get("side") == "Blue" for p in engine.view(after, red)["pending"])
    # Non-binding: Lance's Engineer may do as he likes, and the phase never waits for orders.
    assert not [p for p in engine.pending(after, seat)]
    ship = after.ship("lance")
    after, _ = engine.apply(after, AllocatePower("engineer", "lance", 0, 0, 0))
    assert after.ship("lance").allocation is not None
    assert ship.id == "lance"


def test_an_admiral_may_skip_and_the_turn_goes_on_without_orders() -> None:
    state = game("duel")
    skip = FleetOrders("admiral", "Federation")
    state, events = engine.apply(state, skip)
    assert any(e.text == "Admiral of the Federation side: no orders this turn" for e in events)
    assert [p.side for p in engine.pending(state) if p.action == "fleet_orders"] == ["Klingon"]
    dice = VirtualDice(1)
    while engine.pending(state) and state.step != MOVE:  # Klingon's Admiral never answers
        p = next(p for p in engine.pending(state)
                 if p.action not in ("fleet_orders", "self_destruct", "set_warp"))
        state = engine.apply(state, dice.roll(p.roll) if p.roll
                             else autopilot.decide(state, p))[0]
    assert state.step == MOVE and not [p for p in engine.pending(state)
                                       if p.action == "fleet_orders"]


@pytest.mark.parametrize(("action", "words"), [
    (FleetOrders("helm", "Blue"), "fleet orders are the Admiral's"),
    (FleetOrders("admiral", "Green"), "'Green' side has no Admiral in this game"),
    (FleetOrders("admiral", "Blue", (Order("spear", "close"),)), "'spear' is not a ship of the Blue"),
    (FleetOrders("admiral", "Blue", (Order("lance", "charge"),)), "close, hold, withdraw, not 'charge'"),
    (FleetOrders("admiral", "Blue", (Order("lance", "hold"), Order("lance", "close"))),
     "one order a ship; Lance has two"),
    (FleetOrders("admiral", "Blue", (Order("lance", "close", "bastion"),)),
     "'bastion' is no enemy ship the Blue side can name"),
])
def test_orders_the_rules_refuse_are_refused_in_words(action: FleetOrders, words: str) -> None:
    state = game(admirals=["Blue"])
    assert words in (engine.problem(state, action) or "")
    with pytest.raises(IllegalAction, match=words):
        engine.apply(state, action)


def test_orders_once_a_turn_and_only_in_the_power_allocation_phase() -> None:
    state = game()
    state, _ = engine.apply(state, FleetOrders("admiral", "Blue"))
    assert "fleet orders for turn 1 are given" in (
        engine.problem(state, FleetOrders("admiral", "Blue")) or "")
    moving = replace(state, step=MOVE)
    assert "given in the Power Allocation Phase" in (
        engine.problem(moving, FleetOrders("admiral", "Red")) or "")


def test_the_admiral_sees_its_side_whole_but_not_a_ships_own_expert_find() -> None:
    """Expert: a cloak found by an arc scan is "revealed ONLY TO THE SENSING CAPTAIN" (line 783):
    its Admiral learns of it only as the captain reports it at the table
    (docs/rules-decisions.md)."""
    state = game("romulan-gambit", "expert")
    bop = replace(state.ship("bop1"), cloaked=True)
    state = replace(state.with_ship(bop), detected_by=(("constitution", "bop1"),))
    captain = engine.view(state, Seat("captain", "constitution"))
    chief = engine.view(state, Seat("admiral", side="Federation"))
    assert next(s for s in captain["ships"] if s["id"] == "bop1")["col"] is not None
    assert next(s for s in chief["ships"] if s["id"] == "bop1")["col"] is None
    assert "engines" in next(s for s in chief["ships"] if s["id"] == "constitution")
    assert "engines" not in next(s for s in chief["ships"] if s["id"] == "bop2")
    assert chief["seat"] == {"station": "admiral", "ship": None, "side": "Federation"}
    assert "bop1" not in [s.id for s in admiral.targets(state, "Federation")]


def test_the_admirals_decision_is_its_rules_side_decision_looked_up_by_its_kind() -> None:
    """A side's decision has no ship: the turn, the legal actions, the controls and the
    autopilot find what it does by its kind among the rules' side decisions (admiral_rule.py)."""
    declared = admiral_rule.RULE.side_decisions["fleet_orders"]
    assert {"fleet_orders": declared} == decide.BY_SIDE
    assert "fleet_orders" not in decide.DECISIONS and "fleet_orders" not in legal.OPTIONS
    assert turn.STEP_OF["fleet_orders"] == admiral_rule.RULE.step_of["fleet_orders"]
    state = game()
    prompt = next(p for p in engine.pending(state) if p.side == "Blue")
    assert prompt.ship is None
    assert legal.for_prompt(state, prompt, "admiral") == declared.options(state, prompt, "admiral")
    made = controls.decision(state, prompt, "admiral")
    assert made.fields == declared.controls(state, prompt, "admiral").fields
    order = autopilot.decide(state, prompt)
    assert order == declared.autopilot(state, prompt)  # the Admiral's side sees the skirmish whole
    after, events = turn.apply(state, order)
    assert isinstance(events[0], FleetOrdered) and ("Blue", state.turn) in after.ordered


def test_the_autopilot_gives_orders_and_the_captains_autopilots_follow_them() -> None:
    state = game()
    prompt = next(p for p in engine.pending(state) if p.side == "Blue")
    orders = autopilot.decide(state, prompt)
    assert isinstance(orders, FleetOrders) and orders.side == "Blue"
    assert {o.ship for o in orders.orders} == {"lance", "bastion"}
    assert len({o.target for o in orders.orders}) == 1  # fire gathered on one enemy
    state, _ = engine.apply(state, FleetOrders("admiral", "Blue",
                                               (Order("lance", "close", "spear"),)))
    lance = state.ship("lance")
    assert autopilot.nearest_enemy(state, lance).id == "spear"  # type: ignore[union-attr]
    battered = replace(state.ship("bastion"), superstructure=1)
    again = game().with_ship(battered)
    orders = autopilot.decide(again, next(p for p in engine.pending(again) if p.side == "Blue"))
    assert isinstance(orders, FleetOrders)
    assert Order("bastion", "withdraw", "") in orders.orders


@pytest.mark.slow
def test_a_game_with_admirals_plays_to_its_end_and_replays_from_its_log() -> None:
    out = io.StringIO()
    scenario = prepare(load_scenario("skirmish", None), None, "expert", None, 4, None,
                       {"admiral": True})
    final, actions = autopilot_game(scenario, VirtualDice(7).roll, log=out)
    assert sum(a.type_name == "fleet_orders" for a in actions) >= 4
    read = parse(io.StringIO(out.getvalue()), "admirals.jsonl")
    assert replay(read.scenario, read.actions, "admirals.jsonl") == final


@pytest.mark.slow
def test_simulate_and_the_configuration_name_the_admiral(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion import cli
    from companion.settings.config import ConfigError, game_options, parse_config
    from companion.table.table_setup import seats_for
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "--admiral" in capsys.readouterr().out
    assert cli.main(["simulate", "--level", "advanced", "--admiral", "--turns", "1"]) == 0
    said = capsys.readouterr().out
    assert "Admiral of the Federation side:" in said and "Admiral of the Klingon side:" in said
    assert cli.main(["simulate", "--level", "advanced", "--admiral", "Klingon",
                     "--turns", "1"]) == 0
    said = capsys.readouterr().out
    assert "Admiral of the Klingon side:" in said and "Admiral of the Federation" not in said
    assert cli.main(["simulate", "--level", "advanced", "--admiral", "Romulan"]) != 0
    assert "admirals names Romulan, no side of this scenario" in capsys.readouterr().err
    config = parse_config({"game": {"admirals": ["Federation"]},
                           "seats": {"Federation/admiral": "touch"}}, "t.toml")
    assert game_options(config) == {"admirals": ["Federation"]}
    assert game_options(parse_config({"game": {"admiral": True}}, "t.toml")) == {"admiral": True}
    with pytest.raises(ConfigError, match=r"game\.admirals: must be a list of 1 to 8 sides"):
        parse_config({"game": {"admirals": "Federation"}}, "t.toml")
    state = engine.new_game(prepare(load_scenario("duel", None), None, "advanced", None, 2, None,
                                    game_options(config)))
    seats = seats_for(config, state, ["enterprise", "kronos"], autopilot=False)
    assert seats["Federation", "admiral"] == "touch" and ("Klingon", "admiral") not in seats
