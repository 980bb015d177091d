"""Crew files and campaigns (Book Two, Command & Control: Adventures And Campaigns, Rotating The
Positions, seed 000 lines 1520-1538; ratings, line 1001; Victory Points, Expert line 521): the
`starbridge crew` command, a crew at the table through `--crew`, the Victory Points written back,
and crew files that are not what they should be."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from companion import crews
from companion.cli import main
from companion.crews import Crew, CrewError, CrewMember, award, load_crew, rotate, save_crew
from companion.session import load_scenario, prepare
from companion.table.crew_play import crew_layout, parse_crews, with_crews
from engine.errors import DataError
from engine.game import captain_station, officer_needs, victory_points
from engine.rulesets.fasa.values.state import DESTROYED, DISABLED, ESCAPED, FasaState, replace


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("STARBRIDGE_DATA", str(data))
    return data


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def command(level: str = "command", name: str = "kobayashi-maru") -> dict[str, Any]:
    return prepare(load_scenario(name, None), None, level, None, 30)


# -- ratings ---------------------------------------------------------------------------------

def test_a_rating_is_three_d10_and_45() -> None:
    """Line 1001: "roll three ten-sided dice and add 45 to the total" — 3, 4, 5 make 57; the
    lowest 48, the highest 75."""
    assert crews.roll_rating(crews.given_dice([3, 4, 5])) == 57
    assert crews.roll_rating(crews.given_dice([1, 1, 1])) == 48
    assert crews.roll_rating(crews.given_dice([10, 10, 10])) == 75
    with pytest.raises(CrewError, match="a d10 shows 1 to 10, not 11"):
        crews.roll_rating(crews.given_dice([3, 11, 2]))
    with pytest.raises(CrewError, match="2 dice given, but more ratings are to be rolled"):
        crews.roll_rating(crews.given_dice([3, 4]))


def test_crew_new_rolls_every_rating_each_station_needs(folder: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A crew of 4 (line 1514: the Captain "as his only job"): the Captain is rated in tactics,
    the Chief Engineer in warp drive and engineering, the Helmsman in helm and weaponry, the
    Science Officer in shields, damage control, sensors and communications, each in DEX: 13
    ratings, 39 dice. Given dice are used in that order."""
    dice = ",".join(["1", "2", "3"] * 13)
    code, out, _ = run(capsys, "crew", "new", "bridge", "--dice", dice)
    assert code == 0 and "Starship Combat Strategy/Tactics" in out
    crew = load_crew(folder, "bridge")
    assert [o.station for o in crew.officers] == ["captain", "engineer", "helm", "science"]
    assert crew.at("captain") == CrewMember("captain", "Captain", {"tactics": 51, "dex": 51})
    science = crew.at("science")
    assert science is not None and list(science.ratings) == [
        "shields", "damage_control", "sensors", "communications", "dex"]
    # Seeded: the same seed, the same crew; every rating 48-75.
    run(capsys, "crew", "new", "a", "--seed", "7")
    run(capsys, "crew", "new", "b", "--seed", "7", "--size", "6")
    a, b = load_crew(folder, "a"), load_crew(folder, "b")
    a_captain, b_captain = a.at("captain"), b.at("captain")
    assert a_captain is not None and b_captain is not None
    assert a_captain.ratings["tactics"] == b_captain.ratings["tactics"]
    assert "helm" in b_captain.ratings   # with 6 the Captain moves the ship
    assert len(b.officers) == 6
    assert all(48 <= v <= 75 for o in b.officers for v in o.ratings.values())
    code, out, _ = run(capsys, "crew", "list")
    assert code == 0 and "bridge" in out and "b  " in out


def test_crew_new_refuses_to_replace_a_crew_and_names_force(folder: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "crew", "new", "bridge", "--seed", "1")
    code, _, err = run(capsys, "crew", "new", "bridge", "--seed", "2")
    assert code == 2 and "exists; add --force" in err
    assert run(capsys, "crew", "new", "bridge", "--seed", "2", "--force")[0] == 0


