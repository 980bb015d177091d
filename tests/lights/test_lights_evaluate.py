"""Which rule lights an output: states while they hold, events for their time, edges once per
change, clashes by priority, then the latest, then the file's order; effects over time."""

from __future__ import annotations

from typing import Any

from lights.evaluate import Lit, Play
from lights.load import parse_rules

RULES = parse_rules('''[outputs.room]
kind = "wled"
url = "x.local"
[outputs.chime]
kind = "sound"
sound = "chime"
[[state]]
name = "idle"
output = "room"
when = "not over"
colour = "warm"
level = 0.3
[[state]]
name = "red"
output = "room"
when = "view.down"
colour = "red"
priority = 5
[[event]]
output = "room"
on = "ShotResolved"
where = "event.hit"
effect = "flash"
time = 0.5
priority = 5
[[event]]
output = "chime"
rises = "asked.decide"
[[state]]
output = "room"
when = "view.blinking"
effect = "blink"
period = 0.25
colour = "blue"
priority = 9
''', "t")


def ctx(**view: Any) -> dict[str, Any]:
    return {"view": view, "ship": None, "asked": {"decide": view.pop("decide", False)},
            "seat": {}, "over": False}


def test_states_clash_by_priority_and_an_event_wins_its_time_among_equals() -> None:
    lit = Lit(RULES, ("room", "chime"))
    lit.update(ctx(), [], 0.0)
    assert lit.looks(0.0)["room"].colour == (255, 180, 100)
    lit.update(ctx(down=True), [], 1.0)
    assert lit.looks(1.0)["room"].colour == (255, 0, 0)   # priority 5 over the idle 0
    lit.update(ctx(down=True), [{"type": "ShotResolved", "hit": True}], 2.0)
    assert lit.looks(2.2)["room"].colour == (255, 255, 255)   # equal priority: began last
    assert lit.due(2.2) == 2.5
    assert lit.looks(2.6)["room"].colour == (255, 0, 0)   # the flash's time is over
    lit.update(ctx(down=True), [{"type": "ShotResolved", "hit": False}], 3.0)
    assert lit.looks(3.0)["room"].colour == (255, 0, 0)   # `where` did not hold


def test_an_edge_fires_once_per_change_and_not_at_the_first_look() -> None:
    lit = Lit(RULES, ("room", "chime"))
    assert lit.update(ctx(decide=True), [], 0.0) == []   # a resumed game does not chime
    assert lit.update(ctx(decide=False), [], 1.0) == []
    assert lit.update(ctx(decide=True), [], 2.0) == [Play("chime")]
    assert lit.update(ctx(decide=True), [], 3.0) == []


def test_a_blink_keeps_its_rhythm_from_when_it_began() -> None:
    lit = Lit(RULES, ("room",))
    lit.update(ctx(blinking=True), [], 10.0)
    look = lit.looks(10.0)["room"]
    assert [look.at(t)[1] for t in (10.0, 10.3, 10.6)] == [1.0, 0.0, 1.0]
    assert lit.due(10.1) == 10.25
    lit.update(ctx(blinking=True), [], 10.4)   # still holding: the same rhythm
    assert lit.looks(10.4)["room"].start == 10.0


def test_nothing_lights_an_output_when_no_rule_holds() -> None:
    lit = Lit(RULES, ("room",))
    lit.update({"view": {}, "over": True, "asked": {}}, [], 0.0)
    assert lit.looks(0.0)["room"].at(0.0)[1] == 0.0
    assert lit.due(0.0) is None
