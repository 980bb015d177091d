"""Golden playthroughs (OpenSpiel's playthrough tests): a few seeded games of every ruleset and
level, each written out as a readable text of every action, what each seat was asked before it
and what each side was told after it. The texts are committed (tests/engine/golden/); the suite
replays each file's actions through the kernel and compares its text with the file line by line
(test_golden_playthroughs.py), so a change to play shows in a diff, and an unintended one fails.

Everything here goes through the kernel's API (`engine.new_game`, `apply`, `pending`, `view`,
`events_for`, `decide`) and the app's scenario loading, never a ruleset's own modules: the texts
stay valid whatever the rulesets' modules are called or where they live.

Regenerate on purpose, after a change of behaviour that is meant (and say why in its commit):

    .venv/bin/python tests/engine/golden_games.py            # every game
    .venv/bin/python tests/engine/golden_games.py basic-duel # the named ones

Each game's actions are the autopilot's decisions for the first prompt waiting and seeded dice
for every roll, so the files also pin what the autopilots do; the test says which it is when a
replayed action no longer agrees with the autopilot.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from companion.session import load_scenario, prepare
from engine import Action, Event, GameState, Prompt, RollResult, Seat, action_from_json, rulesets
from engine.game import officer_needs

FOLDER = Path(__file__).parent / "golden"
ACTION_MARK = "#"
"""An action line: `#12 {"type": ...}`, the action as the log's JSON (its fields in order)."""

MAX_ACTIONS = 5000
"""A game that has not ended by then is a fault of the game or of its autopilots."""


@dataclass(frozen=True)
class Golden:
    """One golden game: a packaged scenario at a level, with options, player crews and the seed
    of its dice."""

    name: str
    about: str
    scenario: str
    level: str | None = None
    turns: int = 3
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    crewed: tuple[tuple[str, str], ...] = ()   # (ship, crew layout) the players crew
    slow: bool = False                         # left out of the developer's run (conftest.py)

    def build(self) -> dict[str, Any]:
        """The prepared, self-contained scenario the game starts from."""
        sc = load_scenario(self.scenario, None)
        if self.crewed:
            sc = {**sc, "crewed": [ship for ship, _ in self.crewed],
                  "ships": [{**s, "crew": dict(self.crewed)[s["id"]]}
                            if s["id"] in dict(self.crewed) else s for s in sc["ships"]]}
        sc = prepare(sc, None, self.level, None, self.turns, options=self.options)
        return with_officers(sc, random.Random(self.seed))

    @property
    def ruleset(self) -> str:
        """The name of the ruleset the game is played by."""
        return str(load_scenario(self.scenario, None)["ruleset"])

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


