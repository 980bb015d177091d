"""Battlestations!' rules applied in FASA's firing: the gravity wells' torpedo, plasma and missile
range rules (01C-1, seed 001 line 194) and an Andorian captain's chosen weapon (01C-2, line 204),
at the one place a shot's to-hit number and range are computed (`combat.shot_change`)."""

from __future__ import annotations

from engine.hexgrid import Hex, distance
from engine.rulesets.fasa.decisions import controls
from engine.rulesets.fasa.explanations.explain import explain_pending
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.values.state import FasaState, Shot, replace
from tests.engine.fasa.variants.battlestations.helpers import game

WELL = [{"name": "Cestus III", "col": 10, "row": 12, "well": 2}]
CHART_L_AT_7 = 6  # the duel's photon torpedoes (chart L): 1-6 at 7 hexes, longest range 12


def placed(state: FasaState, firer: Hex, target: Hex) -> FasaState:
    """The Enterprise at `firer`, the Kronos at `target`, each facing the other's way so that
    the forward torpedoes bear (the tests ask the numbers, not the arcs)."""
    e, k = state.ship("enterprise"), state.ship("kronos")
    return state.with_ship(replace(e, pos=firer)).with_ship(replace(k, pos=target))


def along(state: FasaState, steps: int) -> Hex:
    """The hex `steps` east of the well's body (q+1 a step along a row of the axial grid)."""
    body = state.setup.bodies[0].pos
    return Hex(body.q + steps, body.r)


def need(state: FasaState, weapon: str) -> int:
    e, k = state.ship("enterprise"), state.ship("kronos")
    return combat.need_to_hit(state, e, e.cls.weapon(weapon), distance(e.pos, k.pos), k)


def test_a_torpedo_fired_into_a_well_needs_three_less() -> None:
    """Line 194: torpedoes "reduce all firing rolls ... by three (3) if firing into a gravity
    well": the Kronos at the planet (in its well), the Enterprise 7 hexes out (outside the
    2-deep well): 1-6 becomes 1-3. Phasers are "not affected"."""
    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 7), along(state, 0))
    assert need(state, "pt1") == CHART_L_AT_7 - 3
    assert need(state, "ph1") == state.tables.to_hit("W", 7)
    plain = game(bodies=WELL)  # FASA's own game: the well changes nothing
    plain = placed(plain, along(plain, 7), along(plain, 0))
    assert need(plain, "pt1") == CHART_L_AT_7


def test_a_torpedo_fired_out_of_a_well_needs_one_less() -> None:
    """Line 194: "by one (1) if firing out of a gravity well"."""
    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 0), along(state, 7))
    assert need(state, "pt1") == CHART_L_AT_7 - 1


def test_a_torpedo_loses_two_hexes_of_range_firing_in_and_four_firing_out() -> None:
    """Line 194: "subtract two (2) hexes of range if firing into a gravity well, and subtract
    four (4) hexes of range if firing out": the torpedo's 12 hexes are 10 into the well and 8
    out of it; beyond, the shot is refused with the reason."""
    state = game(bodies=WELL, variant="battlestations")
    e = state.ship("enterprise")
    spec = e.cls.weapon("pt1")
    inward = placed(state, along(state, 10), along(state, 0))
    assert need(inward, "pt1") == state.tables.to_hit("L", 10) - 3
    inward = placed(state, along(state, 11), along(state, 0))
    assert need(inward, "pt1") == 0
    why = combat.shot_problem(inward, inward.ship("enterprise"), spec, inward.ship("kronos"))
    assert "out of range" in why and "reaches 10" in why and "into a gravity well" in why
    outward = placed(state, along(state, 0), along(state, 8))
    assert need(outward, "pt1") == state.tables.to_hit("L", 8) - 1
    outward = placed(state, along(state, 0), along(state, 9))
    assert need(outward, "pt1") == 0
    why = combat.shot_problem(outward, outward.ship("enterprise"), spec, outward.ship("kronos"))
    assert "reaches 8" in why and "out of a gravity well" in why