@pytest.mark.slow
@pytest.mark.parametrize(("argv", "words"), [
    (["crew", "new", "../../etc/passwd"], "use 1 to 40 letters, digits"),
    (["crew", "new", "x", "--size", "7"], "--size: crew must be one of"),
    (["crew", "new", "x", "--dice", "3,x"], "--dice: write the d10 rolls as numbers"),
    (["crew"], "say what: new, show, list, player, advance or rotate"),
    (["crew", "show", "nobody"], "no such crew; starbridge crew new nobody makes one"),
    (["crew", "rotate", "nobody"], "no such crew"),
])
def test_bad_crew_commands_are_one_line(folder: Path, capsys: pytest.CaptureFixture[str],
                                        argv: list[str], words: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.splitlines()) == 1 and words in err, err


# -- rotating the positions --------------------------------------------------------------------

def crew_of_three_players() -> Crew:
    crew = Crew("bridge")
    for station, player in (("captain", "Ann"), ("engineer", "Bob"), ("helm", "Cy"),
                            ("science", "Di")):
        crew = crew.with_officer(CrewMember(station, station.title(), {"dex": 60}, player=player))
    return crew


def test_rotating_moves_every_player_one_station_along() -> None:
    """Lines 1536-1538: "It is a good idea for all players to experience every position,
    including the captaincy ... create one character for each major role": the characters stay,
    the players move on, the last one's to the Captain."""
    crew, said = rotate(crew_of_three_players())
    assert [o.player for o in crew.officers] == ["Di", "Ann", "Bob", "Cy"]
    assert [o.name for o in crew.officers] == ["Captain", "Engineer", "Helm", "Science"]
    assert said[0] == "Captain (Captain): Di"


def test_passing_the_captains_role_swaps_two_players() -> None:
    """Line 1538: "they may pass the role of Captain between them as they see fit"."""
    crew, _ = rotate(crew_of_three_players(), captain="Cy")
    assert [o.player for o in crew.officers] == ["Cy", "Bob", "Ann", "Di"]
    with pytest.raises(CrewError, match="no player 'Zed'"):
        rotate(crew_of_three_players(), captain="Zed")
    unnamed = Crew("x").with_officer(CrewMember("captain", "C", {})).with_officer(
        CrewMember("helm", "H", {}))
    with pytest.raises(CrewError, match="name who plays each officer first"):
        rotate(unnamed)


@pytest.mark.slow
def test_crew_player_and_rotate_through_the_command(folder: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "crew", "new", "bridge", "--seed", "3")
    for station, player in (("captain", "Ann"), ("engineer", "Bob"), ("helm", "Cy"),
                            ("science", "Di")):
        assert run(capsys, "crew", "player", "bridge", station, player)[0] == 0
    assert run(capsys, "crew", "advance", "bridge", "helm", "weaponry")[0] == 0
    code, out, _ = run(capsys, "crew", "rotate", "bridge", "--captain", "Di")
    assert code == 0 and "Captain (Captain): Di" in out
    crew = load_crew(folder, "bridge")
    assert crew.at("science") is not None and crew.at("science").player == "Ann"  # type: ignore[union-attr]
    assert crew.at("helm").advance == "weaponry"  # type: ignore[union-attr]


# -- campaigns ---------------------------------------------------------------------------------

def test_victory_points_are_shared_equally_the_captains_to_tactics() -> None:
    """Line 1530: "Divide the victory points equally among all player character roles ... The
    Captain's victory points are added to his rating in STARSHIP COMBAT STRATEGY/TACTICS, but
    the victory points of the other officers may be added to whichever Skill Rating each
    desires." 9 points among 4 roles: 2 each (the odd point is not given); a rating stops at
    99."""
    crew = Crew("bridge")
    crew = crew.with_officer(CrewMember("captain", "Kirk", {"tactics": 74, "dex": 60}))
    crew = crew.with_officer(CrewMember("engineer", "Scott", {"warp_drive": 70, "engineering": 98},
                                     advance="engineering"))
    crew = crew.with_officer(CrewMember("helm", "Sulu", {"helm": 60, "weaponry": 61}))
    crew = crew.with_officer(CrewMember("science", "Spock", {"sensors": 80}, victory_points=5,
                                     games=3))
    crew, said = award(crew, ("captain", "engineer", "helm", "science"), "captain", 9)
    assert said[0] == "Victory Points: 9, 2 to each of 4 officers"
    ratings = {o.station: o.ratings for o in crew.officers}
    assert ratings["captain"] == {"tactics": 76, "dex": 60}
    assert ratings["engineer"]["engineering"] == 99       # 98 + 2, stopped at 99
    assert ratings["helm"] == {"helm": 62, "weaponry": 61}  # his first skill, none named
    spock = crew.at("science")
    assert spock is not None and (spock.victory_points, spock.games) == (7, 4)
    assert crew.games == 1


