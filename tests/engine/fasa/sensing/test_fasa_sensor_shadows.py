"""Sensor shadows as Book Two (seed 000_4373da4a9495c8f8.txt) describes them: Advanced, Sensors,
line 327 — "Sometimes, at sub-light speeds, a vessel will be close enough that a moon, planet,
sun, or other large obstacle will cast a substantial sensor 'shadow.' Objects in the shadow do
not register on the sensors." Played on the Romulan Gambit's map, whose planet is at 16,12."""

from __future__ import annotations

from test_fasa_advanced import act, refused, roll
from test_seat_api import packaged

import engine
from engine import Seat
from engine.hexgrid import offset_to_hex
from engine.rulesets.fasa.firing.hiding import in_sensor_shadow
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.events import CloakScanned
from engine.rulesets.fasa.values.state import SENSE, FasaState, replace

PLANET = (16, 12)


def gambit(**places: tuple[int, int]) -> FasaState:
    """The Romulan Gambit at the advanced level, at a Sensor Phase, the Birds of Prey seen (not
    cloaked) and the ships at `places` (offset col, row)."""
    state: FasaState = engine.new_game(packaged("romulan-gambit", "advanced"))  # type: ignore[assignment]
    assert offset_to_hex(*PLANET) in state.obstacles
    for sid, (col, row) in places.items():
        state = state.with_ship(replace(state.ship(sid), pos=offset_to_hex(col, row),
                                        cloaked=False))
    for s in state.ships:
        state = state.with_ship(replace(s, cloaked=False))
    return replace(state, step=SENSE, queue=(), roll=None)


def test_a_ship_behind_the_planet_cannot_be_locked() -> None:
    state = gambit(constitution=(16, 6), bop1=(16, 18), bop2=(22, 18))
    cruiser, bop1, bop2 = (state.ship(s) for s in ("constitution", "bop1", "bop2"))
    assert in_sensor_shadow(state, cruiser, bop1) and not in_sensor_shadow(state, cruiser, bop2)
    refused(state, Sense("science", "constitution", "bop1", 1), "sensor shadow")
    (decision,) = engine.controls(state, Seat("science", "constitution"))
    choice = next(c for c in decision.field_named("target").choices if c.value == "bop1")
    assert choice.problem is not None and "shadow" in choice.problem
    assert decision.defaults()["target"] == "bop2"  # the nearest it can lock on
    state, _ = act(state, Sense("science", "constitution", "bop2", 1))
    state, _ = roll(state, 1)
    assert state.ship("constitution").lock == "bop2"


def test_only_at_sub_light() -> None:
    state = gambit(constitution=(16, 6), bop1=(16, 18))
    cruiser, bop1 = state.ship("constitution"), state.ship("bop1")
    assert not in_sensor_shadow(state, replace(cruiser, warp=6), bop1)


def test_a_lock_held_on_a_ship_that_goes_behind_the_planet_is_lost() -> None:
    state = gambit(constitution=(16, 6), bop1=(20, 18))
    state = state.with_ship(replace(state.ship("constitution"), lock="bop1"))
    assert sensors.start(state).ship("constitution").lock == "bop1"
    hidden = state.with_ship(replace(state.ship("bop1"), pos=offset_to_hex(16, 18)))
    assert sensors.start(hidden).ship("constitution").lock == ""


def test_a_cloaked_ship_behind_the_planet_is_not_detected() -> None:
    state = gambit(constitution=(16, 6), bop1=(16, 18), bop2=(26, 20))
    state = state.with_ship(replace(state.ship("bop1"), cloaked=True, moved_last=True))
    state = state.with_ship(replace(state.ship("bop2"), cloaked=True, moved_last=True))
    state, _ = act(state, Sense("science", "constitution", "", 10))
    state, events = roll(state, 1)
    # bop1 is nearer but in the planet's shadow: the scan finds bop2.
    assert next(e for e in events if isinstance(e, CloakScanned)).found == "bop2"
