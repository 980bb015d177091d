"""A whole turn of the basic duel in a real browser (Chromium, Selenium), played from four
phone-sized windows (Engineer, Helm, Science, Captain; 360x640) and the Instructor's tablet
(1024x768), Kronos on the autopilot. Every console action is checked against the same action
made directly with the engine (`Decision.make`, `RollResult`, the seeded dice) and the game
replayed from them; on the way a decide sent again after a dropped connection is applied once,
a console reloaded mid-phase resumes, the Instructor undoes, overrides a roll, changes a seat,
gives a seat a new code (the old link is refused), takes a phase back and ends the session;
touch targets of 48 CSS px at least and nothing wider than the screen, measured in the browser.
Skips (saying how to install Chromium) on a developer's machine without it; fails in CI."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_rig import PHONE, SHIP, TABLET, Browser, Rig
from console_hands import (
    OVERFLOW,
    SMALL_TARGETS,
    STATIONS,
    Table,
    decision,
    made_decision,
    made_preset,
    made_roll,
    made_virtual,
    one_browser,
)

from companion.saves.saved_game import SavedGame, autopilot_action
from consoles.payload import SeatLog, payload
from engine import Action, pending, state_to_json


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from one_browser()


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    """The module's one Chromium, its windows closed after each test."""
    yield chromium
    chromium.reset()


def ask_seat(t: Table) -> None:
    """The Instructor asks from the tablet that the Captain's seat be the autopilot's: made at
    the next turn, shown in the Seats row now; "panel" is greyed out with its reason."""
    b = t.b
    b.to("instructor")
    row = '.seat-row[data-seat="enterprise/captain"]'
    t.tap(f'{row} button[data-mode="panel"]')
    b.until(lambda: b.js(f"return document.querySelector('{row} .problem') !== null"),
            "greyed-out panel mode gave no reason")
    t.tap(f'{row} button[data-mode="autopilot"]')
    b.until(lambda: b.js(f"return document.querySelector('{row} button.asked') !== null"),
            "the seat change is not shown")
    assert "next turn: Auto" in b.js(f"return document.querySelector('{row}').textContent")
    assert t.rig.app.seat_changes.asked, "the table did not take the seat change"


def replayed_directly(rig: Rig, made: list[Callable[[SavedGame], Action]]) -> SavedGame:
    """The game made again without a browser: each console action made directly with the
    engine, each autopilot action as the autopilot makes it; every one must equal the logged."""
    direct = SavedGame.new(None, rig.scenario, 5, rig.seats)
    k = 0
    for n, (action, by) in enumerate(zip(rig.game.actions, rig.game.by, strict=True)):
        if by == "console":
            expected = made[k](direct)
            k += 1
        else:
            prompt = next(p for p in pending(direct.state)
                          if rig.seats.get(f"{p.ship}/{p.station}") == "autopilot")
            expected = autopilot_action(direct, prompt)
        assert expected == action, f"action {n + 1} ({by}): {action} != {expected}"
        direct.accept(expected, by)
    assert k == len(made), "a console action was not applied, or applied twice"
    return direct


