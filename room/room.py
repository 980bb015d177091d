"""The room's outputs over a game: each seat's rules followed, each output sent what changed.

    room = Room(rules)                     # the lights file's WLED, DMX and sound outputs
    room.follow(state, events, t)          # after each accepted action (and once at the start)
    room.refresh(t)                        # each step of the loop: blinks, glows, an event's end
    room.due(t)                            # when it next has something to do (None: nothing)
    room.news()                            # what to say: an output that dropped or came back
    room.wire                              # what each light was last sent (its bytes)

Each seat's outputs read that seat's context alone (lights/context.py): the room's ("public")
what every side may know, a named seat its own view. A device is sent only a change (a DMX
universe is also refreshed every second), from a thread of its own (room/link.py), so the game
never waits on the network. `drive=False` follows the rules without any device (lights test),
and still makes each command: `wire` holds every light's last (a WLED's JSON body, a DMX
output's channel values), and `played()` every sound started, so what the room would say can be
read whole (the secrets suite compares them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import GameState, Seat, events_for
from engine.errors import SeatError
from engine.events import Event
from engine.public import public_events
from lights.context import event_context, seat_context
from lights.evaluate import Lit, Look
from lights.rules import DMX, LOOP, PANEL, PUBLIC, SOUND, WLED, RuleSet
from readouts.colour import Colour
from room.dmx import DmxUniverses, channel_values
from room.link import Link
from room.sound import Speaker
from room.wled import wled_body, wled_link


@dataclass(frozen=True, slots=True)
class Sent:
    """What a light was last sent: its colour and level (0..1), and the rule that lights it."""

    colour: Colour
    level: float
    rule: int


def seat_of(key: str) -> Seat | None:
    """The engine's seat for an output's `seat` ("public": None)."""
    if key == PUBLIC:
        return None
    ship, _, station = key.partition("/")
    return Seat(station, ship)


class Room:
    def __init__(self, rules: RuleSet, drive: bool = True,
                 clock: Callable[[], float] | None = None) -> None:
        self.rules = rules
        outs = [o for o in rules.outputs.values() if o.kind != PANEL]
        self.seats: dict[str, list[str]] = {}
        for o in outs:
            self.seats.setdefault(o.seat, []).append(o.name)
        self.lits = {seat: Lit(rules, names) for seat, names in self.seats.items()}
        self.kinds = {o.name: o.kind for o in outs}
        self.last: dict[str, Sent] = {}   # each light's last look sent
        self.looping: set[str] = set()
        self.said: list[str] = []
        self.missing: set[str] = set()
        self.drive = drive
        self.wled: dict[str, Link] = {}
        self.dmx: DmxUniverses | None = None
        self.speaker = Speaker([o for o in outs if o.kind == SOUND]) if drive else None
        if drive:
            self.wled = {o.name: wled_link(o) for o in outs if o.kind == WLED}
            dmx = [o for o in outs if o.kind == DMX]
            self.dmx = DmxUniverses(dmx) if dmx else None
        self._plays: list[tuple[str, bool]] = []   # every sound started: (output, looped)
        self.wire: dict[str, bytes] = {}          # each light's last command, sent or not

    def follow(self, state: GameState, events: tuple[Event, ...], t: float) -> None:
        """The game moved on (or began): each seat's rules read its context and what it was
        told of `events`."""
        for key, lit in self.lits.items():
            try:
                seat = seat_of(key)
            except SeatError as exc:
                self._once(key, f"lights: seat {key}: {exc}: its outputs stay dark")
                continue
            ctx = seat_context(state, seat)
            if seat is not None and ctx["ship"] is None and not state.over:
                self._once(key, f"lights: seat {key}: no ship {seat.ship!r} in this game: "
                                f"{', '.join(self.seats[key])} stay dark")
            if not events:
                told: tuple[Event, ...] = ()
            elif seat is None:
                told = public_events(state, events)
            else:
                told = events_for(state, events, seat)
            plays = lit.update(ctx, [event_context(e, seat) for e in told], t)
            for play in plays:
                self._play(play.output, play.loop)
        self.refresh(t)

    def _once(self, key: str, text: str) -> None:
        if key not in self.missing:
            self.missing.add(key)
            self.said.append(text)

    def _play(self, name: str, loop: bool) -> None:
        self._plays.append((name, loop))
        if loop:
            self.looping.add(name)
        if self.speaker is not None:
            self.speaker.play(name, loop)

    def looks(self, t: float) -> dict[str, Look]:
        out: dict[str, Look] = {}
        for lit in self.lits.values():
            out.update(lit.looks(t))
        return out

    def refresh(self, t: float) -> None:
        """Send every output what it shows at `t`, where that changed."""
        universes = set()
        for name, look in self.looks(t).items():
            kind = self.kinds[name]
            if kind == SOUND:
                if name in self.looping and not (look.effect == LOOP and look.rule >= 0):
                    self.looping.discard(name)
                    if self.speaker is not None:
                        self.speaker.stop(name)
                continue
            colour, level = look.at(t)
            now = Sent(colour, round(level, 3), look.rule)
            before = self.last.get(name)
            if before is not None and (before.colour, before.level) == (now.colour, now.level):
                continue
            self.last[name] = now
            o = self.rules.outputs[name]
            if kind == WLED:
                self.wire[name] = wled_body(o.segment, colour, level)
                if name in self.wled:
                    self.wled[name].put(self.wire[name])
            elif kind == DMX:
                self.wire[name] = bytes(channel_values(o, colour, level).values())
                if self.dmx is not None and self.dmx.set(name, colour, level):
                    universes.add(self.dmx.where(name))
        if self.dmx is not None and universes:
            self.dmx.flush(universes)

    def due(self, t: float) -> float | None:
        times = [d for lit in self.lits.values() if (d := lit.due(t)) is not None]
        return min(times) if times else None

    def played(self) -> tuple[tuple[str, bool], ...]:
        """Every sound started since last asked, (output, looped), in order: what the room
        would say when it sends nothing (a walk through a game, a test)."""
        out, self._plays = tuple(self._plays), []
        return out

    def news(self) -> list[str]:
        out, self.said = self.said, []
        for link in self.wled.values():
            out.extend(link.news())
        if self.dmx is not None:
            for link in self.dmx.links.values():
                out.extend(link.news())
        if self.speaker is not None:
            out.extend(self.speaker.news())
        return out

    def reset(self) -> None:
        """The game was taken back or a new one began: the rules start afresh."""
        for lit in self.lits.values():
            lit.reset()

    def close(self) -> None:
        for link in self.wled.values():
            link.close()
        if self.dmx is not None:
            self.dmx.close()
        if self.speaker is not None:
            self.speaker.close()
