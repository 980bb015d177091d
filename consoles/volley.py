"""What a seat was told of the shooting, kept for its map and, on the viewscreen, each ship's
board: the shots of the newest volley (drawn on the map from firer to target, hit or miss) and
each ship's tally of hits taken and given. Pure; read from the events a seat is told (a ruleset's
`ShotResolved`: `firer`, `target`, `hit`, `damage`), so it holds nothing the seat may not know.

    volley = Volley()
    volley.record(told)        # after every accepted action, the events told to the seat
    volley.shots               # [{"firer", "target", "hit", "damage", "weapon"}, ...]
    volley.tally["kronos"]     # {"hits_taken": 2, "damage_taken": 14, "shots": 3, "hits": 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event

MAX_SHOTS = 12
"""Shots of one volley drawn at most (a fleet's Firing Phase)."""


def _shot(e: Event) -> dict[str, Any] | None:
    if type(e).__name__ != "ShotResolved":
        return None
    firer, target = getattr(e, "firer", None), getattr(e, "target", None)
    if not isinstance(firer, str) or not isinstance(target, str):
        return None
    damage = getattr(e, "damage", 0)
    return {"firer": firer, "target": target, "hit": bool(getattr(e, "hit", False)),
            "damage": damage if type(damage) is int else 0,
            "weapon": str(getattr(e, "weapon_name", ""))}


class Volley:
    """The newest volley's shots and every ship's tally, as one seat was told them."""

    def __init__(self) -> None:
        self.shots: list[dict[str, Any]] = []
        self.tally: dict[str, dict[str, int]] = {}
        self._open = False   # the newest told event was a shot: the next one joins its volley

    def clear(self) -> None:
        self.shots.clear()
        self.tally.clear()
        self._open = False

    def record(self, told: Sequence[Event]) -> None:
        for e in told:
            shot = _shot(e)
            if shot is None:
                kind = type(e).__name__
                if kind in ("ShipMoved", "ShipPlaced"):   # the ships have moved on: drawn no more
                    self.shots.clear()
                if kind in ("FireDeclared", "ShipMoved", "ShipPlaced"):
                    self._open = False   # what comes after is a new volley
                continue
            if not self._open:
                self.shots.clear()
                self._open = True
            self.shots.append(shot)
            del self.shots[:-MAX_SHOTS]
            mark = self.tally.setdefault(shot["target"], _empty())
            fire = self.tally.setdefault(shot["firer"], _empty())
            fire["shots"] += 1
            if shot["hit"]:
                fire["hits"] += 1
                mark["hits_taken"] += 1
                mark["damage_taken"] += shot["damage"]


def _empty() -> dict[str, int]:
    return {"shots": 0, "hits": 0, "hits_taken": 0, "damage_taken": 0}
