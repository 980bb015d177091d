"""The rolls a seat has seen, each with its explanation: the Rolls list. Pure: no pygame.

Each roll is kept as it happens, explained by the kernel (`engine.explain`, the ruleset's
explanation) from the state just before it and the events as told to the seat (`events_for`;
the numbers inside another side's ship are left out), so a player's list holds nothing the
seat may not know. The list is bounded: the newest `LIMIT` rolls are kept, older ones drop
off (the saved log keeps every roll). A resumed game and the Instructor's undo rebuild it by
replaying the game's actions (BridgeDisplay.rebuild).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from engine import GameState, explain, roll_label
from engine.events import Event
from engine.stations import title

TO_HIT = ("HIT", "MISS")
LIMIT = 500
"""Rolls kept; a long game has a few hundred, each entry under 2 KB."""


@dataclass(frozen=True, slots=True)
class RollEntry:
    """One roll as this seat saw it."""

    number: int                 # the n-th roll this seat saw in the game, from 1
    turn: int
    who: str                    # "Helm · USS Enterprise"
    what: str                   # "Phaser bank 1 at IKS Kronos One" (a to-hit), "damage location"
    value: int
    result: str                 # "HIT", "MISS" (to-hit); "EVADED", "FAILED" (an evasion);
    #                             "EXPLODED", "HELD" (an explosion roll); or "" for the others
    lines: tuple[str, ...]      # the rule, the table row and the numbers (engine.explain)

    @property
    def summary(self) -> str:
        """One line: turn, who rolled, for what, the value, hit or miss."""
        what = f"to-hit, {self.what}" if self.result in TO_HIT else self.what
        tail = f" {self.result}" if self.result else ""
        return f"T{self.turn} {self.who}: {what}: {self.value}{tail}"

    @property
    def head(self) -> str:
        """The row's first line: turn and who rolled."""
        return f"T{self.turn} {self.who}"

    @property
    def score(self) -> str:
        """The row's right-hand side: the value and hit or miss."""
        return f"{self.value} {self.result}".strip()


def _name(state: GameState, ship: str | None) -> str:
    if ship is None:
        return ""
    try:
        return str(state.ship(ship).name)  # type: ignore[attr-defined]
    except (AttributeError, KeyError, ValueError):
        return ship


def roll_entry(before: GameState, told: Sequence[Event], side: str | None,
               number: int) -> RollEntry | None:
    """The entry for the roll answered in `told` (the events of one apply as told to the seat),
    None when the seat was told of no roll. `side` as for engine.explain: a side's
    secrets only, None for every side's, "" for none."""
    rolled = next((e for e in told if type(e).__name__ == "Rolled"), None)
    if rolled is None:
        return None
    request = getattr(rolled, "request", None)
    station = str(getattr(request, "station", ""))
    ship = getattr(request, "ship", None)
    who = title(station) + (f" · {_name(before, ship)}" if ship else "")
    shot = next((e for e in told if type(e).__name__ == "ShotResolved"), None)
    if shot is not None:
        weapon = getattr(shot, "weapon_name", "") or getattr(shot, "weapon", "")
        target = getattr(shot, "target_name", "") or getattr(shot, "target", "")
        what = f"{weapon} at {target}"   # a to-hit roll: the row says HIT or MISS
        result = "HIT" if getattr(shot, "hit", False) else "MISS"
    elif (label := roll_label(before, told)) is not None:   # the ruleset's words for it
        what, result = label
    else:
        what, result = _what(str(getattr(request, "purpose", "")), station), ""
    return RollEntry(number, int(getattr(before, "turn", 0)), who, what,
                     int(getattr(rolled, "value", 0)), result, explain(before, told, side))


def _what(purpose: str, station: str) -> str:
    """A roll's purpose in a few words: the purpose without the station in front, the number
    bands after a colon and the detail in brackets (the ruleset's `roll_label` comes first)."""
    if "tactical advantage" in purpose:
        return "tactical advantage"
    prefix = title(station) + ": "
    text = purpose[len(prefix):] if purpose.startswith(prefix) else purpose
    for cut in (": ", " ("):
        text = text.split(cut, 1)[0]
    return text


class RollLog:
    """The newest `limit` rolls a seat saw, newest first when paged."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._entries: deque[RollEntry] = deque(maxlen=max(1, limit))
        self.seen = 0          # rolls seen in the game so far, dropped ones included

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
        self.seen = 0

    def record(self, before: GameState, told: Sequence[Event],
               side: str | None) -> RollEntry | None:
        """Keep the roll answered in `told`, if the seat was told of one."""
        entry = roll_entry(before, told, side, self.seen + 1)
        if entry is not None:
            self.seen += 1
            self._entries.append(entry)
        return entry

    def newest(self) -> RollEntry | None:
        return self._entries[-1] if self._entries else None

    def find(self, number: int) -> RollEntry | None:
        for e in reversed(self._entries):
            if e.number == number:
                return e
        return None

    def pages(self, per_page: int) -> int:
        """How many pages of `per_page` rows the list takes (at least one)."""
        per_page = max(1, per_page)
        return max(1, -(-len(self._entries) // per_page))

    def page(self, n: int, per_page: int) -> tuple[RollEntry, ...]:
        """Page `n` (from 0) of the list, newest first; a page past the end is the last."""
        per_page = max(1, per_page)
        n = max(0, min(n, self.pages(per_page) - 1))
        newest_first = len(self._entries) - 1 - n * per_page
        return tuple(self._entries[i] for i in range(newest_first,
                                                     max(-1, newest_first - per_page), -1))
