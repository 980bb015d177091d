"""A whole basic-game turn played only through synthetic touch events.

The crew of USS Enterprise plays every one of its decisions and rolls by tapping the bridge
display (each tap arrives as a finger event and as SDL's mouse copy of it, and must count once);
the Klingon ship is played by the autopilot with seeded virtual dice.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from game_helpers import start

from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay, Output, Request
from engine import Action, GameState, RollResult, Seat, apply, pending
from engine.events import Event
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState

SIZE = (800, 480)


@pytest.fixture()
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    yield surface
    pygame.display.quit()


class Table:
    """The app's part, as small as it can be: apply what the display produces, show the result."""

    def __init__(self, screen: pygame.Surface, seed: int) -> None:
        self.out: list[Output] = []
        self.now = 0.0   # the display's clock: a test moves it on instead of sleeping
        self.display = BridgeDisplay(screen, Seat("helm", "enterprise"), self.out.append,
                                     clock=lambda: self.now)
        self.dice = VirtualDice(seed)
        self.state: GameState = start(turns=5)
        self.taken: list[Action] = []
        self.display.show(self.state)
        self.display.frame()

    def apply(self, action: Action) -> tuple[Event, ...]:
        self.state, events = apply(self.state, action)
        self.display.show(self.state, events)
        self.display.frame()
        return events

    def tap(self, wid: str) -> None:
        w = next((w for w in self.display.widgets if w.id == wid), None)
        assert w is not None, (wid, [w.id for w in self.display.widgets], self.display.tab)
        x, y = w.rect.center
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / SIZE[0], y=y / SIZE[1],
                                             touch_id=1, finger_id=0, pressure=1.0, dx=0.0,
                                             dy=0.0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1,
                                             touch=True))
        self.display.frame()

    def ids(self) -> list[str]:
        return [w.id for w in self.display.widgets if w.enabled]

    def play_decision_by_touch(self, station: str = "") -> Output:
        """Tap the way a crew would: one step up on every stepper (paging through), the enemy as
        the target of every weapon, one step ahead, a die face for a roll; then Confirm. Where
        officers decide at once (display.draw_split), in `station`'s part: each of its fields
        in turn."""
        if station in self.display.together() and self.display.split:
            return self.play_part_by_touch(station)
        before = len(self.out)
        if "result-ok" in self.ids():   # the last roll's result, read: go on
            self.tap("result-ok")
        ids = self.ids()
        if any(i.startswith("die:") for i in ids):
            self.tap("roll")                          # ask the table's dice
            assert len(self.out) == before + 1, "the ROLL button produced nothing"
            return self.out[-1]
        tapped: set[str] = set()
        while True:
            for wid in self.ids():
                if wid in tapped:
                    continue
                if wid.startswith("up:") or wid == "letter:steps:F" or \
                        (wid.startswith("pick:") and not wid.endswith(":-")):
                    self.tap(wid)
                    tapped.add(wid)
            if "page:+1" in self.ids():
                self.tap("page:+1")
            else:
                break
        assert "confirm" in self.ids(), f"Confirm is greyed out: {self.display.message}"
        self.tap("confirm")
        if len(self.out) == before:   # firing asks a second tap, as a panel asks a long press
            confirm = next(w for w in self.display.widgets if w.id == "confirm")
            assert confirm.label == "TAP AGAIN TO FIRE", self.display.message
            self.tap("confirm")
        assert len(self.out) == before + 1, f"Confirm produced nothing: {self.display.message}"
        return self.out[-1]

    def play_part_by_touch(self, station: str) -> Output:
        before = len(self.out)
        at = f"@{station}|"
        fields = {w.id for w in self.display.widgets if w.id == at + "field:+1"}
        for _ in range(12 if fields else 1):   # every field, one step up each (or a choice)
            for wid in self.ids():
                if wid.startswith(at + "up:") or (wid.startswith(at + "pick:")
                                                  and not wid.endswith(":-")):
                    self.tap(wid)
                    break
            if at + "field:+1" in self.ids():
                self.tap(at + "field:+1")
        assert at + "confirm" in self.ids(), f"Confirm is greyed out: {self.display.message}"
        self.tap(at + "confirm")
        assert len(self.out) == before + 1, f"Confirm produced nothing: {self.display.message}"
        return self.out[-1]


@pytest.mark.slow
def test_a_whole_turn_played_by_touch(screen: pygame.Surface) -> None:
    table = Table(screen, seed=3)
    kinds: set[str] = set()
    for _ in range(500):
        prompts = pending(table.state)
        assert prompts, "the game ended inside the first turn"
        if getattr(table.state, "turn", 1) > 1:
            break
        prompt = prompts[0]
        if prompt.ship == "enterprise":
            assert table.display.tab == prompt.station or prompt.roll is not None or \
                prompt.station in table.display.together(), \
                "the panel of the station that must act was not brought forward"
            got = table.play_decision_by_touch(str(prompt.station))
            if isinstance(got, Request):
                assert got.kind == "roll" and prompt.roll is not None
                action: Action = table.dice.roll(prompt.roll)
            else:
                action = got
            kinds.add(type(action).__name__ if not isinstance(action, RollResult) else "roll")
            table.apply(action)
        else:
            assert isinstance(table.state, FasaState)
            table.apply(table.dice.roll(prompt.roll) if prompt.roll
                        else autopilot.decide(table.state, prompt))
    assert getattr(table.state, "turn", 1) == 2
    # Every kind of decision of a basic turn was made by touch (moves and fire at least once).
    assert {"AllocatePower", "ArmWeapons", "SetShields", "roll"} <= kinds
    assert "Move" in kinds and "DeclareFire" in kinds
    assert table.display.history, "the display was told what happened"


