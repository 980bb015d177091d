""""Why did this hit?" for the expert game's rolls (Book Two, Expert Starship Tactics, seed lines
575-873): the percentile Skill Roll with its casualty modifier (lines 701-703, 847-853), the
ratings rolls (line 685), the to-hit roll's modifiers (casualties, the aim bonus; a cloaked
target's, Advanced: Romulan Cloaking Device) and the Detailed Damage Location Charts' rows (lines
799-853: which chart, which shield's table, the row rolled and what it does).

Built from the state just before the roll, with the engine's own tables and rules (nothing here
re-decides a roll); `explain.py` calls it. Every line here is about the inside of one ship, so it
is written only for a seat that may know that ship (`may_know`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.fasa.data.ships import WeaponSpec
from engine.rulesets.fasa.data.tables import DetailedResult
from engine.rulesets.fasa.firing.combat import EMERGENCY_TO_HIT, need_to_hit
from engine.rulesets.fasa.firing.expert_damage import (
    HULL,
    SYSTEM_WORDS,
    casualty_tenths,
    engines_for,
    entry_text,
    share_of,
)
from engine.rulesets.fasa.firing.hiding import MOVING_CLOAKED, to_hit_modifier
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.skills.casualties import casualty_modifier, percent
from engine.rulesets.fasa.skills.ratings import BASE, DICE, HIGHEST, LOWEST, unrated
from engine.rulesets.fasa.skills.skill_roll import need
from engine.rulesets.fasa.values.state import RATINGS, SKILL, FasaState, Ship
from engine.words import plural

MayKnow = Callable[[str], bool]

CHART_WHERE = {"A": "warp engines forward", "B": "warp engines in the centre",
               "C": "warp engines aft"}
"""What each Detailed Damage Location Chart is for (line 801)."""

LOCATION_RULE = ("Rule: Book Two, Expert: Detailed Damage Location Charts; the ship's chart, the "
                 "table of the shield penetrated, one d10 roll per hit through the shields")


def expert_roll_lines(state: FasaState, value: int, may_know: MayKnow) -> list[str] | None:
    """The lines of an expert roll this module explains, or None for another roll."""
    if state.step == SKILL and state.queue:
        ship = state.ship(state.queue[0])
        return skill_roll_lines(state, ship, value) if may_know(ship.id) else []
    if state.step == RATINGS and unrated(state):
        ship = state.ship(unrated(state)[0])
        return ratings_lines(ship, value) if may_know(ship.id) else []
    if (expert(state.level) and state.hit is not None and state.hit.stage == "location"
            and state.shots):
        target = state.ship(state.shots[0].target)
        return location_lines(state, target, value) if may_know(target.id) else [LOCATION_RULE]
    return None


def skill_roll_lines(state: FasaState, ship: Ship, value: int) -> list[str]:
    """The Skill Roll: percentile dice at or under the Crew Efficiency Rating, the casualties'
    +1 per full 10% added to the die (lines 703, 853)."""
    mod = casualty_modifier(state.level, ship)
    total = value + mod
    ok = total <= ship.efficiency
    lines = ["Rule: Book Two, Expert: Skill Roll Phase; percentile dice at or under the Crew "
             "Efficiency Rating give the Captain one bonus for this turn"]
    if mod:
        lines.append(f"Modifier: +{mod} on the roll for casualties ({percent(ship)} of the crew; "
                     "+1 per full 10%, Expert: Casualties)")
    shown = f"{value} +{mod} = {total}" if mod else str(value)
    lines.append(f"{shown} {'is' if ok else 'is not'} at or under efficiency {ship.efficiency}"
                 f" (the die needs 1-{need(state, ship)}): "
                 f"{'a bonus this turn, the Captain chooses it' if ok else 'no bonus this turn'}")
    return lines


def skill_pending_lines(state: FasaState, ship: Ship) -> list[str]:
    """What the Skill Roll now asked for needs, and why."""
    mod = casualty_modifier(state.level, ship)
    lines = [skill_roll_lines(state, ship, 1)[0]]
    if mod:
        lines.append(f"Modifier: +{mod} on the roll for casualties ({percent(ship)} of the crew):"
                     f" efficiency {ship.efficiency} less {mod}")
    return lines


def ratings_lines(ship: Ship, value: int) -> list[str]:
    """A ratings roll: 45 and three d10 for each rating, Skill Rating first (line 685)."""
    rolls = (*ship.rating_rolls, value)
    which, dice = (("Skill Rating", rolls[:DICE]) if len(rolls) <= DICE
                   else ("Crew Efficiency Rating", rolls[DICE:]))
    lines = [f"Rule: Book Two, Expert: Creating The Ratings; each rating is {BASE} and three d10 "
             f"({LOWEST}-{HIGHEST})",
             f"{ship.name}'s {which}: {BASE} + {' + '.join(map(str, dice))}"
             + (f" = {BASE + sum(dice)}" if len(dice) == DICE else
                f" (roll {len(dice)} of {DICE})")]
    return lines


def _engine_words(target: Ship, code: str, shield: int) -> str:
    """An engine result with the engine it strikes: "warp engine nearest the struck shield
    (Port warp engine)"; several when a roll picks one."""
    found = engines_for(target, code, shield)
    names = " or ".join(target.cls.engines[i].name for i in found) or "none with power left"
    what = ("warp engine nearest the struck shield" if code == "WE" else SYSTEM_WORDS[code])
    picks = ", a roll picks which" if len(found) > 1 else ""
    return f"{what} ({names}{picks})"


