"""What each level of play adds (Book Two's split between the basic, advanced and expert games).

Book Two, Advanced: Firing Weapons — "Some Romulan vessels can cloak their presence ... and others
have a special plasma weapon": Romulan Plasma Bolts, like the cloaking device and mines, are
introduced by the advanced rules. At the basic level a Romulan ship fires its beam weapons only;
its plasma launchers are neither armed nor fired (docs/rules-decisions.md).

Book Two, Advanced: Moving The Starship Silhouette Counters; Evading Missile Fire; Ship
Explosions — emergency heading changes, reverse movement, evasion and explosions come with the
advanced rules (`advanced_rules`), and so do the Sensor Phase (Sensors, `sensors.py`, with the
sensor shadows of obstacles, seed line 327, `hiding.py`), the Romulan Cloaking Device
(`cloak.py`), Mines (`mines.py`) and self-destruction (`explosions.py`): every rule of the
advanced game but its optional rules (Optional Rules And Hints On Play, lines 429-529) is built
(`NOT_BUILT` has no advanced entry). Its optional rules are options a scenario or the table
turns on (`options.py`: the firing limit, rescues, team communications and Campaign
Advancement, in play in `campaign_play.py` with its numbers in `campaign.py`) and the Admiral
(`admiral.py`).

Book Two, Expert Starship Tactics (seed lines 575-873): full values, the ratings and the tactical
advantage they give (`ratings.py`), the Skill Roll Phase (`skill_roll.py`), warp speed changes
(`warp.py`), stress on each warp engine (`stress.py`), the Detailed Damage Location Charts
(`expert_damage.py`), casualties and their die-roll modifier (`casualties.py`), the expert
blast table (`explosions.py`), the cloak scan by arcs (`arc_scan.py`), a sensor question in each
Movement Phase (`sensor_ask.py`) and the Master Control Panel's record (`mcp.py`): every rule of
lines 575-873.

Book Two, Command & Control (seed lines 875-1563) plays every Expert rule for every ship (its
examples use full values, per-engine stress and the detailed charts: lines 897, 1123, 1173,
1277, 1504) and, for a ship with a player crew (`officers.py`), the officers' rules: the
tactical advantage from the Captains' tactics (`ratings.py`, `advantage.py`), the Captain's
orders (`orders.py`), the Chief Engineer's roll (`engineer_roll.py`), the Helmsman's rolls
(`helm_rolls.py`), who rolls a hit's location (`hit_location.py`), the Science Officer's
Skill Roll, sensors by his rating, explosion prevention and difficult communications
(`science.py`), and bridge hits, engineering out, power spent as it goes and powering down
(`aftermath.py`). `NOT_BUILT` names the rest.

Book Two, Expert: Detailed Damage Location Charts — "Roll once for each hit that penetrated the
shields, no matter how many points" is the expert game's difference; the basic and advanced
games roll damage location for every 2 points, "just as if weapons were being fired" (Advanced:
Damage From Exploding Ships).
"""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.fasa.data.ships import FireLimit, ShipClass, WeaponSpec

ADVANCED_WEAPONS = frozenset({"plasma"})
BASIC_LEVELS = frozenset({"basic"})
EXPERT_LEVELS = frozenset({"expert", "command"})
"""Levels that play Book Two's Expert Starship Tactics (seed lines 575-873): full values, ratings
and skill rolls, stress on each warp engine, the Detailed Damage Location Charts, casualties that
modify die rolls, the expert blast table. Command & Control builds on them."""
EXPERT_STRESS_LEVELS = EXPERT_LEVELS
"""Levels whose heading change stress is Expert's ("one point is given to EACH warp engine", seed
lines 789-797; `stress.py`)."""
PER_HIT_LEVELS = EXPERT_LEVELS
POINTS_PER_LOCATION_ROLL = 2
BLAST_POINTS_PER_LOCATION_ROLL = 5
"""Expert: "damage location rolls are made on the Detailed Damage Location Charts for every 5
points of damage" of an explosion's blast (seed line 873)."""


