"""Captains' racial benefits (Battlestations!, 01C-2, seed 001 lines 196-232)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.errors import DataError
from engine.rulesets.fasa.values.captain_races import Captain, captain_from
from engine.rulesets.fasa.values.state import DISABLED, Weapon, replace
from engine.rulesets.fasa.variants.battlestations.racial_benefits import (
    advantage_bonus,
    captain_of,
    conduct,
    efficiency_rating,
    may_disengage,
    skill_rating,
    spared_from_shaking,
    to_hit_bonus,
)
from tests.engine.fasa.variants.battlestations.helpers import game

ANDORIAN_SKILL = Captain("e", "andorian", "skill")
ANDORIAN_GUN = Captain("e", "andorian", "weapon", weapon="phaser-1")
BETAZED = Captain("e", "betazed")
CAITAN = Captain("e", "caitan", immune="sensors")


def test_an_andorian_takes_five_skill_or_two_on_one_weapon() -> None:
    """Line 204: "either a +5 to their Captain Skill Rating, or a +2 to any energy weapon bank
    or missile tube"."""
    assert skill_rating(ANDORIAN_SKILL, 60, 0) == 65
    assert skill_rating(ANDORIAN_GUN, 60, 0) == 60
    assert to_hit_bonus(ANDORIAN_GUN, "phaser-1") == 2
    assert to_hit_bonus(ANDORIAN_GUN, "phaser-2") == 0
    assert to_hit_bonus(ANDORIAN_SKILL, "phaser-1") == 0


def test_a_betazoid_lifts_efficiency_ten_and_loses_two_skill_each_tenth_of_the_crew() -> None:
    """Line 216: "+10% to their Crew Efficiency Rating at the beginning of the scenario"; line
    220: "For every 10% of casualties inflicted, the Captain loses 2 points of Captain's Skill
    Rating" (casualties in tenths of a percent: 250 is 25%, two full tenths)."""
    assert efficiency_rating(BETAZED, 60) == 70
    assert efficiency_rating(None, 60) == 60
    assert [skill_rating(BETAZED, 60, c) for c in (0, 99, 100, 250, 1000)] == [60, 60, 58, 56, 40]


def test_a_caitan_adds_five_to_the_advantage_and_keeps_one_system_unshaken() -> None:
    """Line 228: one Bridge system "immune from a 'Systems Shaken' result"; "+5 to their
    Tactical Advantage Score"."""
    assert advantage_bonus(CAITAN) == 5 and advantage_bonus(BETAZED) == 0
    assert spared_from_shaking(CAITAN, "sensors")
    assert not spared_from_shaking(CAITAN, "helm")
    assert not spared_from_shaking(ANDORIAN_SKILL, "sensors")


def test_an_andorian_disengages_only_outnumbered_or_outgunned_four_to_one() -> None:
    """Line 208: "will not disengage from an enemy unless they are outnumbered or outgunned by at
    least four to one, regardless of any damage to their vessel"."""
    state = game(captains={"enterprise": {"race": "andorian", "benefit": "skill"}})
    ent, foe = state.ship("enterprise"), state.ship("kronos")
    assert not may_disengage(state, ent)
    assert may_disengage(state, foe)  # no Andorian in its chair
    # All but one of the Enterprise's weapons knocked out: the Klingon's guns are four to one.
    assert len(foe.weapons) >= 4
    one_left = tuple(Weapon(damaged=i > 0) for i in range(len(ent.weapons)))
    worn = state.with_ship(replace(ent, weapons=one_left))
    assert may_disengage(worn, worn.ship("enterprise"))
    assert "four to one" in conduct(state, ent)[0]
    assert "stays and fights" in conduct(state, ent)[0]


def test_a_caitan_is_told_of_allies_in_distress_and_damaged_enemies() -> None:
    """Line 232: "must assist any allied vessel in distress ... and ... must allow damaged enemy
    vessels to withdraw"."""
    state = game(captains={"enterprise": {"race": "caitan", "immune": "helm"}})
    ent, foe = state.ship("enterprise"), state.ship("kronos")
    assert len(conduct(state, ent)) == 1
    hurt = state.with_ship(replace(foe, superstructure=foe.superstructure - 1))
    assert "damaged enemies free to withdraw: IKS Kronos One" in conduct(hurt, ent)


def test_a_betazoid_is_told_his_loss() -> None:
    state = game(captains={"enterprise": {"race": "betazed"}})
    ent = state.ship("enterprise")
    hurt = state.with_ship(replace(ent, casualties=310))
    assert "-6" in conduct(hurt, hurt.ship("enterprise"))[0]
    assert captain_of(state, "kronos") is None and conduct(state, state.ship("kronos")) == ()


def test_the_scenario_keeps_the_captains() -> None:
    state = game(captains={"kronos": {"race": "andorian", "benefit": "weapon",
                                      "weapon": game().ship("kronos").cls.weapons[0].id}})
    assert [c.race for c in state.setup.captains] == ["andorian"]
    assert replace(state.ship("kronos"), status=DISABLED).status == DISABLED


@pytest.mark.parametrize(("raw", "words"), [
    ("andorian", "must be a table"),
    ({"race": "vulcan"}, "race must be one of andorian, betazed, caitan"),
    ({"race": "andorian"}, "an Andorian chooses benefit"),
    ({"race": "andorian", "benefit": "weapon", "weapon": "nope"}, "one of the ship's weapons"),
    ({"race": "andorian", "benefit": "skill", "weapon": "phaser-1"}, "only with benefit"),
    ({"race": "betazed", "benefit": "skill"}, "only an Andorian"),
    ({"race": "caitan"}, "a Caitan names the bridge system"),
    ({"race": "caitan", "immune": "engines"}, "immune = one of"),
    ({"race": "betazed", "immune": "helm"}, "only a Caitan"),
    ({"race": "betazed", "mood": 1}, "unknown field(s) mood"),
])
def test_a_bad_captain_is_refused_with_what_is_wrong(raw: Any, words: str) -> None:
    with pytest.raises(DataError) as err:
        captain_from("scenario x, ships[1]", raw, "e", ["phaser-1"])
    assert words in str(err.value) and "ships[1]" in str(err.value)


def test_mutated_captains_give_a_data_error_or_a_captain_never_a_traceback() -> None:
    rng = random.Random(232)
    junk: list[Any] = [None, "", "andorian", "caitan", "betazed", "skill", "weapon", "helm",
                       "phaser-1", 7, True, [], {}, "x" * 300]
    for _ in range(400):
        raw: dict[str, Any] = {k: rng.choice(junk) for k in
                               rng.sample(["race", "benefit", "weapon", "immune", "rank"],
                                          rng.randint(1, 4))}
        try:
            captain = captain_from("s, ships[1]", raw, "e", ["phaser-1"])
        except DataError as err:
            assert str(err).startswith("s, ships[1]: captain")
        else:
            assert captain is not None and captain.race in ("andorian", "betazed", "caitan")
