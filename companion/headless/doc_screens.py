"""The screenshots in `docs/screens/`, each with the command line that draws it.

    starbridge screenshot --docs [DIR]            # render every one of them into DIR
    starbridge screenshot --docs [DIR] --check    # which of them no longer match the program

A documentation screenshot is a moment of a seeded game drawn headless (SDL's dummy driver), so
the same program draws the same pixels: a test renders each and fails when the file in
`docs/screens/` differs, naming the files and the command that renders them anew. The one screen
that `screenshot --screen` cannot stage, the whole app with the mocked panels' lights strip under
the map, is staged here with the real App, gpiozero's MockFactory pins and a save in a temporary
folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Seat

if TYPE_CHECKING:
    from companion.saves.saved_game import SavedGame
    from companion.table.app import App
    from hardware.pin_factory import PinFactory
    from hardware.pinmap import PinMap


@dataclass(frozen=True, slots=True)
class DocScreen:
    """One file of `docs/screens/` and the moment it shows."""

    file: str
    screen: str                      # a `screenshot --screen` name, or "app"
    scenario: str = "duel"
    seat: str = "helm:enterprise"
    size: tuple[int, int] = (800, 480)
    level: str = "basic"
    turns: int = 0
    seed: int = 1
    action: str = ""                 # "app": drawn when the seat must take this action
    lights: str = ""                 # "lights": the example file walked ("": the panels' own)
    rotate: int = 0                  # the screen turned ([display] rotate); size is the screen's

    def command(self) -> str:
        """The `starbridge screenshot` line that draws this one file alone."""
        if self.screen in ("app", "first-game"):
            return f"starbridge screenshot --docs DIR   (the {self.screen}: only with --docs)"
        if self.screen == "lights":
            return (f"starbridge lights test {self.lights or ''}".rstrip() +
                    f" --scenario {self.scenario} --level {self.level} --seed {self.seed} "
                    f"--png {self.file}")
        return (f"starbridge screenshot --screen {self.screen} --scenario {self.scenario} "
                f"--seat {self.seat} --size {self.size[0]}x{self.size[1]} --level {self.level} "
                f"--turns {self.turns} --seed {self.seed}"
                + (f" --rotate {self.rotate}" if self.rotate else "") + f" --out {self.file}")


DOC_SCREENS: tuple[DocScreen, ...] = (
    DocScreen("app-800x480.png", "app", action="move"),
    DocScreen("first-game-800x480.png", "first-game"),
    DocScreen("attract-800x480.png", "attract"),
    DocScreen("briefing-800x480.png", "briefing"),
    DocScreen("countdown-800x480.png", "countdown"),
    DocScreen("fire-counters-800x480.png", "counters", scenario="cestus-well",
              seat="captain:enterprise", level="expert"),
    DocScreen("tactical-turn-800x480.png", "tactical", scenario="cestus-well",
              seat="helm:enterprise", level="expert"),
    DocScreen("mines-romulan-800x480.png", "map", scenario="romulan-gambit", seat="helm:bop1",
              level="advanced"),
    DocScreen("well-cestus-800x480.png", "map", scenario="cestus-well", seat="helm:enterprise",
              level="expert"),
    DocScreen("arming-skirmish-1920x1080.png", "arming", scenario="skirmish",
              seat="helm:bastion", size=(1920, 1080)),
    DocScreen("captain-800x480.png", "captain"),
    DocScreen("end-800x480.png", "end"),
    DocScreen("engineering-800x480.png", "engineering"),
    DocScreen("fire-skirmish-800x480.png", "fire", scenario="skirmish", seat="helm:lance"),
    DocScreen("helm-800x480.png", "helm"),
    DocScreen("helm-advanced-800x480.png", "helm", level="advanced"),
    DocScreen("instructor-800x480.png", "instructor", seat="instructor"),
    DocScreen("record-expert-800x480.png", "record", level="expert", turns=1),
    DocScreen("roll-800x480.png", "roll"),
    DocScreen("rolls-800x480.png", "rolls"),
    DocScreen("science-800x480.png", "science"),
    DocScreen("seats-800x480.png", "seats", seat="instructor"),
    DocScreen("why-800x480.png", "why"),
    # The Touch Display 2 is a portrait 720x1280 panel: on its side ([display] rotate = 90) the
    # bridge is drawn at 1280x720 and turned onto it (docs/display.md, "A screen turned").
    DocScreen("helm-rotate-90-720x1280.png", "helm", size=(720, 1280), rotate=90),
    # Star Frontiers Knight Hawks on the same bridge display (docs/display.md, Knight Hawks)
    DocScreen("kh-helm-patrol-800x480.png", "helm", scenario="patrol", seat="helm:scout-2",
              turns=1),
    DocScreen("kh-weapons-patrol-800x480.png", "weapons", scenario="patrol",
              seat="weapons:scout-2", turns=1),
    DocScreen("kh-roll-patrol-800x480.png", "roll", scenario="patrol", seat="weapons:scout-2",
              turns=1),
    DocScreen("kh-dice-patrol-800x480.png", "dice", scenario="patrol", seat="weapons:scout-2",
              turns=1),
    DocScreen("kh-engineering-patrol-800x480.png", "engineering", scenario="patrol",
              seat="engineer:scout-2", turns=1),
    DocScreen("kh-instructor-fleet-800x480.png", "instructor", scenario="fleet",
              seat="instructor", turns=2),
    DocScreen("kh-end-patrol-800x480.png", "end", scenario="patrol", seat="captain:scout-2"),
    DocScreen("why-location-expert-800x480.png", "why-location", seat="science:enterprise",
              level="expert", seed=4),
    DocScreen("why-skill-expert-800x480.png", "why-skill", seat="captain:enterprise",
              level="expert", turns=1, seed=4),
    # The away team (strpg): characters on a square map (docs/display.md, The away team)
    DocScreen("strpg-election-800x480.png", "instructor", scenario="boarding", seat="instructor"),
    DocScreen("strpg-kirk-boarding-800x480.png", "decide", scenario="boarding",
              seat="captain:kirk", turns=1),
    DocScreen("strpg-roll-boarding-800x480.png", "roll", scenario="boarding",
              seat="weapons:giotto", turns=1),
    DocScreen("strpg-why-boarding-800x480.png", "why", scenario="boarding",
              seat="weapons:giotto", turns=1),
    DocScreen("strpg-kirk-ambush-800x480.png", "decide", scenario="ambush",
              seat="captain:kirk"),
    DocScreen("strpg-instructor-ambush-800x480.png", "instructor", scenario="ambush",
              seat="instructor", turns=1),
    DocScreen("strpg-end-ambush-800x480.png", "end", scenario="ambush", seat="captain:kirk"),
    # Command & Control (--level command): each officer's panel on the crewed Enterprise.
    DocScreen("command-engineering-800x480.png", "engineering", scenario="kobayashi-maru",
              seat="engineer:enterprise", level="command", turns=1),
    DocScreen("command-helm-800x480.png", "helm", scenario="kobayashi-maru",
              seat="helm:enterprise", level="command", turns=1),
    DocScreen("command-science-800x480.png", "science", scenario="kobayashi-maru",
              seat="science:enterprise", level="command", turns=1),
    DocScreen("command-captain-800x480.png", "captain", scenario="kobayashi-maru",
              seat="captain:enterprise", level="command", turns=1),
    DocScreen("command-record-800x480.png", "record", scenario="kobayashi-maru",
              seat="instructor", level="command", turns=1),
    DocScreen("split-helm-science-800x480.png", "split", scenario="kobayashi-maru",
              seat="captain:enterprise", level="command", turns=1),
    # The half-impulse referee of the Star Fleet Battles variant (docs/display.md): the order
    # of movement over the map, each player's step and who may act in it.
    DocScreen("hi-move-replay-800x480.png", "mover", scenario="replay", seat="captain:tiger"),
    DocScreen("hi-response-replay-800x480.png", "response", scenario="replay",
              seat="captain:regalhawk"),
    DocScreen("hi-launch-carrier-800x480.png", "launch", scenario="carrier",
              seat="captain:carrier"),
    DocScreen("hi-fighters-carrier-800x480.png", "second-phase", scenario="carrier",
              seat="captain:carrier"),
    DocScreen("hi-rolloff-replay-800x480.png", "roll-off", scenario="replay",
              seat="captain:tiger"),
    DocScreen("hi-drones-replay-800x480.png", "drones", scenario="replay", seat="instructor"),
    DocScreen("lights-test.png", "lights", lights="lights/examples/basic.toml"),
    DocScreen("lights-test-panels.png", "lights"),
)


def render_doc_screen(doc: DocScreen, out: Path) -> None:
    """Draw `doc` into the PNG file `out`."""
    from companion.headless.screens import parse_seat, render

    if doc.screen == "app":
        render_app(doc, out)
        return
    if doc.screen == "first-game":
        render_first_game(doc, out)
        return
    if doc.screen == "lights":
        render_lights(doc, out)
        return
    render(doc.scenario, parse_seat(doc.seat), doc.size, doc.turns, doc.screen, doc.seed, out,
           None, doc.level, doc.rotate)


def render_lights(doc: DocScreen, out: Path) -> None:
    """`starbridge lights test`'s walk of a packaged lights file, as its --png draws it."""
    from importlib import resources

    from companion.headless.lights_walk import walk, walk_rows
    from companion.session import load_scenario, prepare
    from display.draw_walk import save_walk
    from lights.load import load_rules

    path = None
    if doc.lights:
        path = Path(str(resources.files("lights") / doc.lights.removeprefix("lights/")))
    rules = load_rules(path)
    scenario = prepare(load_scenario(doc.scenario, None), None, doc.level, None, 2)
    moments, _, _ = walk(rules, scenario, doc.seed, 2)
    save_walk(out, walk_rows(moments), f"{doc.lights or 'panel_lights.toml'} · {doc.scenario} "
                                       f"at {doc.level}, seed {doc.seed}")


