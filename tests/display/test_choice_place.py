"""A choice's place in its list is counted the same at a panel's small display and on the bridge
display (`readouts.panel_model.choice_place`): among the choices a press can stop on, as up and
down, < and > step only through those; a greyed-out target is not counted."""

from __future__ import annotations

import os

import pygame

from display.draw_panel import _listed
from display.paint import Painter
from engine.controls import Choice, Decision, Field, FieldKind
from engine.ruleset import Prompt
from hardware.panel import Editor
from hardware.station_screen import field_line
from readouts.panel_model import DecisionEditor


def _decision() -> Decision:
    """Hold fire, one target out of reach (greyed), eleven in reach: 13 choices, 12 allowed."""
    choices = (Choice("out", "Far Away", "out of range"), Choice(None, "hold fire"),
               *(Choice(f"t{i}", f"Target {i}") for i in range(11)))
    return Decision(Prompt("s", "helm", "declare fire", action="fire"), "fire", "helm",
                    "Helm: fire",
                    (Field("b1", "Phaser bank 1", FieldKind.CHOICE, None, choices=choices),))


def test_the_place_counts_only_what_a_press_can_stop_on() -> None:
    from readouts.panel_model import choice_place

    choices = _decision().fields[0].choices
    assert choice_place(choices, choices[1]) == "1 of 12"
    assert choice_place(choices, choices[-1]) == "12 of 12"
    assert choice_place(choices, choices[0]) == ""   # greyed: no press stops on it


def test_the_panel_and_the_bridge_display_count_alike() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    d = _decision()
    editor = Editor.start(d)
    assert field_line(editor, d.fields[0])[1] == "> hold fire (1 of 12)"
    (view,), _ = DecisionEditor(d).views()
    p = Painter(pygame.Surface((800, 480)), {"small": 16, "body": 19, "large": 24, "title": 28})
    _listed(p, view, pygame.Rect(0, 0, 360, 0), 48, None)
    assert "1 of 12" in [t.text for t in p.texts]
