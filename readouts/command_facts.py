"""What each officer's panel reads at the command level, from the seat's own view: pure data.

Book Two, Command & Control (seed lines 875-1563). The engine's view of a crewed ship on its own
side carries `command` (the Captain's orders, the Chief Engineer's roll), `science` (the Science
Officer's roll, questions and damage control) and the shaken bridge and power (`shaken_stations`,
`systems_out`, `grid_out`, `power_spent`, `power_left`, `movement_points_left`,
`powering_down`, `panels_frozen`; docs/engine.md). A ship without them (another level, an
uncrewed ship, another side's ship) adds nothing. No FASA module is imported: only the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.stations import CAPTAIN, COMMS, ENGINEER, HELM, NAVIGATOR, SCIENCE, WEAPONS
from readouts.fact import Fact

ORDER_WORDS = {"hold": "hold fire", "fire": "fire", "at_will": "fire at will",
               None: "none given"}
SYSTEM_WORDS = {"comms": "comms/DC", "sensors": "sensors", "shields": "shields", "helm": "helm",
                "weapons": "weapons"}


def _map(ship: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = ship.get(key)
    return value if isinstance(value, Mapping) else {}


def _msw(values: Mapping[str, Any]) -> str:
    return f"M {values.get('movement', 0)} · S {values.get('shields', 0)} · W {values.get('weapons', 0)}"


def crewed(ship: Mapping[str, Any]) -> bool:
    """Whether the view tells this ship's officers' rules (its own side, the command level)."""
    return bool(ship.get("officers")) and (isinstance(ship.get("command"), Mapping)
                                           or "shaken_stations" in ship)


def bridge_facts(ship: Mapping[str, Any], station: str) -> list[Fact]:
    """The officer shaken, the systems out he is in charge of, the power off the grid."""
    out: list[Fact] = []
    if _map(ship, "shaken_stations").get(station) is True:
        out.append(Fact("Officer", "SHAKEN: awaits his DEX roll", True))
    where = _map(ship, "system_stations")
    down = [SYSTEM_WORDS.get(s, s) for s, on in _map(ship, "systems_out").items()
            if on is True and (where.get(s) == station or station == CAPTAIN)]
    if down:
        out.append(Fact("Shaken", ", ".join(down), True))
    if ship.get("grid_out") is True:
        phases = int(ship.get("grid_phases") or 0)
        out.append(Fact("Grid", f"POWER OFF {phases} phase{'s' if phases != 1 else ''}", True))
    return out


def engineer_facts(ship: Mapping[str, Any]) -> list[Fact]:
    out: list[Fact] = []
    spent, left = ship.get("power_spent"), ship.get("power_left")
    if isinstance(spent, Mapping) and isinstance(left, Mapping):
        out.append(Fact("Spent", _msw(spent)))
        out.append(Fact("Left", _msw(left)))
    if ship.get("movement_point_ratio"):
        out.append(Fact("MP ratio", str(ship["movement_point_ratio"])))
    cmd = _map(ship, "command")
    roll = cmd.get("engineer_roll")
    if roll:
        out.append(Fact("Skill roll", str(roll) + (f" engine {cmd['repair_engine']}"
                                                   if cmd.get("repair_engine") else "")))
    if cmd.get("extra_power_next_turn"):
        out.append(Fact("Next turn", f"+{cmd['extra_power_next_turn']} power"))
    down = int(_map(ship, "powering_down").get("engineer") or 0)
    if down:
        out.append(Fact("Power down", f"{down} to take off", True))
    if _map(ship, "panels_frozen").get("engineering") is True:
        out.append(Fact("Settings", "frozen: as last turn", True))
    return out


def helm_facts(ship: Mapping[str, Any], moves: bool) -> list[Fact]:
    out: list[Fact] = []
    if moves and ship.get("movement_points_left") is not None:
        out.append(Fact("MP left", str(ship["movement_points_left"])))
    if moves and ship.get("warp") is not None:
        out.append(Fact("Warp", f"{ship['warp']} (safe {ship.get('max_safe_warp', '?')}, "
                                f"emergency {ship.get('emergency_warp', '?')})",
                        int(ship["warp"]) > int(ship.get("max_safe_warp") or 99)))
    cmd = _map(ship, "command")
    order = cmd.get("fire_order")
    out.append(Fact("Fire order", ORDER_WORDS.get(order, str(order)), order in (None, "hold")))
    if "weaponry_rolls_left" in cmd:
        out.append(Fact("Helm rolls", f"weaponry {cmd['weaponry_rolls_left']} left · helm "
                                      f"{'used' if cmd.get('helm_roll_used') else 'ready'}"))
    if moves and ship.get("straight_line") is True:
        out.append(Fact("Course", "STRAIGHT LINE only (F, or B)", True))
    if ship.get("fire_blocked") is True:
        out.append(Fact("Weapons", "cannot fire", True))
    down = int(_map(ship, "powering_down").get("weapons") or 0)
    if down:
        out.append(Fact("Power down", f"weapons lose {down}", True))
    if _map(ship, "panels_frozen").get("weapons") is True:
        out.append(Fact("Settings", "frozen: as last turn", True))
    return out


def science_facts(ship: Mapping[str, Any], shields: bool, sensors: bool) -> list[Fact]:
    out: list[Fact] = []
    sci = _map(ship, "science")
    if sensors and sci:
        q, extra = int(sci.get("questions_left") or 0), int(sci.get("extra_questions_left") or 0)
        out.append(Fact("Questions", f"{q} left ({extra} extra)"))
        phases = int(sci.get("sensors_out_phases") or 0)
        if phases:
            out.append(Fact("Sensors", f"out {phases} phase{'s' if phases != 1 else ''}", True))
        if sci.get("damage_control_points"):
            out.append(Fact("Damage ctl", f"{sci['damage_control_points']} points to spend"))
        if sci.get("skill_roll"):
            out.append(Fact("Skill roll", str(sci["skill_roll"]).replace("_", " ")))
    if shields and sci.get("extra_shields_to_place"):
        out.append(Fact("Extra shields", f"{sci['extra_shields_to_place']} to place"))
    if shields and ship.get("shields_down") is True:
        out.append(Fact("Shields", "DOWN: no protection", True))
    if sensors and ship.get("sensors_dark") is True:
        out.append(Fact("Sensors", "dark: no lock or question", True))
    down = int(_map(ship, "powering_down").get("shields") or 0)
    if shields and down:
        out.append(Fact("Power down", f"shields lose {down}", True))
    if shields and _map(ship, "panels_frozen").get("shields") is True:
        out.append(Fact("Settings", "frozen: as last turn", True))
    return out


def crew_of(ship: Mapping[str, Any]) -> tuple[str, ...]:
    """The ship's stations, from its officers in the view."""
    return tuple(str(o.get("station")) for o in ship.get("officers") or ()
                 if isinstance(o, Mapping))


