"""The Master Control Panel of the seat's own ship, as the bridge display's RECORD page shows it
(Expert Starship Tactics: Master Control Panels, seed lines 583-671; Using The Master Control
Panels, lines 745-773). Pure: built from the seat's `view` alone, which carries a ship's internals
(engines, allocation, weapons, shields, crew, the `record` of past turns) only for the seat's own
ships, so nothing of an enemy's panel can reach this page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SENSORS = {"L": "lock", "O": "no lock", "X": "out", "": "none"}
"""The Sensors Track's boxes in words (mcp.py: L a lock, O a lock not obtained, X out)."""


@dataclass(frozen=True, slots=True)
class McpModel:
    title: str
    lines: tuple[str, ...]   # the present entries, then "" and one line per past turn


def _weapons(weapons: Sequence[Mapping[str, Any]]) -> str:
    """Each weapon's power with its marks: * fired, X damaged."""
    return ", ".join(f"{w.get('id')} {w.get('power', 0)}"
                    f"{'*' if w.get('fired') else ''}{'X' if w.get('damaged') else ''}"
                    for w in weapons)


def _shields(points: Sequence[Any]) -> str:
    return ", ".join(f"{n}: {v}" for n, v in enumerate(points, 1))


def _present(s: Mapping[str, Any]) -> list[str]:
    alloc = s.get("allocation") or {}
    engines = ", ".join(f"{e.get('name')} {e.get('power')}/{e.get('max')}"
                        for e in s.get("engines", ()))
    damaged = set(s.get("shields_damaged") or ())
    shields = ", ".join(f"{n}: {'gone' if n in damaged else v}"
                       for n, v in enumerate(s.get("shields", ()), 1))
    mod = int(s.get("die_roll_modifier") or 0)
    bonus = s.get("skill_bonus") or "none"
    roll = s.get("skill_roll")
    skill, efficiency = s.get("skill_rating"), s.get("efficiency_rating")
    out = int(s.get("sensors_out") or 0)
    sensors = f"out {out} turn{'s' if out != 1 else ''}" if out else (
        f"lock on {s.get('sensor_lock')}" if s.get("sensor_lock") else "no lock")
    return [
        f"Engines: {engines}",
        f"Total power {s.get('power')}: movement {alloc.get('movement', 0)}, "
        f"shields {alloc.get('shields', 0)}, weapons {alloc.get('weapons', 0)}",
        f"Movement points {s.get('movement_points')} (ratio {s.get('movement_point_ratio')})",
        f"Warp {s.get('warp')}; safe cruising {s.get('max_safe_warp')}, "
        f"emergency {s.get('emergency_warp')}",
        f"Weapons (* fired, X damaged): {_weapons(s.get('weapons', ()))}",
        f"Shield points: {shields}",
        f"Superstructure {s.get('superstructure')}/{s.get('superstructure_max')}",
        f"Crew {s.get('crew')}; casualties {s.get('casualties_percent', 0):g}%, "
        f"die rolls {mod:+d}",
        f"Sensors: {sensors}",
        f"Ratings: skill {skill or '-'}, efficiency {efficiency or '-'}; "
        f"skill roll {roll or '-'}, bonus {bonus}",
    ]


def _turn(r: Mapping[str, Any]) -> list[str]:
    """A past turn's column, in three lines."""
    return [f"Turn {r.get('turn')}: power {r.get('power')} (movement {r.get('movement')}, "
            f"shields {r.get('shields_power')}, weapons {r.get('weapons_power')}); "
            f"movement points {r.get('movement_points')}; warp {r.get('warp')}",
            f"  Weapons: {_weapons(r.get('weapons', ()))}",
            f"  Shields {_shields(r.get('shield_points', ()))}; superstructure "
            f"{r.get('superstructure')}; casualties {r.get('casualties_percent', 0):g}%; "
            f"sensors {SENSORS.get(str(r.get('sensors', '')), r.get('sensors'))}"]


def mcp_model(view: Mapping[str, Any], ship: str | None) -> McpModel | None:
    """The page for `ship`, or None when the view does not carry its panel (an enemy's, or
    below the expert level; Command & Control plays the Expert record too, seed line 897)."""
    if view.get("level") not in ("expert", "command") or ship is None:
        return None
    s = next((x for x in view.get("ships", ()) if x.get("id") == ship), None)
    if s is None or "record" not in s:
        return None
    lines = _present(s)
    record = list(s.get("record") or ())
    lines += ["", "PAST TURNS" if record else "No past turns yet"]
    for n, r in enumerate(reversed(record)):   # the newest first, a gap between two turns
        lines += ([""] if n else []) + _turn(r)
    return McpModel(f"RECORD: {s.get('name', ship)} · TURN {view.get('turn')}", tuple(lines))
