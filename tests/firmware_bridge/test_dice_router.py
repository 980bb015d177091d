"""Tray rolls as answers to the engine's roll requests: routing by seat, reading the die,
percentile, rolls nobody asked for, fallbacks; the configuration; and a whole basic-game turn
whose every roll comes from the emulator over a pseudo-terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.session import load_scenario, prepare
from engine import Prompt, RollRequest, RollResult, Seat, apply, new_game, pending
from engine.dice import fasa_die_from_d20
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.emulator import TrayEmulator
from firmware_bridge.link import TrayNotice, TrayRefused, TrayRoll, TrayStatus
from firmware_bridge.protocol import Roll
from firmware_bridge.router import (
    MANUAL,
    TRAY_CONNECTED,
    TRAY_LOST,
    TRAY_STARTING,
    VIRTUAL,
    DiceConfigError,
    DiceRouter,
    SeatPattern,
    Shown,
    TrayAnswer,
    TrayConfig,
    config_from_dict,
    manual_roll,
    override_roll,
)

HELM_E = Seat("helm", "enterprise")
TWO_TRAYS = config_from_dict({"trays": [
    {"id": "tray-e", "url": "x", "seats": ["enterprise/helm", "enterprise/weapons"]},
    {"id": "tray-k", "url": "y", "seats": ["klingon/helm"], "dice": [10, 20]},
]})


def ask(station: str, ship: str | None, kind: str = "d10") -> Prompt:
    return Prompt(ship, station, "roll", RollRequest(kind, ship, station, f"{station} to-hit"))


def roll(tray: str, value: int, seq: int = 1, sides: int = 20) -> TrayRoll:
    return TrayRoll(tray, Roll(seq, tray, sides, value), 0.0)


@given(st.integers(1, 20))
def test_a_d20_reads_as_the_fasa_die(v: int) -> None:
    out = DiceRouter(TWO_TRAYS).on_event(roll("tray-e", v, 42), [ask("helm", "enterprise")])
    assert isinstance(out, TrayAnswer)
    assert out.action == RollResult("helm", fasa_die_from_d20(v), "tray", "tray-e#42")


def test_a_roll_goes_only_to_a_seat_its_tray_serves() -> None:
    r = DiceRouter(TWO_TRAYS)
    klingon = [ask("helm", "klingon")]
    out = r.on_event(roll("tray-e", 5), klingon)
    assert isinstance(out, Shown) and "no roll is wanted" in out.text
    out = r.on_event(roll("tray-k", 5), klingon)
    assert isinstance(out, TrayAnswer) and out.action.station == "helm"
    out = r.on_event(roll("tray-k", 7, sides=10), klingon)  # its d10 reads as it is
    assert isinstance(out, TrayAnswer) and out.action.value == 7
    # the first pending request of a seat it serves, named by the request's station
    out = r.on_event(roll("tray-e", 13), [ask("helm", "klingon"), ask("weapons", "enterprise")])
    assert isinstance(out, TrayAnswer) and out.action.station == "weapons" and out.action.value == 3


def test_rolls_nobody_asked_for_are_shown_and_ignored() -> None:
    r = DiceRouter(TWO_TRAYS)
    assert isinstance(r.on_event(roll("tray-e", 5), []), Shown)
    assert isinstance(r.on_event(roll("stranger", 5), [ask("helm", "enterprise")]), Shown)
    out = r.on_event(roll("tray-e", 5), [ask("helm", "enterprise", "d6")])
    assert isinstance(out, Shown) and "needs a d6" in out.text


def test_percentile_takes_two_rolls_tens_then_units() -> None:
    r = DiceRouter(TWO_TRAYS)
    p = [ask("helm", "enterprise", "d100")]
    first = r.on_event(roll("tray-e", 14, 1), p)  # reads 4
    assert isinstance(first, Shown) and "tens 4" in first.text
    out = r.on_event(roll("tray-e", 7, 2), p)
    assert isinstance(out, TrayAnswer)
    assert out.action == RollResult("helm", 47, "tray", "tray-e#1+tray-e#2")
    r.on_event(roll("tray-e", 10, 3), p)  # reads 10, the "0" face
    out = r.on_event(roll("tray-e", 20, 4), p)
    assert isinstance(out, TrayAnswer) and out.action.value == 100  # 00 is 100
    # half a percentile roll is forgotten when nobody is asking any more
    r.on_event(roll("tray-e", 3, 5), p)
    r.on_event(roll("tray-e", 3, 6), [])
    assert isinstance(r.on_event(roll("tray-e", 3, 7), p), Shown)


def test_status_for_the_display_and_the_alert_led() -> None:
    r = DiceRouter(TWO_TRAYS)
    # Not heard yet is not lost: no alert at the start (the link says "lost" if it stays quiet).
    assert r.status(HELM_E).mode == TRAY_STARTING and not r.status(HELM_E).alert
    r.on_event(TrayStatus("tray-e", True, "heard"), [])
    assert r.status(HELM_E).mode == TRAY_CONNECTED and not r.status(HELM_E).alert
    r.on_event(TrayStatus("tray-e", False, "no heartbeat for 3.1 s"), [])
    assert r.status(HELM_E).mode == TRAY_LOST and r.status(HELM_E).alert
    assert r.status(HELM_E).by_hand   # the [dice] default fallback is manual
    r.on_event(TrayStatus("tray-e", True, "heard"), [])
    assert not r.status(HELM_E).alert and not r.status(HELM_E).by_hand
    other = Seat("science", "enterprise")
    assert r.status(other).mode == MANUAL and "by hand" in r.status(other).text
    virtual = DiceRouter(config_from_dict({"fallback": "virtual"}))
    assert virtual.status(other).mode == VIRTUAL
    shown = r.on_event(TrayNotice("tray-e", "ignored a line"), [])
    assert isinstance(shown, Shown) and r.last_notice["tray-e"] == "ignored a line"


def test_manual_and_override_rolls() -> None:
    req = RollRequest("d10", "enterprise", "helm", "to-hit")
    assert manual_roll(req, 10) == RollResult("helm", 10, "manual")
    with pytest.raises(ValueError, match="1 to 10, not 11"):
        manual_roll(req, 11)
    assert override_roll(req, 1, "house rule") == RollResult("instructor", 1, "override",
                                                              "house rule")


def test_seat_patterns() -> None:
    assert SeatPattern.parse("*", "w").serves("helm", "x")
    assert SeatPattern.parse("helm", "w").serves("helm", "any")
    assert not SeatPattern.parse("helm", "w").serves("weapons", "any")
    p = SeatPattern.parse("enterprise/helm", "w")
    assert p.serves("helm", "enterprise") and not p.serves("helm", "klingon")
    assert TrayConfig("t", "u").serves("science", None)


@pytest.mark.parametrize(("data", "message"), [
    ({"fallback": "dice"}, "fallback must be one of manual, virtual"),
    ({"trays": {}}, "trays must be a list"),
    ({"trays": [{"id": "bad id", "url": "x"}]}, "id must be 1-16 letters"),
    ({"trays": [{"id": "t", "url": ""}]}, "url must be"),
    ({"trays": [{"id": "t", "url": "x", "seats": ["enterprise/cook"]}]}, "unknown station"),
    ({"trays": [{"id": "t", "url": "x", "dice": [7]}]}, "dice must be a list of sides"),
    ({"trays": [{"id": "t", "url": "x", "dice": [True]}]}, "dice must be a list of sides"),
    ({"trays": [{"id": "t", "url": "x"}, {"id": "t", "url": "y"}]}, "configured twice"),
    ({"trays": [{"id": "t", "url": "x", "baud": 9600}]}, "unknown key"),
    ({"tray": []}, "unknown key"),
])
def test_bad_configuration_says_what_is_wrong(data: dict[str, Any], message: str) -> None:
    with pytest.raises(DiceConfigError, match=message):
        config_from_dict(data)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(
                               st.sampled_from(["id", "url", "seats", "dice", "trays",
                                                "fallback", "x"]), c, max_size=4),
                           max_leaves=12)


@pytest.mark.slow
@given(json_values)
def test_any_configuration_is_taken_or_refused_with_a_message(data: Any) -> None:
    try:
        config_from_dict(data if isinstance(data, dict) else {"trays": data})
    except DiceConfigError as exc:
        assert str(exc)


@pytest.mark.slow
def test_a_basic_game_turn_rolled_on_the_emulated_tray(tmp_path: Path) -> None:
    dev = tmp_path / "starbridge-dice"
    config = config_from_dict({"trays": [{"id": "tray-1", "url": str(dev)}]})
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 3))
    from engine.rulesets.fasa.autopilots import autopilot

    rolls: list[RollResult] = []
    with TrayEmulator(link_path=dev, seed=5) as tray, DiceBridge(config) as dice:
        while dice.status(Seat("helm", "kronos")).mode != TRAY_CONNECTED:
            assert dice.poll([], timeout=5.0), "the tray never said HELLO"
        turn = state.turn  # type: ignore[attr-defined]
        while state.turn == turn and pending(state):  # type: ignore[attr-defined]
            prompts = pending(state)  # (a lucky first turn can end the game)
            if prompts[0].roll is None:
                state, _ = apply(state, autopilot.decide(state, prompts[0]))  # type: ignore[arg-type]
                continue
            dice.track(prompts)   # the request is shown before anybody rolls for it
            tray.roll()  # a fair d20 from os.urandom, as the firmware rolls it
            answer = None
            while answer is None:
                outs = dice.poll(prompts, timeout=5.0)
                assert outs, "no word from the tray within 5 s"
                answer = next((o for o in outs if isinstance(o, TrayAnswer)), None)
            state, _ = apply(state, answer.action)
            rolls.append(answer.action)
        assert dice.status(Seat("helm", "kronos")).mode == TRAY_CONNECTED
    assert rolls, "a basic turn has to-hit rolls"
    assert all(r.source == "tray" for r in rolls)
    assert [r.detail for r in rolls] == [f"tray-1#{n}" for n in range(len(rolls))]


def test_a_roll_answers_only_a_request_pending_when_it_arrived() -> None:
    r = DiceRouter(TWO_TRAYS)
    p = [ask("helm", "enterprise")]
    assert p[0].roll is not None
    since = {p[0].roll: 10.0}
    early = r.on_event(TrayRoll("tray-e", Roll(1, "tray-e", 20, 5), 9.5), p, since)
    assert isinstance(early, Shown) and "before Helm was asked to roll" in early.text
    late = r.on_event(TrayRoll("tray-e", Roll(2, "tray-e", 20, 5), 10.5), p, since)
    assert isinstance(late, TrayAnswer)
    refused = r.on_event(TrayRefused("tray-e", "tray-e#3", "a d20 cannot show 21"), p, since)
    assert isinstance(refused, Shown) and "tray-e#3 refused: a d20 cannot show 21" in refused.text


def test_the_bridge_stamps_a_request_anew_once_a_roll_answered_an_equal_one() -> None:
    now = [100.0]
    dice = DiceBridge(TWO_TRAYS, clock=lambda: now[0])
    p = [ask("helm", "enterprise")]
    assert p[0].roll is not None
    dice.track(p)
    assert dice.since[p[0].roll] == 100.0
    now[0] = 101.0
    dice.track(p)   # still the same request: its stamp stays
    assert dice.since[p[0].roll] == 100.0
    dice.track(p, RollResult("helm", 4, "manual"))   # answered; an equal request is a new one
    assert dice.since[p[0].roll] == 101.0
    dice.track([])
    assert dice.since == {}


def test_a_d20_read_as_the_fasa_die_keeps_its_face_for_the_screen() -> None:
    r = DiceRouter(TWO_TRAYS)
    out = r.on_event(roll("tray-e", 14), [ask("helm", "enterprise")])
    assert isinstance(out, TrayAnswer) and out.action.value == 4
    assert out.face == "d20 14 reads 4" and "rolled 14 (reads 4)" in out.text
    same = r.on_event(roll("tray-e", 7), [ask("helm", "enterprise")])
    assert isinstance(same, TrayAnswer) and same.face == ""
