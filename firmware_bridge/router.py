"""Which tray serves which seats, and how a tray's roll answers the engine's roll request.

Pure and single-threaded: the main thread hands it each `LinkEvent` from the links' queue with
the prompts pending now, and gets back what to do. A roll answers the pending request of a seat
its tray serves, and only that seat's (the RollResult names the request's station), and only a
request that was pending when the roll arrived (`since`: when each request was first seen); a
roll nobody asked for is reported and ignored, never kept for a later request.

How dice read (DESIGN: Dice; engine.dice): a d20 face v reads as the FASA die ((v-1) % 10) + 1;
a d10 face reads as it is; a d100 request takes two rolls, tens then units (00 reads 100).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import Prompt, RollRequest, RollResult
from engine.dice import fasa_die_from_d20, percentile
from engine.stations import INSTRUCTOR, STATION_NAMES, Seat, title
from firmware_bridge.link import LinkEvent, TrayNotice, TrayRefused, TrayRoll, TrayStatus
from firmware_bridge.protocol import KNOWN_DICE, Roll

TRAY_CONNECTED = "tray connected"
TRAY_LOST = "tray lost"
TRAY_STARTING = "tray starting"
"""A configured tray not heard from yet since the start (no alert: it has a heartbeat's time to
speak; its link reports it lost after that)."""
MANUAL = "manual"
VIRTUAL = "virtual"
FALLBACKS = (MANUAL, VIRTUAL)


class DiceConfigError(ValueError):
    """The [dice] configuration is wrong; the message names the entry and says how to fix it."""


@dataclass(frozen=True, slots=True)
class SeatPattern:
    """Seats a tray serves: a station on a ship, a station on any ship (`ship` None), or every
    seat (both None). Written "enterprise/helm", "helm" or "*" in the configuration."""

    station: str | None = None
    ship: str | None = None

    def serves(self, station: str, ship: str | None) -> bool:
        return (self.station in (None, station)) and (self.ship in (None, ship))

    @classmethod
    def parse(cls, text: str, where: str) -> SeatPattern:
        if text == "*":
            return cls()
        ship, _, station = text.rpartition("/")
        if station not in STATION_NAMES:
            raise DiceConfigError(f"{where}: {text!r}: unknown station {station!r}; write "
                                  f"'ship/station', 'station' or '*' (stations: "
                                  f"{', '.join(STATION_NAMES)})")
        return cls(station, ship or None)


@dataclass(frozen=True, slots=True)
class TrayConfig:
    id: str
    url: str
    seats: tuple[SeatPattern, ...] = (SeatPattern(),)
    dice: frozenset[int] = frozenset({20})

    def serves(self, station: str, ship: str | None) -> bool:
        return any(p.serves(station, ship) for p in self.seats)


@dataclass(frozen=True, slots=True)
class DiceConfig:
    trays: tuple[TrayConfig, ...] = ()
    fallback: str = MANUAL

    def tray_for(self, station: str, ship: str | None) -> TrayConfig | None:
        """The first tray (in configuration order) that serves the seat, if any."""
        return next((t for t in self.trays if t.serves(station, ship)), None)


def config_from_dict(data: Mapping[str, Any], where: str = "[dice]") -> DiceConfig:
    """The [dice] table of the configuration file, e.g.

        fallback = "manual"                      # or "virtual"
        [[dice.trays]]
        id = "tray-1"
        url = "/dev/starbridge-dice-tray-1"
        seats = ["enterprise/helm", "enterprise/weapons"]   # default ["*"]
        dice = [20]                                          # default [20]
    """
    if not isinstance(data, Mapping):
        raise DiceConfigError(f"{where}: expected a table, got {type(data).__name__}")
    extra = set(data) - {"trays", "fallback"}
    if extra:
        raise DiceConfigError(f"{where}: unknown key(s) {', '.join(sorted(map(str, extra)))}")
    fallback = data.get("fallback", MANUAL)
    if fallback not in FALLBACKS:
        raise DiceConfigError(f"{where}: fallback must be one of {', '.join(FALLBACKS)}, "
                              f"not {fallback!r}")
    raw = data.get("trays", [])
    if not isinstance(raw, list):
        raise DiceConfigError(f"{where}: trays must be a list of tables ([[dice.trays]])")
    trays: list[TrayConfig] = []
    for n, t in enumerate(raw, 1):
        w = f"{where} tray {n}"
        if not isinstance(t, Mapping):
            raise DiceConfigError(f"{w}: expected a table, got {type(t).__name__}")
        extra = set(t) - {"id", "url", "seats", "dice"}
        if extra:
            raise DiceConfigError(f"{w}: unknown key(s) {', '.join(sorted(map(str, extra)))}")
        tid, url = t.get("id"), t.get("url")
        if not isinstance(tid, str) or not tid or len(tid) > 16 or \
                not all(c.isascii() and (c.isalnum() or c in "_-") for c in tid):
            raise DiceConfigError(f"{w}: id must be 1-16 letters, digits, '-' or '_' "
                                  f"(as the tray says in its HELLO), not {tid!r}")
        if any(x.id == tid for x in trays):
            raise DiceConfigError(f"{w}: tray id {tid!r} is configured twice")
        if not isinstance(url, str) or not url:
            raise DiceConfigError(f"{w} ({tid}): url must be a device path or pyserial URL, "
                                  f"e.g. '/dev/serial/by-id/...' or 'socket://127.0.0.1:7020'")
        seats = t.get("seats", ["*"])
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise DiceConfigError(f"{w} ({tid}): seats must be a list of 'ship/station', "
                                  f"'station' or '*'")
        dice = t.get("dice", [20])
        if not isinstance(dice, list) or not dice or \
                not all(type(d) is int and d in KNOWN_DICE for d in dice):
            raise DiceConfigError(f"{w} ({tid}): dice must be a list of sides from "
                                  f"{sorted(KNOWN_DICE)}, e.g. [20]")
        trays.append(TrayConfig(tid, url, tuple(SeatPattern.parse(s, w) for s in seats),
                                frozenset(dice)))
    return DiceConfig(tuple(trays), fallback)


@dataclass(frozen=True, slots=True)
class DiceStatus:
    """How a seat's rolls come in now, for the display and the alert LED."""

    mode: str  # TRAY_CONNECTED, TRAY_STARTING, TRAY_LOST, MANUAL or VIRTUAL
    tray: str | None
    text: str
    fallback: str = MANUAL  # how rolls come in when the tray cannot answer

    @property
    def alert(self) -> bool:
        """Light the alert LED: a configured tray is not answering."""
        return self.mode == TRAY_LOST

    @property
    def by_hand(self) -> bool:
        """Rolls are made by hand and typed in (fallback "manual", no tray answering)."""
        return self.mode != TRAY_CONNECTED and self.fallback == MANUAL

    @property
    def virtual(self) -> bool:
        """The virtual die rolls when asked (fallback "virtual", no tray answering)."""
        return self.mode != TRAY_CONNECTED and self.fallback == VIRTUAL