def test_a_crew_of_three_shares_among_three_and_its_captain_is_who_holds_command() -> None:
    """In a crew of three "the role of Captain is taken by one of the players in addition to one
    of the other roles" (C&C: Captain): with crew 3-engineer the Chief Engineer is Captain, and
    his share goes to tactics."""
    scenario = command()
    scenario = {**scenario, "crew": "3-engineer"}
    needs = officer_needs(scenario)["enterprise"]
    assert list(needs) == ["engineer", "helm", "science"]
    assert needs["engineer"] == ("tactics", "warp_drive", "engineering", "dex")
    assert captain_station(scenario, "enterprise") == "engineer"
    # In another crew size he is not Captain: his points go to his own skill, not tactics.
    assert CrewMember("engineer", "E", {"tactics": 50, "warp_drive": 60}).raised() == "warp_drive"
    crew = Crew("c").with_officer(CrewMember("engineer", "E", {"tactics": 50, "warp_drive": 60},
                                          advance="warp_drive"))
    crew, _ = award(crew, tuple(needs), "engineer", 6)
    assert crew.at("engineer").ratings["tactics"] == 52  # type: ignore[union-attr]


def test_victory_points_are_the_vanquished_ships_power_divided_by_10() -> None:
    """Expert, line 521: "A ship gains Victory Points when it scores a victory by destroying,
    capturing, or driving off another ship ... dividing the vanquished ship's Total Power Units
    Available by 10". A D-7A has 40 (4 points): one destroyed, one disabled, one gone from the
    map; none while the game goes on, none for a side's own ships, none for ships of the side
    that won (a ship that left the map to win was not driven off)."""
    s = engine.new_game(command("expert"))
    assert isinstance(s, FasaState)
    assert victory_points(s, "Federation") == ()   # not over
    s = s.with_ship(replace(s.ship("kahless"), status=DESTROYED))
    s = s.with_ship(replace(s.ship("korvat"), status=DISABLED, superstructure=0))
    s = s.with_ship(replace(s.ship("kruge"), status=ESCAPED))
    won = replace(s, step=engine.rulesets.fasa.values.state.OVER, winner="Federation")
    assert victory_points(won, "Federation") == (("IKS Kahless", 4), ("IKS Korvat", 4),
                                                 ("IKS Kruge", 4))
    assert victory_points(won, "Klingon") == ()
    lost = replace(won, winner="Klingon")
    assert victory_points(lost, "Federation") == ()


# -- the crew at the table -----------------------------------------------------------------

