"""`starbridge lights`: check a lights file, and walk its rules over a scripted game.

    starbridge lights check FILE           # every mistake as file:line: key: what
    starbridge lights test [FILE]          # what each output does after each action
    starbridge lights test FILE --png OUT  # the same as a picture: a row per output
    starbridge lights test FILE --live     # and light the real outputs as it goes
    starbridge lights example LEVEL        # a packaged example (basic, advanced, expert,
                                           # command, panels) to begin a table's own from

Without a file, the panels' packaged default (lights/data/panel_lights.toml). docs/lights.md
says the format.
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib import resources
from pathlib import Path

from companion.headless.lights_walk import describe, walk, walk_rows
from lights.load import DEFAULT_PANELS, LightsError, load_rules
from lights.rules import RuleSet

EXAMPLE_NAMES = ("basic", "advanced", "expert", "command", "panels")
"""The packaged lights files `lights example` prints (lights/examples/, lights/data/)."""

EXAMPLES = """examples:
  starbridge lights example basic > my_room.toml  a packaged example to begin from
  starbridge lights check my_room.toml            every mistake as file:line: key: what
  starbridge lights test my_room.toml             each output after each action of a game
  starbridge lights test my_room.toml --level command --seed 4
  starbridge lights test my_room.toml --png room.png      the walk as a picture
  starbridge lights test my_room.toml --live --pace 1     light the room as it goes"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=("check", "test", "example"))
    p.add_argument("file", nargs="?", type=Path, default=None,
                   help="lights file (default: the panels' packaged default); example: which "
                        f"({', '.join(EXAMPLE_NAMES)})")
    p.add_argument("--scenario", default="duel",
                   help="test: the scenario played (duel; a table's own from --data-dir too)")
    p.add_argument("--level", default="basic", help="test: its level (basic)")
    p.add_argument("--seed", type=int, default=1, help="test: the dice's seed (1)")
    p.add_argument("--turns", type=int, default=2, help="test: turns played (2)")
    p.add_argument("--png", type=Path, default=None, help="test: draw the walk to this PNG")
    p.add_argument("--live", action="store_true",
                   help="test: send each look to the real outputs (WLED, DMX, sound) too")
    p.add_argument("--pace", type=float, default=0.0,
                   help="test with --live: seconds between two actions (0: as fast as it goes)")


MAX_PACE = 60.0
"""The longest pause `--pace` may ask between two actions of a live walk, in seconds."""


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    if args.action == "example":
        return example(str(args.file or ""))
    try:
        rules = load_rules(args.file)
    except LightsError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"starbridge: {len(exc.problems)} mistake(s) in the lights file; see "
              f"docs/lights.md", file=sys.stderr)
        return 2
    if args.action == "check":
        for line in summary(rules):
            print(line)
        return 0
    return test(rules, args, data_dir)


def example(name: str) -> int:
    """Print a packaged lights file: an example of a level, or the panels' own."""
    if name not in EXAMPLE_NAMES:
        print(f"starbridge: lights example {name or '(none)'}: which one? "
              f"{', '.join(EXAMPLE_NAMES)}", file=sys.stderr)
        return 2
    where = ("data", DEFAULT_PANELS) if name == "panels" else ("examples", f"{name}.toml")
    sys.stdout.write((resources.files("lights").joinpath(*where)).read_text(encoding="utf-8"))
    return 0


def summary(rules: RuleSet) -> list[str]:
    kinds: dict[str, int] = {}
    for o in rules.outputs.values():
        kinds[o.kind] = kinds.get(o.kind, 0) + 1
    outs = ", ".join(f"{n} {k}" for k, n in kinds.items()) or "no outputs"
    states = sum(1 for r in rules.rules if r.kind == "state")
    out = [f"{rules.source}: good: {outs}; {states} state rule(s), "
           f"{len(rules.rules) - states} event rule(s)"]
    seats = sorted({o.seat for o in rules.outputs.values() if o.kind != "panel"})
    for seat in seats:
        names = [o.name for o in rules.outputs.values() if o.seat == seat and o.kind != "panel"]
        whose = "what every side may know" if seat == "public" else f"{seat}'s view alone"
        out.append(f"  {', '.join(names)}: {whose}")
    return out


def test(rules: RuleSet, args: argparse.Namespace, data_dir: Path | None = None) -> int:
    from companion.session import load_scenario, prepare
    from engine.errors import EngineError

    if args.png is not None and not args.png.parent.is_dir():
        print(f"starbridge: --png {args.png}: no folder {args.png.parent} to write it in",
              file=sys.stderr)
        return 2
    if not 0 <= args.turns <= 999:   # as `play` says it: the flag, not the scenario's field
        print("starbridge: --turns must be from 0 (the scenario's limit) to 999", file=sys.stderr)
        return 2
    if not 0 <= args.pace <= MAX_PACE:   # also refuses nan; inf would overflow time.sleep
        print(f"starbridge: --pace must be from 0 to {MAX_PACE:g} seconds", file=sys.stderr)
        return 2
    try:
        scenario = prepare(load_scenario(args.scenario, data_dir), data_dir, args.level, None,
                           args.turns)
    except (EngineError, KeyError, ValueError) as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2
    moments, fired, said = walk(rules, scenario, args.seed, args.turns, live=args.live)
    last: dict[str, str] = {}
    for m in moments:
        changed = {name: describe(s) for name, s in m.shown.items()
                   if last.get(name) != describe(s)}
        if not changed and not m.sounds:
            continue
        print(f"{m.number:4}  {m.what}")
        for text in m.told[:3]:
            print(f"        · {text}")
        for name, text in changed.items():
            print(f"        {name}: {text}")
            last[name] = text
        for name in m.sounds:
            print(f"        {name}: plays {rules.outputs[name].sound}")
        if args.live and args.pace > 0:
            time.sleep(args.pace)
    for line in said:
        print(line)
    never = [r for r in rules.rules if not fired.get(r.index)]
    print(f"{len(moments) - 1} actions; {len(rules.rules) - len(never)} of {len(rules.rules)} "
          f"rules lit something")
    for r in never:
        print(f"  never in this game: {rules.source}:{r.line}: {r.key}: {r.label} "
              f"(try another --level or --seed, or check its condition)")
    if args.png is not None:
        from display.draw_walk import save_walk

        try:
            save_walk(args.png, walk_rows(moments), f"{rules.source} · {args.scenario} at "
                                                    f"{args.level}, seed {args.seed}")
        except (OSError, RuntimeError) as exc:   # pygame.error: a file it cannot write
            print(f"starbridge: --png {args.png}: cannot be written: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {args.png}")
    return 0
