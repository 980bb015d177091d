"""FASA *Star Trek Starship Tactical Combat Simulator* (Book Two: Advanced, Expert, C&C; Book One's
basic game where it must be inferred). See docs/rules-decisions.md for every number we chose.

This module is the ruleset the kernel plugs in (`FasaRuleset`). The rules live in folders by
topic, each importing only from those before it here (docs/engine.md has the whole map):
`arcs.py`; `data/` (the data pack and its readers); `levels.py` (what each level adds);
`values/` (state, actions, events); `victory.py`; `ending.py` (the end of a ship's move and of
the game); `campaigns/`; `skills/` (Skill Rolls);
`firing/`; `moving/`; `sensing/` (sensors and the cloak); `engineering/` (power); `command/`
(the officers in the turn); `flow/` (set-up and the sequence of play); `decisions/` (controls,
legal actions, presets); `seats/` (what a seat may know); `explanations/`; `autopilots/`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.errors import DataError
from engine.events import Event
from engine.ruleset import Prompt, ShipClassInfo, TableSettings
from engine.rulesets.fasa import levels as level_rules
from engine.rulesets.fasa import revisions
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.campaigns import player_crews
from engine.rulesets.fasa.data.datafiles import read_toml
from engine.rulesets.fasa.data.ships import load_ship_classes
from engine.rulesets.fasa.decisions import controls, legal
from engine.rulesets.fasa.explanations import explain as why
from engine.rulesets.fasa.flow import setup, turn
from engine.rulesets.fasa.seats import preview, views
from engine.rulesets.fasa.values import crew
from engine.rulesets.fasa.values.options import MAX_FIRE_LIMIT
from engine.rulesets.fasa.values.state import LEVELS, PLAYABLE_LEVELS, SCALES, FasaState
from engine.rulesets.fasa.variants import battlestations as battlestations  # registers it
from engine.stations import Seat


class FasaRuleset:
    name = "fasa"
    title = "Star Trek: Starship Tactical Combat Simulator"   # FASA's

    def level_line(self, level: str) -> str:
        return level_rules.LEVEL_LINES.get(level, "")
    log_carries = ("classes", "tables")   # what a log header's scenario must hold
    rules_revision = revisions.RULES_REVISION   # written in a log's header (docs/log-format.md)

    def older_rules(self, revision: int, scenario: Mapping[str, Any]) -> str:
        return revisions.older_rules(revision, scenario)

    def new_game(self, scenario: Mapping[str, Any]) -> FasaState:
        state = setup.new_game(scenario)
        return turn.advance(state)[0]

    def apply(self, state: FasaState, action: Action) -> tuple[FasaState, tuple[Event, ...]]:
        return turn.apply(state, action)

    def pending(self, state: FasaState, seat: Seat | None) -> tuple[Prompt, ...]:
        return turn.pending(state, seat)

    def legal_actions(self, state: FasaState, seat: Seat) -> tuple[Action, ...]:
        return legal.legal_actions(state, seat)

    def controls(self, state: FasaState, seat: Seat) -> tuple[Decision, ...]:
        return controls.controls(state, seat)

    def view(self, state: FasaState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def events_for(self, state: FasaState, events: Sequence[Event],
                   seat: Seat) -> tuple[Event, ...]:
        return views.events_for(state, events, seat)

    def crew_stations(self, state: FasaState, ship: str) -> tuple[str, ...]:
        return tuple(crew.stations_of(state.crew(ship)))

    def explain(self, before: FasaState, events: Sequence[Event],
                side: str | None) -> tuple[str, ...]:
        return why.explain(before, events, side)

    def explain_pending(self, state: FasaState, side: str | None) -> tuple[str, ...]:
        return why.explain_pending(state, side)

    def roll_label(self, before: FasaState, events: Sequence[Event]) -> tuple[str, str] | None:
        return why.roll_label(before, events)

    def course_path(self, view: Mapping[str, Any], ship: str,
                    steps: str) -> tuple[tuple[tuple[int, int], int], ...]:
        return preview.view_course_path(view, ship, steps)

    def course_reach(self, view: Mapping[str, Any], ship: str, planned: str, points: int,
                     letters: str) -> frozenset[tuple[int, int]]:
        return preview.view_course_reach(view, ship, planned, points, letters)

    def arc_hexes(self, view: Mapping[str, Any], ship: str, weapon: str,
                  max_range: int) -> frozenset[tuple[int, int]]:
        return preview.view_arc_hexes(view, ship, weapon, max_range)

    def decide(self, state: FasaState, prompt: Prompt) -> Action:
        return autopilot.decide(state, prompt)

    def levels(self, playable: bool) -> tuple[str, ...]:
        return PLAYABLE_LEVELS if playable else LEVELS

    def level_notice(self, level: str) -> str:
        return level_rules.not_built_notice(level)

    def officer_needs(self, scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
        return player_crews.officer_needs(scenario)

    def captain_station(self, scenario: Mapping[str, Any], ship: str) -> str:
        return player_crews.captain_station(scenario, ship)

    def skill_names(self) -> tuple[tuple[str, str], ...]:
        return player_crews.skill_names()

    def rating_range(self) -> tuple[int, int]:
        return player_crews.rating_range()

    def victory_points(self, state: FasaState, side: str) -> tuple[tuple[str, int], ...]:
        return player_crews.victory_points(state, side)

    def to_json(self, state: FasaState) -> dict[str, Any]:
        return views.to_json(state)

    def example_scenario(self) -> dict[str, Any]:
        """The packaged duel at the basic level, with its ship classes and tables."""
        duel = read_toml(setup.scenario_files(None)["duel"])
        return setup.build_scenario(duel, setup.ship_dicts(None), level="basic", max_turns=6)

    # What an application's commands ask of the data (engine.ruleset.Stocked).
    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]:
        return tuple(sorted(setup.scenario_files(user_dir)))

    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        files = setup.scenario_files(user_dir)
        if name not in files:
            raise DataError(f"no scenario {name!r}; scenarios: {', '.join(sorted(files))}")
        data = read_toml(files[name])
        setup.check_scenario_fields(data, str(files[name]))
        return data

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        options = settings.get("options")
        return setup.build_scenario(
            scenario, setup.ship_dicts(user_dir), level=settings.get("level"),
            scale=settings.get("scale"), max_turns=settings.get("max_turns"),
            data_dir=str(user_dir) if user_dir else "", phases=settings.get("phases"),
            options=options if isinstance(options, Mapping) and options else None)

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]:
        return tuple(ShipClassInfo(cid, cls.race, cls.name, cls.verified)
                     for cid, cls in sorted(load_ship_classes(user_dir).items()))

    def table_settings(self) -> TableSettings:
        return TableSettings(scales=tuple(SCALES), phases=(3, 5),
                             default_max_turns=setup.DEFAULT_MAX_TURNS,
                             numbers={"fire_limit": (0, MAX_FIRE_LIMIT)},
                             flags=("rescues", "team_communications"))


RULESET = FasaRuleset()
