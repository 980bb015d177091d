"""What a panel's buttons and lights may be called: the vocabulary the pin map is checked against.

A button is named by its function: the generic ones every station has, and the station functions
of the issue (Engineering moves a unit of power, Helm turns and moves, Science works the shields,
the Captain picks the damaged weapon). A light is named by its role.
"""

from __future__ import annotations

from engine.stations import (
    CAPTAIN,
    COMMS,
    ENGINEER,
    HELM,
    INSTRUCTOR,
    NAVIGATOR,
    SCIENCE,
    WEAPONS,
)

# Generic buttons: move between a decision's fields, change the value, confirm, roll the die.
SELECT, BACK, UP, DOWN, CONFIRM, ROLL = "select", "back", "up", "down", "confirm", "roll"
GENERIC_BUTTONS: tuple[str, ...] = (SELECT, BACK, UP, DOWN, CONFIRM, ROLL)

# Station functions.
TO_MOVEMENT, TO_SHIELDS, TO_WEAPONS = "to_movement", "to_shields", "to_weapons"
PORT, STARBOARD, AHEAD, UNDO_STEP = "port", "starboard", "ahead", "undo_step"
NEXT_WEAPON, FIRE = "next_weapon", "fire"
NEXT_SHIELD, ADD, REMOVE = "next_shield", "add", "remove"
NEXT_CHOICE, END_PHASE = "next_choice", "end_phase"

STATION_BUTTONS: dict[str, tuple[str, ...]] = {
    ENGINEER: (TO_MOVEMENT, TO_SHIELDS, TO_WEAPONS),
    # The Captain moves the ship when Helm and Weapons are split, and Helm commands in a crew
    # of three (Book Two, C&C: Expanding For More Players; engine.rulesets.fasa.values.crew).
    HELM: (PORT, STARBOARD, AHEAD, UNDO_STEP, NEXT_WEAPON, FIRE, NEXT_CHOICE, END_PHASE),
    WEAPONS: (NEXT_WEAPON, FIRE),
    SCIENCE: (NEXT_SHIELD, ADD, REMOVE),
    NAVIGATOR: (NEXT_SHIELD, ADD, REMOVE),
    CAPTAIN: (NEXT_CHOICE, END_PHASE, PORT, STARBOARD, AHEAD, UNDO_STEP),
    COMMS: (),
    INSTRUCTOR: (NEXT_CHOICE, END_PHASE),
}

# Lights. The status light is green ("your move"), amber ("roll now") and red ("alert"): three
# LEDs, or one red/green LED whose two legs together make amber (leave `amber` out).
GREEN, AMBER, RED = "green", "amber", "red"
STATUS_LEDS: tuple[str, ...] = (GREEN, AMBER, RED)
SHIELD_LEDS: tuple[str, ...] = tuple(f"shield{i}" for i in range(1, 7))
WEAPON_LEDS: tuple[str, ...] = tuple(f"weapon{i}" for i in range(1, 9))
POWER_LEDS: tuple[str, ...] = ("movement", "shields", "weapons")

STATION_LEDS: dict[str, tuple[str, ...]] = {
    SCIENCE: SHIELD_LEDS,
    NAVIGATOR: SHIELD_LEDS,
    HELM: WEAPON_LEDS,
    WEAPONS: WEAPON_LEDS,
    ENGINEER: POWER_LEDS,
    CAPTAIN: (),
    COMMS: (),
    INSTRUCTOR: (),
}


def buttons_for(station: str) -> tuple[str, ...]:
    """Every button function a panel of `station` may have."""
    return GENERIC_BUTTONS + STATION_BUTTONS.get(station, ())


# Command & Control: an officer's panel lights his being shaken, a system he is in charge of
# shaken, and the power off the grid (lights/data/panel_lights.toml); the Instructor has no ship.
SHAKEN_LED, SYSTEM_OUT_LED, GRID_OUT_LED = "shaken", "system_out", "grid_out"
COMMAND_LEDS: tuple[str, ...] = (SHAKEN_LED, SYSTEM_OUT_LED, GRID_OUT_LED)


def leds_for(station: str) -> tuple[str, ...]:
    """Every light role a panel of `station` may have."""
    command = () if station == INSTRUCTOR else COMMAND_LEDS
    return STATUS_LEDS + STATION_LEDS.get(station, ()) + command
