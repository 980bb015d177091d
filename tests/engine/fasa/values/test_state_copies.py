"""State copies cannot be mis-made: `state.replace` gives what `dataclasses.replace` gives and
refuses a misspelt field, for every state class and for a subclass."""

from __future__ import annotations

import dataclasses

import pytest
from test_fasa_game import ENT, KL, game

from engine.rulesets.fasa.values.state import (
    Allocation,
    FasaState,
    Hit,
    Ship,
    Shot,
    Stage,
    Status,
    Step,
    Weapon,
    replace,
)


def test_replace_agrees_with_dataclasses_replace_on_every_state_class() -> None:
    s = game(ENT, KL)
    ship = s.ship("ent")
    cases = [
        (s, {"turn": 3, "step": Step.MOVE}), (ship, {"superstructure": 2, "status": Status.DISABLED}),
        (Weapon(), {"power": 3}), (Allocation(1, 2, 3), {"weapons": 0}),
        (Hit(Stage.SHIELD, 4), {"stage": Stage.LOCATION}), (Shot("a", "b", "c"), {"target": "d"}),
        (s.setup, {"max_turns": 9}),
    ]
    for obj, changes in cases:
        assert replace(obj, **changes) == dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        assert replace(obj) == obj and replace(obj) is not obj


@pytest.mark.parametrize("obj", [Weapon(), Allocation(1, 2, 3), Shot("a", "b", "c")])
def test_a_misspelt_field_is_an_error_not_ignored(obj: object) -> None:
    with pytest.raises(TypeError, match="has no field"):
        replace(obj, heding=3)


def test_replace_copies_a_subclass_whole() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Marked(Weapon):
        mark: str = "x"

    m = Marked(power=2, mark="y")
    out = replace(m, power=5)
    assert type(out) is Marked and out == Marked(power=5, mark="y")
    assert isinstance(game(ENT, KL), FasaState) and isinstance(game(ENT, KL).ship("kl"), Ship)