def render_all(folder: Path, docs: Iterable[DocScreen] = DOC_SCREENS,
               said: Callable[[str], None] | None = None) -> list[Path]:
    """Render every documentation screenshot into `folder`; the files written."""
    from companion.headless.progress import Progress

    written = []
    docs = tuple(docs)
    with Progress("screenshot", len(docs)) as progress:
        for n, doc in enumerate(docs):
            progress.step(n, doc.file)
            path = folder / doc.file
            render_doc_screen(doc, path)
            written.append(path)
            if said is not None:
                progress.close()
                said(str(path))
    return written


def stale(folder: Path, docs: Iterable[DocScreen] = DOC_SCREENS) -> list[str]:
    """The files of `folder` that the program no longer draws pixel for pixel (or that are
    missing), each with what is wrong."""
    import pygame

    from companion.headless.progress import Progress

    found = []
    docs = tuple(docs)
    with tempfile.TemporaryDirectory(prefix="starbridge-screens-") as tmp, \
            Progress("screenshot --check", len(docs)) as progress:
        for n, doc in enumerate(docs):
            progress.step(n, doc.file)
            fresh = Path(tmp) / doc.file
            render_doc_screen(doc, fresh)
            kept = folder / doc.file
            if not kept.is_file():
                found.append(f"{kept}: missing")
                continue
            a, b = pygame.image.load(str(kept)), pygame.image.load(str(fresh))
            if a.get_size() != b.get_size():
                found.append(f"{kept}: {a.get_width()}x{a.get_height()}, the program draws "
                             f"{b.get_width()}x{b.get_height()}")
            elif pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB"):
                found.append(f"{kept}: differs from what the program draws now")
    return found


