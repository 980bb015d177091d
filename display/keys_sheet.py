"""The KEYS sheet, as plain data (no pygame): on a PC, which key stands in for which button of
each station panel (the pin map's `[keys]`, handed in by the app as `PanelKeys`), what the
panel's lights say (display.lights_model's `legend`), and the screen's own keys
(display.screen_keys). Drawn by display.draw_keys; opened by KEYS at the lights strip's end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from display.lights_model import STATUS_WORDS, PanelLights, legend, panel_label
from display.screen_keys import SCREEN_KEYS


@dataclass(frozen=True, slots=True)
class PanelKeys:
    """One panel of the pin map: its name ("helm", "captain2"), its station and its keys as
    (key, button function) in the map's order."""

    panel: str
    station: str
    keys: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class SheetBlock:
    """A heading and its lines, each (what to press, what it does); `note` lines are dim."""

    title: str
    lines: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()


BUTTON_WORDS = {"to_movement": "a unit to movement", "to_shields": "a unit to shields",
                "to_weapons": "a unit to weapons", "undo_step": "take a step back",
                "next_weapon": "next weapon", "next_shield": "next shield",
                "next_choice": "next choice", "end_phase": "end the phase"}


def key_name(key: str) -> str:
    """A pygame key name as a player reads it: "t" -> "T", "[5]" -> "keypad 5", "f1" -> "F1"."""
    if key.startswith("[") and key.endswith("]") and len(key) > 2:
        return f"keypad {key[1:-1]}"
    if key == "enter":
        return "keypad Enter"
    return key.upper() if len(key) <= 3 else key.capitalize()


def played_label(pk: PanelKeys) -> str:
    """The panel's short name, and the station it plays when that is another's ("SCI as
    WPN": the Science panel playing Knight Hawks' Weapons, hardware.pinmap's `plays`)."""
    label = panel_label(pk.panel)
    played = panel_label(pk.station)
    return label if played == label.rstrip("0123456789") else f"{label} as {played}"


def keys_sheet(panels: Sequence[PanelKeys],
               lights: Sequence[PanelLights] = ()) -> tuple[SheetBlock, ...]:
    """The sheet: each panel's keys on a line, what the lights strip says (when it is drawn),
    then the screen's keys."""
    out = []
    if panels:
        out.append(SheetBlock("The panels' keys", tuple(
            (played_label(pk), " · ".join(
                f"{key_name(k)} {BUTTON_WORDS.get(b, b.replace('_', ' '))}" for k, b in pk.keys))
            for pk in panels), ("Hold a key for a long press: Engineering's or Science's select "
                                "for the quick fills, Helm's confirm to fire.",)))
    if lights:
        told: dict[tuple[str, str], list[str]] = {}   # the same lights at several panels: once
        for lit in lights:
            for marks, words in legend(lit):
                told.setdefault((marks, words), []).append(lit.label)
        rows = [("round", STATUS_WORDS)] + [
            (f"{labels[0]} {marks}" if len(labels) == 1 else marks,
             words if len(labels) == 1 else f"{words} ({', '.join(labels)})")
            for (marks, words), labels in told.items()]
        out.append(SheetBlock("The lights (the strip under the map)", tuple(rows)))
    out.append(SheetBlock("The screen's keys", tuple((k.keys, k.does) for k in SCREEN_KEYS),
                          ("Any key also puts a roll's result away.",)))
    return tuple(out)