@pytest.mark.slow
def test_simulate_with_a_crew_fills_the_officers_and_writes_the_campaign_back(
        folder: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The crew's officers go into the logged scenario (self-contained: a replay needs no crew
    file); an officer the file lacks is rolled and kept; after the game every officer has one
    game more."""
    crew = Crew("bridge").with_officer(CrewMember("captain", "James T. Kirk",
                                               {"tactics": 74, "dex": 66}, player="Ann"))
    save_crew(folder, crew)
    log = tmp_path / "km.jsonl"
    code, out, err = run(capsys, "simulate", "--scenario", "kobayashi-maru", "--level",
                         "command", "--crew", "bridge", "--log", str(log))
    assert code == 0, err
    assert "crew bridge: Engineering: a new officer, Chief Engineer: warp_drive " in err
    header = json.loads(log.read_text().splitlines()[0])
    entry = next(s for s in header["scenario"]["ships"] if s["id"] == "enterprise")
    assert entry["officers"]["captain"] == {"name": "James T. Kirk", "tactics": 74, "dex": 66}
    assert set(entry["officers"]) == {"captain", "engineer", "helm", "science"}
    assert run(capsys, "replay", str(log))[0] == 0
    after = load_crew(folder, "bridge")
    assert after.games == 1 and all(o.games == 1 for o in after.officers)
    assert after.at("captain").player == "Ann"  # type: ignore[union-attr]
    engineer = after.at("engineer")
    assert engineer is not None and entry["officers"]["engineer"]["warp_drive"] == \
        engineer.ratings["warp_drive"]
    assert "Victory Points:" in out


def test_a_crewed_ship_without_a_crew_file_gets_officers_for_the_game_alone(folder: Path) -> None:
    full, bound = with_crews(command(), {}, folder, 5, lambda _line: None)
    assert bound == {} and not (folder / "crews").exists()
    entry = next(s for s in full["ships"] if s["id"] == "enterprise")
    assert set(entry["officers"]) == {"captain", "engineer", "helm", "science"}
    state = engine.new_game(full)
    assert isinstance(state, FasaState) and state.ship("enterprise").officers
    assert not state.ship("kahless").officers   # the Instructor's ships: no officers


def test_the_crew_flag_names_a_ship_or_the_players_first() -> None:
    assert parse_crews(["bridge"]) == {None: "bridge"}
    assert parse_crews(["kronos=red", "enterprise=blue"]) == {"kronos": "red",
                                                              "enterprise": "blue"}
    with pytest.raises(CrewError, match="given two crews"):
        parse_crews(["a", "b"])
    with pytest.raises(CrewError, match="is not a ship the players crew"):
        with_crews(command(), {"kahless": "red"}, Path("/nonexistent"), 1, print)


# -- crew sizes at the table ---------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("size", "duty_station"), [
    ("3", {"tactics": "helm", "shields": "science", "weaponry": "helm"}),
    ("3-engineer", {"tactics": "engineer", "helm": "helm"}),
    ("3-science", {"tactics": "science", "engineering": "engineer"}),
    ("4", {"tactics": "captain", "helm": "helm", "weaponry": "helm"}),
    ("4-split", {"helm": "captain", "weaponry": "weapons", "shields": "science"}),
    ("5", {"helm": "captain", "weaponry": "weapons", "shields": "navigator",
           "damage_control": "science"}),
    ("6", {"shields": "navigator", "sensors": "science", "damage_control": "comms",
           "communications": "comms"}),
])
def test_each_crew_size_is_offered_and_each_skill_follows_its_duty(
        size: str, duty_station: dict[str, str], capsys: pytest.CaptureFixture[str],
        folder: Path) -> None:
    """Expanding For More Players (lines 1510-1518): each crew size plays at the table
    (`--crew-size`), and each skill is rated for the officer whose station carries its duty:
    with the Helm split the Captain moves (helm) and the Weapons Officer fires (weaponry); with 5
    the Navigator has the shields; with 6 the Communications Officer damage control and
    communications."""
    needs = officer_needs(crew_layout(command(), size))["enterprise"]
    for skill, station in duty_station.items():
        assert skill in needs[station], (size, skill, needs)
        assert all(skill not in keys for st, keys in needs.items() if st != station)
    assert all("dex" in keys for keys in needs.values())
    code, _, err = run(capsys, "simulate", "--scenario", "kobayashi-maru", "--level", "command",
                       "--crew-size", size, "--turns", "1")
    assert code == 0, err


@pytest.mark.slow
def test_two_ships_head_to_head_are_both_crewed_by_three(capsys: pytest.CaptureFixture[str],
                                                         folder: Path, tmp_path: Path) -> None:
    """Line 1516: "it is possible to run two ships head-to-head, with three players manning each.
    In this game there would be no gamemaster": --head-to-head crews both ships of the duel with
    three officers each; no ship is the Instructor's (all have officers)."""
    log = tmp_path / "h2h.jsonl"
    code, _, err = run(capsys, "simulate", "--scenario", "duel", "--level", "command",
                       "--head-to-head", "--crew", "enterprise=blue", "--crew", "kronos=red",
                       "--turns", "2", "--log", str(log))
    assert code == 0, err
    scenario = json.loads(log.read_text().splitlines()[0])["scenario"]
    assert scenario["crewed"] == ["enterprise", "kronos"] and scenario["crew"] == "3"
    assert all(set(s["officers"]) == {"engineer", "helm", "science"} for s in scenario["ships"])
    assert {p.stem for p in (folder / "crews").glob("*.toml")} == {"blue", "red"}
    with pytest.raises(CrewError, match="two ships of two sides"):
        crew_layout(command(), None, head_to_head=True)


