"""Decisions with their limits: what a panel or a screen builds its controls from.

`controls(state, seat)` gives one `Decision` per prompt the seat faces now (and, after them, an
offer no prompt waits for: FASA's Instructor may end the game at any step, `optional`). Each names the action
it makes and its fields: a whole number within bounds, one of a list of choices (each with the
reason it cannot be chosen now, if it cannot), or a string of steps; budgets over several fields
(at most a total, or exactly one), and the values that go together (`Together`). A panel steps a
field within its bounds and asks `problem(state, decision.make(values))` before it confirms: it
never re-implements a rule. `Decision.unfit(values)` says what the card itself would not send.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.actions import Action

if TYPE_CHECKING:
    from engine.ruleset import Prompt

Value = int | str | None


class FieldKind(StrEnum):
    INT = "int"          # a whole number: minimum, minimum + step, ... up to maximum
    CHOICE = "choice"    # one of `choices`
    STEPS = "steps"      # a string of letters from `alphabet`, at most `maximum` of them


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a choice field can take; `problem` says why it cannot be chosen now, if so.
    `need` is the highest roll on the die that succeeds if this value is chosen (e.g. the number a
    shot at this target needs to hit), computed from what the seat may know; None when choosing it
    leads to no roll, or the seat may not know the number (a target it cannot see); 0 when it can
    lead to no success (a weapon out of its reach). `note` is what a player should know before
    choosing it, in a few words beside it (a target's range and the arc it is in); `explain` says
    in a sentence what choosing it does and what it takes (the skill, its rating and the odds of
    a Skill Roll's bonus), shown before it is chosen; each empty when the label says enough.
    `irreversible`: choosing it does what cannot be taken back (a shot, DESTRUCT), so a screen
    asks a deliberate second confirmation for it, and not for the decision's other values (hold
    fire, hold)."""

    value: Value
    label: str
    problem: str | None = None
    need: int | None = None
    explain: str = ""
    note: str = ""
    irreversible: bool = False

    @property
    def allowed(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a decision, with everything a stepper or a list needs to stay in range."""

    name: str
    label: str
    kind: FieldKind
    default: Value
    minimum: int = 0
    maximum: int = 0
    step: int = 1
    choices: tuple[Choice, ...] = ()
    alphabet: str = ""
    note: str = ""
    """What the field's choices or letters do, in a sentence for a legend under it (a course's
    hard turns and reverse); empty when its label says enough."""
    columns: int = 0
    """A choice field's choices laid out this many to a row, in order (a compass of eight ways
    round a middle: 3); 0: as many as fit the screen."""
    limits: tuple[tuple[str, int, str, str], ...] = ()
    """A steps field whose letters are not each one point of movement: (letters, at most, what
    one is, what several are) for each kind of step (Knight Hawks' ("F", 8, "hex", "hexes"),
    ("PS", 4, "turn", "turns")), so a screen says what is left of each rather than of
    `maximum` (the first kind is the movement the map counts down); empty: every letter is one
    of `maximum`."""

    def values(self) -> tuple[Value, ...]:
        """Every value of an int or choice field, in order (a steps field has too many)."""
        if self.kind == FieldKind.INT:
            return tuple(range(self.minimum, self.maximum + 1, self.step))
        if self.kind == FieldKind.CHOICE:
            return tuple(c.value for c in self.choices)
        raise ValueError(f"{self.name}: a steps field has no list of values")

    def accepts(self, value: object) -> bool:
        """Whether `value` is within this field's bounds (not whether the rules allow it now)."""
        if self.kind == FieldKind.INT:
            return (type(value) is int and self.minimum <= value <= self.maximum
                    and (value - self.minimum) % self.step == 0)
        if self.kind == FieldKind.CHOICE:
            return any(c.value == value and type(c.value) is type(value) for c in self.choices)
        return (type(value) is str and len(value) <= self.maximum
                and all(ch in self.alphabet for ch in value))


@dataclass(frozen=True, slots=True)
class Budget:
    """Fields that share one limit: their sum is at most `maximum` (e.g. power to allocate) and
    at least `minimum`; `minimum == maximum` is an exact total (power lost to engine damage must
    all be taken off somewhere)."""

    fields: tuple[str, ...]
    maximum: int
    label: str
    minimum: int = 0

    @property
    def exact(self) -> bool:
        return self.minimum == self.maximum