def expert(level: str) -> bool:
    """Whether `level` plays the Expert rules (seed lines 575-873)."""
    return level in EXPERT_LEVELS


def weapon_in_play(level: str, spec: WeaponSpec) -> bool:
    """Whether `spec` may be armed and fired at `level`."""
    return not (level in BASIC_LEVELS and spec.kind in ADVANCED_WEAPONS)


NOT_BUILT: dict[str, str] = {
    # Book Two, Command & Control (seed lines 875-1563): the level plays every Expert rule, and
    # the officers and their ratings of a crewed ship (officers.py); this line names what of its
    # own rules is still missing, and shrinks as they are built: none is left.
}
"""The rules of each playable level that are not built yet (Book Two, Advanced: Sensors;
Romulan Cloaking Device; Mines; Ship Explosions' self-destruction; Command & Control)."""


def not_built_notice(level: str) -> str:
    """One line saying which rules of `level` are not in play yet, or "" when all are."""
    missing = NOT_BUILT.get(level, "")
    return f"Not built yet at the {level} level: {missing}." if missing else ""


def advanced_rules(level: str) -> bool:
    """Whether the advanced game's rules are in play: emergency heading changes, reverse
    movement, evading missile fire and ship explosions (Book Two, Advanced: Moving The Starship
    Silhouette Counters; Ship Explosions). Expert and Command & Control build on them."""
    return level not in BASIC_LEVELS


def scan_is_own_roll(level: str) -> bool:
    """Whether the scan for cloaked ships is a roll of its own beside the sensor lock: at the
    advanced level ("Opposing players may attempt to detect the movement of a cloaked ship during
    the Sensors Phase of every game turn", seed line 399). In the Expert game it "may replace the
    usual sensor lock, which cannot be made in the same turn" (line 781)."""
    return level == "advanced"


def location_chunks(level: str, penetrating: int, blast: bool = False) -> tuple[int, ...]:
    """The damage points of each damage location roll for `penetrating` points through one shield:
    one roll for the whole hit at the expert and command levels (seed line 809: "Roll once for
    each hit that penetrated the shields"), but one per 5 points of an explosion's blast (line
    873); at the basic and advanced levels one roll per 2 points, the last odd points rolling too
    (7 points: 2, 2, 2, 1; at the expert level a blast's 12 points: 5, 5, 2)."""
    if penetrating <= 0:
        return ()
    if level in PER_HIT_LEVELS and not blast:
        return (penetrating,)
    step = BLAST_POINTS_PER_LOCATION_ROLL if level in PER_HIT_LEVELS else POINTS_PER_LOCATION_ROLL
    return tuple(min(step, penetrating - k) for k in range(0, penetrating, step))


def at_level(cls: ShipClass, level: str) -> ShipClass:
    """The class as the rules of `level` know it: at the basic level without its plasma launchers
    (they come with the advanced rules), so it cannot arm or fire them; a fire limit keeps only
    the weapons left."""
    kept = tuple(w for w in cls.weapons if weapon_in_play(level, w))
    if len(kept) == len(cls.weapons):
        return cls
    ids = {w.id for w in kept}
    limits = tuple(FireLimit(lim.weapons & ids, lim.at_a_time) for lim in cls.fire_limits
                   if len(lim.weapons & ids) > lim.at_a_time)
    return replace(cls, weapons=kept, fire_limits=limits)


LEVEL_LINES: dict[str, str] = {
    "basic": "Book One's game: power, movement, shields and fire; the fewest choices.",
    "advanced": "Book Two, Advanced: hard turns and reverse, evasion, sensors, cloaks, mines and "
                "exploding ships.",
    "expert": "Book Two, Expert: full values, ratings and Skill Rolls, warp speed, stress on "
              "each engine, the detailed damage charts.",
    "command": "Book Two, Command & Control: every officer's own rules and rolls, the Captain's "
               "orders; a crew of 3 to 6 at one ship.",
}
"""A line on each level for a table choosing its game (the kernel's `level_line`): what its
rules add, in Book Two's order (seed 000: Advanced, Expert, Command & Control)."""