def command_facts(ship: Mapping[str, Any] | None, station: str) -> tuple[Fact, ...]:
    """The command level's readings of `station`'s panel on its own ship (none otherwise). The
    crew (its officers' stations) says whether Helm moves and fires alone (crews of 3, 4) or
    shares it with Weapons, and whether Science keeps the shields (no Navigator)."""
    if not ship or not crewed(ship):
        return ()
    crew = crew_of(ship)
    facts = bridge_facts(ship, station)
    if station == ENGINEER:
        facts += engineer_facts(ship)
    elif station in (HELM, WEAPONS):
        facts += helm_facts(ship, moves=station == HELM or (WEAPONS not in crew))
    elif station in (SCIENCE, NAVIGATOR, COMMS):
        navigator = NAVIGATOR in crew
        facts += science_facts(ship, shields=station == NAVIGATOR or not navigator,
                               sensors=station == SCIENCE)
    elif station == CAPTAIN:
        order = _map(ship, "command").get("fire_order")
        facts.append(Fact("Fire order", ORDER_WORDS.get(order, str(order)), order is None))
        shaken = [s for s, on in _map(ship, "shaken_stations").items() if on is True]
        if shaken:
            facts.append(Fact("Shaken", ", ".join(shaken), True))
    return tuple(facts)
