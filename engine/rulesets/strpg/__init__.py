"""*Star Trek: The Role Playing Game*, the Revised Rules for Tactical Movement and Combat (seed
004, from line 204): characters on a square map, each with action points, in a starship's
corridors or on a planet's surface. See docs/rules-decisions.md, "The away team", for every
number we chose where the seed is silent, and docs/engine.md for what the ruleset offers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.events import Event
from engine.ruleset import Prompt, ShipClassInfo, TableSettings
from engine.rulesets import register
from engine.rulesets.strpg import autopilot, controls, explain, flow, officers, setup, turn, views
from engine.rulesets.strpg.datafiles import class_dicts
from engine.rulesets.strpg.state import RPGState
from engine.stations import CAPTAIN, Seat


class AwayTeamRuleset:
    name = setup.RULESET
    log_carries = ("classes", "tables")   # what a log header's scenario must hold
    title = "Star Trek RPG: the away team"   # seed 004's tactical movement and combat

    def level_line(self, level: str) -> str:
        """No levels (engine.ruleset.Described)."""
        return ""

    def new_game(self, scenario: Mapping[str, Any]) -> RPGState:
        return flow.advance(setup.new_game(scenario))[0]

    def apply(self, state: RPGState, action: Action) -> tuple[RPGState, tuple[Event, ...]]:
        return turn.apply(state, action)

    def pending(self, state: RPGState, seat: Seat | None) -> tuple[Prompt, ...]:
        return controls.pending(state, seat)

    def legal_actions(self, state: RPGState, seat: Seat) -> tuple[Action, ...]:
        return controls.legal_actions(state, seat)

    def controls(self, state: RPGState, seat: Seat) -> tuple[Decision, ...]:
        return controls.controls(state, seat)

    def view(self, state: RPGState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def events_for(self, state: RPGState, events: Sequence[Event],
                   seat: Seat) -> tuple[Event, ...]:
        return views.events_for(state, events, seat)

    def crew_stations(self, state: RPGState, ship: str) -> tuple[str, ...]:
        """A character's one station (a crew file's entry stands on no square: none)."""
        c = state.find(ship)
        return (c.station,) if c is not None else ()

    def to_json(self, state: RPGState) -> dict[str, Any]:
        return views.to_json(state)

    def example_scenario(self) -> dict[str, Any]:
        """The packaged corridor skirmish, cut to 4 turns."""
        return setup.load_scenario("corridor", None, max_turns=4)

    # What an application asks beyond the kernel protocol (engine.ruleset.Playable).
    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]:
        return setup.scenario_names(user_dir)

    def load_scenario(self, name: str, user_dir: Path | None = None,
                      max_turns: int | None = None) -> dict[str, Any]:
        return setup.load_scenario(name, user_dir, max_turns)

    def decide(self, state: RPGState, prompt: Prompt) -> Action:
        return autopilot.decide(state, prompt)

    # Each roll in words (engine.ruleset.Explaining).
    def explain(self, before: RPGState, events: Sequence[Event],
                side: str | None) -> tuple[str, ...]:
        return explain.explain(before, events, side)

    def explain_pending(self, state: RPGState, side: str | None) -> tuple[str, ...]:
        return explain.explain_pending(state, side)

    def roll_label(self, before: RPGState, events: Sequence[Event]) -> tuple[str, str] | None:
        return explain.roll_label(before, events)

    # The application's commands (engine.ruleset.Stocked). No levels, scales or phases.
    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        return setup.read_scenario(name, user_dir)

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        turns = settings.get("max_turns")
        return setup.complete(scenario, user_dir, turns if isinstance(turns, int) else None)

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]:
        """The character templates (the place of ship classes in the other games)."""
        return tuple(ShipClassInfo(cid, str(d.get("species", "")), str(d.get("name", cid)),
                                   d.get("verified") is True)
                     for cid, d in sorted(class_dicts(user_dir).items()))

    def table_settings(self) -> TableSettings:
        return TableSettings(default_max_turns=setup.DEFAULT_MAX_TURNS)

    # The table's crew files as the away team (engine.ruleset.Crewing).
    def officer_needs(self, scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
        return officers.needs(scenario)

    def captain_station(self, scenario: Mapping[str, Any], ship: str) -> str:
        return str(CAPTAIN)

    def skill_names(self) -> tuple[tuple[str, str], ...]:
        return tuple((k, k) for k in officers.NEEDS)

    def rating_range(self) -> tuple[int, int]:
        return officers.RATING_RANGE

    def victory_points(self, state: Any, side: str) -> tuple[tuple[str, int], ...]:
        """The seed has no campaign points: none."""
        return ()


RULESET = AwayTeamRuleset()
register(RULESET)