def test_a_scenario_naming_crewed_ships_needs_their_officers() -> None:
    scenario = {**command(), "crewed": ["enterprise"]}
    with pytest.raises(DataError,
                       match=r"ship enterprise is crewed by players \(crewed\) but has no"):
        engine.new_game(scenario)
    with pytest.raises(DataError, match="crewed must list the ids of the ships"):
        officer_needs({**command(), "crewed": ["nobody"]})


# -- crew files that are not what they should be --------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("name = \"bridge\"\ngames = [", "not valid TOML"),
    ("games = \"three\"", "games must be a whole number 0 to 1000000"),
    ("games = -1", "games must be a whole number"),
    ("captain = 1", "unknown key(s) captain; known: games, name, officers"),
    ("name = \"other\"", "is not the file's name 'bridge'"),
    ("officers = 3", "officers must be tables by station"),
    ("[officers.bosun]\nname = \"X\"", "officers.bosun: no such station"),
    ("[officers.instructor]\nname = \"X\"", "officers.instructor: no such station"),
    ("[officers.captain]\nname = 7", "name must be text of 1 to 60 printable characters"),
    ("[officers.captain]\nname = \"\\u001b[2J\"", "name must be text of 1 to 60 printable"),
    ("[officers.captain]\nname = \"" + "K" * 61 + "\"", "name must be text of 1 to 60"),
    ("[officers.captain.ratings]\ntactics = 100", "ratings.tactics must be a whole number 1 to "
                                                  "99, not 100"),
    ("[officers.captain.ratings]\ntactics = 0", "ratings.tactics must be a whole number 1 to 99"),
    ("[officers.captain.ratings]\ntactics = 74.5", "ratings.tactics must be a whole number"),
    ("[officers.captain.ratings]\ntactics = \"74\"", "ratings.tactics must be a whole number"),
    ("[officers.captain.ratings]\npiloting = 60", "unknown skill 'piloting'"),
    ("[officers.captain]\nratings = [1, 2]", "ratings must be a table of skill = rating"),
    ("[officers.captain]\nadvance = \"luck\"", "advance must name a skill"),
    ("[officers.captain]\nvictory_points = 1e9", "victory_points must be a whole number"),
    ("[officers.captain]\nrank = \"admiral\"", "unknown key(s) rank"),
    ("a = " + "[" * 5000 + "]" * 5000, "nested too deep"),
])
def test_hostile_crew_files_get_a_message_naming_the_file_and_key(folder: Path, text: str,
                                                                  words: str) -> None:
    path = folder / "crews" / "bridge.toml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CrewError) as err:
        load_crew(folder, "bridge")
    message = str(err.value)
    assert words in message and str(path) in message and "\x1b" not in message, message


def test_a_huge_or_binary_or_irregular_crew_file_is_refused(folder: Path) -> None:
    where = folder / "crews"
    where.mkdir()
    (where / "huge.toml").write_text("# " + "x" * (crews.MAX_FILE + 10), encoding="utf-8")
    with pytest.raises(CrewError, match="larger than 65536 bytes"):
        load_crew(folder, "huge")
    (where / "binary.toml").write_bytes(b"name = \"\xff\xfe\"")
    with pytest.raises(CrewError, match="not UTF-8 text"):
        load_crew(folder, "binary")
    os.mkfifo(where / "fifo.toml")
    with pytest.raises(CrewError, match="FIFO"):
        load_crew(folder, "fifo")
    (where / "folder.toml").mkdir()
    with pytest.raises(CrewError, match="a folder"):
        load_crew(folder, "folder")


