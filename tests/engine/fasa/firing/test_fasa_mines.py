"""Mines as Book Two (seed 000_4373da4a9495c8f8.txt) describes them: Advanced, Mines; Romulan
Cloaking Device ("mines are still set off by a cloaked ship"); The Romulan Gambit. Each test names
the passage it checks."""

from __future__ import annotations

from typing import Any

import pytest
from test_fasa_advanced import act, power_for, ready, roll
from test_seat_api import packaged

import engine
from engine import Seat
from engine.errors import DataError
from engine.hexgrid import distance, hex_to_offset, offset_to_hex
from engine.rulesets.fasa.firing.mines import MINE
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.values.actions import AllocatePower, ArmWeapons, Move, Sense, SetShields
from engine.rulesets.fasa.values.events import MineRevealed, MineSetOff, ShieldStruck
from engine.rulesets.fasa.values.state import ADVANTAGE, MOVE, SENSE, FasaState, replace

CLASSES = setup.ship_dicts(None)
SHIELDS = (0, 4, 0, 0, 0, 4)
FIELD = {"side": "Federation", "mines": [[7, 9], [7, 9]],
         "decoys": [[6, 9], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5]]}


def mined(fields: Any = (FIELD,), kl: str = "d7a", ent_col: int = 2) -> FasaState:
    """The Klingon at 5,8 heading east-ish (1) toward the Federation's minefield; full scale."""
    scenario = {"id": "mined", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                "minefields": list(fields),
                "ships": [{"id": "kl", "class": kl, "side": "Klingon", "col": 5, "row": 8,
                           "heading": 2},
                          {"id": "ent", "class": "constitution", "side": "Federation",
                           "col": ent_col, "row": 14, "heading": 0}]}
    state = engine.new_game(setup.build_scenario(scenario, CLASSES, level="advanced", scale="1"))
    assert isinstance(state, FasaState)
    return state


def to_move(state: FasaState) -> FasaState:
    state = ready(state, "kl", power_for(state, "kl", 8), 8, 0, (), SHIELDS)
    state = ready(state, "ent", 0)
    while state.step == ADVANTAGE:
        state, _ = roll(state, 2 if engine.pending(state)[0].ship == "kl" else 1)
    while state.step == SENSE:
        p = engine.pending(state)[0]
        state, _ = act(state, Sense(p.station, p.ship or "", ""))
    assert state.step == MOVE
    return state


def path_to(state: FasaState, col: int, row: int) -> str:
    """The straight course from the Klingon to (col, row)."""
    kl = state.ship("kl")
    goal = offset_to_hex(col, row)
    steps, pos = "", kl.pos
    while pos != goal:
        pos = pos.neighbor(kl.heading)
        steps += "F"
        assert len(steps) < 6
    return steps


def test_the_minefield_is_checked_when_the_scenario_loads() -> None:
    with pytest.raises(DataError, match="take 6 decoys"):
        mined(({**FIELD, "decoys": [[1, 1]]},))
    with pytest.raises(DataError, match="side must be one of"):
        mined(({**FIELD, "side": "Vulcan"},))
    with pytest.raises(DataError, match="off the 16x16 map"):
        mined(({**FIELD, "mines": [[7, 9], [70, 8]]},))
    with pytest.raises(DataError, match="no missile weapon"):
        mined(({**FIELD, "side": "Klingon"},))
    with pytest.raises(DataError, match="unknown field"):
        mined(({**FIELD, "dammage": 3},))
    with pytest.raises(DataError, match="damage must be"):
        mined(({**FIELD, "damage": "lots"},))


@pytest.mark.slow
def test_a_mine_does_the_layers_missile_damage_on_the_forward_shield() -> None:
    """"Damage from a mine is the same as the normal damage from a missile weapon used by the race
    that laid the minefield" (the Constitution's photon torpedo: 10 at full scale); "The damage
    occurs on the forward hexside"; "On a 5 or less, a hit is scored"; "If there is more than
    one mine in a hex, a separate die roll must be made for each mine"."""
    state = to_move(mined())
    kl = state.ship("kl")
    assert [c.pos for c in state.counters if c.mine] == [offset_to_hex(7, 9)] * 2
    course = path_to(state, 7, 9)
    state, events = act(state, Move("helm", "kl", course))
    revealed = [e for e in events if isinstance(e, MineRevealed)]
    assert [e.mine for e in revealed] == [False, True, True]  # the decoy on the way, then both
    req = state.roll
    assert req is not None and req.ship == "kl" and req.station == "captain"
    assert req.needs == (1, 5) and req.public
    state, events = roll(state, 6)                    # the first mine is dodged: it stays
    assert next(e for e in events if isinstance(e, MineSetOff)).hit is False
    state, events = roll(state, 5)                    # the second goes off: 10 points on shield 2
    set_off = next(e for e in events if isinstance(e, MineSetOff))
    assert set_off.hit and set_off.damage == 10
    struck = next(e for e in events if isinstance(e, ShieldStruck))
    assert (struck.shield, struck.absorbed) == (2, SHIELDS[1])
    assert state.ship("kl").shields[1] == 0
    shown = [c for c in state.counters if c.pos == offset_to_hex(7, 9)]
    assert [(c.mine, c.shown) for c in shown] == [(True, True)]   # the dodged one, face up
    while state.roll is not None:                     # damage location rolls
        state, _ = roll(state, 1)
    assert state.step in (MOVE, "declare") and kl.superstructure > state.ship("kl").superstructure


