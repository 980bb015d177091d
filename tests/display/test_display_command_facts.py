"""The officers' panels at the command level read the seat's own view (Book Two, Command &
Control): power spent and left, movement points left, warp with its safe and emergency marks,
the fire order, the helm rolls, questions left, a shaken officer, a shaken system, the power off
the grid; another side's ship and an uncrewed ship read none of it."""

from __future__ import annotations

from typing import Any

import engine
from companion.session import load_scenario, prepare
from engine import Seat
from engine.rulesets.fasa.values.officers import needs
from engine.rulesets.fasa.values.shaken import OfficerOut, SystemOut
from engine.rulesets.fasa.values.state import FasaState, replace
from readouts.command_facts import command_facts
from readouts.panel_model import panel_model


def crewed_duel(crew: str = "4", crewed: tuple[str, ...] = ("enterprise", "kronos")) -> FasaState:
    scenario = prepare(load_scenario("duel", None), None, "command", None, 3)
    officers = {station: dict.fromkeys(keys, 60) for station, keys in needs(crew).items()}
    state = engine.new_game({**scenario, "ships": [
        {**s, "crew": crew, "officers": officers} if s["id"] in crewed else s
        for s in scenario["ships"]]})
    assert isinstance(state, FasaState)
    return state


def facts(state: FasaState, station: str, ship: str = "enterprise",
          seat_ship: str | None = None) -> dict[str, tuple[str, bool]]:
    view = engine.view(state, Seat(station, seat_ship or ship))
    mine = next(s for s in view["ships"] if s["id"] == ship)
    return {f.label: (f.value, f.alert) for f in command_facts(mine, station)}


def test_engineering_reads_power_spent_and_left_and_the_ratio() -> None:
    got = facts(crewed_duel(), "engineer")
    assert got["Spent"] == ("M 0 · S 0 · W 0", False)
    assert got["Left"][0].startswith("M ") and got["MP ratio"] == ("4/1", False)


def test_helm_reads_warp_marks_fire_order_and_rolls() -> None:
    got = facts(crewed_duel(), "helm")
    assert got["Warp"] == ("8 (safe 8, emergency 9)", False)
    assert got["Fire order"] == ("none given", True)   # no fire decision without it
    assert got["Helm rolls"] == ("weaponry 2 left · helm ready", False)
    assert "MP left" in got


def test_a_shaken_helmsman_reads_straight_line_and_the_grid_is_on_every_panel() -> None:
    state = crewed_duel()
    s = state.ship("enterprise")
    state = state.with_ship(replace(s, shaken=replace(
        s.shaken, officers=(OfficerOut("helm"),), systems=(SystemOut("shields"),), grid=2)))
    helm = facts(state, "helm")
    assert helm["Officer"][1] and "SHAKEN" in helm["Officer"][0]
    assert helm["Course"] == ("STRAIGHT LINE only (F, or B)", True)
    assert helm["Weapons"] == ("cannot fire", True)   # the grid is off
    science = facts(state, "science")
    assert science["Shaken"] == ("shields", True) and "Officer" not in science
    for station in ("captain", "engineer", "helm", "science"):
        assert facts(state, station)["Grid"] == ("POWER OFF 2 phases", True)


def test_the_navigator_keeps_the_shields_in_a_crew_of_five() -> None:
    state = crewed_duel("5")
    s = state.ship("enterprise")
    state = state.with_ship(replace(s, shaken=replace(s.shaken, systems=(SystemOut("shields"),))))
    assert facts(state, "navigator")["Shaken"] == ("shields", True)
    assert "Shaken" not in facts(state, "science")
    assert "Questions" in facts(state, "science") and "Questions" not in facts(state, "navigator")
    model: Any = panel_model(engine.view(state, Seat("navigator", "enterprise")), "navigator",
                             "enterprise", None)
    assert model.facts[0].label == "Shields 1-6"   # the shield track, not the Captain's glance


def test_another_side_and_an_uncrewed_ship_read_nothing() -> None:
    state = crewed_duel()
    assert facts(state, "helm", ship="kronos", seat_ship="enterprise") == {}
    assert facts(crewed_duel(crewed=("kronos",)), "helm") == {}


def test_the_roll_dialog_names_whose_percentile_roll_it_is_and_what_it_needs() -> None:
    """An officer's Skill Roll (C&C: Skill Rolls, line 959) on the display: who rolls, for which
    ship, the skill with its rating and what the die must show."""
    from engine.rulesets.fasa.values.cc_actions import EngineerRoll
    from readouts.status_model import roll_dialog

    state: Any = crewed_duel(crewed=("enterprise",))
    while (p := engine.pending(state)) and state.step.value != "skill":
        prompt = p[0]
        action = (engine.RollResult(prompt.roll.station, 1) if prompt.roll is not None
                  else engine.decide(state, prompt))
        state, _ = engine.apply(state, action)
    while (p := engine.pending(state)) and p[0].ship != "enterprise":
        state, _ = engine.apply(state, engine.RollResult(p[0].roll.station, 99)
                                if p[0].roll is not None else engine.decide(state, p[0]))
    if state.roll is None:  # else Helm asked a two-step warp change: the roll is asked at once
        state, _ = engine.apply(state, EngineerRoll("engineer", "enterprise", "power"))
    (request,) = [q.roll for q in engine.pending(state) if q.roll is not None]
    assert request.kind == "d100" and request.station == "engineer"
    dialog = roll_dialog(request, {"enterprise": "USS Enterprise"})
    assert dialog.who == "Engineering · USS Enterprise"
    assert dialog.purpose.startswith("WARP DRIVE TECHNOLOGY 60: 60 or less")
