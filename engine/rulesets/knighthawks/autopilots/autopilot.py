"""An autopilot that plays a seat from what that seat is told: its `view` and its `controls`.

It closes to the range of its best weapons, keeps its bow on the enemy when it carries
forward-firing weapons, stays on the map and away from its own side's mines, fires each weapon
where the chance times the damage is best, meets missiles with ICMs, chooses the screen that
blocks the enemy's beams, drops its seekers and mines where an enemy is near, activates a
seeker whose closest ship is an enemy, and repairs the worst damage first.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.hexgrid import Hex, MapBounds, hex_to_offset, offset_to_hex, turn
from engine.ruleset import Prompt
from engine.rulesets.knighthawks.decisions import controls as ctl
from engine.rulesets.knighthawks.firing import combat
from engine.rulesets.knighthawks.firing.fire import fire_problem, reach
from engine.rulesets.knighthawks.moving.movement import spread
from engine.rulesets.knighthawks.seats.views import view
from engine.rulesets.knighthawks.values.state import KHState
from engine.stations import Seat

REPAIR_ORDER = ("fire", "power", "ADF", "MR", "navigation", "combat control")
HDR_MEAN = {"1d10": 5.5, "2d10": 11, "2d10+4": 15, "3d10": 16.5, "4d10": 22, "3d10+5": 21.5,
            "5d10": 27.5}


def decide(state: KHState, prompt: Prompt) -> Action:
    """The autopilot's answer to a decision prompt (not a roll)."""
    seat = Seat(prompt.station, prompt.ship)
    seen = view(state, seat)
    d = ctl.decision(state, prompt)
    me = next(s for s in seen["ships"] if s["id"] == prompt.ship)
    enemies = [s for s in seen["ships"] if s["side"] != me["side"] and s["status"] == "active"]
    if prompt.action == "kh_move":
        return _move(d, seen, me, enemies)
    if prompt.action == "kh_fire":
        return _fire(state, d, me)
    if prompt.action == "kh_screens":
        beams = [w["code"] for e in enemies for w in e["weapons"] if w["intact"]]
        mine = {x["code"] for x in me["defences"] if x["intact"]}
        pick = ""
        if beams.count("EB") + beams.count("DC") >= beams.count("PB") and "ES" in mine:
            pick = "ES"
        elif "PS" in mine and beams.count("PB"):
            pick = "PS"
        elif "ES" in mine:
            pick = "ES"
        return d.make({"screen": pick, "mask": "no"})
    if prompt.action == "kh_icm":
        top = d.field_named("count").maximum
        attack = seen["attack"] or {}
        label = str(attack.get("label", ""))
        want = 2 if ("Torpedo" in label or "seeker" in label or "mines" in label) else 1
        return d.make({"count": min(top, want)})
    if prompt.action == "kh_seekers":
        return d.make({"activate": _seekers(seen, me)})
    if prompt.action == "kh_repair":
        options = [c.value for c in d.field_named("system").choices if c.allowed and c.value]
        ranked = sorted(options, key=lambda v: REPAIR_ORDER.index(str(v))
                        if v in REPAIR_ORDER else len(REPAIR_ORDER))
        return d.make({"system": ranked[0] if ranked else ""})
    return d.make()


def _seekers(seen: dict[str, Any], me: dict[str, Any]) -> str:
    """"all" when the ship closest to each idle seeker of its side is an enemy (a seeker flies
    at the closest ship, friend or foe), one seeker's id when only that one is so placed."""
    ships = [s for s in seen["ships"] if s["status"] == "active"]
    aimed = []
    idle = [k for k in seen["seekers"] if k["side"] == me["side"] and not k["active"]]
    for k in idle:
        at = offset_to_hex(*k["at"])
        near = min(ships, key=lambda s: offset_to_hex(*s["at"]).distance(at))
        if near["side"] != me["side"] and offset_to_hex(*near["at"]).distance(at) <= 8:
            aimed.append(k["id"])
    if not aimed:
        return "none"
    return "all" if len(aimed) == len(idle) else str(aimed[0])


def _walk(me: dict[str, Any], course: str) -> tuple[list[Hex], int]:
    here, facing = offset_to_hex(*me["at"]), int(me["facing"])
    path = [here]
    for c in course:
        if c == "F":
            here = here.neighbor(facing)
            path.append(here)
        else:
            facing = turn(facing, -1 if c == "P" else 1)
    return path, facing


