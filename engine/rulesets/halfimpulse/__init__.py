"""A referee for the *Star Fleet Battles* half-impulse variant of seed 003: it runs the seed's
Sequence of Play over the ships, counters and speeds the players enter, and keeps the order it
decides (who moves when, half the movement each phase, drones and plasmas after each phase, who
may act in each step, at whom). It holds no Star Fleet Battles data: docs/rules-decisions.md,
"The half-impulse referee", says what it checks and what it leaves to the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.events import Event
from engine.ruleset import Prompt, ShipClassInfo, TableSettings
from engine.rulesets.halfimpulse import autopilot, controls, flow, legal, setup, turn, views
from engine.rulesets.halfimpulse.state import NAME, HalfState
from engine.stations import CAPTAIN, Seat


class HalfImpulseRuleset:
    name = NAME
    title = "Star Fleet Battles: the half-impulse referee"   # seed 003's variant

    def level_line(self, level: str) -> str:
        """One set of rules: the seed's Sequence of Play over the players' own ship data."""
        return ""

    def new_game(self, scenario: Mapping[str, Any]) -> HalfState:
        return flow.advance(setup.new_game(scenario))[0]

    def apply(self, state: HalfState, action: Action) -> tuple[HalfState, tuple[Event, ...]]:
        return turn.apply(state, action)

    def pending(self, state: HalfState, seat: Seat | None) -> tuple[Prompt, ...]:
        return controls.pending(state, seat)

    def legal_actions(self, state: HalfState, seat: Seat) -> tuple[Action, ...]:
        return legal.legal_actions(state, seat)

    def controls(self, state: HalfState, seat: Seat) -> tuple[Decision, ...]:
        return controls.controls(state, seat)

    def view(self, state: HalfState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def events_for(self, state: HalfState, events: Sequence[Event],
                   seat: Seat) -> tuple[Event, ...]:
        return views.events_for(state, events, seat)

    def crew_stations(self, state: HalfState, ship: str) -> tuple[str, ...]:
        """A player sits at his first ship's Captain's seat and acts for all his units; his
        other ships have no seat of their own."""
        return (CAPTAIN,) if state.find_player(ship) is not None else ()

    def to_json(self, state: HalfState) -> dict[str, Any]:
        return views.to_json(state)

    def example_scenario(self) -> dict[str, Any]:
        """The seed's Brief Replay (lines 354-471), cut to 2 turns."""
        return setup.load_scenario("replay", None, max_turns=2)

    # engine.ruleset.Playable: scenarios by name and the autopilot
    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]:
        return setup.scenario_names(user_dir)

    def load_scenario(self, name: str, user_dir: Path | None = None,
                      max_turns: int | None = None) -> dict[str, Any]:
        return setup.load_scenario(name, user_dir, max_turns)

    def decide(self, state: HalfState, prompt: Prompt) -> Action:
        return autopilot.decide(state, prompt)

    # engine.ruleset.Stocked: what the app's commands ask. No ship classes: a ship is the
    # players' own data, in the scenario.
    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        return setup.read_scenario(name, user_dir)

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(scenario)
        turns = settings.get("max_turns")
        if isinstance(turns, int) and turns > 0:
            out["turns"] = turns
        setup.new_game(out)   # checked now, naming the scenario
        return out

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]:
        return ()

    def table_settings(self) -> TableSettings:
        return TableSettings(default_max_turns=setup.DEFAULT_MAX_TURNS)


RULESET = HalfImpulseRuleset()