def with_officers(scenario: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """`scenario` with officers for each ship the players crew: each rating three d10 and 45
    (FASA, Command & Control: Creating The Skill Ratings, seed line 1001)."""
    needs = officer_needs(scenario)
    if not needs:
        return scenario
    ships = []
    for entry in scenario["ships"]:
        stations = needs.get(entry["id"])
        if stations:
            entry = {**entry, "officers": {
                str(station): {"name": f"{str(station).title()} of {entry.get('name', entry['id'])}",
                               **{k: 45 + sum(rng.randint(1, 10) for _ in range(3))
                                  for k in keys}}
                for station, keys in stations.items()}}
        ships.append(entry)
    return {**scenario, "ships": ships}


GAMES = (
    Golden("basic-duel", "FASA basic game: a duel", "duel", "basic", turns=4, seed=1),
    Golden("basic-skirmish", "FASA basic game: two ships a side", "skirmish", "basic",
           turns=2, seed=2),
    Golden("advanced-gambit", "FASA advanced game: cloaked Romulans placed by the table, mines",
           "romulan-gambit", "advanced", turns=3, seed=3),
    Golden("advanced-raiders", "FASA advanced game: the raiders", "raiders", "advanced",
           turns=3, seed=4),
    Golden("advanced-options", "FASA advanced game with the optional rules on: a firing limit, "
           "rescues, team communications, Campaign Advancement", "skirmish", "advanced",
           turns=3, seed=5, options={"fire_limit": 2, "rescues": True,
                                     "team_communications": True, "campaign": True}),
    Golden("advanced-admiral", "FASA advanced game with an Admiral for each side", "skirmish",
           "advanced", turns=2, seed=6, options={"admiral": True}),
    Golden("expert-duel", "FASA expert game: a duel", "duel", "expert", turns=3, seed=7),
    Golden("expert-gambit", "FASA expert game: cloaked Romulans, the arc scan", "romulan-gambit",
           "expert", turns=3, seed=8),
    Golden("command-kobayashi", "FASA Command & Control: the Kobayashi Maru, the players' ship "
           "crewed", "kobayashi-maru", "command", turns=2, seed=9),
    Golden("command-head-to-head", "FASA Command & Control: two player crews head to head, "
           "crews of 6 and of 3 (the Captain at Science)", "duel", "command", turns=3, seed=10,
           crewed=(("enterprise", "6"), ("kronos", "3-science"))),
    Golden("command-campaign", "FASA Command & Control with Campaign Advancement and rescues, "
           "the first ship crewed by 4 (split)", "skirmish", "command", turns=2, seed=11,
           options={"campaign": True, "rescues": True}, crewed=(("lance", "4-split"),)),
    Golden("battlestations-well", "FASA with the Battlestations! variant: three combat rounds a "
           "turn beside a planet's gravity well, an Andorian captain", "cestus-well", turns=2,
           seed=16),
    Golden("battlestations-skirmish", "FASA advanced game with the Battlestations! variant: two "
           "ships a side, the tactical advantage by movement points", "skirmish", "advanced",
           turns=2, seed=17, options={"variant": "battlestations"}),
    Golden("knighthawks-patrol", "Knight Hawks: the patrol", "knighthawks:patrol", turns=4,
           seed=12),
    Golden("knighthawks-fleet", "Knight Hawks: the fleet action", "knighthawks:fleet", turns=3,
           seed=13),
    Golden("strpg-corridor", "The away team: the corridor skirmish, each character's seat and "
           "the Instructor's election", "strpg:corridor", turns=3, seed=14),
    Golden("strpg-ambush", "The away team: the ambush at the ford, the raiders hidden",
           "strpg:ambush", turns=2, seed=15, slow=True),
)
BY_NAME = {g.name: g for g in GAMES}


# -- playing a golden game -----------------------------------------------------------------------

def roll_for(prompt: Prompt, rng: random.Random) -> RollResult:
    assert prompt.roll is not None
    return RollResult(prompt.roll.station, rng.randint(1, prompt.roll.sides), "virtual")


def autopilot_actions(game: Golden) -> Iterator[Action]:
    """The game's actions as it is first played: the autopilot for the first prompt waiting,
    seeded dice for a roll."""
    state = engine.new_game(game.build())
    rng = random.Random(game.seed)
    for _ in range(MAX_ACTIONS):
        prompts = engine.pending(state)
        if not prompts:
            return
        prompt = prompts[0]
        action = roll_for(prompt, rng) if prompt.roll else engine.decide(state, prompt)
        yield action
        state, _ = engine.apply(state, action)
    raise AssertionError(f"{game.name}: no end after {MAX_ACTIONS} actions")


# -- the text ------------------------------------------------------------------------------------

def action_text(action: Action) -> str:
    """The action as the log's JSON, type, station and ship first."""
    data = action.to_json()
    first = {k: data[k] for k in ("type", "station", "ship") if k in data}
    return json.dumps({**first, **{k: v for k, v in data.items() if k not in first}},
                      ensure_ascii=False, separators=(", ", ": "))


def action_of(line: str) -> Action:
    """The action of an action line (`#12 {...}`); AssertionError naming it if it is not one."""
    mark, _, text = line.partition(" ")
    try:
        return action_from_json(json.loads(text), mark)
    except (ValueError, engine.DataError) as exc:   # JSONDecodeError is a ValueError
        raise AssertionError(f"golden action line {mark} is not an action: {exc}") from None


def _sides(state: GameState) -> list[tuple[str, Seat]]:
    """Each side of the game and the seat whose knowledge stands for it: the first station of
    its first ship."""
    seen: dict[str, Seat] = {}
    for ship in engine.view(state, Seat("instructor"))["ships"]:
        side = str(ship["side"])
        if side not in seen:
            seen[side] = Seat(engine.crew_stations(state, ship["id"])[0], ship["id"])
    return sorted(seen.items())


def _prompt_text(ship: Any, station: Any, action: Any, what: Any, side: Any = None) -> str:
    who = f"{ship}" if ship else f"({side})" if side else "(table)"
    return f"{who} {station} {action}: {what}"


def _asked_lines(state: GameState, sides: Sequence[tuple[str, Seat]]) -> list[str]:
    """One line per prompt waiting, with what each side sees of it where that differs."""
    prompts = engine.pending(state)
    seen = {name: list(engine.view(state, seat).get("pending", [])) for name, seat in sides}
    lines = []
    for p in prompts:
        what = p.roll.purpose if p.roll is not None else p.what
        line = "  ? " + _prompt_text(p.ship, p.station, p.action, what, p.side)
        notes = []
        for name, _ in sides:
            entries = seen[name]
            if entries and entries[0].get("ship") == p.ship and entries[0].get("side") in (
                    None, p.side):
                e = entries.pop(0)
                if (str(e.get("station")), e.get("action"), e.get("what")) != (
                        str(p.station), p.action, what):
                    notes.append(f"{name} sees {e.get('station')} {e.get('action')}: "
                                 f"{e.get('what')}")
            else:
                notes.append(f"{name} sees nothing")
        lines.append(line + ("  | " + " | ".join(notes) if notes else ""))
    for name, _ in sides:
        for e in seen[name]:
            lines.append(f"  ? {name} sees more: " + _prompt_text(
                e.get("ship"), e.get("station"), e.get("action"), e.get("what"), e.get("side")))
    return lines


def _told_lines(state: GameState, events: Sequence[Event],
                sides: Sequence[tuple[str, Seat]]) -> list[str]:
    """Each event (the Instructor's account), with the sides told it where not every side is;
    an event a side is told that is not in the Instructor's account, under that side."""
    told = {name: list(engine.events_for(state, events, seat)) for name, seat in sides}
    lines = []
    for event in events:
        who = [name for name in told if event in told[name]]
        for name in who:
            told[name].remove(event)
        mark = "~" if event.quiet else "-"
        note = "" if len(who) == len(sides) else \
            f"  [told: {', '.join(who) if who else 'the Instructor alone'}]"
        lines.append(f"  {mark} {event.text}{note}")
    for name, rest in told.items():
        lines += [f"  {name} is told instead: {e.text}" for e in rest]
    return lines


def _board_lines(state: GameState) -> list[str]:
    """Each ship as the Instructor sees it: place, heading, status and its hull."""
    lines = []
    for s in engine.view(state, Seat("instructor"))["ships"]:
        where = f"{s.get('col')},{s.get('row')} h{s.get('heading')}" \
            if s.get("col") is not None else "off the map"
        parts = [f"    {s['id']}: {s.get('status')} {where}"]
        if "superstructure" in s:   # FASA
            parts.append(f"superstructure {s['superstructure']}/{s['superstructure_max']}, "
                         f"shields {' '.join(str(x) for x in s['shields'])}, "
                         f"power {s.get('power')}, warp {s.get('warp')}")
        if s.get("summary"):        # a ruleset's own line (Knight Hawks: the hull)
            parts.append(str(s["summary"]))
        if "speed" in s:
            parts.append(f"speed {s['speed']}")
        lines.append(", ".join(parts))
    return lines


def _turn_of(state: GameState) -> Any:
    return engine.view(state, Seat("instructor")).get("turn")


def playthrough(game: Golden, actions: Sequence[Action],
                check: Callable[[int, GameState, Prompt, Action], None] | None = None) -> str:
    """The golden text of `game` played with `actions` (all of them: the game must end with
    the last). `check(n, state, prompt, action)` is called before each action is applied."""
    state = engine.new_game(game.build())
    sides = _sides(state)
    out = [f"golden playthrough {game.name}: {game.about}",
           f"scenario {game.scenario}, level {game.level or '-'}, at most {game.turns} turns, "
           f"dice seed {game.seed}",
           f"options: {json.dumps(dict(game.options), sort_keys=True)}; player crews: "
           f"{', '.join(f'{s} ({c})' for s, c in game.crewed) or '-'}",
           f"sides, each as its seat sees: {', '.join(f'{n} ({s.station} of {s.ship})' for n, s in sides)}",
           "regenerate: .venv/bin/python tests/engine/golden_games.py " + game.name]
    turn = None
    asked: list[str] = []
    for n, action in enumerate(actions, 1):
        prompts = engine.pending(state)
        if not prompts:
            raise AssertionError(f"{game.name}: action {n} after the game ended")
        if _turn_of(state) != turn:
            turn = _turn_of(state)
            out += ["", f"== turn {turn}", *_board_lines(state)]
            asked = []
        now = _asked_lines(state, sides)
        if now != asked:   # what each seat is asked, when it changes
            out += now
            asked = now
        if check is not None:
            check(n, state, prompts[0], action)
        out.append(f"{ACTION_MARK}{n} {action_text(action)}")
        state, events = engine.apply(state, action)
        out += _told_lines(state, events, sides)
    if engine.pending(state):
        raise AssertionError(f"{game.name}: the game has not ended after its {len(actions)} "
                             "actions")
    view = engine.view(state, Seat("instructor"))
    out += ["", f"== over after turn {view.get('turn')}: {view.get('outcome')}",
            *_board_lines(state)]
    return "\n".join(out) + "\n"


def recorded_actions(game: Golden, text: str) -> list[Action]:
    """The actions of `game`'s golden text, in order."""
    rulesets.get(game.ruleset)   # its action types known
    return [action_of(line) for line in text.splitlines() if line.startswith(ACTION_MARK)]


def write(game: Golden) -> Path:
    text = playthrough(game, list(autopilot_actions(game)))
    FOLDER.mkdir(exist_ok=True)
    game.path.write_text(text, encoding="utf-8")
    return game.path


def main(argv: Sequence[str]) -> int:
    names = list(argv) or list(BY_NAME)
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        print(f"no golden game {', '.join(unknown)}; games: {', '.join(BY_NAME)}",
              file=sys.stderr)
        return 2
    for name in names:
        path = write(BY_NAME[name])
        text = path.read_text(encoding="utf-8")
        print(f"{path}: {len(recorded_actions(BY_NAME[name], text))} actions, {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
