"""A press at a panel lights its LEDs once per change: the press is taken, its action applied
and saved, and then every output (these lights among them) is told once. Counted at gpiozero's
MockFactory pins: each pin's recorded state changes (the real App, headless)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_app import SHIP, Rig

from engine import pending


def pin_writes(rig: Rig) -> dict[tuple[str, str], list[float]]:
    """Every GPIO LED's recorded states, by (panel, role) (the expanders' lights have no pin)."""
    out: dict[tuple[str, str], list[float]] = {}
    for b in rig.app.bridges:
        for name, st in b.stations.items():
            for role, device in st.devices.lights.items():
                pin = getattr(device, "pin", None)
                if pin is not None:
                    out[name, role] = [float(s.state) for s in pin.states]
    return out


@pytest.mark.slow
def test_each_led_changes_at_most_once_for_a_press_that_makes_one_action(tmp_path: Path) -> None:
    rig = Rig(tmp_path, None, turns=2)
    counted = changed = 0
    for _ in range(12):
        rig.settle()
        if rig.game.over:
            break
        prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
        panel = rig.panel_of(prompt.station)
        rig.clock.advance(6.0)   # past any flash, and past the blink's phase
        rig.step()
        before, actions = pin_writes(rig), len(rig.game.actions)
        rig.press(panel, "confirm")
        if len(rig.game.actions) != actions + 1:
            continue   # the autopilot answered too (more changes), or a long press was wanted
        after = pin_writes(rig)
        writes = {k: after[k][len(before[k]):] for k in after}
        twice = {k: w for k, w in writes.items() if len(w) > 1}
        assert not twice, f"{prompt.action or 'roll'} at {panel}: an LED lit more than once {twice}"
        counted += 1
        changed += sum(map(len, writes.values()))
    assert counted >= 5 and changed >= counted, (counted, changed)
