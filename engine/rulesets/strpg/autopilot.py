"""An autopilot for any seat (the Instructor's NPCs, or a player's character), deciding from what
that seat is told: its `view` and its `controls`.

A character held in a grapple tries to break free. One who sees an enemy shoots (aiming first
when he has the AP and nobody is at his throat), draws a ranged weapon if he has one put away,
or strikes, grapples, pinches or punches in reach; else he goes for his side's goal: the console
to master, the beam-out area (calling the ship once everybody standing is in it), or, with
nothing to reach, toward the enemy he saw last or to hold his ground behind cover. Responses:
parry, else dodge, else duck; strike back when he may; always block an enemy who comes into his
square. The Instructor's election is the scenario's suggestion."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.controls import Decision, Value
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.strpg import turn
from engine.rulesets.strpg.actions import Choose
from engine.rulesets.strpg.catalog import BACK
from engine.rulesets.strpg.controls import decision, kind_choices, shot_needs
from engine.rulesets.strpg.state import RPGState
from engine.rulesets.strpg.views import view
from engine.squaregrid import FACING_NAMES, Square, range_between, step
from engine.stations import Seat

ATTACKS = ("pinch", "strike", "grapple", "punch")
POOR_SHOT, SURE_SHOT = 25, 90
"""A shot that hits on 25 or less is not worth stopping for on the way to the goal; one that
hits on 90 or more is not worth aiming."""
"""Close attacks, most wanted first (a Vulcan pinches; a knife before bare hands)."""


def decide(state: RPGState, prompt: Prompt) -> Action:
    seat = Seat(prompt.station, prompt.ship)
    d = decision(state, prompt)
    if prompt.action in ("rpg_order", "rpg_side_order"):
        return d.make()
    if prompt.action == "rpg_respond":
        return d.make({"response": _first(d, "response", ("parry", "dodge", "duck", ""))})
    if prompt.action in ("rpg_riposte", "rpg_block"):
        return d.make()
    seen = view(state, seat)
    me = next(s for s in seen["ships"] if s["id"] == prompt.ship)
    if prompt.action == "rpg_choose":   # an action straight away, whichever part of the table
        c = state.character(str(prompt.ship))
        ok = {str(ch.value) for ch in kind_choices(state, c) if ch.allowed}
        plan = Plan(seen, me)
        plan.best_shot = max(shot_needs(state, c).values(), default=0)
        return Choose(prompt.station, str(prompt.ship), str(plan.choose(ok)))
    action = d.make(Plan(seen, me).details(d))
    try:
        turn.apply(state, action)
    except IllegalAction:   # fields each allowed, but not together: the decision's own defaults
        return d.make()
    return action


def _allowed(d: Decision, field: str) -> list[Value]:
    return [c.value for c in d.field_named(field).choices if c.allowed and c.value != BACK]


def _first(d: Decision, field: str, wanted: tuple[str, ...]) -> Value:
    ok = _allowed(d, field)
    return next((w for w in wanted if w in ok), d.field_named(field).default)


def _at(s: Mapping[str, Any]) -> Square:
    return int(s["col"]), int(s["row"])


class Plan:
    """What one character wants, from his view."""

    def __init__(self, seen: Mapping[str, Any], me: Mapping[str, Any]) -> None:
        self.seen, self.me = seen, me
        self.here = _at(me)
        self.enemies = [s for s in seen["ships"] if s["side"] != me["side"]
                        and s["status"] in ("active", "collapsed")]
        self.friends = [s for s in seen["ships"] if s["side"] == me["side"]
                        and s["status"] in ("active", "collapsed")]
        mp = seen["map"]
        self.cols, self.rows = int(mp["cols"]), int(mp["rows"])
        self.blocked = {tuple(w) for w in mp["walls"]} | {
            (c["col"], c["row"]) for c in mp["cover"] if not c["passable"]} | {
            (k["col"], k["row"]) for k in mp["consoles"]}
        self.doors = {(d["col"], d["row"]): d for d in mp["doors"]}
        self.goals = [g for g in mp.get("goals", ()) if g["side"] == me["side"]]
        self.zone = {tuple(sq) for z in mp["zones"] if z["side"] == me["side"]
                     for sq in z["squares"]}
        self.friends_at = {_at(f) for f in self.friends if f["id"] != me["id"]}
        self.best_shot = 0   # the best d100 face a shot hits with now (the fire decision's)

    # -- where to go -----------------------------------------------------------------------
    def target_squares(self) -> set[Square]:
        """Where he wants to stand: at his side's goal when the enemies he sees are poor shots
        for him, else by the nearest enemy he sees, else at the goal, else (a side that must
        beat the other, not hold out) somewhere he cannot see yet."""
        goal = self.goal_squares()
        if self.enemies and not (goal and self.best_shot < POOR_SHOT):
            e = min(self.enemies, key=lambda s: range_between(self.here, _at(s)))
            return {_at(e)}
        if goal:
            return goal
        if self.holds_out():
            return set()
        seen = {(int(c), int(r)) for c, r in self.seen["map"].get("seen", ())}
        return {(c, r) for c in range(self.cols) for r in range(self.rows)
                if (c, r) not in seen and (c, r) not in self.blocked}

    def heading_home(self) -> bool:
        """His side wins by reaching a place (a console, the beam-out area) he is not at."""
        return any(g["when"] in ("operate", "beam") for g in self.goals) and \
            self.here not in self.goal_squares()

    def goal_squares(self) -> set[Square]:
        for g in self.goals:
            if g["when"] == "operate" and g["at"]:
                at = (int(g["at"][0]), int(g["at"][1]))
                return {step(at, f) for f in range(8)} - self.blocked
            if g["when"] == "beam" and self.zone:
                return {(int(c), int(r)) for c, r in self.zone}
        return set()

    def holds_out(self) -> bool:
        """His side wins by lasting out the turns: it waits for the enemy to come."""
        return any(g["when"] == "turns" for g in self.goals)

    def distances(self, goal: set[Square]) -> dict[Square, int]:
        """Cost (halves: 2 straight, 3 diagonal) from every square to the nearest of `goal`,
        through doors (a closed one he opens on the way)."""
        dist: dict[Square, int] = {}
        heap = [(0, sq) for sq in goal]
        heapq.heapify(heap)
        while heap:
            d, sq = heapq.heappop(heap)
            if sq in dist:
                continue
            dist[sq] = d
            for f in range(8):
                n = step(sq, f)
                if n in dist or not (0 <= n[0] < self.cols and 0 <= n[1] < self.rows) or \
                        n in self.blocked:
                    continue
                heapq.heappush(heap, (d + (3 if f % 2 else 2), n))
        return dist

    def closed_door_ahead(self) -> Square | None:
        """The closed door that is his next step toward where he wants to be, if it is."""
        goal = self.target_squares()
        if not goal or self.here in goal:
            return None
        dist = self.distances(goal)
        options = [(dist[n], n) for f in range(8) if (n := step(self.here, f)) in dist]
        if not options:
            return None
        best = min(options)[1]
        door = self.doors.get(best)
        return best if door is not None and not door["open"] else None

    def way(self, d: Decision, field: str = "direction") -> Value | None:
        """The allowed direction that brings him nearest where he wants to be."""
        goal = self.target_squares()
        if not goal or self.here in goal:
            return None
        dist = self.distances(goal)
        now = dist.get(self.here)
        best: tuple[int, str] | None = None
        for v in _allowed(d, field):
            if v not in FACING_NAMES:
                continue
            n = step(self.here, FACING_NAMES.index(str(v)))
            crowded = 2 if n in self.friends_at else 0   # spread out: a crowd draws stray shots
            if n in dist and (now is None or dist[n] < now) and \
                    (best is None or dist[n] + crowded < best[0]):
                best = (dist[n] + crowded, str(v))
        return best[1] if best is not None else None

    # -- the action --------------------------------------------------------------------------
    def choose(self, ok: set[str]) -> str:
        """The action he wants, of those `ok` now."""
        me = self.me
        ap = int(me.get("ap", 0))
        if "break" in ok:
            return "break"
        if self.enemies and "fire" in ok and self.best_shot < POOR_SHOT and self.heading_home():
            pass   # a poor shot while the way home is open: go on (below)
        elif self.enemies:
            if "fire" in ok:
                near = min(range_between(self.here, _at(e)) for e in self.enemies)
                aimed = me.get("last_action") == "aim"
                if not aimed and "aim" in ok and ap >= 12 and near > 1 and \
                        self.best_shot < SURE_SHOT:
                    return "aim"
                return "fire"
            if "draw" in ok and self._has_gun() and ap >= 12:
                return "draw"
            if "quick_fire" in ok:
                return "quick_fire"
            for kind in ATTACKS:
                if kind in ok:
                    return kind
            if "move_attack" in ok:
                return "move_attack"
        if "talk" in ok and self._beam_ready():
            return "talk"
        if self.zone and self._all_in_zone() and "device" in ok and not self._communicator():
            return "device"
        if "operate" in ok and self._console_near():
            return "operate"
        wanted = self.target_squares()
        if wanted and self.here not in wanted:
            door = self.closed_door_ahead()
            if door is not None and "operate" in ok:
                return "operate"
            if me.get("posture") == "kneeling" and "kneel" in ok:
                return "kneel"   # stand up to go
            if me.get("posture") == "prone" and "prone" in ok:
                return "prone"
            for kind in ("move", "crawl", "swim", "climb"):
                if kind in ok:
                    return kind
            if "operate" in ok:   # a closed door in the way
                return "operate"
        if not self.enemies and not wanted and "kneel" in ok and \
                me.get("posture") == "standing":
            return "kneel"   # holding out: crouch where he is
        return "wait"

    def _has_gun(self) -> bool:
        return any("phaser" in x or "disruptor" in x or "pistol" in x or "bow" in x
                   or "shotgun" in x or "rifle" in x for x in self.me.get("carried", ()))

    def _communicator(self) -> bool:
        return any("communicator" in x for x in self.me.get("in_hand", ()))

    def _all_in_zone(self) -> bool:
        return bool(self.zone) and all(_at(f) in self.zone for f in self.friends)

    def _beam_ready(self) -> bool:
        return self._all_in_zone() and self._communicator()

    def _console_near(self) -> bool:
        for g in self.goals:
            if g["when"] == "operate" and g["at"]:
                at = (int(g["at"][0]), int(g["at"][1]))
                if max(abs(at[0] - self.here[0]), abs(at[1] - self.here[1])) <= 1:
                    return True
        return False

    def details(self, d: Decision) -> dict[str, Value]:
        values: dict[str, Value] = {}
        names = [f.name for f in d.fields]
        if "target" in names:
            targets = _allowed(d, "target")
            ranked = sorted((e for e in self.enemies if e["id"] in targets),
                            key=lambda e: range_between(self.here, _at(e)))
            if ranked:
                values["target"] = ranked[0]["id"]
        if "direction" in names:
            way = self.way(d)
            if way is not None:
                values["direction"] = way
        if "item" in names:
            items = _allowed(d, "item")
            guns = [i for i in items if any(w in str(i) for w in (
                "phaser", "disruptor", "pistol", "bow", "shotgun", "rifle", "communicator"))]
            if guns:
                values["item"] = guns[0]
        if "message" in names and "beam" in _allowed(d, "message"):
            values["message"] = "beam"
        if "device" in names:
            consoles = [v for v in _allowed(d, "device") if str(v).startswith("console")]
            door = self.closed_door_ahead()
            opens = [v for v in _allowed(d, "device") if door is not None
                     and str(v) == f"door:{door[0]},{door[1]}:open"]
            goal = [v for v in consoles if any(
                g["at"] and str(v) == f"console:{g['at'][0]},{g['at'][1]}" for g in self.goals)]
            if goal and self._console_near():
                values["device"] = goal[0]
            elif opens:
                values["device"] = opens[0]
        merged = d.defaults() | values
        for f in d.fields:   # never choose again: an allowed value for every field
            if merged.get(f.name) == BACK or merged.get(f.name) not in _allowed(d, f.name):
                ok = _allowed(d, f.name)
                if ok:
                    merged[f.name] = ok[0]
        return merged
