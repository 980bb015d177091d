"""A new table's first game: when `starbridge play` (or `./run`) starts a new game at a screen
and neither the command line nor the configuration file names the scenario or the level, the
screen offers the game first (display.draw_game_offer): the game systems, the levels with a line
each (the basic game suggested for a first game), the scenario with its goal, the keys that stand
in for the panels (KEYS, on a PC), then START. The game then opens with its briefing
(companion/table/app.py) before turn 1.

`game_offer` is also what the end screen's ANOTHER SCENARIO offers (display/endgame.py)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.settings.config import Config
from display.game_offer import GameOffer, LevelOffer, ScenarioOffer, SystemOffer
from engine import game_title, level_line, levels, scenario_ruleset
from engine.errors import EngineError

if TYPE_CHECKING:
    from display.keys_sheet import PanelKeys

TITLE_FIRST = "YOUR FIRST GAME"
TITLE_NEW = "A NEW GAME"


def game_offer(data_dir: Path | None, first: str | None = None) -> GameOffer:
    """Every scenario that loads, by game system (the ruleset `first` first, by default the one
    a scenario naming none plays; then each in the registry's order), with its goal and story;
    each system with its playable levels."""
    from companion.session import load_scenario, scenario_names, stocked_rulesets
    from display.draw_attract import scenario_goal

    first = scenario_ruleset({}) if first is None else first
    order = sorted(stocked_rulesets(), key=lambda r: r != first)   # a stable sort
    rank = {r: n for n, r in enumerate(order)}
    found: list[tuple[int, str, ScenarioOffer]] = []
    for sid in scenario_names(data_dir):
        try:
            sc = load_scenario(sid, data_dir)
        except EngineError:   # a broken file of a user's data folder is not offered
            continue
        ruleset = scenario_ruleset(sc)
        ships = [s for s in sc.get("ships", ()) if isinstance(s, dict)]
        sides = {str(ships[0].get("side"))} if ships else set()
        found.append((rank.get(ruleset, len(rank)), sid, ScenarioOffer(
            sid, str(sc.get("name") or sid), ruleset, scenario_goal(sc, sides),
            " ".join(str(sc.get("description") or sc.get("story") or "").split()))))
    systems = tuple(SystemOffer(r, game_title(r), tuple(
        LevelOffer(lv, level_line(r, lv)) for lv in levels(r, playable=True)))
        for r in order if any(o.ruleset == r for _, _, o in found))
    return GameOffer(systems, tuple(o for _, _, o in sorted(found, key=lambda f: f[:2])))


def config_sets(config: Config, *key: str) -> bool:
    """Whether the configuration file itself sets `key` (not a default)."""
    return any(full == key for full, _ in config.lines)


def asks_first_game(args: argparse.Namespace, config: Config, headless: bool) -> bool:
    """Whether a new game is offered on the screen first: people at a screen, and nothing (the
    command line, the configuration file) says which scenario or level to play."""
    return not headless and not getattr(args, "autopilot", False) \
        and getattr(args, "scenario", None) is None and getattr(args, "level", None) is None \
        and not config_sets(config, "game", "scenario") and not config_sets(config, "game", "level")


def offer_first_game(config: Config, data_dir: Path | None, keys: Iterable[PanelKeys] = (),
                     max_frames: int | None = None) -> str | None:
    """The chooser on the screen until START ("scenario:<id>[@<level>]") or the window is closed
    or Escape pressed (None: the player left). `keys`: the panels' keys for KEYS, if any."""
    from display.game_offer import start
    from display.offer_screen import run_offer
    from display.screen import open_screen, opened

    offer = game_offer(data_dir)
    if not offer.scenarios:
        return None
    shown = opened()   # the start screen's (a --window's too), else the configuration's
    surface = shown.drawn if shown is not None else open_screen(config.size, config.fullscreen,
                                                                config.rotate)
    default = config.scenario if any(s.id == config.scenario for s in offer.scenarios) else ""
    chooser_state = start(offer, default)
    return run_offer(surface, offer, chooser_state, TITLE_FIRST, tuple(keys), max_frames)