class _Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def render_first_game(doc: DocScreen, out: Path) -> None:
    """A new table's first game offered on the screen (companion/table/first_game.py): the packaged
    scenarios and the default pin map's keys for KEYS."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.table.first_game import TITLE_FIRST, game_offer
    from display.draw_game_offer import GameChooser
    from display.game_offer import start
    from display.keys_sheet import PanelKeys
    from display.offer_screen import OfferScreen
    from hardware.pinmap import load_pinmap

    pygame.font.init()
    surface = pygame.Surface(doc.size)
    offer = game_offer(None)
    keys = tuple(PanelKeys(n, p.station, tuple(p.keys.items()))
                 for n, p in load_pinmap().panels.items())
    screen = OfferScreen(surface, GameChooser(offer, start(offer, doc.scenario), first=True,
                                              keys=True), TITLE_FIRST, keys)
    screen.draw()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))


def render_app(doc: DocScreen, out: Path) -> None:
    """The whole app at a PC table: the Enterprise's crew at mocked panels (their lights in the
    strip under the map), the Klingon on the autopilot, drawn when Helm must move."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.saves.saved_game import SavedGame
    from companion.saves.store import Store
    from companion.session import load_scenario, prepare
    from companion.table.app import App, Table
    from engine import crew_stations, new_game
    from hardware.pinmap import load_pinmap

    pygame.display.init()   # the app reads pygame's event queue, which needs the video system
    pygame.font.init()
    seat = Seat(*doc.seat.split(":", 1))
    surface = pygame.display.set_mode(doc.size)
    with tempfile.TemporaryDirectory(prefix="starbridge-app-") as tmp:
        store, _ = Store.open_folder(Path(tmp))
        try:
            scenario = prepare(load_scenario(doc.scenario, None), None, doc.level, None,
                               doc.turns + 10)
            state = new_game(scenario)
            ships = [str(s["id"]) for s in scenario.get("ships", ()) if isinstance(s, dict)]
            seats = {f"{ship}/{st}": ("panel" if ship == seat.ship else "autopilot")
                     for ship in ships for st in crew_stations(state, ship)}
            game = SavedGame.new(store, scenario, doc.seed, seats)
            clock = _Clock()
            table_seats: dict[tuple[str, str], str] = {}
            for key, mode in seats.items():
                ship, _, station = key.partition("/")
                table_seats[(ship, station)] = mode
            factory: PinFactory = MockFactory(revision="d04170", pin_class=MockPWMPin)
            pins = load_pinmap()
            table = Table(table_seats, pins, factory, None, surface,
                          Seat("captain", seat.ship), clock, say=lambda _: None)
            app = App(game, table)
            try:
                clock.t += 1.0   # past the lamp test
                _play_until(app, game, clock, (pins, factory), seat, doc.action)
                if app.display is not None:
                    app.display.draw(force=True)
                out.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(surface, str(out))
            finally:
                app.close()
        finally:
            store.close()
            pygame.display.quit()