def _move(d: Decision, seen: dict[str, Any], me: dict[str, Any],
          enemies: list[dict[str, Any]]) -> Action:
    bounds = MapBounds(seen["map"]["width"], seen["map"]["height"])
    own_mines = {tuple(m["at"]) for m in seen["mines"] if m["side"] == me["side"]}
    weapons = [w for w in me["weapons"] if w["intact"] and w["code"] not in ("M", "S")
               and (w["ammo"] is None or w["ammo"] > 0)]
    ff = any(w["code"] in ("LC", "AR", "DC") for w in weapons)
    short = any(w["code"] in ("T", "AR", "RB") for w in weapons)
    desired = 3 if short else 6
    targets = [offset_to_hex(*e["at"]) for e in enemies]
    best: tuple[float, Action, Hex] | None = None
    low, high = _speeds(me)
    for speed in range(low, high + 1):
        for course in _courses(d, me, speed):
            action = d.make({"course": course})   # its F steps are the speed
            path, facing = _walk(me, course)
            end = path[-1]
            score = 0.0
            if not all(bounds.contains(h) for h in path):
                score -= 1000
            if any(tuple(hex_to_offset(h)) in own_mines for h in path[1:]):
                score -= 200
            if targets:
                near = min(targets, key=lambda t: t.distance(end))
                dist = near.distance(end)
                score -= 2 * abs(dist - desired)
                if ff:
                    ahead, h = [], end
                    for _ in range(10):
                        h = h.neighbor(facing)
                        ahead.append(h)
                    if near in ahead:
                        score += 4
            col, row = hex_to_offset(end)
            edge = min(col, row, bounds.cols - 1 - col, bounds.rows - 1 - row)
            score -= 3 * max(0, 3 - edge)
            if me["severely_damaged"]:
                score -= 2 * (abs(speed - me["speed"]) + len(course) - speed)
            if best is None or score > best[0]:
                best = (score, action, end)
    assert best is not None
    return _with_drop(d, best[1], best[2], targets)


def _speeds(me: dict[str, Any]) -> tuple[int, int]:
    """The speeds the ship may fly this turn, from its own view (`movement.speed_range`; a
    drifting ship keeps its speed)."""
    speed, adf = int(me["speed"]), int(me["adf"])
    if adf == 0 and int(me["mr"]) == 0:
        return speed, speed
    return max(0, speed - adf), speed + adf


def _with_drop(d: Decision, action: Action, end: Hex, targets: list[Hex]) -> Action:
    """Leave a seeker where an enemy is within 10 hexes, or mines where one is within 4 (it
    may fly through them next turn)."""
    can = {c.value for c in d.field_named("drop").choices if c.allowed and c.value}
    near = min((t.distance(end) for t in targets), default=99)
    drop = "S" if "S" in can and near <= 10 else "M" if "M" in can and near <= 4 else ""
    if not drop:
        return action
    values = {f.name: getattr(action, f.name) for f in d.fields}
    return d.make({**values, "drop": drop})


def _courses(d: Decision, me: dict[str, Any], speed: int) -> list[str]:
    """Courses to weigh at `speed`: turns (one a hex) near the start, middle or end; the forced
    course when out of control (the course field's default shows the way it must turn)."""
    mr = int(me["mr"])
    default = str(d.field_named("course").default)
    if "navigation" in me["damaged_systems"] and me["speed"] > 0:
        way = "P" if "P" in default else "S"
        out, turns = "", 0
        for _ in range(speed):
            out += "F"
            if turns < mr:
                out += way
                turns += 1
        return [out]
    if speed == 0 and int(me["speed"]) > 0:
        return [""]   # a ship that stops enters no hex, so it cannot turn
    found: list[str] = []
    for k in range(-min(mr, 2), min(mr, 2) + 1):
        for at in sorted({0, speed // 2, speed}):
            c = spread(speed, k, at)
            if c not in found:
                found.append(c)
    return found


def _fire(state: KHState, d: Decision, me: dict[str, Any]) -> Action:
    """The shot with the best chance times mean hull damage, a severely damaged target counting
    double (it may break apart); the fire ends when no weapon can reach."""
    shooter = state.ship(str(me["id"]))
    best: tuple[float, Action] | None = None
    for m in (c for c in d.field_named("mount").choices if c.allowed and c.value):
        mount = shooter.mount(str(m.value))
        assert mount is not None
        weapon = state.tables.weapons[mount.code]
        for t in d.field_named("target").choices:
            if not t.value or fire_problem(state, shooter, mount.id, str(t.value), "") is not None:
                continue
            target = state.ship(str(t.value))
            chance = combat.chance_to_hit(state, weapon, target, shooter.side, shooter,
                                          reach(state, shooter, mount, target) or 0)[0]
            value = chance * HDR_MEAN.get(weapon.hdr, 20) * (2 if target.severely_damaged else 1)
            if best is None or value > best[0]:
                best = (value, d.make({"mount": mount.id, "target": target.id}))
    return best[1] if best is not None else d.make({"mount": "", "target": ""})
