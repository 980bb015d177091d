"""Other actions (seed 004 lines 220-222): hide (1 AP same square, 4 adjacent square), short
communication (1), operate familiar device (2: doors and consoles, line 212), break a grapple
(3), and waiting: "The character may also elect to perform no action in that round, usually
because he has insufficient AP remaining for the turn, or because he is saving AP to act in a
later round" (line 208)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.ground import cover, door_open
from engine.rulesets.strpg.kinds import Details, Kind, flat
from engine.rulesets.strpg.moving import arrive, facing_named, held_by, step_problem
from engine.rulesets.strpg.position import told
from engine.rulesets.strpg.rolls import contest, save
from engine.rulesets.strpg.sight import concealment, sees, witnesses
from engine.rulesets.strpg.state import (
    KNEELING,
    STANDING,
    Character,
    Console,
    Door,
    RPGState,
    Step,
    replace,
)
from engine.squaregrid import FACING_NAMES, Square, adjacent, neighbours, step

ONE_AP, TWO_AP, THREE_AP = 4, 8, 12
HERE = "here"
MESSAGES: dict[str, str] = {
    "right": "Take the one on the right!",
    "stun": "Phasers on stun!",
    "kill": "Set phasers to kill!",
    "cover": "Cover me!",
    "back": "Fall back!",
    "hold": "Hold fire!",
    "go": "Go, go, go!",
    "beam": "Beam us up!",
}
"""Short communications: "short, one-sentence orders such as Take the one on the right, Phasers
on stun, or the ever-popular Beam us up, Scotty!" (line 220). "Beam us up" calls the ship on a
communicator in hand."""


# -- hide --------------------------------------------------------------------------------------

def cover_near(state: RPGState, square: Square) -> bool:
    """Whether there is cover to duck behind next to `square` (anything that hides, a wall's
    corner or a doorway included)."""
    return any(cover(state, n) != "none" for n in neighbours(square))


def _hide_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"direction": d} for d in (HERE, *FACING_NAMES))


def _hide_check(state: RPGState, c: Character, d: Details) -> str | None:
    where = d.get("direction", "")
    if where == HERE:
        return None if cover_near(state, c.pos) else "there is no cover next to him to hide behind"
    f = facing_named(where)
    why = step_problem(state, c, f, "walk")
    if why or f is None:
        return why
    if c.posture != STANDING:
        return "he moves to hide standing"
    return None if cover_near(state, step(c.pos, f)) else \
        f"there is no cover to hide behind {FACING_NAMES[f]}"


def _hide_cost(state: RPGState, c: Character, d: Details) -> int:
    return ONE_AP if d.get("direction") == HERE else 4 * ONE_AP


def _hide(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"This action is used to duck behind available cover without leaving the square ...
    Spotting a hidden character generally requires a Saving Roll against INT or MNT, modifying
    for concealment" (line 220). Ours: he crouches (kneels, if standing); each enemy who sees
    him then rolls against INT less his concealment, and keeps him in sight on a success."""
    events: list[Event] = []
    if do.direction != HERE:
        f = facing_named(do.direction)
        assert f is not None
        state, events = arrive(state, c, step(c.pos, f), f)
        c = state.character(c.id)
    low = replace(c, posture=KNEELING if c.posture == STANDING else c.posture)
    watchers = [e for e in state.characters if e.side != c.side and e.up and sees(state, e, c)]
    state = state.with_character(replace(low, hidden=True, spotted_by=()))
    steps: list[Step] = []
    for e in watchers:
        hide = concealment(state, e.pos, e.posture, low.pos, low.posture)
        if hide is None:
            continue
        mods = (("his concealment", -max(hide, 10)),)
        steps.append(save("spot", e, e.intellect, "INT", f"spotting {c.name} as he hides",
                          mods, other=c.id))
    state = replace(state, queue=tuple(steps) + state.queue)
    return state, events + told(state.with_character(c), c, f"{c.name} ducks into hiding")


# -- communication -------------------------------------------------------------------------------

def communicator(state: RPGState, c: Character) -> bool:
    return any(i.kind in state.tables.devices and
               state.tables.devices[i.kind].use == "communicator" for i in c.ready)


def _talk_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"message": key} for key in MESSAGES)


def _talk_check(state: RPGState, c: Character, d: Details) -> str | None:
    key = d.get("message", "")
    if key not in MESSAGES:
        return "choose what he says"
    if key == "beam" and not communicator(state, c):
        return "he needs a communicator in hand to call the ship (Draw and ready device)"
    return None