@dataclass(frozen=True, slots=True)
class Together:
    """Values of some fields that go together, and only those: `combinations` lists every
    allowed tuple of values of `fields` (in that order). What one choice needs first is said this
    way too (a sensor question goes only with a sensor lock), and which pairs may be chosen at
    all (a weapon and a target it can reach; a hex on an edge of the map, as a column and a
    row). `label` says the rule in a player's words, for a line under the fields."""

    fields: tuple[str, ...]
    combinations: tuple[tuple[Value, ...], ...]
    label: str

    def allows(self, values: Mapping[str, Value]) -> bool:
        got = tuple(values.get(n) for n in self.fields)
        return any(len(c) == len(got) and all(a == b and type(a) is type(b)
                                               for a, b in zip(c, got, strict=True))
                   for c in self.combinations)


@dataclass(frozen=True, slots=True)
class Preset:
    """A quick fill for a decision's fields (e.g. "as last turn", "spread evenly"): the values
    it gives, made by the rules within every bound and budget and checked against `problem`;
    `problem` says why it cannot be used now (then `values` is empty)."""

    key: str
    label: str
    values: tuple[tuple[str, Value], ...] = ()
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision the seat faces now: the prompt, the action it makes, and its fields."""

    prompt: Prompt
    action: str
    station: str
    title: str
    fields: tuple[Field, ...]
    budgets: tuple[Budget, ...] = ()
    builder: Callable[[Mapping[str, Value]], Action] = field(
        default=lambda values: Action("instructor"), compare=False, repr=False)
    irreversible: bool = False
    """What it does cannot be taken back by the panels (fire, a self-destruct order): a panel
    asks for a deliberate confirmation (a long press) before it sends it."""
    presets: tuple[Preset, ...] = ()
    """Quick fills a panel offers beside its steppers (a button each, or a long press of
    select at a physical panel)."""
    optional: bool = False
    """The game goes on without it (a self-destruct offer to a ship in play): a screen need not
    flag its station as one that must act."""
    together: tuple[Together, ...] = ()
    """Fields whose values go together only in the combinations listed (`Together`)."""

    def field_named(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def defaults(self) -> dict[str, Value]:
        return {f.name: f.default for f in self.fields}

    def make(self, values: Mapping[str, Value] | None = None) -> Action:
        """The action these field values make; fields not given take their defaults. Values out
        of a field's bounds still make an action (which `problem` then explains)."""
        merged = self.defaults()
        merged.update(values or {})
        return self.builder(merged)

    def irreversible_with(self, values: Mapping[str, Value]) -> bool:
        """Whether these values do what cannot be taken back: the whole decision is irreversible,
        or a value chosen is an irreversible choice (a target to fire at, DESTRUCT)."""
        if self.irreversible:
            return True
        merged = self.defaults()
        merged.update(values)
        return any(c.irreversible and c.value == merged.get(f.name)
                   and type(c.value) is type(merged.get(f.name))
                   for f in self.fields for c in f.choices)

    def unfit(self, values: Mapping[str, Value]) -> str | None:
        """Why the card itself would not send these values (fields not given take their
        defaults), in a player's words, or None when they fit it: each within its field's bounds,
        each budget's total between its minimum and maximum, each `Together` holding. Whether
        the rules allow the action now is `problem`'s."""
        merged = self.defaults()
        merged.update(values)
        for f in self.fields:
            if not f.accepts(merged.get(f.name)):
                return f"{f.label}: {merged.get(f.name)!r:.30} is not one of its values"
        for b in self.budgets:
            used = self.used(b, merged)
            if used > b.maximum or used < b.minimum:
                return (f"{b.label}: exactly {b.maximum}, not {used}" if b.exact else
                        f"{b.label}: {b.minimum} to {b.maximum}, not {used}")
        for t in self.together:
            if not t.allows(merged):
                return t.label
        return None

    def used(self, budget: Budget, values: Mapping[str, Value]) -> int:
        """How much of `budget` the given values use."""
        merged = self.defaults()
        merged.update(values)
        return sum(v for n in budget.fields if type(v := merged.get(n)) is int)
