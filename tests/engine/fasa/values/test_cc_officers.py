"""Book Two, Command & Control (seed 000_4373da4a9495c8f8.txt, `cat -n` lines 875-1563): the
officers of a crewed ship and their ratings (lines 951-1001), the level playable."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engine
from engine import Seat
from engine.errors import DataError
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.seats.views import redacted
from engine.rulesets.fasa.values.officers import SKILLS, crewed, dex, officer_for, rating
from engine.rulesets.fasa.values.state import FasaState

CLASSES = setup.ship_dicts(None)

KIRK = {"name": "James T. Kirk", "tactics": 74, "dex": 66}
SCOTT = {"name": "Montgomery Scott", "warp_drive": 80, "engineering": 77, "dex": 55}
SULU = {"name": "Hikaru Sulu", "helm": 70, "weaponry": 65, "dex": 60}
SPOCK = {"name": "Spock", "shields": 60, "damage_control": 67, "sensors": 70,
         "communications": 55, "dex": 50}
BRIDGE = {"captain": KIRK, "engineer": SCOTT, "helm": SULU, "science": SPOCK}


def scenario(officers: Any = None, crew: str = "4", level: str = "command",
             **enemy: Any) -> dict[str, Any]:
    ent: dict[str, Any] = {"id": "ent", "name": "ENT", "class": "constitution",
                           "side": "Federation", "col": 5, "row": 8, "heading": 0, "crew": crew,
                           "officers": copy.deepcopy(BRIDGE if officers is None else officers)}
    kl: dict[str, Any] = {"id": "kl", "name": "KL", "class": "d7a", "side": "Klingon", "col": 5,
                          "row": 3, "heading": 3, "skill": 60, "efficiency": 70, **enemy}
    return setup.build_scenario({"id": "test", "map": {"cols": 16, "rows": 16}, "obstacles": [],
                                 "ships": [ent, kl]}, CLASSES, level=level)


def game(*args: Any, **kw: Any) -> FasaState:
    state = engine.new_game(scenario(*args, **kw))
    assert isinstance(state, FasaState)
    return state


def test_the_command_level_is_playable_and_lacks_nothing() -> None:
    """Command & Control builds on the Expert game (line 897): playable, with no notice of rules
    not built yet now that every part of it is."""
    assert "command" in engine.levels("fasa", playable=True)
    assert engine.level_notice("fasa", "command") == ""


def test_a_crewed_ship_carries_its_officers_and_the_captains_tactics_is_its_skill_rating() -> None:
    """Line 1017: "It is the Captain's skill rating in STARSHIP COMBAT STRATEGY/TACTICS that
    determines who has the tactical advantage"; no Expert ratings are rolled for a crewed ship."""
    state = game()
    ent, kl = state.ship("ent"), state.ship("kl")
    assert crewed(ent) and not crewed(kl)
    assert [o.station for o in ent.officers] == ["captain", "engineer", "helm", "science"]
    assert ent.skill == 74 and state.step == "power"
    assert officer_for(state, ent, "warp_drive").name == "Montgomery Scott"
    assert rating(state, ent, "damage_control") == 67
    assert dex(ent, "helm") == 60 and dex(kl, "helm") == 0
    assert rating(state, kl, "tactics") == 0


def test_each_skill_follows_its_duty_in_the_crew_layout() -> None:
    """Expanding For More Players (lines 1510-1518): in a crew of three the Captain's role is one
    player's besides his own (we give it to Helm); with five the Navigator takes the shields."""
    three = {"engineer": SCOTT, "helm": {**SULU, "tactics": 71}, "science": SPOCK}
    state = game(three, crew="3")
    assert rating(state, state.ship("ent"), "tactics") == 71
    assert state.ship("ent").skill == 71
    five = {"captain": {**KIRK, "helm": 62}, "engineer": SCOTT,
            "weapons": {"weaponry": 65, "dex": 60}, "science": {**SPOCK, "shields": 1},
            "navigator": {"shields": 58, "dex": 52}}
    state = game(five, crew="5")
    ent = state.ship("ent")
    assert rating(state, ent, "shields") == 58 and rating(state, ent, "helm") == 62
    assert officer_for(state, ent, "weaponry").station == "weapons"
    assert {s.key for s in SKILLS.values()} >= {"tactics", "sensors", "dex"}


@pytest.mark.parametrize(("officers", "crew", "words"), [
    ({**BRIDGE, "bridge": KIRK}, "4", "officers.bridge: no such station in crew '4'"),
    ({**BRIDGE, "weapons": SULU}, "4", "no such station in crew '4'; its stations: captain"),
    ({**BRIDGE, "captain": {**KIRK, "tactic": 70}}, "4", "unknown skill 'tactic'"),
    ({**BRIDGE, "captain": {**KIRK, "tactics": 0}}, "4", "tactics must be a whole number 1 to 99"),
    ({**BRIDGE, "captain": {**KIRK, "tactics": 100}}, "4", "1 to 99, not 100"),
    ({**BRIDGE, "captain": {**KIRK, "tactics": True}}, "4", "1 to 99, not True"),
    ({**BRIDGE, "captain": {**KIRK, "name": ""}}, "4", "name must be text"),
    ({**BRIDGE, "captain": 74}, "4", "officers.captain: must be a table"),
    ("Kirk", "4", "officers must be a table of officers by station"),
    ({**BRIDGE, "engineer": {"warp_drive": 80, "dex": 50}}, "4",
     "officers.engineer needs the rating(s) engineering"),
    ({k: v for k, v in BRIDGE.items() if k != "science"}, "4",
     "officers.science needs the rating(s) shields, damage_control, sensors, communications, "
     "dex"),
    (BRIDGE, "3", "officers.captain: no such station in crew '3'"),
    ({k: v for k, v in BRIDGE.items() if k != "captain"}, "3",
     "officers.helm needs the rating(s) tactics"),
])
def test_bad_officers_are_refused_with_the_ship_station_and_skill_named(
        officers: Any, crew: str, words: str) -> None:
    with pytest.raises(DataError, match=r"ships\[1\] \(ent\)") as err:
        engine.new_game(scenario(officers, crew=crew))
    assert words in str(err.value)


def test_below_the_command_level_officers_are_checked_but_not_kept() -> None:
    state = game({"captain": {"tactics": 70}}, level="expert")  # incomplete: fine here
    assert not crewed(state.ship("ent"))
    with pytest.raises(DataError, match="unknown skill"):
        engine.new_game(scenario({"captain": {"luck": 70}}, level="expert"))


def test_the_ratings_are_the_ships_side_s_to_know() -> None:
    """The ratings are rolled for each character (line 1001) and kept, as the expert game
    records them on the ship's own Master Control Panel (line 685), by the ship's side: the
    other side is told neither them nor the Captain's tactics; his own side sees every officer
    (docs/rules-decisions.md, What each seat may know)."""
    state = game()
    own = {s["id"]: s for s in engine.view(state, Seat("engineer", "ent"))["ships"]}
    assert own["ent"]["officers"][0] == {"station": "captain", "name": "James T. Kirk",
                                         "ratings": {"tactics": 74, "dex": 66}}
    enemy = {s["id"]: s for s in engine.view(state, Seat("captain", "kl"))["ships"]}
    assert "officers" not in enemy["ent"] and "skill_rating" not in enemy["ent"]
    hidden = redacted(state, Seat("helm", "kl")).ship("ent")
    assert all(o.ratings == () for o in hidden.officers) and hidden.skill == 0
