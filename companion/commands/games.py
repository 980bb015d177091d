"""`starbridge games`: the saved games; export one as a game log, import a log, undo."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store, StoreError
from engine.errors import EngineError

NAME = "games"
EXAMPLES = """examples:
  starbridge games                          the saved games, newest last
  starbridge games export 3 game3.jsonl     game 3 as a game log (docs/log-format.md)
  starbridge games import game3.jsonl       a game log from elsewhere, as a new saved game
  starbridge games undo 3                   take back game 3's last action by a person
  starbridge games undo 3 --phase           back to the start of the phase

A game's status: playing (unfinished: `play --resume` goes on with it, and a kiosk goes back
into it after a power cut), over, abandoned (left idle in a kiosk, or left on purpose: only
`play --resume GAME` goes on with it), damaged (its lines fail their checks: kept, export it
for a bug report).

Saves live in the user data folder (~/.local/share/starbridge/saves.db, or $STARBRIDGE_DATA).
An import never changes a saved game: a file that is not a good log is refused with the reason."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", nargs="?", choices=tuple(ACTIONS), default="list")
    p.add_argument("args", nargs="*", help="export: GAME FILE; import: FILE; undo: GAME")
    p.add_argument("--phase", action="store_true", help="undo: back to the start of the phase")


def _game_number(text: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise StoreError(f"{text!r} is not a game number (starbridge games lists them)")
    return int(text)


def run(args: argparse.Namespace, folder: Path | None = None) -> int:
    from companion.settings.paths import user_data_dir

    action = ACTIONS[args.what]
    if len(args.args) != action.operands:
        print(f"starbridge: usage: {action.usage} (see: starbridge games --help)",
              file=sys.stderr)
        return 2
    try:
        # listing and exporting only read: they work on a save that cannot be written
        store, notes = Store.open_folder(folder or user_data_dir(),
                                         read_only=None if action.reads else False)
        for note in notes:
            print(f"starbridge: {note}", file=sys.stderr)
        try:
            return action.run(store, args)
        finally:
            store.close()
    except (StoreError, EngineError) as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"starbridge: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2


def _list(store: Store, args: argparse.Namespace) -> int:
    games = store.games()
    if not games:
        print("no saved games (starbridge play starts one)")
    for g in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated)) if g.updated \
            else "????-??-?? ??:??"   # a time the save does not hold as a number
        undone = f", {g.undos} undo(s)" if g.undos else ""
        print(f"{g.id:4}  {when}  {g.status:9}  {g.actions:5} actions{undone}  {g.title}")
    return 0


def _export(store: Store, args: argparse.Namespace) -> int:
    gid, out = _game_number(args.args[0]), Path(args.args[1])
    n = store.export(gid, out)
    print(f"game {gid}: {n} actions written to {out}")
    return 0


def _import(store: Store, args: argparse.Namespace) -> int:
    gid, warnings = store.import_log(Path(args.args[0]))
    for w in warnings:
        print(f"starbridge: warning: {w}", file=sys.stderr)
    print(f"imported as game {gid}")
    return 0


def _undo(store: Store, args: argparse.Namespace) -> int:
    gid = _game_number(args.args[0])
    game = SavedGame.resume(store, gid)
    taken = game.undo_phase() if args.phase else game.undo_last()
    print(f"game {gid}: {taken} action(s) taken back; {len(game.actions)} remain")
    return 0


@dataclass(frozen=True)
class GamesSubcommand:
    """What `starbridge games WHAT` does: its usage line, how many words it takes after WHAT,
    whether it only reads the saves (then it works on a save that cannot be written), and its
    handler."""

    usage: str
    operands: int
    reads: bool
    run: Callable[[Store, argparse.Namespace], int]


ACTIONS: dict[str, GamesSubcommand] = {
    "list": GamesSubcommand("starbridge games", 0, True, _list),
    "export": GamesSubcommand("starbridge games export GAME FILE", 2, True, _export),
    "import": GamesSubcommand("starbridge games import FILE", 1, False, _import),
    "undo": GamesSubcommand("starbridge games undo GAME", 1, False, _undo),
}
