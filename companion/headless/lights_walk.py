"""`starbridge lights test`: every rule of a lights file walked over a scripted game (the
autopilots on every ship, seeded virtual dice), each output's look after every action.

    moments, fired = walk(rules, scenario, seed=1)

Nothing is sent to a device unless asked (`live`): a table tunes its room without playing. The
room's outputs follow their seats as in play (room.room); each panel light of the file is shown
for every station of the first ship's crew that the output is for, from that seat's context with
nothing being entered at the panel.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Action, GameState, Seat, apply, crew_stations, decide, new_game, pending
from engine.events import Event
from lights.context import panel_context
from lights.evaluate import Look, steady_looks
from lights.rules import COLOURS, PANEL, RuleSet
from readouts.colour import Colour
from room.room import Room

STEP_S = 1.0
"""The time between two actions of the walk (an event's flash of up to a second is seen)."""
SEEN_AFTER = 0.1
"""When after an action its looks are read."""
MAX_ACTIONS = 2000


@dataclass(frozen=True, slots=True)
class LightShown:
    colour: Colour
    level: float
    effect: str
    rule: str          # the rule's label ("" when dark)


@dataclass
class Moment:
    number: int
    what: str                                           # the action, in words
    told: tuple[str, ...]                                # the events, in words
    shown: dict[str, LightShown] = field(default_factory=dict)
    sounds: list[str] = field(default_factory=list)


def _shown(rules: RuleSet, look: Look, t: float) -> LightShown:
    colour, level = look.at(t)
    label = rules.rules[look.rule].label if look.rule >= 0 else ""
    return LightShown(colour, round(level, 2), look.effect if look.rule >= 0 else "off", label)


def action_words(action: Action) -> str:
    ship = getattr(action, "ship", None)
    return f"{action.type_name} by {action.station}" + (f" of {ship}" if ship else "")


def walk(rules: RuleSet, scenario: Mapping[str, Any], seed: int = 1, turns: int | None = None,
         live: bool = False) -> tuple[list[Moment], dict[int, int], list[str]]:
    """The looks of every output after each action of a scripted game; how often each rule
    began (by index); and what the outputs said (a device that did not answer)."""
    from companion.dice import VirtualDice

    dice = VirtualDice(seed)
    state: GameState = new_game(scenario)
    room = Room(rules, drive=live)
    panels = _panel_seats(rules, state)
    fired: dict[int, int] = {}
    moments: list[Moment] = []
    said: list[str] = []
    try:
        events: tuple[Event, ...] = ()
        what = "the game begins"
        for n in range(MAX_ACTIONS + 1):
            t = n * STEP_S
            room.follow(state, events, t)
            moment = Moment(n, what, tuple(e.text for e in events if not e.quiet),
                            sounds=[name for name, _ in room.played()])
            for name, look in room.looks(t + SEEN_AFTER).items():
                if rules.outputs[name].is_sound:
                    continue
                moment.shown[name] = _shown(rules, look, t + SEEN_AFTER)
            for seat, names in panels.items():
                looks = steady_looks(rules, names, panel_context(state, seat))
                for name, look in looks.items():
                    shown = _shown(rules, look, 0.0)
                    role = rules.outputs[name].role
                    if role in COLOURS:   # a status LED is its own colour
                        shown = LightShown(COLOURS[role], shown.level, shown.effect, shown.rule)
                    moment.shown[f"{seat.station}:{name}"] = shown
                    if look.rule >= 0:
                        fired[look.rule] = fired.get(look.rule, 0) + 1
            moments.append(moment)
            said.extend(room.news())
            prompts = pending(state)
            if not prompts or (turns is not None and getattr(state, "turn", 0) > turns):
                break
            p = prompts[0]
            action = dice.roll(p.roll) if p.roll is not None else decide(state, p)
            state, events = apply(state, action)
            what = action_words(action)
        for lit in room.lits.values():
            for idx, count in lit.fired.items():
                fired[idx] = fired.get(idx, 0) + count
    finally:
        room.close()
    return moments, fired, said


def _panel_seats(rules: RuleSet, state: GameState) -> dict[Seat, list[str]]:
    """The first ship's crew: each station's panel outputs of the file."""
    from engine import view
    from engine.stations import INSTRUCTOR

    panel_outs = [o for o in rules.outputs.values() if o.kind == PANEL]
    if not panel_outs:
        return {}
    ships = view(state, Seat(INSTRUCTOR)).get("ships", ())
    if not ships:
        return {}
    ship = str(ships[0]["id"])
    out: dict[Seat, list[str]] = {}
    for station in crew_stations(state, ship):
        names = [o.name for o in panel_outs if not o.stations or station in o.stations]
        if names:
            out[Seat(station, ship)] = names
    return out


def describe(shown: LightShown) -> str:
    if shown.level <= 0 and shown.effect in ("off", "steady", "flash", "fade", "glow"):
        return "dark"
    r, g, b = shown.colour
    return f"#{r:02x}{g:02x}{b:02x} {round(100 * shown.level)}% {shown.effect} ({shown.rule})"


def walk_rows(moments: list[Moment]) -> list[tuple[str, list[tuple[tuple[int, int, int], float,
                                                                     str]]]]:
    """Each output's row of the picture: (colour, level, effect) after each action, sounds as
    their own rows (level 1 where one plays)."""
    names: list[str] = []
    for m in moments:
        for name in (*m.shown, *(f"sound {s}" for s in m.sounds)):
            if name not in names:
                names.append(name)
    rows = []
    for name in names:
        cells = []
        for m in moments:
            if name.startswith("sound "):
                cells.append(((255, 255, 255), 1.0 if name[6:] in m.sounds else 0.0, "play"))
            else:
                s = m.shown.get(name)
                cells.append((s.colour, s.level, s.effect) if s else ((0, 0, 0), 0.0, "off"))
        rows.append((name, cells))
    return rows
