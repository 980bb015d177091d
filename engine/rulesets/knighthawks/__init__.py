"""Star Frontiers *Knight Hawks*, the Advanced Game's combat (seed 002) on the Basic Game's map,
movement and turn. See docs/rules-decisions.md, "Knight Hawks", for every number we chose."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.events import Event
from engine.ruleset import Prompt, ShipClassInfo, TableSettings
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.data.datafiles import class_dicts
from engine.rulesets.knighthawks.decisions import controls
from engine.rulesets.knighthawks.explanations import explain
from engine.rulesets.knighthawks.flow import setup, steps, turn
from engine.rulesets.knighthawks.seats import preview, views
from engine.rulesets.knighthawks.values import crew
from engine.rulesets.knighthawks.values.state import KHState
from engine.stations import Seat


class KnightHawksRuleset:
    name = "knighthawks"
    title = "Star Frontiers: Knight Hawks"   # seed 002: the Advanced Game's combat

    def level_line(self, level: str) -> str:
        """One set of rules (the Advanced Game's combat on the Basic Game's map): no levels."""
        return ""
    log_carries = ("classes", "tables")   # what a log header's scenario must hold

    def new_game(self, scenario: Mapping[str, Any]) -> KHState:
        return steps.advance(setup.new_game(scenario))[0]

    def apply(self, state: KHState, action: Action) -> tuple[KHState, tuple[Event, ...]]:
        return turn.apply(state, action)

    def pending(self, state: KHState, seat: Seat | None) -> tuple[Prompt, ...]:
        return controls.pending(state, seat)

    def legal_actions(self, state: KHState, seat: Seat) -> tuple[Action, ...]:
        return controls.legal_actions(state, seat)

    def controls(self, state: KHState, seat: Seat) -> tuple[Decision, ...]:
        return controls.controls(state, seat)

    def view(self, state: KHState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def events_for(self, state: KHState, events: Sequence[Event],
                   seat: Seat) -> tuple[Event, ...]:
        return views.events_for(state, events, seat)

    def crew_stations(self, state: KHState, ship: str) -> tuple[str, ...]:
        return crew.stations_of(state.ship(ship).crew)

    def to_json(self, state: KHState) -> dict[str, Any]:
        return views.to_json(state)

    def example_scenario(self) -> dict[str, Any]:
        """The packaged patrol skirmish, cut to 6 turns."""
        return setup.load_scenario("patrol", None, max_turns=6)

    # What an application asks beyond the kernel protocol (engine.ruleset.Playable).
    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]:
        return setup.scenario_names(user_dir)

    def load_scenario(self, name: str, user_dir: Path | None = None,
                      max_turns: int | None = None) -> dict[str, Any]:
        return setup.load_scenario(name, user_dir, max_turns)

    def decide(self, state: KHState, prompt: Prompt) -> Action:
        return autopilot.decide(state, prompt)

    # A roll in a few words for the Rolls list (engine.ruleset.Explaining); no longer
    # explanation than the roll's purpose, so no WHY? (explain.py).
    def explain(self, before: KHState, events: Sequence[Event],
                side: str | None) -> tuple[str, ...]:
        return ()

    def explain_pending(self, state: KHState, side: str | None) -> tuple[str, ...]:
        return ()

    def roll_label(self, before: KHState, events: Sequence[Event]) -> tuple[str, str] | None:
        return explain.roll_label(before, events)

    # A decision being entered, on a map (engine.ruleset.Previewing).
    def course_path(self, view: Mapping[str, Any], ship: str,
                    steps: str) -> tuple[tuple[tuple[int, int], int], ...]:
        return preview.course_path(view, ship, steps)

    def course_reach(self, view: Mapping[str, Any], ship: str, planned: str, points: int,
                     letters: str) -> frozenset[tuple[int, int]]:
        return preview.course_reach(view, ship, planned, points, letters)

    def arc_hexes(self, view: Mapping[str, Any], ship: str, weapon: str,
                  max_range: int) -> frozenset[tuple[int, int]]:
        return preview.arc_hexes(view, ship, weapon, max_range)

    # What an application's commands ask of the data (engine.ruleset.Stocked). Knight Hawks has
    # no levels, scales, phase counts or optional rules: those settings are not offered.
    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        return setup.read_scenario(name, user_dir)

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        turns = settings.get("max_turns")
        return setup.complete(scenario, user_dir, turns if isinstance(turns, int) else None)

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]:
        return tuple(ShipClassInfo(cid, str(d.get("race", "")), str(d.get("name", cid)),
                                   d.get("verified") is not False)
                     for cid, d in sorted(class_dicts(user_dir).items()))

    def table_settings(self) -> TableSettings:
        return TableSettings(default_max_turns=setup.DEFAULT_MAX_TURNS)


RULESET = KnightHawksRuleset()
