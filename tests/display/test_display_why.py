""""Why did this hit?": the explanation of a roll agrees with what the engine did."""

from __future__ import annotations

import re

from game_helpers import start

from companion.dice import VirtualDice
from engine import GameState, Seat, apply, events_for, pending
from engine.events import Event
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.explanations.explain import explain
from engine.rulesets.fasa.values.state import FasaState


def rolls(seed: int = 1, limit: int = 400) -> list[tuple[GameState, GameState, tuple[Event, ...]]]:
    """(state before, state after, events) for every roll of an autopilot game."""
    state, dice, out = start(turns=3), VirtualDice(seed), []
    for _ in range(limit):
        prompts = pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        assert isinstance(state, FasaState)
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)
        after, events = apply(state, action)
        if prompt.roll is not None:
            out.append((state, after, events))
        state = after
    return out


def test_every_to_hit_explanation_agrees_with_the_shot() -> None:
    checked = 0
    for before, _, events in rolls():
        lines = explain(before, events)
        shot = next((e for e in events if type(e).__name__ == "ShotResolved"), None)
        if shot is None:
            continue
        need = int(re.search(r"hits on 1-(\d+)", "\n".join(lines)).group(1))  # type: ignore[union-attr]
        value = int(re.search(r"Rolled (\d+)", "\n".join(lines)).group(1))   # type: ignore[union-attr]
        assert (value <= need) == shot.hit
        book = ("Book One, Basic Starship Tactics"   # the rule of the game's level
                if before.level == "basic" else "Book Two, Advanced")  # type: ignore[attr-defined]
        assert any(line.startswith(f"Rule: {book}: Firing Weapons") for line in lines)
        if shot.hit:
            assert any(line.startswith(f"Damage {shot.damage}") for line in lines)
        checked += 1
    assert checked >= 5


def test_a_seat_is_not_told_the_numbers_inside_an_enemy_ship() -> None:
    for before, after, events in rolls():
        shot = next((e for e in events if type(e).__name__ == "ShotResolved"), None)
        if shot is None or not shot.hit or shot.firer != "kronos":
            continue
        if before.ship("kronos").cls.weapon(shot.weapon).kind != "beam":  # type: ignore[attr-defined]
            continue  # a torpedo's damage is fixed: no power to tell or hide
        seen = events_for(after, events, Seat("helm", "enterprise"))
        theirs = explain(before, events_for(after, events, Seat("helm", "kronos")), "Klingon")
        ours = explain(before, seen, "Federation")
        assert any("power in the" in line and "=" in line for line in theirs)
        assert not any("=" in line and "power in the" in line for line in ours)
        return
    raise AssertionError("no Klingon hit in the game to check")


def test_damage_location_names_the_table_row() -> None:
    for before, _, events in rolls():
        lines = explain(before, events)
        if lines and "damage location" in lines[0]:
            assert any(re.match(r"Table row \d+: \w+", line) for line in lines)
            return
    raise AssertionError("no damage location roll in the game")


def test_no_roll_no_explanation() -> None:
    state = start()
    assert explain(state, ()) == ()
