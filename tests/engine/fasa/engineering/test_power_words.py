"""The allocation's costs read as a player says them: "Power to movement (4 power per movement
point)", not "(4 per 1 movement point)"; the cloak's "(5 power; ...)" (C&C: Power To Movement
Track; Advanced: Romulan Cloaking Device)."""

from __future__ import annotations

from dataclasses import replace

from test_fasa_advanced import game

import engine
from engine import Seat


def test_the_movement_point_ratio_is_worded_as_power_per_movement_point() -> None:
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("bop", "bird-of-prey", "Romulan", 6, 8, 4), scale="1")
    ent = state.ship("ent")
    assert ent.cls.mpr == (4, 1)   # at full scale
    (alloc,) = [d for d in engine.controls(state, Seat("engineer", "ent"))
                if d.action == "allocate_power"]
    assert alloc.field_named("movement").label == "Power to movement (4 power per movement point)"
    assert replace(ent.cls, mpr=(4, 3)).movement_cost == "4 power per 3 movement points"
    bop = state.ship("bop")
    (cloaked,) = [d for d in engine.controls(state, Seat("engineer", "bop"))
                  if d.action == "allocate_power"]
    assert bop.cls.cloak_cost == 15
    assert cloaked.field_named("cloak").label == (
        "Power to the cloaking device (15 power; then no weapons this turn)")