@dataclass(frozen=True, slots=True)
class TrayAnswer:
    """Apply `action`: a tray roll answering the pending request."""

    action: RollResult
    text: str
    face: str = ""
    """What the die showed when it reads as another ("d20 14 reads 4"), for the held result."""


@dataclass(frozen=True, slots=True)
class Shown:
    """Only show `text` (a roll nobody asked for, half a percentile roll, a tray notice)."""

    text: str


DiceOutcome = TrayAnswer | Shown


def read_die(request: RollRequest, roll: Roll) -> int | None:
    """A tray face as the requested die, or None if that die cannot answer it."""
    if request.sides == roll.sides:
        return roll.value
    if request.sides == 10 and roll.sides == 20:
        return fasa_die_from_d20(roll.value)
    return None


def manual_roll(request: RollRequest, value: int) -> RollResult:
    """A roll typed in at the table, for the station the request names."""
    if not 1 <= value <= request.sides:
        raise ValueError(f"a {request.kind} shows 1 to {request.sides}, not {value}: type the "
                         f"number the die shows (0 on the FASA die is 10)")
    return RollResult(request.station, value, "manual")


def override_roll(request: RollRequest, value: int, why: str = "") -> RollResult:
    """The Instructor sets the roll; logged as an override."""
    if not 1 <= value <= request.sides:
        raise ValueError(f"a {request.kind} shows 1 to {request.sides}, not {value}")
    return RollResult(INSTRUCTOR, value, "override", why)