def test_a_hostile_crew_file_at_the_table_ends_with_one_line(folder: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "crews").mkdir()
    (folder / "crews" / "bridge.toml").write_text("[officers.captain.ratings]\ntactics = 500")
    code, _, err = run(capsys, "simulate", "--scenario", "kobayashi-maru", "--level", "command",
                       "--crew", "bridge")
    assert code == 2 and len(err.splitlines()) == 1
    assert "ratings.tactics must be a whole number 1 to 99, not 500" in err


def test_names_round_trip_through_the_file(folder: Path) -> None:
    """Quotes, backslashes, accents and a DEL-free printable name survive a save and a load."""
    name = 'Montgomery "Scotty" Scott \\ Édouard'
    crew = Crew("bridge").with_officer(CrewMember("engineer", name, {"warp_drive": 80},
                                               player="Zoë", advance="warp_drive"))
    save_crew(folder, crew)
    assert load_crew(folder, "bridge") == crew


def test_a_crew_file_is_never_half_written(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written beside, flushed, renamed over: a failure (a full disk, a pulled plug) before the
    rename leaves the old file whole and no scrap beside it."""
    old = crew_of_three_players()
    save_crew(folder, old)
    before = (folder / "crews" / "bridge.toml").read_bytes()

    def unplugged(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", unplugged)
    new, _ = rotate(old)
    with pytest.raises(CrewError, match="cannot be written: No space left on device"):
        save_crew(folder, new)
    assert (folder / "crews" / "bridge.toml").read_bytes() == before
    assert [p.name for p in (folder / "crews").iterdir()] == ["bridge.toml"]


# -- play and the configuration ---------------------------------------------------------------

@pytest.mark.slow
def test_play_with_the_configurations_crew_writes_the_campaign_back(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`[game] crew` and `crew_size` at the table: a headless game with autopilots, its save
    holding the officers and which crew file they came from; after it, the crew has played a
    game."""
    config = tmp_path / "starbridge.toml"
    config.write_text('[game]\nscenario = "kobayashi-maru"\nlevel = "command"\n'
                      'crew = "bridge"\ncrew_size = "5"\n')
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(config))
    code, _, err = run(capsys, "play", "--headless", "--autopilot", "--new", "--seed", "4")
    assert code == 0, err
    crew = load_crew(folder, "bridge")
    assert {o.station for o in crew.officers} == {"captain", "engineer", "weapons", "science",
                                                  "navigator"}
    assert crew.games == 1 and "Victory Points:" in err
    from companion.saves.store import Store
    store, _ = Store.open_folder(folder)
    game = store.load(store.games()[0].id)
    assert game.scenario["crew_files"] == {"enterprise": "bridge"}
    assert game.scenario["crew"] == "5"
    assert "navigator" in next(s for s in game.scenario["ships"]
                               if s["id"] == "enterprise")["officers"]


@pytest.mark.parametrize(("text", "words"), [
    ('[game]\ncrew = "../../x"', "game.crew: crew name '../../x': use 1 to 40 letters"),
    ('[game]\ncrew_size = "7"', "game.crew_size: crew must be one of 3, 3-engineer, 3-science"),
    ('[game]\ncrew = 3', "game.crew: must be text"),
    ('[game]\nhead_to_head = "yes"', "game.head_to_head: must be true or false"),
])
def test_bad_crew_settings_in_the_configuration_are_named(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], text: str, words: str) -> None:
    config = tmp_path / "starbridge.toml"
    config.write_text(text)
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(config))
    code, out, err = run(capsys, "config", "--check", str(config))
    assert code != 0 and words in out + err, out + err


