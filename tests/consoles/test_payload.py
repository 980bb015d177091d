"""Each seat's payload: JSON-ready and small, built without pygame or a ruleset, and never holding
a secret the seat may not know: pairs of games that differ only in such secrets give the same bytes
(the method of tests/engine/fasa/seats/test_secrets.py, over what a console is sent)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import consoles
from consoles.payload import SeatLog, payload, public_view, seat_key, side_seats
from engine import Seat
from engine.stations import INSTRUCTOR

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_seat_api import seats
from test_secrets import game_states, perturbed

PACKAGE = Path(consoles.__file__).resolve().parent


def wire(state: object, key: str) -> bytes:
    body = payload(state, key, SeatLog(key))   # type: ignore[arg-type]
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


@pytest.mark.slow
def test_the_consoles_import_no_pygame_and_no_ruleset() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] == "pygame" or n.startswith("engine.rulesets")
                          or n.startswith("hardware") or n.startswith("companion")]
    assert offenders == []
    loaded = subprocess.run([sys.executable, "-c", "import consoles.payload, consoles.server, sys; "
                             "print('pygame' in sys.modules)"], capture_output=True, text=True,
                            check=True, cwd=PACKAGE.parent)
    assert loaded.stdout.strip() == "False"


@pytest.mark.slow
def test_every_seats_payload_is_json_and_small() -> None:
    for n, state in enumerate(game_states(3, 500, 200)):
        if n % 20:
            continue
        for seat in seats(state):
            data = wire(state, seat_key(seat))
            assert len(data) < 32_000, (seat, len(data))
        assert len(wire(state, "view")) < 32_000


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.one_of(st.integers(0, 10_000), st.sampled_from([f"gambit{n}" for n in range(4)])),
       every=st.integers(5, 15))
@example(seed=7, every=5)   # Battlestations!' counters, face down on the viewscreen too
def test_no_enemy_secret_goes_on_the_wire(seed: int | str, every: int) -> None:
    """Random games, the Romulan Gambit at the advanced level among them (cloaked Romulans):
    a seat's payload is the same byte for byte whatever the secrets it may not know, and so is
    the viewscreen's whatever any side's secrets."""
    checked = 0
    for n, state in enumerate(game_states(seed, 700, 240)):
        if n % every:
            continue
        for seat in seats(state):
            if seat.station == INSTRUCTOR or seat.station not in (
                    "captain", "engineer", "helm", "science"):
                continue
            key = seat_key(seat)
            assert wire(perturbed(state, seat), key) == wire(state, key), f"{key} is told a secret"
            checked += 1
        twin = state
        for seat in side_seats(state).values():
            twin = perturbed(twin, seat)
        assert wire(twin, "view") == wire(state, "view"), "the viewscreen shows a secret"
        assert public_view(twin) == public_view(state)
    assert checked > 0


@pytest.mark.slow
def test_the_viewscreen_holds_only_what_every_side_is_told() -> None:
    for n, state in enumerate(game_states("gambit1", 900, 200)):
        if n % 10:
            continue
        shown = public_view(state)
        for ship in shown["ships"]:
            assert set(ship) <= {"id", "name", "class", "race", "side", "col", "row", "heading",
                                 "movement_points", "status", "warp", "emergency_turned",
                                 "evading", "cloaked"}
        for seat in side_seats(state).values():
            from engine import view

            seen = view(state, seat)
            assert all(c in seen.get("counters", ()) for c in shown["counters"])
        assert shown["sensor_reports"] == [] and shown["seat"] is None
        body = payload(state, "view", SeatLog("view"))
        assert body["decisions"] == [] and body["roll"] is None and "ships" not in body


@pytest.mark.slow
def test_a_crew_seat_is_sent_its_own_decisions_only() -> None:
    for n, state in enumerate(game_states(5, 800, 200)):
        if n % 7:
            continue
        for seat in seats(state):
            if seat.ship is None:
                continue
            body = payload(state, seat_key(seat), SeatLog(seat_key(seat)))
            for d in body["decisions"]:
                assert (d["ship"], d["station"]) == (seat.ship, seat.station)
            assert "ships" not in body and "links" not in body
    assert Seat(INSTRUCTOR).ship is None