def _play_until(app: App, game: SavedGame, clock: _Clock, panels: tuple[PinMap, PinFactory],
                seat: Seat, action: str) -> None:
    """Step the app, the crew at their mocked panels stepping a power allocation up and pressing
    CONFIRM (a long press where a decision cannot be undone), until `seat` has a decision in
    front of it (`action`, when given). `panels`: the table's pin map and its mocked pins."""
    from engine import pending

    def press(panel: str, hold: float, button: str = "confirm") -> None:
        pins, factory = panels
        pin = factory.pin(pins.panels[panel].buttons[button].pin)
        pin.drive_low()
        clock.t += 0.03
        app.step()
        clock.t += hold
        app.step()
        pin.drive_high()
        clock.t += 0.5
        app.step()

    for _ in range(300):
        prompts = [p for p in pending(game.state) if p.ship == seat.ship]
        if prompts and prompts[0].station == seat.station and prompts[0].roll is None \
                and prompts[0].action in (action or prompts[0].action,):
            app.step()
            return
        if game.over:
            return
        if not app.waiting_for_people():
            clock.t += 0.05
            app.step()
            continue
        station = prompts[0].station if prompts else seat.station
        panel = next(name for name, st in app.bridges[0].stations.items()
                     if st.model.seat.station == station)
        before = len(game.actions)
        if prompts and prompts[0].action == "allocate_power" and prompts[0].roll is None:
            for _ in range(6):
                press(panel, 0.0, "up")
        press(panel, 0.0)
        if len(game.actions) == before:
            press(panel, 0.9)
    raise RuntimeError(f"the app never came to a decision of {seat}")
