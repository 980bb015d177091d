""""Why did this hit?" at the advanced level tells what the engine did: the -2 of an emergency
heading change, an evasion's roll and the shield and damage of the missile after it, explosion
rolls and the blasts of exploding ships; and a seat is told only what it may know."""

from __future__ import annotations

import re

import pygame
import pytest
from advanced_games import below_zero, hard_turn_and_fire, hard_turned, roll, torpedo_evaded

from display.bridge_display import BridgeDisplay
from engine import Seat, events_for
from engine.hexgrid import distance
from engine.rulesets.fasa.explanations.explain import explain
from engine.rulesets.fasa.firing.combat import need_to_hit
from engine.rulesets.fasa.firing.explosions import blast_damage
from engine.rulesets.fasa.values.events import BlastStruck, ShieldStruck, ShotResolved
from engine.rulesets.fasa.values.state import DESTROYED
from engine.words import plural
from readouts.roll_log import RollLog, roll_entry

FED, KL = Seat("helm", "ent"), Seat("helm", "kl")


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_a_hard_turn_s_to_hit_shows_the_minus_two_and_a_roll_the_chart_alone_would_hit() -> None:
    state = hard_turn_and_fire()
    shot = state.shots[0]
    firer, target = state.ship(shot.firer), state.ship(shot.target)
    spec = firer.cls.weapon(shot.weapon)
    rng = distance(firer.pos, target.pos)
    printed, need = state.tables.to_hit(spec.chart, rng), need_to_hit(state, firer, spec, rng)
    assert need == printed - 2 > 0
    before, after, events = roll(state, need + 1)   # hits on the chart, misses after the -2
    resolved = next(e for e in events if isinstance(e, ShotResolved))
    assert not resolved.hit
    for seat, side in ((FED, "Federation"), (KL, "Klingon")):   # seen by the whole table
        lines = explain(before, events_for(after, events, seat), side)
        text = "\n".join(lines)
        assert f"1-{printed} on the chart" in text
        assert "-2: KL made an emergency heading change" in text
        assert re.search(r"hits on 1-(\d+)", text)[1] == str(need)  # type: ignore[index]
        assert f"{need + 1} is not within 1-{need}: a miss" in text
    entry = roll_entry(before, events, None, 1)
    assert entry is not None and entry.result == "MISS"


@pytest.mark.parametrize(("die", "shield", "damage", "words"),
                         [(3, 3, 2, "succeeds"), (4, 2, 3, "fails")])
def test_an_evasion_roll_and_the_missile_s_hit_after_it(die: int, shield: int, damage: int,
                                                        words: str) -> None:
    """The D-7A turned to port: a success puts shield 3 toward the Enterprise at half of 3
    (rounded up: 2); a failure leaves shield 2, the one it would have struck, at full 3."""
    before, after, events = roll(torpedo_evaded("port"), die)
    log = RollLog()
    for seat, side in ((FED, "Federation"), (KL, "Klingon"), (Seat("instructor"), None)):
        entry = log.record(before, events_for(after, events, seat), side)
        assert entry is not None, seat   # an evasion roll is seen by the whole table
        text = "\n".join(entry.lines)
        assert "Evading Missile Fire" in text and f"the evasion {words}" in text
        assert f"damage: shield {shield}" in text
        assert entry.result == ("EVADED" if die <= 3 else "FAILED")
        assert entry.what == "evading Photon torpedo 1"
    hit_before, hit_after, hit_events = roll(after, 1)
    resolved = next(e for e in hit_events if isinstance(e, ShotResolved))
    struck = next(e for e in hit_events if isinstance(e, ShieldStruck))
    assert resolved.hit and resolved.damage == damage and struck.shield == shield
    for seat, side in ((FED, "Federation"), (KL, "Klingon")):
        lines = explain(hit_before, events_for(hit_after, hit_events, seat), side)
        assert any(line.startswith(f"Damage {damage}") for line in lines), lines
        assert any(line.endswith(f"shield {shield}") for line in lines), lines
        assert ("half the 3" in "\n".join(lines)) == (die <= 3)


@pytest.mark.parametrize(("die", "exploded"), [(5, True), (6, False)])
def test_an_explosion_roll_says_what_it_needed_and_what_happened(die: int,
                                                                 exploded: bool) -> None:
    """Book Two, Advanced: Ship Explosions: 5 below 0 explodes on 1-5."""
    before, after, events = roll(below_zero(-5), die)
    assert (after.ship("kl").status == DESTROYED) == exploded
    entry = roll_entry(before, events_for(after, events, KL), "Klingon", 1)
    assert entry is not None
    text = "\n".join(entry.lines)
    assert "1-5 it explodes, 6-10 it holds together" in text
    assert ("KL exploded" if exploded else "KL held together") in text
    assert entry.result == ("EXPLODED" if exploded else "HELD") and entry.what == "explosion"
    # The Federation is not told of the roll (it would tell how far below 0 the D-7A is).
    assert roll_entry(before, events_for(after, events, FED), "Federation", 1) is None


def test_a_blast_explains_its_row_and_keeps_the_exploded_ship_s_power_to_its_side() -> None:
    """1 hex from the D-7A: 1x its Power Units Available, on the shield facing it."""
    before, after, events = roll(below_zero(-5), 1)
    blast = next(e for e in events if isinstance(e, BlastStruck))
    power = before.ship("kl").total_power
    assert blast.damage == blast_damage(before.tables, "advanced", power, 1) == power
    ours = "\n".join(explain(before, events_for(after, events, KL), "Klingon"))
    every = "\n".join(explain(before, events, None))
    for text in (ours, every):
        assert f"ENT is 1 hex away from KL: {plural(power, 'point')}" in text
        assert f"1x its {power} Power Units Available" in text
        assert "the shield facing the explosion: shield 5" in text
    # Told to the Federation another way (its own rolls): its lines never hold the power.
    for line in explain(before, events, "Federation"):
        assert not re.search(r"its \d+ Power Units", line), line


def test_after_a_hard_turn_the_fire_choices_say_the_number_less_two() -> None:
    state = hard_turned()
    d = BridgeDisplay(pygame.Surface((800, 480)), KL, lambda _: None)
    d.show(state)
    d.activate("tab:helm")
    assert d.draw(force=True)
    kl, ent = state.ship("kl"), state.ship("ent")
    rng = distance(kl.pos, ent.pos)
    notes = {w.id.split(":")[1]: w.note for w in d.widgets if w.id.endswith(":ent")}
    assert notes
    for weapon, note in notes.items():
        spec = kl.cls.weapon(weapon)
        need = need_to_hit(state, kl, spec, rng)
        assert need == state.tables.to_hit(spec.chart, rng) - 2
        assert note == f"needs 1-{need}"


def test_the_rolls_a_blast_brings_explain_the_blast_without_the_enemy_s_power() -> None:
    """The Federation is not told of the D-7A's explosion roll; the damage location roll the
    blast brings to the Enterprise (a Federation roll) says which blast it is and its row."""
    _, state, _ = roll(below_zero(-5), 1)
    power = state.ship("kl").total_power
    before, after, events = roll(state, 1)
    ours = explain(before, events_for(after, events, FED), "Federation")
    every = explain(before, events, None)
    assert "Damage Location Table" in ours[2] and "from the blast of KL" in ours[2]
    assert (f"Damage From Exploding Ships: ENT is 1 hex away from KL: "
            f"{plural(power, 'point')}") in ours
    assert "The row for 1 hex away: 1x its Power Units Available, at least 1 point" in ours
    assert f"The row for 1 hex away: 1x its {power} Power Units Available, at least 1 point" \
        in every
