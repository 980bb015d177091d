"""A table's crew file as the away team (docs/rules-decisions.md, The away team: crew files):
the officers of `crews/NAME.toml` become the characters the scenario marks `officer_of`, their
bridge ratings mapped to a character's scores; ratings the file lacks are rolled and kept, as
for Command & Control; the game ends with the crew file still readable."""

from __future__ import annotations

from pathlib import Path

from companion.crews import Crew, CrewMember, load_crew, save_crew
from companion.session import load_scenario, prepare
from companion.table.crew_play import after_game, with_crews
from engine import Seat, new_game, view
from engine.game import officer_needs
from engine.rulesets.strpg.state import OVER, replace


def _boarding() -> dict[str, object]:
    return prepare(load_scenario("boarding", None), None, None, None, 8)


def test_the_crew_file_s_officers_are_the_boarding_party(tmp_path: Path) -> None:
    scenario = _boarding()
    needs = officer_needs(scenario)
    assert needs == {"enterprise": {"captain": ("dex", "weaponry", "tactics"),
                                    "science": ("dex", "weaponry", "tactics"),
                                    "engineer": ("dex", "weaponry", "tactics")}}
    save_crew(tmp_path, Crew("bridge", (
        CrewMember("captain", "Capt. Garth", {"tactics": 80, "dex": 70, "weaponry": 66}),
        CrewMember("science", "Lt. T'Vel", {"sensors": 75, "dex": 62}))))
    said: list[str] = []
    crewed, bound = with_crews(scenario, {None: "bridge"}, tmp_path, 5, said.append)
    assert bound == {"enterprise": "bridge"}
    state = new_game(crewed)
    garth = state.character("kirk")   # type: ignore[attr-defined]
    assert garth.name == "Capt. Garth"
    assert (garth.dexterity, garth.modern, garth.unarmed, garth.armed) == (70, 66, 80, 75)
    assert garth.ap_full == (4 + 70 // 10) * 4   # AP 4 + DEX / 10, in quarters
    assert garth.strength == 62   # not in a crew file: the scenario's (the template's) own
    tvel = state.character("spock")   # type: ignore[attr-defined]
    assert tvel.name == "Lt. T'Vel" and tvel.dexterity == 62 and tvel.pinch
    # the ratings the file lacked were rolled (three d10 and 45) and kept in it
    kept = load_crew(tmp_path, "bridge")
    science = kept.at("science")
    assert science is not None and 48 <= science.ratings["weaponry"] <= 75
    assert science.ratings["sensors"] == 75
    engineer = kept.at("engineer")
    assert engineer is not None and set(engineer.ratings) == {"dex", "weaponry", "tactics"}
    assert any("crew bridge" in line for line in said)
    seen = view(state, Seat("captain", "kirk"))
    assert "Capt. Garth" in {s["name"] for s in seen["ships"]}
    # after the game: the officers played one game more (the seed has no Victory Points)
    after_game(state, crewed, tmp_path, said.append)   # not over: nothing is written
    assert load_crew(tmp_path, "bridge") == kept
    over = replace(state, stage=OVER, outcome="a draw", winner="")
    after_game(over, crewed, tmp_path, said.append)
    done = load_crew(tmp_path, "bridge")
    captain = done.at("captain")
    assert captain is not None and captain.games == 1 and captain.victory_points == 0
    assert captain.ratings["tactics"] == 80


def test_without_a_crew_file_the_scenario_s_characters_play() -> None:
    state = new_game(_boarding())
    kirk = state.character("kirk")   # type: ignore[attr-defined]
    assert kirk.name == "James T. Kirk" and kirk.dexterity == 66