def test_a_bad_crew_file_named_by_the_configuration_is_a_problem_of_the_key(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "crews").mkdir()
    (folder / "crews" / "bridge.toml").write_text("[officers.captain.ratings]\ndex = 0")
    config = tmp_path / "starbridge.toml"
    config.write_text('[game]\ncrew = "bridge"\n')
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(config))
    code, out, err = run(capsys, "config", "--check", str(config))
    assert code != 0 and "game.crew:" in out + err and "ratings.dex must be a whole number" in \
        out + err


def test_a_rematch_takes_the_crews_officers_as_their_file_holds_them_now(folder: Path) -> None:
    """The scenario keeps which crew file each ship's officers came from (`crew_files`); a
    rematch takes them again, with the ratings the last game's Victory Points raised."""
    first, bound = with_crews(command(), parse_crews(["bridge"]), folder, 1, lambda _l: None)
    assert bound == {"enterprise": "bridge"} and first["crew_files"] == bound
    crew = load_crew(folder, "bridge")
    captain = crew.at("captain")
    assert captain is not None
    save_crew(folder, crew.with_officer(replace(captain, ratings={**captain.ratings,
                                                                  "tactics": 90})))
    from companion.table.crew_play import crews_of
    again, _ = with_crews(first, crews_of(first), folder, 2, lambda _l: None)
    entry = next(s for s in again["ships"] if s["id"] == "enterprise")
    assert entry["officers"]["captain"]["tactics"] == 90


@pytest.mark.parametrize(("extra", "words"), [
    ({"crew_files": {"nobody": "bridge"}}, "crew_files must map ship ids of the scenario"),
    ({"crew_files": {"enterprise": ""}}, "crew_files must map ship ids"),
    ({"crew_files": ["bridge"]}, "crew_files must map ship ids"),
    ({"crewed": "enterprise"}, "crewed must list the ids of the ships the players crew"),
    ({"crewed": ["enterprise", "enterprise"]}, "each once"),
])
def test_hostile_crew_keys_of_a_scenario_are_refused(extra: dict[str, Any], words: str) -> None:
    with pytest.raises(DataError, match=words):
        engine.new_game({**command(), **extra})


def test_head_to_head_seats_both_crews_at_the_panels(folder: Path) -> None:
    """Line 1516, "two ships head-to-head, with three players manning each ... no gamemaster":
    with no [seats] in the configuration, both crewed ships' stations are people's (at the
    panels), not only the first ship's; every other game keeps the first ship's crew alone."""
    from companion.settings.config import Config
    from companion.table.table_setup import seats_for

    duel = prepare(crew_layout(load_scenario("duel", None), None, head_to_head=True), None,
                   "command", None, 30)
    duel, _ = with_crews(duel, {}, folder, 1, lambda _l: None)
    seats = seats_for(Config(), engine.new_game(duel), ["enterprise", "kronos"], False,
                      tuple(officer_needs(duel)))
    assert seats == {(ship, st): "panel" for ship in ("enterprise", "kronos")
                     for st in ("engineer", "helm", "science")}
    km, _ = with_crews(command(), {}, folder, 1, lambda _l: None)
    state = engine.new_game(km)
    ships = ["enterprise", "kahless", "korvat", "kruge"]
    seats = seats_for(Config(), state, ships, False, tuple(officer_needs(km)))
    assert {s for (s, _), mode in seats.items() if mode == "panel"} == {"enterprise"}


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
    | st.text(max_size=70) | st.sampled_from(["captain", "helm", "tactics", "dex", "Kirk"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["name", "games", "officers", "captain", "helm", "ratings", "tactics",
                         "dex", "player", "advance", "victory_points", "x"]), inner, max_size=5),
    max_leaves=30)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "games", "officers", "bogus"]), _values,
                       max_size=4))
def test_any_crew_file_data_loads_or_is_refused_in_words(data: dict[str, Any]) -> None:
    """Whatever a crew file holds, loading it gives a crew or a CrewError naming the file:
    never another exception."""
    try:
        crew = crews.crew_from(data, "crews/bridge.toml", "bridge")
    except CrewError as exc:
        assert str(exc).startswith("crews/bridge.toml")
        return
    assert all(1 <= v <= 99 for o in crew.officers for v in o.ratings.values())
