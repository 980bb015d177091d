"""The map's preview of a decision being entered comes through the kernel (`engine.course_path`,
`course_reach`, `arc_hexes`) from a seat's view alone: FASA's course and arcs as before, and
nothing (not an error) for a ruleset that previews none. Knight Hawks' own preview is tested in
tests/engine/knighthawks/seats/test_knighthawks_preview.py."""

from __future__ import annotations

from game_helpers import start

import engine
from engine import Seat, new_game, view
from engine.rulesets import get
from engine.rulesets.fasa.seats.preview import arc_hexes, plan_path, reachable

FED, KL = Seat("helm", "enterprise"), Seat("helm", "kronos")


def test_a_course_is_previewed_from_the_view_as_the_ruleset_moves_it() -> None:
    seen = view(start(), FED)
    ent = next(s for s in seen["ships"] if s["id"] == "enterprise")
    col, row, heading = int(ent["col"]), int(ent["row"]), int(ent["heading"])
    for steps in ("", "F", "FPS", "SSFF"):
        assert list(engine.course_path(seen, "enterprise", steps)) == \
            plan_path(col, row, heading, steps)
    here, facing = plan_path(col, row, heading, "FP")[-1]
    assert engine.course_reach(seen, "enterprise", "FP", 4, "FPS") == reachable(
        *here, facing, 2, int(seen["map"]["cols"]), int(seen["map"]["rows"]), frozenset(), "FPS",
        planned="FP")
    assert len(engine.course_reach(seen, "enterprise", "", 2, "FPS")) > 3


def test_a_weapons_arc_is_previewed_only_for_a_seat_told_its_arcs() -> None:
    state = start()
    ours = view(state, FED)
    ent = next(s for s in ours["ships"] if s["id"] == "enterprise")
    weapon = ent["weapons"][0]
    arc = engine.arc_hexes(ours, "enterprise", str(weapon["id"]), 6)
    assert arc == arc_hexes(int(ent["col"]), int(ent["row"]), int(ent["heading"]),
                            frozenset(weapon["arcs"]), 6, 32, 24)
    assert arc
    theirs = view(state, KL)
    assert engine.arc_hexes(theirs, "enterprise", str(weapon["id"]), 6) == frozenset()


def test_a_ruleset_that_previews_nothing_answers_nothing() -> None:
    """A view of a ruleset the kernel cannot find (or one without `Previewing`) gets no preview,
    not an error."""
    seen = {**view(new_game(get("knighthawks").example_scenario()), Seat("instructor")),
            "ruleset": "no-such-game"}
    ship = str(seen["ships"][0]["id"])
    assert engine.course_path(seen, ship, "F") == ()
    assert engine.course_reach(seen, ship, "", 3, "F") == frozenset()
    assert engine.arc_hexes(seen, ship, "w", 3) == frozenset()