def test_two_ships_in_the_same_well_fire_neither_in_nor_out() -> None:
    """Line 194 speaks of firing into and out of a well; inside the same well, neither
    (docs/rules-decisions.md)."""
    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 2), along(state, -1))
    assert need(state, "pt1") == state.tables.to_hit("L", 3)


def test_the_roll_and_the_controls_name_the_wells_modifier() -> None:
    """The to-hit roll's words and the controls' odds read the same number (line 194)."""
    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 7), along(state, 0))
    e, k = state.ship("enterprise"), state.ship("kronos")
    _, events = combat.next_roll(replace(state, shots=(Shot(e.id, "pt1", k.id),)))
    words = str(events[-1])
    assert "needs 1-3" in words and "-3 to hit and -2 hexes of range" in words
    assert controls._need(state, e, e.cls.weapon("pt1"), k) == CHART_L_AT_7 - 3


def test_an_andorian_captains_chosen_weapon_hits_on_two_more() -> None:
    """Line 204: "a +2 to any energy weapon bank or missile tube": the chosen phaser needs two
    more, the others as the chart says, and the roll says why."""
    state = game(captains={"enterprise": {"race": "andorian", "benefit": "weapon",
                                          "weapon": "ph1"}}, variant="battlestations")
    state = placed(state, Hex(10, 5), Hex(10 + 9, 5))
    assert need(state, "ph1") == state.tables.to_hit("W", 9) + 2
    assert need(state, "ph2") == state.tables.to_hit("W", 9)
    close = placed(state, Hex(10, 5), Hex(11, 5))  # 10 at 1 hex: never more than 1-10
    assert need(close, "ph1") == 10
    e, k = state.ship("enterprise"), state.ship("kronos")
    _, events = combat.next_roll(replace(state, shots=(Shot(e.id, "ph1", k.id),)))
    assert "the Andorian captain's chosen weapon" in str(events[-1])


def test_the_explanation_names_the_wells_modifier() -> None:
    """The WHY? of a pending torpedo shot into the well says the number and why (line 194)."""
    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 7), along(state, 0))
    e, k = state.ship("enterprise"), state.ship("kronos")
    pending = replace(state, shots=(Shot(e.id, "pt1", k.id),), step="resolve", hit=None)
    lines = explain_pending(pending)
    assert any("hits on 1-3" in line for line in lines)
    assert any("-3 to hit and -2 hexes of range, firing into a gravity well" in line
               for line in lines)


def test_the_autopilots_odds_read_the_wells_as_the_shot_does() -> None:
    """The range the autopilot steers for reckons each weapon's odds as the roll will: the
    Kronos in the well fires its torpedoes out at -1 to hit and 4 hexes less range (line 194),
    so its volley does most closer in than the chart alone says; in FASA's own game the well
    changes nothing."""
    from engine.rulesets.fasa.autopilots import autopilot_expert as expert_play

    state = game(bodies=WELL, variant="battlestations")
    state = placed(state, along(state, 7), along(state, 0))
    k, e = state.ship("kronos"), state.ship("enterprise")
    changes = expert_play.variant_changes(state, k)
    torpedoes = [i for i, spec in enumerate(k.cls.weapons) if spec.kind == "missile"]
    assert torpedoes and all(changes[i].to_hit == -1 and changes[i].reach == -4
                             for i in torpedoes)
    for rng in (3, 8, 9):   # out of the well a torpedo reaches 8 hexes, as the shot says
        reckoned = expert_play.expected_damage(state.tables, k, rng, state.scale, changes)
        beams = expert_play.expected_damage(state.tables, replace(k, weapons=tuple(
            replace(w, damaged=i in torpedoes) for i, w in enumerate(k.weapons))), rng,
            state.scale, changes)
        assert (reckoned > beams) == all(combat.need_to_hit(state, k, k.cls.weapons[i], rng, e)
                                         for i in torpedoes), rng
    chart_alone = expert_play.best_range(state.tables, k, state.scale)
    assert expert_play.best_range_now(state, k) < chart_alone
    plain = game(bodies=WELL)
    plain = placed(plain, along(plain, 7), along(plain, 0))
    assert expert_play.best_range_now(plain, plain.ship("kronos")) == chart_alone
