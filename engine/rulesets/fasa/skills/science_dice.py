"""The Science Officer's percentile Skill Rolls, asked and read (Book Two, Command & Control:
Skills And Skill Rolls, seed lines 957-959; The Skill Rolls, lines 1175-1231).

"A score on the percentile dice roll equal to or less than the appropriate skill rating
indicates success" (line 959). Each roll is a d100 `RollRequest` asked of the station that
carries the skill's duty in the ship's crew (officers.py: "each skill roll follows its duty"),
its purpose naming whose roll it is and what it needs, e.g. "Science: DAMAGE CONTROL 67, +30 for
3 below 0: 37 or less holds". What is added to the die is in `modifiers`: the casualties' +1 per
full 10% of the crew (line 1281, Expert lines 847-853), 20 for a cloaked ship's movement (line
1213), 10 a point of superstructure below 0 (line 1227). `needs` is the range of the die as
rolled. The doubled results "on 01-05" (lines 1185, 1201) read the die as rolled, and only when
the roll succeeds (docs/rules-decisions.md, Command & Control: Science Officer).

Which of the Science Officer's rolls is awaited is `FasaState.science_wait`: (ship, what).
"""

from __future__ import annotations

from engine.dice import Die, RollRequest
from engine.events import Event
from engine.rulesets.fasa.skills.casualties import casualty_terms
from engine.rulesets.fasa.values.crew_events import ScienceRolled
from engine.rulesets.fasa.values.events import RollRequested
from engine.rulesets.fasa.values.officers import SKILLS, rating
from engine.rulesets.fasa.values.state import FasaState, Ship, replace
from engine.stations import title

SKILL_WORDS = {"shields": "DEFLECTOR SHIELDS", "damage_control": "DAMAGE CONTROL",
               "sensors": "SENSORS", "communications": "COMMUNICATIONS"}
"""The Science Officer's skills as his panel names them (line 989)."""
DOUBLE = 5
"""A roll of 01-05 doubles the extra shields and the superstructure repair (lines 1185, 1201)."""


def terms(state: FasaState, ship: Ship,
          penalties: tuple[tuple[str, int], ...] = ()) -> tuple[tuple[str, int], ...]:
    """What is added to the die: the casualties' term and the roll's own penalties."""
    return casualty_terms(state.level, ship) + tuple(p for p in penalties if p[1])


def need(state: FasaState, ship: Ship, skill: str,
         penalties: tuple[tuple[str, int], ...] = ()) -> int:
    """The highest die as rolled that succeeds (0: none can)."""
    return max(0, rating(state, ship, skill) - sum(v for _, v in terms(state, ship, penalties)))


def ask(state: FasaState, ship: Ship, skill: str, what: str, verb: str,
        penalties: tuple[tuple[str, int], ...] = ()) -> tuple[FasaState, list[Event]]:
    """Ask the station holding `skill`'s duty for the roll; `what` marks what it is for
    (`science.on_roll` reads it); `verb` says what success does ("holds", "locks")."""
    duty = SKILLS[skill].duty
    assert duty is not None
    station = state.station_for(ship.id, duty)
    mods = terms(state, ship, penalties)
    top = need(state, ship, skill, penalties)
    said = "".join(f", {words}" for words, _ in mods)
    wanted = f"{top:02d} or less {verb}" if top else f"nothing {verb}"
    req = RollRequest(Die.D100, ship.id, station,
                      f"{title(station)}: {SKILL_WORDS[skill]} {rating(state, ship, skill)}"
                      f"{said}: {wanted}", (1, top) if top else None, modifiers=mods)
    return replace(state, roll=req, science_wait=(ship.id, what)), [RollRequested(req)]


def read(state: FasaState, ship: Ship, skill: str, value: int, detail_ok: str, detail_not: str,
         penalties: tuple[tuple[str, int], ...] = ()) -> tuple[bool, Event]:
    """Whether the roll `value` succeeds, and its event (told to the ship's side)."""
    added = sum(v for _, v in terms(state, ship, penalties))
    event = ScienceRolled(ship.id, ship.name, SKILL_WORDS[skill], value, added,
                          rating(state, ship, skill), "")
    ok = event.success
    return ok, replace(event, detail=detail_ok if ok else detail_not)
