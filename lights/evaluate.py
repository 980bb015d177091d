"""Which rule lights each output now, and how that looks at a moment: pure, no clock of its own.

    lit = Lit(rules, outputs=("room", "klaxon"))
    plays = lit.update(ctx, told, t)      # after each accepted action: the seat's context and
                                          # the events it was told (lights/context.py)
    lit.looks(t)                          # output -> Look (the winning rule's effect)
    look.at(t)                            # (colour, level) at t: blinking, glowing, fading

States hold while their condition does; an event rule (an engine event, or a condition's edge)
lights its outputs for its effect's `time`. Clashes: the highest priority wins, then the one
that began last, then the later in the file (docs/lights.md). An output no rule lights is dark.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lights.expr import Expr, number, truth
from lights.rules import (
    BLINK,
    EVENT,
    FADE,
    GLOW,
    LOOP,
    MAX_HELD,
    OFF,
    PLAY,
    STATE,
    LightRule,
    RuleSet,
)
from readouts.colour import Colour

FRAME_S = 1 / 30
"""How often a glowing or fading output is looked at again."""


@dataclass(frozen=True, slots=True)
class Look:
    """What one output does: the winning rule's effect, from `start` (an event's until `until`)."""

    effect: str
    colour: Colour = (0, 0, 0)
    level: float = 0.0
    period: float = 0.5
    start: float = 0.0
    until: float | None = None
    rule: int = -1          # the rule's index in the file (-1: no rule: dark)
    priority: int = 0

    def at(self, t: float) -> tuple[Colour, float]:
        """The colour and level (0..1) at `t`."""
        if self.effect in (OFF, PLAY, LOOP) or self.rule < 0:
            return (self.colour, 0.0) if self.effect == OFF or self.rule < 0 else \
                (self.colour, self.level)
        age = max(0.0, t - self.start)
        if self.effect == BLINK:
            on = int(age / self.period) % 2 == 0 if self.period > 0 else True
            return self.colour, self.level if on else 0.0
        if self.effect == GLOW:
            f = (age % self.period) / self.period if self.period > 0 else 0.0
            return self.colour, self.level * (0.2 + 0.8 * (1 - abs(2 * f - 1)))
        if self.effect == FADE and self.until is not None and self.until > self.start:
            return self.colour, self.level * max(0.0, 1 - age / (self.until - self.start))
        return self.colour, self.level

    @property
    def moves(self) -> bool:
        """Does it change with time while it lasts (blink, glow, fade)?"""
        return self.rule >= 0 and self.effect in (BLINK, GLOW, FADE)


DARK = Look(OFF)


def level_of(rule: LightRule, ctx: Mapping[str, object]) -> float:
    """The rule's level now (a number, or its expression read against `ctx`), 0..1."""
    raw = rule.effect.level
    v = number(raw.value(ctx)) if isinstance(raw, Expr) else raw
    return 0.0 if v is None else max(0.0, min(1.0, v))


def held_states(rules: Iterable[LightRule], ctx: dict[str, Any]) -> dict[int, bool]:
    """Which state rules hold now (by index). `held("name")` reads a named state's condition;
    the checker refused loops, and a depth cap keeps a loop from running away anyway."""
    named = {r.name: r for r in rules if r.kind == STATE and r.name}
    memo: dict[str, bool] = {}
    depth = [0]

    def held(name: str) -> bool:
        if name in memo:
            return memo[name]
        rule = named.get(name)
        if rule is None or rule.when is None or depth[0] > MAX_HELD:
            return False
        depth[0] += 1
        memo[name] = truth(rule.when.value(ctx))
        depth[0] -= 1
        return memo[name]

    ctx["held"] = held
    return {r.index: truth(r.when.value(ctx)) for r in rules
            if r.kind == STATE and r.when is not None}


def winner(candidates: Sequence[Look]) -> Look:
    """The look that wins an output: the highest priority, then the one that began last, then
    the later rule in the file."""
    if not candidates:
        return DARK
    return max(candidates, key=lambda k: (k.priority, k.start, k.rule))


