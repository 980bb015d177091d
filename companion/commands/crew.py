"""`starbridge crew`: the table's crews of bridge officers, kept from game to game (Book Two,
Command & Control: Adventures And Campaigns and Rotating The Positions, seed 000 lines
1520-1538). Each crew is a file, crews/NAME.toml, in the user data folder (companion/crews.py).

    starbridge crew new NAME [--size 4] [--seed N | --dice 3,7,1,...]   ratings rolled
    starbridge crew show NAME | list
    starbridge crew player NAME STATION PLAYER     who plays that officer
    starbridge crew advance NAME STATION SKILL     where his Victory Points go
    starbridge crew rotate NAME [--captain PLAYER] pass the positions, or the Captain's role
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from companion.crews import (
    Crew,
    CrewError,
    complete,
    crew_names,
    crew_path,
    given_dice,
    load_crew,
    needs_of,
    rotate,
    save_crew,
)
from engine.game import skill_names
from engine.stations import title

NAME = "crew"
EXAMPLES = """examples:
  starbridge crew new bridge                     a crew of 4 (Captain, Engineering, Helm,
                                                 Science), each rating three dice and 45
  starbridge crew new bridge --size 3 --seed 7   a crew of 3, rolled with seed 7
  starbridge crew new bridge --dice 3,7,1,9,...  the table's own d10 rolls, 3 a rating
  starbridge crew player bridge captain Ann      Ann plays the Captain
  starbridge crew rotate bridge                  every player moves one station along
  starbridge crew rotate bridge --captain Bob    Bob takes the Captain's role
  starbridge play --level command --crew bridge  the crew at the table; Victory Points after
  starbridge crew show bridge

Sizes: 3 (Helm is also Captain; 3-engineer, 3-science: the Engineer or Science Officer is),
4, 4-split, 5, 6 (Book Two, C&C: Expanding For More Players)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    verbs = p.add_subparsers(dest="verb")
    new = verbs.add_parser("new", help="a new crew, its ratings rolled (three d10 and 45)")
    new.add_argument("name")
    new.add_argument("--size", default="4", help="crew size: 3, 3-engineer, 3-science, 4, "
                                                 "4-split, 5 or 6 (default 4)")
    dice = new.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, default=None, help="roll with this seed")
    dice.add_argument("--dice", default=None, metavar="D,D,...",
                      help="d10 rolls to use in order, three a rating")
    new.add_argument("--force", action="store_true", help="replace a crew of that name")
    show = verbs.add_parser("show", help="a crew's officers, ratings and record")
    show.add_argument("name")
    verbs.add_parser("list", help="the crews")
    player = verbs.add_parser("player", help="name who plays an officer")
    player.add_argument("name")
    player.add_argument("station")
    player.add_argument("player")
    adv = verbs.add_parser("advance", help="the skill an officer's Victory Points raise")
    adv.add_argument("name")
    adv.add_argument("station")
    adv.add_argument("skill")
    rot = verbs.add_parser("rotate", help="pass the positions (or the Captain's role) on")
    rot.add_argument("name")
    rot.add_argument("--captain", default="", metavar="PLAYER",
                     help="this player takes the Captain's role")
    for cmd in (new, show, player, adv, rot):
        cmd.formatter_class = argparse.RawDescriptionHelpFormatter


def run(args: argparse.Namespace, folder: Path | None) -> int:
    if folder is None:
        from companion.settings.paths import user_data_dir

        folder = user_data_dir()
    verb = args.verb
    if verb is None:
        raise CrewError("crew: say what: new, show, list, player, advance or rotate (see: "
                        "starbridge crew --help)")
    if verb == "list":
        names = crew_names(folder)
        if not names:
            print(f"no crews yet in {folder / 'crews'}: starbridge crew new NAME makes one")
        for name in names:
            try:
                crew = load_crew(folder, name)
            except CrewError as exc:
                print(f"{name:20} (unreadable: {exc})")
                continue
            print(f"{name:20} {len(crew.officers)} officers, {crew.games} games")
        return 0
    if verb == "new":
        if crew_path(folder, args.name).exists() and not args.force:
            raise CrewError(f"{crew_path(folder, args.name)}: a crew of that name exists; "
                            "add --force to replace it")
        if args.dice is not None:
            try:
                values = [int(v) for v in args.dice.replace(" ", "").split(",") if v]
            except ValueError:
                raise CrewError("--dice: write the d10 rolls as numbers 1 to 10, e.g. "
                                "--dice 3,7,10,1") from None
            d10 = given_dice(values)
        else:
            rng = random.Random(args.seed)
            d10 = lambda: rng.randint(1, 10)  # noqa: E731
        crew, _ = complete(Crew(args.name), needs_of(str(args.size)), d10)
        path = save_crew(folder, crew)
        print(f"crew {args.name}: {path}")
        show(crew)
        return 0
    crew = load_crew(folder, args.name)
    if verb == "show":
        show(crew)
        return 0
    if verb in ("player", "advance"):
        officer = crew.at(args.station)
        if officer is None:
            raise CrewError(f"crew {crew.name}: no officer at {args.station!r}; officers at "
                            f"{', '.join(o.station for o in crew.officers)}")
        from dataclasses import replace

        if verb == "player":
            if not args.player.strip() or len(args.player) > 60 or not args.player.isprintable():
                raise CrewError("the player's name: 1 to 60 printable characters")
            officer = replace(officer, player=args.player)
        else:
            skills = [k for k, _ in skill_names()]
            if args.skill not in skills:
                raise CrewError(f"no skill {args.skill!r}; skills: {', '.join(skills)}")
            officer = replace(officer, advance=args.skill)
        crew = crew.with_officer(officer)
        save_crew(folder, crew)
        show(crew)
        return 0
    if verb == "rotate":
        crew, said = rotate(crew, args.captain)
        save_crew(folder, crew)
        for line in said:
            print(line)
        return 0
    raise CrewError(f"crew: no such command {verb!r}")


def show(crew: Crew) -> None:
    names = dict(skill_names())
    print(f"{crew.name}: {len(crew.officers)} officers, {crew.games} games (the Captain's Victory "
          "Points go to his tactics)")
    for o in crew.officers:
        who = f" (played by {o.player})" if o.player else ""
        goes = "tactics, as Captain" if "tactics" in o.ratings and o.station == "captain" \
            else o.raised() or "-"
        print(f"  {title(o.station)}: {o.name}{who}; {o.victory_points} Victory Points, "
              f"{o.games} games; Victory Points go to {goes}")
        for key, value in o.ratings.items():
            print(f"    {names.get(key, key):40} {value}")
