"""The phase bar, the event ticker, the roll dialog and the after-action report: pure models.

Book Two, Advanced: Sequence Of Play (Power Allocation, Tactical Advantage, Movement and Firing
Phases) names the steps shown in the phase bar.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.dice import RollRequest
from engine.events import Event
from engine.stations import title
from engine.words import plural

STEP_TITLES = {
    "power": "Power Allocation",
    "advantage": "Tactical Advantage",
    "move": "Movement {phase}/{phases}",
    "declare": "Firing {phase}/{phases}: targets",
    "resolve": "Firing {phase}/{phases}: hits",
    "choose": "Firing {phase}/{phases}: damage",
    "aftermath": "Firing {phase}/{phases}: bridge and power",
    "over": "Game over",
}


def ship_names(view: Mapping[str, Any]) -> dict[str, str]:
    return {str(s["id"]): str(s["name"]) for s in view.get("ships", ())}


@dataclass(frozen=True, slots=True)
class PhaseBar:
    turn: str
    step: str
    acting: str          # who must act now and what ("" when nobody)
    dice: str
    advantage: str
    over: bool
    seats: tuple[tuple[str, str], ...] = ()
    """Every (station, ship) `acting` names: exactly the view's `pending` entries, which a
    display cuts to the prompts the game waits for (display.game_link.seat_view)."""
    brief: str = ""
    """Every seat of `acting` by name alone, for a place too small for it (or "")."""
    mood: str = ""
    """At the end: "good" (the seat's side won), "bad" (it lost), "" (a draw, the Instructor)."""


def phase_bar(view: Mapping[str, Any], dice_status: str) -> PhaseBar:
    """Turn, step, who must act (every one of the view's pending entries, the seat's own ship
    first), dice status and advantage."""
    names = ship_names(view)
    step = str(view.get("step", ""))
    template = STEP_TITLES.get(step, step.title())
    step_text = (str(view["step_title"]) if "step_title" in view   # the ruleset's own words
                 else template.format(phase=view.get("phase", 0), phases=view.get("phases", 0)))
    own = (view.get("seat") or {}).get("ship")
    entries = [p for p in view.get("pending", ()) if isinstance(p, Mapping)]
    entries.sort(key=lambda p: own is None or p.get("ship") != own)   # stable: own ship first
    seats = tuple(dict.fromkeys((str(p.get("station", "")), str(p.get("ship") or ""))
                                for p in entries))
    acting = "Waiting for the other side" if view.get("seat") else "Waiting"
    mine = [p for p in entries if own is not None and p.get("ship") == own]
    brief = many_acting(seats, names, own) if len(seats) > 1 else ""
    if len(entries) == 1:
        acting = one_acting(entries[0], names, own)
    elif len(mine) == 1:   # the crew's one seat in full, then whoever else the game waits for
        acting = (one_acting(mine[0], names, own) + "; also "
                  + many_acting(seats[1:], names, own).removeprefix("To act: "))
    elif entries:
        acting = brief
    adv = view.get("advantage")
    over = bool(view.get("outcome")) or step == "over"
    mood = ""
    if over:   # the report on the map gives the whole of it, with the ships' fates
        acting = without_detail(str(view.get("outcome") or "The battle is over"))
        seats, brief = (), ""
        mood = end_mood(view)
    return PhaseBar(f"Turn {view.get('turn', 0)}", step_text, acting, f"Dice: {dice_status}",
                    "" if "advantage" not in view   # a ruleset without a tactical advantage
                    else f"Adv: {names.get(str(adv), '—')}" if adv else "Adv: —", over, seats,
                    brief, mood)


def end_mood(view: Mapping[str, Any]) -> str:
    """"good" when the seat's side won, "bad" when another did, "" for a draw or a seat with
    no side (the Instructor): good news is never drawn in red."""
    winner = str(view.get("winner") or "")
    own = (view.get("seat") or {}).get("ship")
    side = next((str(s.get("side")) for s in view.get("ships", ()) if s.get("id") == own), "")
    if not winner or not side:
        return ""
    return "good" if winner == side else "bad"


def one_acting(p: Mapping[str, Any], names: Mapping[str, str], own: object) -> str:
    """"Helm: move: up to 3 movement points": one seat and what it must do, its ship named once
    (and on the crew's own screen not at all)."""
    who = title(str(p.get("station", "")))
    ship = names.get(str(p.get("ship")), "")
    what = str(p.get("what", ""))
    what = what[len(who) + 2:] if what.startswith(who + ": ") else what
    if ship:
        what = re.sub(rf"(?: of| for| on)? {re.escape(ship)}(?:'s)?\b", "", what)
    return f"{who}{' · ' + ship if ship and own != p.get('ship') else ''}: {what}"


def many_acting(seats: Sequence[tuple[str, str]], names: Mapping[str, str], own: object) -> str:
    """"To act: Captain, Engineering; Engineering · IKS Kahless, IKS Kruge": every seat the game
    waits for, the crew's own stations first (its ship unnamed), then each other station with
    the ships it waits for there."""
    mine = [title(st) for st, ship in seats if ship and ship == own]
    others: dict[str, list[str]] = {}
    for station, ship in seats:
        if not ship or ship != own:
            others.setdefault(title(station), []).append(names.get(ship, ship))
    parts = ([", ".join(dict.fromkeys(mine))] if mine else []) + [
        who + (f" · {', '.join(n for n in ships if n)}" if any(ships) else "")
        for who, ships in others.items()]
    return "To act: " + "; ".join(parts)


DETAIL = re.compile(r" \((?:[^()]|\([^()]*\))*\)$")
"""A bracketed detail that ends a line (it may hold brackets of its own)."""


def without_detail(text: str) -> str:
    """`text` without the bracketed detail at its end: "... all its opponents (X captured
    (superstructure gone), Y destroyed)" -> "... all its opponents"."""
    return DETAIL.sub("", text)


def answer_first(text: str, target: str) -> str:
    """A sensor report's answer without the five facts before it (the ship's log and the
    Science panel keep them; only the sensing side is told): "Sensors on Y: Q3: 6 shields
    powered, ..."."""
    _, _, rest = text.partition(": ")
    facts, _, answer = rest.rpartition(". Q")
    return f"Sensors on {target}: Q{answer}" if facts and target else text


def short_form(text: str) -> list[str]:
    """Shorter forms of a line that says who must act and what, for a place that holds only a
    few words: without its bracketed details, then its first clause (and the number needed).
    A list of who must act ("To act: ...", "...; also ...") is never cut to its first name."""
    if text.startswith("To act: ") or "; also " in text:
        return []
    bare = re.sub(r" \([^()]*\)", "", text)
    needs = re.search(r", needs \d+-\d+$", bare)
    first = bare.split(", ", 1)[0] + (needs.group(0) if needs and needs.start() > 0 else "")
    return [f for f in (bare, first) if f != text]


def ticker_lines(events: Sequence[Event], limit: int = 6) -> tuple[str, ...]:
    """The newest `limit` readable event lines, oldest first (roll requests left out: the
    roll dialog shows them, and the result line repeats what was asked; the end of the game
    without the ships' fates, which the report on the map gives whole)."""
    lines: list[str] = []
    for e in reversed(events):
        if len(lines) >= limit:
            break
        if type(e).__name__ == "GameOver" and e.text:
            lines.append(without_detail(e.text))
        elif type(e).__name__ == "SensorAnswered" and ". Q" in e.text:
            lines.append(answer_first(e.text, str(getattr(e, "target_name", ""))))
        elif not e.quiet and e.text:   # a roll asked for: the dialog shows it
            lines.append(e.text)
    return tuple(reversed(lines))


@dataclass(frozen=True, slots=True)
class RollDialog:
    who: str             # "Helm · USS Enterprise"
    purpose: str
    needs: str           # "needs 1-6" or ""
    sides: int
    values: tuple[int, ...]   # the buttons for manual entry
    progress: str = ""   # a roll of several dice, one at a time: "die 2 of 3"


def roll_dialog(request: RollRequest, names: Mapping[str, str],
                own: str | None = None) -> RollDialog:
    """Who rolls (the station, and the ship unless it is the crew's `own`), for what, and what
    it needs."""
    who = title(request.station)
    if request.ship and request.ship != own:
        who += f" · {names.get(request.ship, request.ship)}"
    needs = f"needs {request.needs[0]}-{request.needs[1]}" if request.needs else ""
    purpose = request.purpose
    prefix = f"{title(request.station)}: "
    if purpose.startswith(prefix):
        purpose = purpose[len(prefix):]
    if needs and purpose.endswith(", " + needs):   # said once, in large type
        purpose = purpose[:-len(needs) - 2]
    if request.ship:   # the ship is named above: "Phaser bank 1 vs. X at range 5"
        purpose = purpose.replace(f" of {names.get(request.ship, request.ship)} vs. ", " vs. ")
    die, dice = request.dice
    progress = f"die {die} of {dice}" if dice > 1 else ""
    return RollDialog(who, purpose, needs, request.sides, tuple(range(1, request.sides + 1)),
                      progress)


def last_roll(events: Sequence[Event]) -> str:
    """The newest roll and what it did: "Last roll 4: Phaser bank 1 at ... hits for 5"."""
    found = ""
    for n, e in enumerate(events):
        if type(e).__name__ == "Rolled":
            found = f"Last roll {getattr(e, 'value', '?')}"
            after = [x.text for x in events[n + 1:n + 2] if not x.quiet]
            if after:
                found += f": {after[0]}"
    return found


@dataclass(slots=True)
class ShipRecord:
    name: str
    shots: int = 0
    hits: int = 0
    dealt: int = 0
    taken: int = 0
    fate: str = "active"

    @property
    def tally(self) -> str:
        """"1 shot, 1 hit, 5 damage dealt, 0 taken"."""
        return (f"{plural(self.shots, 'shot')}, {plural(self.hits, 'hit')}, "
                f"{self.dealt} damage dealt, {self.taken} taken")


@dataclass(frozen=True, slots=True)
class Report:
    headline: str
    why: str
    ships: tuple[ShipRecord, ...]
    turning_points: tuple[str, ...] = field(default_factory=tuple)

    def lines(self) -> list[str]:
        """The report as text a table reads aloud."""
        out = [self.headline, self.why, ""]
        for s in self.ships:
            out.append(f"{s.name} ({s.fate}): {s.tally}")
        if self.turning_points:
            out += ["", "Turning points:"] + [f"  {t}" for t in self.turning_points]
        return out


def after_action(view: Mapping[str, Any], history: Sequence[tuple[int, Event]]) -> Report:
    """How the game ended and why, each ship's shots, hits, damage dealt and taken, and the
    turning points (ships lost or driven off, the heaviest hits), from (turn, event) pairs."""
    names = ship_names(view)
    records = {sid: ShipRecord(name) for sid, name in names.items()}
    for s in view.get("ships", ()):
        records[str(s["id"])].fate = str(s.get("status", "active"))
    points: list[tuple[int, str]] = []
    hits: list[tuple[int, int, str]] = []
    for turn_no, e in history:
        kind = type(e).__name__
        if kind == "ShotResolved":
            firer, target = getattr(e, "firer", ""), getattr(e, "target", "")
            rec = records.setdefault(firer, ShipRecord(names.get(firer, firer)))
            rec.shots += 1
            if getattr(e, "hit", False):
                dmg = int(getattr(e, "damage", 0))
                rec.hits += 1
                rec.dealt += dmg
                records.setdefault(target, ShipRecord(names.get(target, target))).taken += dmg
                hits.append((dmg, turn_no, e.text))
        elif kind == "StatusChanged":
            points.append((turn_no, f"Turn {turn_no}: {e.text}"))
    for _dmg, turn_no, text in sorted(hits, key=lambda h: (-h[0], h[1]))[:2]:
        points.append((turn_no, f"Turn {turn_no}, heaviest hit: {text}"))
    winner = names.get(str(view.get("winner")), str(view.get("winner") or ""))
    outcome = str(view.get("outcome") or "")
    headline = f"Victory: {winner}" if winner else ("The battle is over" if outcome else
                                                     "The battle goes on")
    why = outcome or f"Turn {view.get('turn', 0)} of the game"
    return Report(headline, why, tuple(records.values()),
                  tuple(t for _, t in sorted(points, key=lambda p: p[0])))
