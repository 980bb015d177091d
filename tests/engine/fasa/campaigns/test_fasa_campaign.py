"""Campaign Advancement (engine campaign.py; Book Two, Advanced: Optional Rules, seed 000 lines
496-529): each figure of the text is a test citing its line."""

from __future__ import annotations

import pytest

from engine.rulesets.fasa.campaigns import campaign
from engine.rulesets.fasa.campaigns.campaign import Advancement, Bonus


@pytest.mark.parametrize("die", range(1, 11))
def test_initial_points_are_a_die_plus_ten_11_to_20(die: int) -> None:
    """Line 517: "the player rolls 1 die and adds ten. These numbers between 11 and 20"."""
    assert campaign.initial_points(die) == die + 10
    assert 11 <= campaign.initial_points(die) <= 20


@pytest.mark.parametrize("die", [0, 11, -1, 2.0, "5"])
def test_a_die_that_is_not_1_to_10_is_refused_in_words(die: object) -> None:
    with pytest.raises(ValueError, match="a d10 roll is 1 to 10"):
        campaign.initial_points(die)  # type: ignore[arg-type]


def test_the_player_divides_the_points_between_captain_and_crew() -> None:
    """Line 517: "Advancement Points that the player may divide between that ship's captain and
    crew"."""
    assert campaign.divide(15, 6) == Advancement(6, 9)
    assert campaign.divide(15, 0).total == 15
    with pytest.raises(ValueError, match="captain's share must be a whole number 0 to 15"):
        campaign.divide(15, 16)


def test_the_captains_points_are_added_to_a_percentile_advantage_roll() -> None:
    """Line 504: "percentile dice replace the single die ... the player adds his captain's
    Advancement Points to the number obtained"."""
    assert campaign.advantage_score(42, 8) == 50
    with pytest.raises(ValueError, match="percentile roll is 1 to 100"):
        campaign.advantage_score(0, 8)


@pytest.mark.parametrize(("roll", "points", "bonus"), [
    (9, 9, True), (10, 9, False), (1, 11, True), (100, 20, False)])
def test_the_crew_has_a_bonus_at_or_under_its_points(roll: int, points: int, bonus: bool) -> None:
    """Line 506: "If the roll is the same as or lower than the crew's Advancement Points, then
    the crew has a bonus FOR THAT TURN ONLY"."""
    assert campaign.crew_bonus(roll, points) is bonus


def test_the_four_bonuses() -> None:
    """Lines 508-511: 2 weapons at 1 less to hit; 1 more power point; 1 more shield point above
    the maximum; 1 stress point repaired for good."""
    assert list(Bonus) == [Bonus.TO_HIT, Bonus.POWER, Bonus.SHIELD, Bonus.REPAIR]
    assert (campaign.TO_HIT_WEAPONS, campaign.TO_HIT_MODIFIER) == (2, -1)
    assert campaign.EXTRA_POWER == campaign.EXTRA_SHIELD == campaign.REPAIR_POINTS == 1
    assert set(campaign.BONUS_TEXT) == set(Bonus)
    assert campaign.repair(10, 15) == 11
    assert campaign.repair(15, 15) == 15


@pytest.mark.parametrize(("power", "points"), [(45, 4), (35, 3), (9, 0), (10, 1)])
def test_victory_points_are_the_vanquished_ships_power_divided_by_10(power: int,
                                                                      points: int) -> None:
    """Line 521: "determined by dividing the vanquished ship's Total Power Units Available by
    10" (the Constitution's 45, the Bird of Prey's 35 at full scale)."""
    assert campaign.victory_points(power) == points


def test_victory_points_are_added_as_the_player_divides_them() -> None:
    """Line 521: "Victory points may be divided by the player between the victorious captain
    and his crew ... added to the Advancement Point totals"."""
    assert campaign.after_victory(Advancement(6, 9), 4, 1) == Advancement(7, 12)


def test_a_rescued_captain_keeps_his_points_and_the_crew_loses_theirs() -> None:
    """Line 529: "The captain will retain his Advancement Points ... but the crew will lose
    theirs"."""
    assert campaign.after_rescue(Advancement(7, 12)) == Advancement(7, 0)
