"""What a card offers, as a player taps it: values made only from what a decision's card shows
(its JSON, as a console receives it in `decisions`), never from the rules.

    values = offered(card, rng)      # a preset, or each field's shown value or an offered one
    confirm = asks_confirm(card, values)

An int field takes a value within its bounds and step; a choice field one of its choices that is
not greyed out; a course (steps) the one the card shows. Budgets are kept between their minimum
and maximum and `together` combinations are kept, as the page keeps them. The tests then check
that the table never refuses what was offered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

Card = Mapping[str, Any]


def _same(a: object, b: object) -> bool:
    return a == b and type(a) is type(b)


def _fields(card: Card) -> dict[str, Mapping[str, Any]]:
    return {str(f["name"]): f for f in card.get("fields", ())}


def _int_values(f: Mapping[str, Any]) -> list[int]:
    return list(range(int(f["minimum"]), int(f["maximum"]) + 1, int(f.get("step") or 1)))


def _allowed(f: Mapping[str, Any]) -> list[Any]:
    return [c["value"] for c in f.get("choices", ()) if c.get("problem") is None]


def shown(card: Card) -> dict[str, Any]:
    """The values the card shows before anything is tapped."""
    return {name: f.get("default") for name, f in _fields(card).items()}


def _used(card: Card, budget: Mapping[str, Any], values: Mapping[str, Any]) -> int:
    return sum(v for n in budget["fields"] if type(v := values.get(n)) is int)


def unfit(card: Card, values: Mapping[str, Any]) -> str | None:
    """Why the card would not send `values` (as the page checks it), or None."""
    fields = _fields(card)
    for name, f in fields.items():
        v = values.get(name)
        if f["kind"] == "int" and not (type(v) is int and v in _int_values(f)):
            return f"{name}: {v!r} out of its bounds"
        if f["kind"] == "choice" and not any(_same(c["value"], v) for c in f["choices"]):
            return f"{name}: {v!r} not a choice"
        if f["kind"] == "steps" and not (type(v) is str and len(v) <= int(f["maximum"])):
            return f"{name}: {v!r} too long"
    for b in card.get("budgets", ()):
        used = _used(card, b, values)
        if not int(b.get("minimum", 0)) <= used <= int(b["maximum"]):
            return f"{b['label']}: {used}"
    for t in card.get("together", ()):
        got = [values.get(n) for n in t["fields"]]
        if not any(all(_same(a, b) for a, b in zip(c, got, strict=True))
                   for c in t["combinations"]):
            return str(t["label"])
    return None


def _keep_budgets(card: Card, values: dict[str, Any], rng: random.Random) -> None:
    fields = _fields(card)
    for b in card.get("budgets", ()):
        names = [n for n in b["fields"] if fields.get(n, {}).get("kind") == "int"]
        for _ in range(400):
            used = _used(card, b, values)
            if used > int(b["maximum"]):
                down = [n for n in names if values[n] - int(fields[n].get("step") or 1)
                        >= int(fields[n]["minimum"])]
                if not down:
                    break
                n = rng.choice(down)
                values[n] -= int(fields[n].get("step") or 1)
            elif used < int(b.get("minimum", 0)):
                up = [n for n in names if values[n] + int(fields[n].get("step") or 1)
                      <= int(fields[n]["maximum"])]
                if not up:
                    break
                n = rng.choice(up)
                values[n] += int(fields[n].get("step") or 1)
            else:
                break


def _open(fields: Mapping[str, Mapping[str, Any]], names: list[str], combo: list[Any]) -> bool:
    """Whether each choice of a combination is one the card does not grey out."""
    return all(fields[n]["kind"] != "choice" or any(
        _same(c["value"], v) for c in fields[n]["choices"] if c.get("problem") is None)
        for n, v in zip(names, combo, strict=True))


def _keep_together(card: Card, values: dict[str, Any], rng: random.Random) -> None:
    fields = _fields(card)
    for t in card.get("together", ()):
        names = list(t["fields"])
        got = [values.get(n) for n in names]
        if any(all(_same(a, b) for a, b in zip(c, got, strict=True)) for c in t["combinations"]):
            continue

        combos = [c for c in t["combinations"] if _open(fields, names, c)]
        if combos:
            values.update(zip(names, rng.choice(combos), strict=True))


def offered(card: Card, rng: random.Random) -> dict[str, Any]:
    """Values a player may send from this card: a usable preset now and then, else a value the
    card offers for each field, within its budgets and together rules; the shown values when
    nothing else fits."""
    base = shown(card)
    presets = [p for p in card.get("presets", ()) if p.get("problem") is None and p.get("values")]
    if presets and rng.random() < 0.3:
        values = {**base, **rng.choice(presets)["values"]}
        if unfit(card, values) is None:
            return values
    for _ in range(20):
        values = dict(base)
        for name, f in _fields(card).items():
            if f["kind"] == "int" and rng.random() < 0.7:
                values[name] = rng.choice(_int_values(f))
            elif f["kind"] == "choice" and _allowed(f) and rng.random() < 0.7:
                values[name] = rng.choice(_allowed(f))
        _keep_budgets(card, values, rng)
        _keep_together(card, values, rng)
        if unfit(card, values) is None:
            return values
    return base


def asks_confirm(card: Card, values: Mapping[str, Any]) -> bool:
    """Whether the card asks a second tap for these values (what cannot be taken back)."""
    if card.get("irreversible"):
        return True
    return any(c.get("irreversible") and _same(c["value"], values.get(f["name"]))
               for f in card.get("fields", ()) for c in f.get("choices", ()))
