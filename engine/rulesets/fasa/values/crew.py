"""Who does what on a FASA bridge: the one authority table of duties and stations.

Book Two, Command & Control: the roles (Captain, Chief Engineer, Helmsman, Science
Officer/Navigator) and "Expanding For More Players":

- 3 players: "the role of Captain is taken by one of the players in addition to one of the other
  roles" (Playing The Game: Captain). The players choose which: crew "3" gives the Captain's
  duties to Helm (the default), "3-engineer" to the Chief Engineer, "3-science" to the Science
  Officer/Navigator (docs/rules-decisions.md, Crews).
- 4 players: "the role of Captain could be given to one player as his only job", or "split the
  Helm and Weapons Systems, giving control of the ship's movement to the Captain and control of
  the ship's weaponry to the Weapon Officer".
- 5 players: the Helm split as above, and the Science Officer/Navigator's job split: "Give the
  sensors and damage control to the Science Officer and control of the deflector shields to the
  Navigator".
- 6 players: "split the Science Officer's job again, giving the sensors and determining hit
  location to the Science Officer and damage control and communications to the Communications
  Officer".

An action's station must be the station its duty belongs to in that ship's crew, or the
Instructor, who may act for any ship (C&C: Role Of The Instructor).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from types import MappingProxyType

from engine.stations import CAPTAIN, COMMS, ENGINEER, HELM, NAVIGATOR, SCIENCE, WEAPONS, Station


class Duty(StrEnum):
    """A bridge duty (Book Two, C&C: the areas of responsibility of each role)."""

    COMMAND = "command"                # tactical advantage roll, sensor outage roll, which
    #                                    weapon is damaged
    POWER = "power"                    # allocate power
    MOVEMENT = "movement"              # move the ship
    WEAPONS = "weapons"                # arm weapons, declare fire, roll to hit
    SHIELDS = "shields"                # set the deflector shields
    SENSORS = "sensors"                # sensor locks and questions (Advanced: Sensors)
    HIT_LOCATION = "hit_location"      # which shield a shot strikes, damage location rolls
    DAMAGE_CONTROL = "damage_control"  # (Expert and C&C rules: repairs)
    COMMUNICATIONS = "communications"  # (C&C rules)


def _layout(**duties: Station) -> Mapping[Duty, Station]:
    return MappingProxyType({Duty(k): v for k, v in duties.items()})


CREWS: Mapping[str, Mapping[Duty, Station]] = MappingProxyType({
    "3": _layout(command=HELM, power=ENGINEER, movement=HELM, weapons=HELM, shields=SCIENCE,
                 sensors=SCIENCE, hit_location=SCIENCE, damage_control=SCIENCE, communications=SCIENCE),
    "3-engineer": _layout(command=ENGINEER, power=ENGINEER, movement=HELM, weapons=HELM,
                          shields=SCIENCE, sensors=SCIENCE, hit_location=SCIENCE,
                          damage_control=SCIENCE, communications=SCIENCE),
    "3-science": _layout(command=SCIENCE, power=ENGINEER, movement=HELM, weapons=HELM,
                         shields=SCIENCE, sensors=SCIENCE, hit_location=SCIENCE,
                         damage_control=SCIENCE, communications=SCIENCE),
    "4": _layout(command=CAPTAIN, power=ENGINEER, movement=HELM, weapons=HELM, shields=SCIENCE,
                 sensors=SCIENCE, hit_location=SCIENCE, damage_control=SCIENCE, communications=SCIENCE),
    "4-split": _layout(command=CAPTAIN, power=ENGINEER, movement=CAPTAIN, weapons=WEAPONS,
                       shields=SCIENCE, sensors=SCIENCE, hit_location=SCIENCE,
                       damage_control=SCIENCE, communications=SCIENCE),
    "5": _layout(command=CAPTAIN, power=ENGINEER, movement=CAPTAIN, weapons=WEAPONS,
                 shields=NAVIGATOR, sensors=SCIENCE, hit_location=SCIENCE, damage_control=SCIENCE,
                 communications=SCIENCE),
    "6": _layout(command=CAPTAIN, power=ENGINEER, movement=CAPTAIN, weapons=WEAPONS,
                 shields=NAVIGATOR, sensors=SCIENCE, hit_location=SCIENCE, damage_control=COMMS,
                 communications=COMMS),
})
"""Crew layout name -> the station that carries out each duty."""

DEFAULT_CREW = "4"
"""The Captain at a station of his own, as the panels of a four-station bridge are built."""

ACTION_DUTY: Mapping[str, Duty] = MappingProxyType({
    "allocate_power": Duty.POWER,
    "arm_weapons": Duty.WEAPONS,
    "set_shields": Duty.SHIELDS,
    "move": Duty.MOVEMENT,
    "fire": Duty.WEAPONS,
    "choose_damaged_weapon": Duty.COMMAND,
    "evade": Duty.MOVEMENT,     # the ship's mover turns it (Advanced: Evading Missile Fire)
    "sense": Duty.SENSORS,      # C&C: the Science Officer operates the sensors
    "self_destruct": Duty.COMMAND,  # the Captain's decision (Advanced: Ship Explosions)
    "skill_bonus": Duty.COMMAND,    # "he may choose one bonus" (Expert: Skill Roll Phase)
    "bonus_power": Duty.POWER,      # the bonus power point, placed as power is allocated
    "bonus_shield": Duty.SHIELDS,   # the bonus shield point, placed as shields are set
    "set_warp": Duty.MOVEMENT,      # the Helm Display's warp speed track (Expert, line 759)
    "ask": Duty.SENSORS,            # a Movement Phase's sensor question (Expert, line 777)
    "arc_scan": Duty.SENSORS,       # the ship's sensors (Expert: Romulan Cloaking Device)
    "place_ship": Duty.COMMAND,     # where the ship starts, when the scenario leaves it open
    "orders": Duty.COMMAND,         # C&C: the Captain's general orders (line 1415)
    "engineer_roll": Duty.POWER,    # C&C: the Chief Engineer's Skill Roll (line 1029)
    # C&C, the Science Officer's Skill Roll: chosen at the damage control station (three of its
    # four uses are damage control; docs/rules-decisions.md), extra shields placed at the
    # shields station, damage control points spent per shot (seed lines 1177-1207).
    "science_roll": Duty.DAMAGE_CONTROL,
    "extra_shields": Duty.SHIELDS,
    "damage_control": Duty.DAMAGE_CONTROL,
    "comms_task": Duty.COMMUNICATIONS,  # named by the Instructor alone (lines 1229-1231)
    # C&C: powering down after engine damage (lines 1085-1089, 1159, 1297; power_spent.py).
    "power_down": Duty.POWER,       # the Chief Engineer splits the loss
    "cut_weapons": Duty.WEAPONS,    # the Helmsman's weapons lose their part
    "cut_shields": Duty.SHIELDS,    # the Science Officer/Navigator's shields lose theirs
})
"""Action type -> the duty it carries out (a roll's duty is in its request)."""


def station_for(crew: str, duty: Duty) -> Station:
    """The station of a crew that carries out `duty`."""
    return CREWS[crew][duty]


@cache
def stations_of(crew: str) -> tuple[Station, ...]:
    """The stations a crew has, in the order the panels are laid out (worked out once a crew:
    CREWS does not change)."""
    present = set(CREWS[crew].values())
    return tuple(s for s in (CAPTAIN, ENGINEER, HELM, WEAPONS, SCIENCE, NAVIGATOR, COMMS)
                 if s in present)


def duties_of(crew: str, station: str) -> tuple[Duty, ...]:
    """The duties a station carries out in a crew."""
    return tuple(d for d, s in CREWS[crew].items() if s == station)
