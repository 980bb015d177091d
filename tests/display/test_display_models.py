"""The pure view-models: tactical map, phase bar, ticker, roll dialog, after-action report."""

from __future__ import annotations

import subprocess
import sys

import pytest
from game_helpers import play, start

from engine import RollRequest, Seat, view
from engine.hexgrid import offset_to_hex
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.seats.preview import arc_hexes, plan_path, reachable
from readouts.map_model import map_model
from readouts.shown_roll import mood
from readouts.status_model import after_action, phase_bar, roll_dialog, ticker_lines


@pytest.mark.slow
def test_view_models_do_not_import_pygame() -> None:
    code = ("import sys, readouts.map_model, readouts.status_model, readouts.panel_model, "
            "display.layout, display.geometry, display.theme, readouts.roll_log, "
            "readouts.counters_model, display.overview_model, "
            "readouts.shown_roll, display.targets, display.greyed; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_map_shows_every_ship_with_side_colours_and_marks_own_side() -> None:
    state = start()
    v = view(state, Seat("helm", "enterprise"))
    m = map_model(v, selected_ship="enterprise")
    by_id = {s.id: s for s in m.ships}
    assert set(by_id) == {"enterprise", "kronos"}
    assert by_id["enterprise"].own and not by_id["kronos"].own
    assert by_id["enterprise"].colour != by_id["kronos"].colour
    assert by_id["enterprise"].shape != by_id["kronos"].shape   # not colour alone
    assert (by_id["enterprise"].col, by_id["enterprise"].row, by_id["enterprise"].heading) == (9, 12, 2)
    assert by_id["enterprise"].selected and not by_id["kronos"].selected
    assert (m.cols, m.rows) == (32, 24)


def test_instructor_sees_every_ship_as_own() -> None:
    m = map_model(view(start(), Seat("instructor")))
    assert all(s.own for s in m.ships)


def test_reachable_with_no_points_is_the_ship_hex_and_grows_with_points() -> None:
    assert reachable(5, 5, 0, 0, 32, 24, frozenset()) == {(5, 5)}
    one = reachable(5, 5, 0, 1, 32, 24, frozenset())
    # F, P or S: ahead, or turn a hexside either way then ahead.
    start_hex = offset_to_hex(5, 5)
    expected = {(5, 5)} | {plan_path(5, 5, 0, s)[0][0] for s in "FPS"}
    assert one == expected
    assert all(start_hex.distance(offset_to_hex(*h)) <= 1 for h in one)
    two = reachable(5, 5, 0, 2, 32, 24, frozenset())
    assert one < two
    assert all(start_hex.distance(offset_to_hex(*h)) <= 2 for h in two)


def test_reachable_never_enters_an_obstacle_or_leaves_the_map() -> None:
    ahead = plan_path(5, 5, 0, "F")[0][0]
    got = reachable(5, 5, 0, 3, 32, 24, frozenset({ahead}))
    assert ahead not in got
    corner = reachable(0, 0, 0, 3, 32, 24, frozenset())
    assert all(0 <= c < 32 and 0 <= r < 24 for c, r in corner)


def test_planned_move_draws_its_path_and_counts_down_movement() -> None:
    v = view(start(), Seat("helm", "enterprise"))
    m = map_model(v, moving="enterprise", movement_points=3, planned="PF")
    assert m.plan[0] == (9, 12)
    assert len(m.plan) == 3
    assert m.movement_left == 1
    assert m.plan[-1] in m.reach_hexes


def test_arc_hexes_agree_with_the_engine_and_stop_at_range() -> None:
    got = arc_hexes(10, 10, 0, frozenset({"f"}), 5, 32, 24)
    origin = offset_to_hex(10, 10)
    assert got
    for c, r in got:
        h = offset_to_hex(c, r)
        assert origin.distance(h) <= 5 and in_arc(origin, 0, frozenset({"f"}), h)
    ahead = offset_to_hex(10, 7)
    behind = offset_to_hex(10, 13)
    assert (10, 7) in got and ahead.distance(origin) == 3
    assert (10, 13) not in got and behind.distance(origin) == 3


def test_target_line_gives_the_range() -> None:
    v = view(start(), Seat("helm", "enterprise"))
    m = map_model(v, selected_ship="enterprise", target="kronos")
    assert m.target_line == ((9, 12), (22, 11))
    assert m.target_range == offset_to_hex(9, 12).distance(offset_to_hex(22, 11))


def test_phase_bar_names_turn_step_who_acts_dice_and_advantage() -> None:
    state = start()
    bar = phase_bar(view(state, Seat("engineer", "enterprise")), "virtual")
    assert bar.turn == "Turn 1"
    assert bar.step == "Power Allocation"
    assert "Waiting" not in bar.acting
    assert "Engineering" in bar.acting and "allocate" in bar.acting
    assert "USS Enterprise" not in bar.acting   # the crew's own ship, on its own screen
    everyone = phase_bar(view(state, Seat("instructor")), "virtual")
    assert "Engineering" in everyone.acting and "USS Enterprise" in everyone.acting
    assert bar.dice == "Dice: virtual"
    assert not bar.over
    later, _ = play(state, until=lambda s, p: getattr(s, "step", "") == "move")
    bar = phase_bar(view(later, Seat("instructor")), "tray connected")
    assert bar.step == f"Movement {later.phase}/5"  # type: ignore[attr-defined]
    assert "Helm" in bar.acting and "move" in bar.acting
    assert bar.advantage in ("Adv: USS Enterprise", "Adv: IKS Kronos One")


def test_ticker_keeps_the_newest_lines_and_drops_roll_requests() -> None:
    _, history = play(start(), until=lambda s, p: getattr(s, "turn", 1) > 1)
    lines = ticker_lines([e for _, e in history], limit=4)
    assert len(lines) == 4
    assert lines[-1] == [e.text for _, e in history if type(e).__name__ != "RollRequested"][-1]
    assert not any(ln.startswith("Roll d10") for ln in lines)


def test_roll_dialog_says_who_what_and_the_number_needed() -> None:
    req = RollRequest("d10", "enterprise", "helm",
                      "Helm: to-hit, Phaser bank 1 of USS Enterprise vs. IKS Kronos One at range 13, "
                      "needs 1-6", (1, 6))
    d = roll_dialog(req, {"enterprise": "USS Enterprise"})
    assert d.who == "Helm · USS Enterprise"
    assert d.purpose.startswith("to-hit, Phaser bank 1")
    assert d.needs == "needs 1-6"
    assert d.values == tuple(range(1, 11))
    # on the crew's own screen its ship goes without saying: the title stays whole
    assert roll_dialog(req, {"enterprise": "USS Enterprise"}, "enterprise").who == "Helm"
    assert roll_dialog(req, {"enterprise": "USS Enterprise"}, "kronos").who == \
        "Helm · USS Enterprise"


def test_after_action_report_counts_shots_hits_and_damage() -> None:
    state, history = play(start(turns=30))
    v = view(state, Seat("instructor"))
    report = after_action(v, history)
    assert v["outcome"] and report.why == v["outcome"]
    assert report.headline == f"Victory: {v['winner']}"
    shots = [e for _, e in history if type(e).__name__ == "ShotResolved"]
    assert sum(s.shots for s in report.ships) == len(shots)
    assert sum(s.hits for s in report.ships) == sum(1 for e in shots if e.hit)
    assert sum(s.dealt for s in report.ships) == sum(s.taken for s in report.ships) == \
        sum(e.damage for e in shots if e.hit)
    assert any("heaviest hit" in t for t in report.turning_points)
    text = "\n".join(report.lines())
    assert "USS Enterprise" in text and "IKS Kronos One" in text


def test_the_end_is_good_news_to_the_winners_and_bad_to_the_others_never_red_for_all() -> None:
    state, _ = play(start(turns=30))
    v = view(state, Seat("instructor"))
    sides = {str(s["id"]): str(s["side"]) for s in v["ships"]}
    moods = {ship: phase_bar(view(state, Seat("helm", ship)), "virtual").mood for ship in sides}
    assert moods == {ship: "good" if side == v["winner"] else "bad"
                     for ship, side in sides.items()}
    assert set(moods.values()) == {"good", "bad"}
    assert phase_bar(v, "virtual").mood == ""           # the Instructor has no side
    assert phase_bar(view(start(), Seat("helm", "enterprise")), "virtual").mood == ""


def test_a_roll_that_went_the_crew_s_way_is_good_news() -> None:
    assert [mood(r) for r in ("HIT", "EVADED", "HELD", "REPAIRED")] == ["good"] * 4
    assert [mood(r) for r in ("MISS", "FAILED", "EXPLODED", "BROKE APART")] == ["bad"] * 4
    assert mood("") == ""                               # "rolled 4": neither