def _talk(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """Told to his whole side (they hear him, or his communicator) and to whoever sees him."""
    text = MESSAGES[do.message]
    if do.message == "beam":
        state = replace(state, called=c.side)
    return state, [Note(f"{c.name}: \"{text}\"", witnesses(state, c), c.side)]


# -- devices: doors and consoles ---------------------------------------------------------------

def _reachable(c: Character, square: Square) -> bool:
    return square == c.pos or adjacent(c.pos, square)


def door_operations(state: RPGState, door: Door) -> tuple[str, ...]:
    """What an Operate Familiar Device may do to a door (line 212): open or close a security
    or non-automatic door; lock a door open or closed; unlock a locked one."""
    if door.kind == "automatic":
        return ("unlock",) if door.held else ("lock-open", "lock-closed")
    return ("close",) if door_open(state, door) else ("open",)


OPERATION_WORDS = {"open": "open", "close": "close", "lock-open": "lock open",
                   "lock-closed": "lock closed", "unlock": "unlock"}


def _device_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    for door in state.doors:
        if _reachable(c, door.pos):
            for op in door_operations(state, door):
                yield {"device": f"door:{door.pos[0]},{door.pos[1]}:{op}"}
    for k in state.consoles:
        if _reachable(c, k.pos):
            yield {"device": f"console:{k.pos[0]},{k.pos[1]}"}


def device_named(text: str) -> tuple[str, Square, str] | None:
    """("door" or "console", its square, the operation) of a device field."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or parts[0] not in ("door", "console"):
        return None
    try:
        col, row = (int(x) for x in parts[1].split(","))
    except ValueError:
        return None
    return parts[0], (col, row), parts[2] if len(parts) == 3 else ""


def _device_check(state: RPGState, c: Character, d: Details) -> str | None:
    found = device_named(d.get("device", ""))
    if found is None:
        return "choose a door or console next to him"
    what, square, op = found
    if not _reachable(c, square):
        return f"the {what} is not next to him"
    if what == "door":
        door = state.door_at(square)
        if door is None:
            return "there is no door there"
        if op not in door_operations(state, door):
            return f"the door can be: {', '.join(OPERATION_WORDS[o] for o in door_operations(state, door))}"
        if op in ("close", "lock-closed") and any(x.pos == square for x in state.characters):
            return "somebody is in the doorway"
        return None
    return None if state.console_at(square) is not None else "there is no console there"


def familiar(c: Character, owner: str) -> bool:
    """A device of his own side (or of nobody's) is familiar to him; another side's takes
    `work` Operate actions (line 222: "Extended manipulation ... attempts to operate devices
    with which the character is not familiar, such as captured enemy communicators ... could
    take many of these actions, perhaps even several turns")."""
    return owner in ("", c.side)


def _worked(done: tuple[tuple[str, int], ...], side: str, add: int) -> tuple[tuple[str, int], ...]:
    got = dict(done)
    got[side] = got.get(side, 0) + add
    return tuple(sorted(got.items()))


def _operate(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    found = device_named(do.device)
    assert found is not None
    what, square, op = found
    if what == "console":
        k = state.console_at(square)
        assert k is not None
        return _work_console(state, c, k)
    door = state.door_at(square)
    assert door is not None
    if door.side and not familiar(c, door.side) and op == "open":
        done = _worked(door.done, c.side, 1)
        count = dict(done)[c.side]
        if count < door.work:
            state = _with_door(state, replace(door, done=done))
            return state, told(state, c, f"{c.name} works at the security door's lock "
                                         f"({count} of {door.work})")
        state = _with_door(state, replace(door, done=done, held="open"))
        return state, told(state, c, f"{c.name} forces the security door open")
    held = {"open": "open", "close": "", "lock-open": "open", "lock-closed": "closed",
            "unlock": ""}[op]
    if door.kind != "automatic" and op == "close":
        held = ""
    state = _with_door(state, replace(door, held=held))
    return state, told(state, c, f"{c.name} {'opens' if op == 'open' else OPERATION_WORDS[op] + 's'} "
                                 f"the door at [{square[0]}, {square[1]}]")


def _work_console(state: RPGState, c: Character, k: Console) -> tuple[RPGState, list[Event]]:
    add = k.work if familiar(c, k.side) else 1
    done = _worked(k.done, c.side, add)
    count = min(k.work, dict(done)[c.side])
    state = replace(state, consoles=tuple(replace(x, done=done) if x.pos == k.pos else x
                                          for x in state.consoles))
    word = "masters" if count >= k.work else "works at"
    return state, told(state, c, f"{c.name} {word} the {k.name} ({count} of {k.work})")


def _with_door(state: RPGState, door: Door) -> RPGState:
    return replace(state, doors=tuple(door if d.pos == door.pos else d for d in state.doors))


# -- break a grapple ---------------------------------------------------------------------------------

def _break_able(state: RPGState, c: Character) -> str | None:
    return None if held_by(state, c) else "nobody holds him"


def _break_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"target": h.id} for h in held_by(state, c))


def _break_check(state: RPGState, c: Character, d: Details) -> str | None:
    return None if any(h.id == d.get("target") for h in held_by(state, c)) else \
        "choose who holds him"


def _break(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"The character may make a Competitive Saving Roll based on STR against one opponent who
    is grappling the character. If the roll succeeds, that opponent is no longer grappling"
    (line 222)."""
    h = state.character(do.target)
    steps = (contest("break", c, c.strength, "STR", h, "breaking the grapple", do),
             contest("break", h, h.strength, "STR", c, "holding on", do))
    return replace(state, queue=steps + state.queue), told(
        state, c, f"{c.name} tries to break {h.name}'s hold")


def _wait(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    return state, []


def kinds() -> tuple[Kind, ...]:
    return (
        Kind("hide", "Hide", "other", 220, _hide_cost, _hide, ("direction",), _hide_check,
             _hide_samples),
        Kind("talk", "Short communication", "other", 220, flat(ONE_AP), _talk, ("message",),
             _talk_check, _talk_samples, held=True),
        Kind("operate", "Operate familiar device", "other", 222, flat(TWO_AP), _operate,
             ("device",), _device_check, _device_samples,
             lambda s, c: None if any(True for _ in _device_samples(s, c)) else
             "no door or console is next to him"),
        Kind("break", "Break a grapple", "other", 222, flat(THREE_AP), _break, ("target",),
             _break_check, _break_samples, _break_able, held=True),
        Kind("wait", "Wait (no action this round)", "other", 208, flat(0), _wait, held=True),
    )