def row_words(state: FasaState, target: Ship, shield: int, result: DetailedResult,
              penetrating: int) -> str:
    """A chart row for these points: its systems, the points each takes, the casualties."""
    share = share_of(result, penetrating)
    parts: list[str] = []
    for code in result.systems:
        if code in ("PWE", "SWE", "WE", "IMP"):
            parts.append(_engine_words(target, code, shield))
        elif code == "SS":
            parts.append(SYSTEM_WORDS[code])
        elif code in HULL:
            parts.append(f"{SYSTEM_WORDS[code]} (superstructure)")
        else:
            parts.append(f"{SYSTEM_WORDS[code]} (and 1 superstructure point)")
    if any(code in HULL or code in ("PWE", "SWE", "WE", "IMP") for code in result.systems):
        half = f" (half of {penetrating}, rounded up)" if result.half else ""
        parts.append(plural(share, "point") + half)  # a system hit takes 1 point alone
    tenths = casualty_tenths(state, target, result, share)
    if tenths:
        parts.append(f"casualties {tenths / 10:g}%")
    return ", ".join(parts)


def location_lines(state: FasaState, target: Ship, value: int) -> list[str]:
    """The row rolled on the target's chart, in the table of the shield penetrated."""
    hit = state.hit
    assert hit is not None
    chart = target.cls.damage_chart
    result = state.tables.damage_detailed[(chart, hit.shield, value)]
    return [LOCATION_RULE,
            f"{target.name} uses Chart {chart} ({CHART_WHERE.get(chart, 'its class')}); "
            f"{plural(hit.penetrating, 'point')} came through shield {hit.shield}",
            f"Chart {chart}, shield {hit.shield} table, roll {value}: "
            f"{row_words(state, target, hit.shield, result, hit.penetrating)}"]


def location_pending_lines(state: FasaState, target: Ship) -> list[str]:
    """The table the location roll now asked for reads, row by row."""
    hit = state.hit
    assert hit is not None
    chart = target.cls.damage_chart
    lines = [LOCATION_RULE, f"Chart {chart}, shield {hit.shield} table:"]
    lines += [f"{v}: {entry_text(state.tables.damage_detailed[(chart, hit.shield, v)])}"
              for v in range(1, 11)]
    return lines


def to_hit_lines(state: FasaState, firer: Ship, spec: WeaponSpec, rng: int, target: Ship,
                 inside: bool) -> list[str] | None:
    """The Firing Chart's number and every modifier on it, when there is one other than an
    emergency heading change alone (`explain_advanced.hard_turn_lines` says that one); None when
    there is none of them. The firer's own modifiers (casualties, the aim bonus) are named only
    to a seat that may know the firer (`inside`)."""
    printed = state.tables.to_hit(spec.chart, rng)
    need_now = need_to_hit(state, firer, spec, rng, target)
    mod = casualty_modifier(state.level, firer)
    aimed = spec.id in firer.aimed
    cloak = to_hit_modifier(target) if target.cloaked else 0
    if not (mod or aimed or cloak):
        return None
    lines = [f"Firing Chart {spec.chart}, range {rng}: 1-{printed} on the chart"]
    if firer.hard_turned:
        lines.append(f"{EMERGENCY_TO_HIT:+d}: {firer.name} made an emergency heading change in "
                     "the Movement Phase before this fire")
    if cloak:
        lines.append(f"{cloak:+d}: {target.name} is cloaked and has "
                     f"{'moved' if cloak == MOVING_CLOAKED else 'not moved'} this game turn")
    if inside and mod:
        lines.append(f"-{mod}: +{mod} on the die for casualties ({percent(firer)} of "
                     f"{firer.name}'s crew; Expert: Casualties)")
    if inside and aimed:
        lines.append(f"+1: the skill bonus aims the {spec.name} (one less on the die)")
    hidden = "" if inside or not (mod or aimed) else f" ({firer.name}'s own modifiers)"
    lines.append(f"Hits on 1-{need_now}{hidden}")
    return lines
