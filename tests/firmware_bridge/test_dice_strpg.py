"""The dice tray plays an away-team fight as it plays the starship games (docs/dice-protocol.md):
the action order's D10 read from a d20 as the FASA die, each Target Roll's d100 as two rolls,
tens then units (00 and 0 read 100), every roll of a turn from the emulator over a
pseudo-terminal."""

from __future__ import annotations

from pathlib import Path

from companion.session import load_scenario, prepare
from engine import RollResult, Seat, apply, decide, new_game, pending
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.emulator import TrayEmulator
from firmware_bridge.router import TRAY_CONNECTED, TrayAnswer, config_from_dict


def test_a_turn_of_the_corridor_fight_rolled_on_the_emulated_tray(tmp_path: Path) -> None:
    dev = tmp_path / "starbridge-dice"
    config = config_from_dict({"trays": [{"id": "tray-1", "url": str(dev)}]})
    state = new_game(prepare(load_scenario("corridor", None), None, None, None, 3))
    rolls: list[tuple[str, RollResult]] = []
    throws = 0
    with TrayEmulator(link_path=dev, seed=5) as tray, DiceBridge(config) as dice:
        while dice.status(Seat("weapons", "giotto")).mode != TRAY_CONNECTED:
            assert dice.poll([], timeout=5.0), "the tray never said HELLO"
        while int(getattr(state, "turn", 0)) == 1 and (prompts := pending(state)):
            if prompts[0].roll is None:
                state, _ = apply(state, decide(state, prompts[0]))
                continue
            kind = prompts[0].roll.kind
            dice.track(prompts)
            answer = None
            while answer is None:
                tray.roll()   # a d20, as the firmware rolls it
                throws += 1
                outs = dice.poll(prompts, timeout=5.0)
                assert outs, "no word from the tray within 5 s"
                answer = next((o for o in outs if isinstance(o, TrayAnswer)), None)
            state, _ = apply(state, answer.action)
            rolls.append((kind, answer.action))
    kinds = {k for k, _ in rolls}
    assert {"d10", "d100"} <= kinds, kinds   # the action order, and a to-hit or saving roll
    assert all(r.source == "tray" for _, r in rolls)
    assert all(1 <= r.value <= 10 for k, r in rolls if k == "d10")
    hundreds = [r for k, r in rolls if k == "d100"]
    assert all("+" in r.detail for r in hundreds)   # two tray rolls each: tens, then units
    assert throws == sum(2 if k == "d100" else 1 for k, _ in rolls)