@pytest.mark.slow
def test_a_decoy_is_removed_and_the_laying_side_passes_unharmed() -> None:
    """"If it is a decoy, the counter is removed from the board"; "Ships from the race that laid
    the mine may pass through the mined hex unharmed"."""
    state = to_move(mined())
    state, events = act(state, Move("helm", "kl", path_to(state, 6, 9)))
    (decoy,) = [e for e in events if isinstance(e, MineRevealed)]
    assert not decoy.mine and state.roll is None
    assert offset_to_hex(6, 9) not in {c.pos for c in state.counters}
    assert decoy in engine.events_for(state, events, Seat("helm", "ent"))  # turned over for all
    own = mined(({**FIELD, "side": "Klingon", "damage": 12},), ent_col=2)
    own = to_move(own)
    own, events = act(own, Move("helm", "kl", path_to(own, 7, 9)))
    assert not any(isinstance(e, MineRevealed) for e in events) and own.roll is None
    assert own.setup.mine_damage == (("Klingon", 12),)


def test_which_counters_are_mines_is_the_laying_sides_secret() -> None:
    """The counters are "positioned upside down": every seat sees where they are, only the
    laying side which are mines; a counter turned over is seen by all."""
    state = mined()
    fed = engine.view(state, Seat("helm", "ent"))["counters"]
    kl = engine.view(state, Seat("helm", "kl"))["counters"]
    assert [(c["col"], c["row"]) for c in fed] == [(c["col"], c["row"]) for c in kl]
    assert sum(1 for c in fed if c["mine"]) == 2 and all(c["mine"] is None for c in kl)
    swapped = replace(state, counters=tuple(replace(c, mine=not c.mine) for c in state.counters))
    assert engine.view(swapped, Seat("helm", "kl")) == engine.view(state, Seat("helm", "kl"))
    from engine.rulesets.fasa.seats.views import redacted
    assert redacted(swapped, Seat("helm", "kl")) == redacted(state, Seat("helm", "kl"))


@pytest.mark.slow
def test_a_cloaked_ship_sets_off_mines() -> None:
    """Romulan Cloaking Device: "mines are still set off by a cloaked ship"."""
    scenario = {"id": "cloaked", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                "minefields": [{**FIELD, "mines": [[6, 9]], "decoys": [[1, 1], [1, 2], [1, 3]]}],
                "ships": [{"id": "bop", "class": "bird-of-prey", "side": "Romulan", "col": 5,
                           "row": 8, "heading": 2, "cloaked": True},
                          {"id": "ent", "class": "constitution", "side": "Federation",
                           "col": 2, "row": 14, "heading": 0}]}
    state: Any = engine.new_game(setup.build_scenario(scenario, CLASSES, level="advanced"))
    state, _ = act(state, AllocatePower("engineer", "bop", 4, 0, 0, 5))
    state, _ = act(state, ArmWeapons("helm", "bop", ()))
    state, _ = act(state, SetShields("science", "bop", (0,) * 6))
    state = ready(state, "ent", 0)
    while state.step != MOVE:
        p = engine.pending(state)[0]
        if p.roll is not None:
            state, _ = roll(state, 2 if p.ship == "bop" else 1)
        else:
            state, _ = act(state, Sense(p.station, p.ship or "", ""))
    bop = state.ship("bop")
    assert bop.cloaked
    steps = ""
    pos = bop.pos
    while pos != offset_to_hex(6, 9):
        pos = pos.neighbor(bop.heading)
        steps += "F"
    state, events = act(state, Move("helm", "bop", steps))
    assert any(isinstance(e, MineRevealed) and e.mine for e in events)
    assert state.roll is not None and state.shots[0].weapon == MINE


def test_the_romulan_gambit_has_5_mines_and_15_decoys_2_to_5_hexes_from_the_planet() -> None:
    """The Romulan Gambit: "a minefield containing 5 mines and 15 dummy counters around the
    planet, no closer than 2 hexes and no farther than 5 hexes from it"."""
    state: Any = engine.new_game(packaged("romulan-gambit", "advanced"))
    planet = next(iter(state.obstacles))
    assert hex_to_offset(planet) == (16, 12)
    assert sum(1 for c in state.counters if c.mine) == 5
    assert sum(1 for c in state.counters if not c.mine) == 15
    assert all(2 <= distance(c.pos, planet) <= 5 and c.side == "Romulan" for c in state.counters)
    assert state.setup.mine_damage == (("Romulan", 3),)  # 10 at full scale, a third
    basic: Any = engine.new_game(packaged("romulan-gambit"))
    assert basic.counters == ()