def steady_looks(rules: RuleSet, outputs: Iterable[str],
                 ctx: dict[str, Any]) -> dict[str, Look]:
    """Each output's look from the state rules alone, now (a panel's LEDs: no memory, no time)."""
    mine = [r for r in rules.rules if r.kind == STATE]
    holding = held_states(mine, ctx)
    out: dict[str, Look] = {}
    for name in outputs:
        cands = [_look(r, ctx, 0.0, None) for r in mine if name in r.outputs and holding[r.index]]
        out[name] = winner(cands)
    return out


def _look(rule: LightRule, ctx: Mapping[str, object], start: float, until: float | None) -> Look:
    e = rule.effect
    return Look(e.kind, e.colour, level_of(rule, ctx), e.period, start, until, rule.index,
                rule.priority)


@dataclass(frozen=True, slots=True)
class Play:
    """A sound to play: output `output` plays its sound once (`loop` False) or starts looping."""

    output: str
    loop: bool = False


class Lit:
    """The rules of one seat's outputs over a game: which states hold since when, which events'
    effects are still on, and each condition's last truth (for edges)."""

    def __init__(self, rules: RuleSet, outputs: Iterable[str]) -> None:
        self.outputs = tuple(outputs)
        wanted = set(self.outputs)
        self.rules = tuple(r for r in rules.rules if wanted & set(r.outputs))
        self.since: dict[int, Look] = {}         # state rules holding: their look
        self.events: dict[int, Look] = {}        # event rules on: their look (until)
        self.last: dict[int, bool] = {}          # edge rules: the condition's last truth
        self.fired: dict[int, int] = {}          # every rule: how often it began (lights test)

    def update(self, ctx: dict[str, Any], told: Sequence[Mapping[str, object]],
               t: float) -> list[Play]:
        """Follow the game: `ctx` the seat's context now, `told` the events it was just told
        (event contexts). Returns the sounds to start."""
        plays: list[Play] = []
        holding = held_states(self.rules, ctx)
        for r in self.rules:
            began = False
            if r.kind == STATE:
                if holding.get(r.index):
                    look = _look(r, ctx, self.since[r.index].start if r.index in self.since
                                 else t, None)
                    began = r.index not in self.since
                    self.since[r.index] = look
                else:
                    self.since.pop(r.index, None)
                if began and r.effect.kind == LOOP:
                    plays.extend(Play(o, True) for o in r.outputs)
            elif r.edge:
                now = truth(r.when.value(ctx)) if r.when is not None else False
                before = self.last.get(r.index)
                self.last[r.index] = now
                began = before is not None and now != before and now == (r.edge == "rises")
            else:
                for e in told:
                    if e.get("type") != r.on:
                        continue
                    if r.when is None or truth(r.when.value({**ctx, "event": e})):
                        began = True
                        ctx = {**ctx, "event": e}
                        break
            if began:
                self.fired[r.index] = self.fired.get(r.index, 0) + 1
                if r.kind == EVENT:
                    self.events[r.index] = _look(r, ctx, t, t + r.effect.time)
                    if r.effect.kind == PLAY:
                        plays.extend(Play(o) for o in r.outputs)
        return plays

    def looks(self, t: float) -> dict[str, Look]:
        """Each output's winning look at `t` (events past their time are let go)."""
        for idx in [i for i, k in self.events.items() if k.until is not None and k.until <= t]:
            del self.events[idx]
        out: dict[str, Look] = {}
        rules = {r.index: r for r in self.rules}
        for name in self.outputs:
            cands = [k for i, k in (*self.since.items(), *self.events.items())
                     if name in rules[i].outputs]
            out[name] = winner(cands)
        return out

    def due(self, t: float) -> float | None:
        """When the looks next change by themselves (an event ending, a blink, a glow), or None."""
        times = [k.until for k in self.events.values() if k.until is not None and k.until > t]
        for k in self.looks(t).values():
            if k.moves:
                if k.effect == BLINK and k.period > 0:
                    n = int((t - k.start) / k.period) + 1
                    times.append(k.start + n * k.period)
                else:
                    times.append(t + FRAME_S)
        return min(times) if times else None

    def reset(self) -> None:
        """A new game, or a game taken back (undo): nothing carries over."""
        self.since.clear()
        self.events.clear()
        self.last.clear()


def at_level(look: Look, level: float) -> Look:
    return replace(look, level=level)