@pytest.mark.slow
def test_manual_dice_faces_answer_a_roll(screen: pygame.Surface) -> None:
    table = Table(screen, seed=3)
    while True:   # autopilots up to the Enterprise's first roll
        prompt = pending(table.state)[0]
        if prompt.roll is not None and prompt.ship == "enterprise":
            break
        assert isinstance(table.state, FasaState)
        table.apply(table.dice.roll(prompt.roll) if prompt.roll
                    else autopilot.decide(table.state, prompt))
    table.display.frame()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_7, mod=0))
    table.display.frame()
    assert len(table.out) == 1
    roll = table.out[0]
    assert isinstance(roll, RollResult) and roll.value == 7 and roll.source == "manual"
    table.apply(roll)


def advance_to(table: Table, action: str) -> None:
    """Autopilots and dice play every seat until the Enterprise must take `action`."""
    while True:
        prompt = pending(table.state)[0]
        if prompt.ship == "enterprise" and prompt.roll is None and prompt.action == action:
            table.now += 60   # a minute at the table: any roll's result held has gone
            table.display.frame()
            return
        assert isinstance(table.state, FasaState)
        table.apply(table.dice.roll(prompt.roll) if prompt.roll
                    else autopilot.decide(table.state, prompt))


def finger_at(x: float, y: float) -> None:
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / SIZE[0], y=y / SIZE[1],
                                         touch_id=1, finger_id=0, pressure=1.0, dx=0.0, dy=0.0))


@pytest.mark.slow
def test_tapping_the_hex_ahead_on_the_map_plans_that_step(screen: pygame.Surface) -> None:
    from engine.rulesets.fasa.seats.preview import plan_path
    table = Table(screen, seed=3)
    advance_to(table, "move")
    d = table.display
    me = next(s for s in d.view["ships"] if s["id"] == "enterprise")
    ahead = plan_path(me["col"], me["row"], me["heading"], "F")[0][0]
    port = plan_path(me["col"], me["row"], me["heading"], "P")[0][0]
    assert d.map_frame is not None
    finger_at(*d.map_frame.center(*port))
    d.frame()
    editor = next(iter(d.editors.values()))
    assert editor.values["steps"] == "P"
    assert d.map().plan[-1] == port
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    d.frame()
    assert editor.values["steps"] == ""          # taken back before it was confirmed
    finger_at(*d.map_frame.center(*ahead))
    d.frame()
    assert editor.values["steps"] == "F"


def test_tapping_the_enemy_on_the_map_aims_the_weapons_that_can(screen: pygame.Surface) -> None:
    table = Table(screen, seed=3)
    advance_to(table, "fire")
    d = table.display
    enemy = next(s for s in d.view["ships"] if s["id"] == "kronos")
    assert d.map_frame is not None
    finger_at(*d.map_frame.center(enemy["col"], enemy["row"]))
    d.frame()
    editor = next(iter(d.editors.values()))
    decision = editor.decision
    for f in decision.fields:
        allowed = any(c.value == "kronos" and c.problem is None for c in f.choices)
        assert (editor.values[f.name] == "kronos") == allowed
    assert d.target == "kronos"
    assert d.map().target_range is not None


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_taps_only_ever_produce_legal_actions(screen: pygame.Surface, seed: int) -> None:
    """Mash the screen: whatever the display hands the app is an action `apply` accepts (it
    asked `problem` first) or a request; after a few useless taps the autopilot acts."""
    import random

    from engine import problem
    rng = random.Random(seed)
    table = Table(screen, seed=seed)
    produced = 0
    for _ in range(400):
        prompts = pending(table.state)
        if not prompts or getattr(table.state, "turn", 1) > 2:
            break
        prompt = prompts[0]
        if prompt.ship == "enterprise":
            before = len(table.out)
            for _ in range(12):
                ids = table.ids()
                if rng.random() < 0.7 and ids:
                    table.tap(rng.choice(ids))
                else:
                    finger_at(rng.randrange(800), rng.randrange(480))
                    table.display.frame()
                if len(table.out) > before:
                    break
            if len(table.out) > before:
                got = table.out[-1]
                if isinstance(got, Request):
                    assert prompt.roll is not None
                    got = table.dice.roll(prompt.roll)
                else:
                    assert problem(table.state, got) is None
                    produced += 1
                table.apply(got)
                continue
        assert isinstance(table.state, FasaState)
        table.apply(table.dice.roll(prompt.roll) if prompt.roll
                    else autopilot.decide(table.state, prompt))
    assert produced > 0