class Turn:
    """What the crew does at each prompt, and which of the harder moments happened yet."""

    def __init__(self, t: Table) -> None:
        self.t, self.b, self.rig = t, t.b, t.rig
        self.moves = iter(["P", "F", "", "", ""])
        self.rolls = 0
        self.happened: set[str] = set()   # undone, resent, reloaded, overridden, virtual

    def once(self, moment: str) -> bool:
        """True the first time `moment` is asked for."""
        if moment in self.happened:
            return False
        self.happened.add(moment)
        return True

    def applied(self, before: int, what: str) -> None:
        self.b.until(lambda: len(self.rig.game.actions) > before, f"{what} was not applied")

    def act(self, p: Any, seq: dict[str, int]) -> None:
        if p.roll is not None:
            self.roll(p, seq)
            return
        st, action = str(p.station), str(p.action)
        handler = getattr(self, action, None)
        if handler is not None:
            handler(st, seq)
        else:
            self.first_allowed(st, action, seq)

    def roll(self, p: Any, seq: dict[str, int]) -> None:
        t, b, st = self.t, self.b, str(p.station)
        self.rolls += 1
        before = len(self.rig.game.actions)
        if st == "science" and self.once("overridden"):   # the Instructor overrides this roll
            t.at("instructor", seq)
            b.until(lambda: b.js("return !document.getElementById('roll').hidden"),
                    "the Instructor sees no roll to override")
            t.tap('#roll button[data-face="7"]')
            t.made.append(made_roll(st, 7, "override"))
            t.acted.add("instructor")
            self.applied(before, "the override")
            return
        state = t.at(st, seq)
        assert state["roll"] is not None and state["roll"]["station"] == st
        b.until(lambda: b.js("return !document.getElementById('roll').hidden"),
                f"{st} shows no roll")
        t.check_phone(st)
        if self.once("virtual"):   # the table's dice, from a phone
            t.made.append(made_virtual(st))
            t.tap("#roll button.roll-now")
        else:
            face = 1 + self.rolls % 10
            t.made.append(made_roll(st, face))
            t.tap(f'#roll button[data-face="{face}"]')
        self.applied(before, f"{st}'s roll")
        t.acted.add(st)

    def allocate_power(self, st: str, seq: dict[str, int]) -> None:
        t, b = self.t, self.b
        values = {"movement": 4, "shields": 5, "weapons": 6}
        steps = {f.name: f.step for f in decision(self.rig.game, st, "allocate_power").fields}

        def power() -> None:   # movement goes by 4 (4 power a movement point)
            for name, n in values.items():
                for _ in range(n // steps[name]):
                    t.tap(f'[data-field="{name}"] button[aria-label^="More"]')
            assert b.js("return [...document.querySelectorAll('output.value')]"
                        ".map(x => +x.textContent)") == list(values.values())
            assert b.js("return document.querySelector('.budget b').textContent") == "15 of 15"
            # the budget is spent: no field may step up
            assert b.js("return [...document.querySelectorAll("
                        "'button[aria-label^=\"More\"]')].every(x => x.disabled)")

        if not self.once("resent"):
            t.decide(st, "allocate_power", seq, power, made_decision(st, "allocate_power", values))
            return
        # the connection drops after Confirm: the decide is sent again, and applied once
        t.at(st, seq)
        b.until(lambda: b.js("return !!document.querySelector("
                             "'article.decision[data-action=allocate_power]')"), "power")
        power()
        # the Instructor changes a seat meanwhile: a new state for every console, and what the
        # Engineer is entering stays
        sent = self.rig.published[f"{SHIP}/{st}"]
        under_finger = b.js("return document.querySelector('button.confirm')")
        ask_seat(t)
        t.at(st, sent + 1)
        assert b.js("return [...document.querySelectorAll('output.value')]"
                    ".map(x => +x.textContent)") == list(values.values())
        # nothing of the panel changed: the button a finger may be on is the same element
        assert b.js("return arguments[0].isConnected", under_finger)
        with self.rig.paused():
            t.tap('article.decision[data-action="allocate_power"] button.confirm')
            b.until(lambda: b.js("return window.starbridgeConsole.link.busy()"),
                    "the decide was not sent")
            b.js("window.starbridgeConsole.link.ws.close()")
            b.until(lambda: t.link() == "reconnecting…", "no reconnecting shown")
            b.until(lambda: t.link() == "live", "the console did not reconnect")
        t.made.append(made_decision(st, "allocate_power", values))
        b.until(lambda: not b.js("return window.starbridgeConsole.link.busy()"),
                "the resent decide was never answered")
        b.until(lambda: b.js("return document.querySelector('#decisions .done') !== null"),
                "no 'Done' after the answer")
        t.acted.add(st)

    def arm_weapons(self, st: str, seq: dict[str, int]) -> None:
        t, b = self.t, self.b
        arms = {"ph1": 2, "ph2": 2, "pt1": 1, "pt2": 1}

        def arm() -> None:
            for name, n in arms.items():
                for _ in range(n):
                    t.tap(f'[data-field="{name}"] button[aria-label^="More"]')

        t.decide(st, "arm_weapons", seq, arm, made_decision(st, "arm_weapons", arms))
        if self.once("undone"):   # the Instructor takes it back from the tablet; Helm arms again
            before = len(self.rig.game.actions)
            b.to("instructor")
            t.tap('button[data-do="undo"]')
            t.made.pop()
            b.until(lambda: len(self.rig.game.actions) < before, "the undo was not applied")

    def set_shields(self, st: str, seq: dict[str, int]) -> None:
        t, b = self.t, self.b
        if self.once("reloaded"):   # Science reloads the page mid-phase: the console resumes
            t.at(st, seq)
            t.tap('[data-field="shield1"] button[aria-label^="More"]')
            b.driver.refresh()
            state = t.at(st, seq)
            assert any(d["action"] == "set_shields" for d in state["decisions"])
            b.until(lambda: t.link() == "live", "the reloaded console is not live")
        t.decide(st, "set_shields", seq, lambda: t.tap("button.preset", "Spread evenly"),
                 made_preset(st, "set_shields", "Spread evenly"))

    def move(self, st: str, seq: dict[str, int]) -> None:
        t, b = self.t, self.b
        steps = next(self.moves)

        def course() -> None:
            for letter in steps:
                t.tap(f'[data-field="steps"] button[data-letter="{letter}"]')
            assert b.js("return document.querySelector('.course').textContent") == (steps or "—")
            if steps:   # the course being entered is drawn on the map
                assert b.js("return document.querySelectorAll('#map .plan').length") == 1

        t.decide(st, "move", seq, course, made_decision(st, "move", {"steps": steps}))

    def fire(self, st: str, seq: dict[str, int]) -> None:
        """Every weapon that can, at Kronos: irreversible, so Confirm is tapped twice."""
        t = self.t
        d = decision(self.rig.game, st, "fire")
        aims = {f.name: c for f in d.fields for c in f.choices if c.value == "kronos" and c.allowed}

        def aim() -> None:
            for w, c in aims.items():
                t.tap(f'[data-field="{w}"] button.choice', c.label)

        t.decide(st, "fire", seq, aim,
                 made_decision(st, "fire", {w: c.value for w, c in aims.items()}),
                 confirm_twice=True)

    def first_allowed(self, st: str, action: str, seq: dict[str, int]) -> None:
        """Any other decision (a damaged weapon to choose, ...): the first allowed choices."""
        t = self.t
        d = decision(self.rig.game, st, action)
        picks = {f.name: next(c for c in f.choices if c.allowed) for f in d.fields if f.choices}

        def first() -> None:
            for name, c in picks.items():
                t.tap(f'[data-field="{name}"] button.choice', c.label)

        values = {n: c.value for n, c in picks.items()}
        t.decide(st, action, seq, first, made_decision(st, action, values),
                 confirm_twice=d.irreversible_with(values))


@pytest.mark.slow
def test_a_whole_turn_from_four_phones_and_the_instructors_tablet(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        for st in STATIONS:
            t.open(st, f"{SHIP}/{st}", PHONE)
        t.open("instructor", "instructor", TABLET)
        assert b.js("return document.querySelectorAll('.link-card .qr svg').length") == 9
        t.tap('.ship-card[data-ship="kronos"] summary')   # every ship's record, kept open
        assert "Disruptor" in b.js("return document.querySelector('.ship-card[open]').textContent")
        assert t.b.js(SMALL_TARGETS) == [], "the tablet's touch targets under 48 CSS px"
        assert t.b.js(OVERFLOW) == [], "the tablet's page is wider than the tablet"

        turn = Turn(t)
        for _ in range(80):
            prompts, seq = t.settled()
            if not prompts:
                break
            turn.act(prompts[0], seq)
        assert rig.game.over, "the turn did not end"
        assert turn.happened == {"undone", "resent", "reloaded", "overridden", "virtual"}
        assert t.acted == {*STATIONS, "instructor"}, t.acted

        # every phone shows the end, its Rolls list explains its rolls
        for st in STATIONS:
            b.to(st)
            b.until(lambda: (t.shown() or {}).get("over"), f"{st} does not show the end")
            t.check_phone(st)
        b.to("helm")
        assert b.js("return document.querySelectorAll('#rolls details').length") > 0
        t.tap("#rolls details summary")
        assert b.js("return document.querySelector('#rolls details[open] .why h3').textContent"
                    ).startswith("Why ")

        b.to("instructor")
        assert b.js("return [...document.querySelectorAll('.ship-card[open]')]"
                    ".map(d => d.dataset.ship)") == ["kronos"], "the record closed on a new state"
        for name in (*STATIONS, "instructor"):
            b.to(name)
            assert b.errors() == [], name

        direct = replayed_directly(rig, t.made)
        assert state_to_json(direct.state) == state_to_json(rig.game.state)
        # each console's last state is what the engine's per-seat API gives its seat now
        for st in STATIONS:
            shown = t.at(st, rig.published[f"{SHIP}/{st}"])
            want = payload(rig.game.state, f"{SHIP}/{st}", SeatLog(f"{SHIP}/{st}"))
            for part in ("phase", "decisions", "map", "facts", "roll"):
                assert shown[part] == want[part], f"{st}: {part}"

        # the Instructor gives Science a new code: the old link is closed and refused
        old = rig.url(f"{SHIP}/science")
        b.to("instructor")
        t.tap('.link-card[data-seat="enterprise/science"] button')
        assert rig.url(f"{SHIP}/science") == old, "one tap revoked the link"
        t.tap('.link-card[data-seat="enterprise/science"] button')
        b.until(lambda: rig.url(f"{SHIP}/science") != old, "no new link")
        b.to("science")
        b.until(lambda: b.js("return !document.getElementById('refused').hidden"),
                "the revoked console was not closed")
        assert "replaced" in b.js("return document.getElementById('refused').textContent")
        b.driver.get(old)
        b.driver.refresh()
        b.until(lambda: b.js("return !document.getElementById('refused').hidden"),
                "the revoked link opened a console")
        assert b.js("return window.starbridgeConsole.state()") is None
        b.driver.get(rig.url(f"{SHIP}/science"))
        b.driver.refresh()
        b.until(lambda: t.link() == "live" and t.shown() is not None, "the new link does not open")

        # the Instructor takes the last phase back: the game goes on where that phase began
        n = len(rig.game.actions)
        b.to("instructor")
        t.tap('button[data-do="undo-phase"]')
        b.until(lambda: len(rig.game.actions) < n and not rig.game.over, "no phase taken back")
        # and ends the session: one tap arms, the second ends it (the game is saved)
        t.tap('button[data-do="end"]')
        assert "end the game" in b.js(
            "return document.querySelector('button[data-do=end]').textContent")
        assert not rig.app.leave, "one tap ended the session"
        t.tap('button[data-do="end"]')
        b.until(lambda: rig.app.leave, "the session did not end")

