"""Targets told apart, and fire confirmed by a second tap. Pure: no pygame.

Two ships of one class are often named alike ("Bird of Prey Talon", "Bird of Prey Shrike"): cut
to fit a button, both read "Bird of Pr...". A fire decision's target choices drop the words every
target's name shares, so each button carries the words that tell it apart (the map shows the
whole names, those words in them). A decision the engine marks irreversible (firing, the order
to self-destruct) asks a second tap on CONFIRM from the touchscreen, as a panel asks a long press
(hardware.panel): the first tap arms it and says what will happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.controls import Decision, Value
from readouts.panel_model import FieldView, PanelView

ARMED_LABEL = "TAP AGAIN TO FIRE"
ARMED_LABEL_OTHER = "TAP AGAIN"


def distinct_labels(labels: list[str]) -> list[str]:
    """`labels` without the leading words all of them share (when there are two or more and
    something is left of each that tells them apart): the first word left where that alone
    tells them apart ("Bird of Prey Talon Remus" -> "Talon"); else as they are."""
    words = [label.split() for label in labels]
    if len(words) < 2:
        return labels
    shared = 0
    while all(len(w) > shared + 1 for w in words) and \
            len({w[shared] for w in words}) == 1:
        shared += 1
    if not shared:
        return labels
    first = [w[shared] for w in words]          # "Talon", "Shrike": short enough for a button
    if len(set(first)) == len(first):
        return first
    shorter = [" ".join(w[shared:]) for w in words]
    return shorter if len(set(shorter)) == len(shorter) else labels


def told_apart(model: PanelView, ships: Mapping[str, str]) -> PanelView:
    """The panel with each choice of a ship (ids in `ships`) labelled by the words that tell it
    apart from the other ships offered in the same field."""
    if model.decision is None:
        return model
    fields: list[FieldView] = []
    for f in model.fields:
        targets = [c for c in f.choices if isinstance(c.value, str) and c.value in ships]
        if len(targets) < 2:
            fields.append(f)
            continue
        labels = distinct_labels([c.label for c in targets])
        if len(set(labels)) < len(labels):   # two ships of one name: their ids tell them apart
            labels = [f"{label} ({c.key})" for label, c in zip(labels, targets, strict=True)]
        short = dict(zip((c.key for c in targets), labels, strict=True))
        choices = tuple(replace(c, label=short.get(c.key, c.label)) for c in f.choices)
        fields.append(replace(f, choices=choices, text=next(
            (c.label for c in choices if c.chosen), f.text)))
    return replace(model, fields=tuple(fields))


def second_tap(decision: Decision, values: Mapping[str, Value]) -> bool:
    """Whether CONFIRM must be tapped twice: these values do what cannot be taken back (the
    decision is irreversible, or a value chosen is: a target, DESTRUCT; holding asks nothing)."""
    return decision.irreversible_with(values)


def armed_label(decision: Decision) -> str:
    return ARMED_LABEL if decision.action == "fire" else ARMED_LABEL_OTHER


def armed_message(decision: Decision, values: Mapping[str, Value],
                  ships: Mapping[str, str]) -> str:
    """What a second tap will do: each weapon and its target, or the decision's title."""
    if decision.action == "fire":
        shots = [f"{f.label} at {ships.get(str(values[f.name]), values[f.name])}"
                 for f in decision.fields if values.get(f.name) is not None]
        what = "; ".join(shots) if shots else "hold fire with every weapon"
        return f"Tap CONFIRM again to fire: {what}."
    return f"Tap CONFIRM again: {decision.title}. It cannot be taken back."