@dataclass
class DiceRouter:
    config: DiceConfig
    connected: dict[str, bool] = field(default_factory=dict)
    last_notice: dict[str, str] = field(default_factory=dict)
    _tens: dict[str, tuple[RollRequest, int, str]] = field(default_factory=dict)

    def on_event(self, event: LinkEvent, prompts: Sequence[Prompt],
                 since: Mapping[RollRequest, float] | None = None) -> DiceOutcome | None:
        """What `event` means for the `prompts` pending now. `since`: when each pending roll
        request was first seen (the links' clock); a roll that arrived before its request
        existed answers nothing. Without it every pending request counts as older."""
        if isinstance(event, TrayStatus):
            self.connected[event.link] = event.connected
            state = "connected" if event.connected else "lost"
            return Shown(f"Dice tray {event.link} {state}: {event.reason}")
        if isinstance(event, TrayNotice):
            self.last_notice[event.link] = event.text
            return Shown(f"Dice tray {event.link}: {event.text}")
        if isinstance(event, TrayRefused):
            return Shown(f"Dice tray {event.link}: roll {event.roll} refused: {event.reason}")
        return self.on_roll(event, prompts, since)

    def on_roll(self, event: TrayRoll, prompts: Sequence[Prompt],
                since: Mapping[RollRequest, float] | None = None) -> DiceOutcome:
        roll = event.roll
        tray = next((t for t in self.config.trays if t.id == event.link), None)
        said = f"{roll.label} rolled {roll.value} on a d{roll.sides}"
        if tray is None:
            return Shown(f"{said}: no tray {event.link!r} is configured; ignored")
        asks = [p.roll for p in prompts if p.roll is not None and tray.serves(p.station, p.ship)]
        if since is not None:
            early = [r for r in asks if since.get(r, math.inf) > event.received]
            asks = [r for r in asks if r not in early]
            if early and not asks:
                self._tens.pop(tray.id, None)
                return Shown(f"{said} before {title(early[0].station)} was asked to roll; "
                             f"ignored: roll again")
        if not asks:
            self._tens.pop(tray.id, None)
            return Shown(f"{said}, but no roll is wanted from the seats it serves; ignored")
        request = asks[0]
        if request.kind == "d100":
            return self._percentile(tray.id, request, roll, said)
        value = read_die(request, roll)
        if value is None:
            return Shown(f"{said}, but {title(request.station)} needs a {request.kind}; ignored")
        reading = "" if value == roll.value else f" (reads {value})"
        face = "" if value == roll.value else f"d{roll.sides} {roll.value} reads {value}"
        return TrayAnswer(RollResult(request.station, value, "tray", roll.label),
                      f"{title(request.station)} rolled {roll.value}{reading} on {roll.label}: "
                      f"{request.purpose}", face)

    def _percentile(self, tray: str, request: RollRequest, roll: Roll, said: str) -> DiceOutcome:
        digit = read_die(RollRequest("d10", request.ship, request.station, ""), roll)
        if digit is None:
            return Shown(f"{said}, but percentile dice take d10s or d20s; ignored")
        held = self._tens.get(tray)
        if held is None or held[0] != request:
            self._tens[tray] = (request, digit, roll.label)
            return Shown(f"{said}: tens {digit % 10}; now roll the units")
        del self._tens[tray]
        value = percentile(held[1], digit)
        return TrayAnswer(RollResult(request.station, value, "tray", f"{held[2]}+{roll.label}"),
                      f"{title(request.station)} rolled {value:02d} (percentile) on "
                      f"{held[2]}, {roll.label}: {request.purpose}")

    def status(self, seat: Seat) -> DiceStatus:
        tray = self.config.tray_for(seat.station, seat.ship)
        fallback = self.config.fallback
        how = "roll by hand and tap the number rolled" if fallback == MANUAL else \
            "virtual dice roll for you"
        if tray is None:
            return DiceStatus(fallback, None, f"No dice tray: {how}", fallback)
        heard = self.connected.get(tray.id)
        if heard:
            return DiceStatus(TRAY_CONNECTED, tray.id, f"Roll the dice tray {tray.id} now",
                              fallback)
        if heard is None:
            return DiceStatus(TRAY_STARTING, tray.id, f"Dice tray {tray.id} not heard yet: "
                                                      f"{how}", fallback)
        return DiceStatus(TRAY_LOST, tray.id, f"Dice tray {tray.id} lost: {how}", fallback)

