"""The consoles in a real browser (Chromium, Selenium): a whole turn of the basic duel played
from four phone-sized windows (Engineer, Helm, Science, Captain) and the Instructor's tablet,
Kronos on the autopilot; every console action checked against the same action made directly
with the engine (`Decision.make`, `RollResult`) and the game replayed from them; a console
reloaded mid-phase resumes; a decide sent again after a dropped connection is applied once; a
revoked link is refused; touch targets of 48 CSS px at least and nothing wider than a phone's
360 px, measured in the browser. Skips (with how to install Chromium) on a developer's machine
without it; fails in CI."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_rig import PHONE, SHIP, TABLET, Browser, Rig, need_browser

from companion.saved_game import SavedGame, autopilot_action
from engine import (
    Action,
    Decision,
    RollResult,
    Seat,
    controls,
    pending,
    problem,
    state_to_json,
)
from stations.payload import SeatLog, payload

STATIONS = ("engineer", "helm", "science", "captain")

SMALL_TARGETS = """
const bad = [];
for (const e of document.querySelectorAll('button, summary, input, select, a[href]')) {
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  if (r.width < 47.5 || r.height < 47.5)
    bad.push(e.outerHTML.slice(0, 90) + ' ' + r.width.toFixed(1) + 'x' + r.height.toFixed(1));
}
return bad;
"""

OVERFLOW = """
const W = window.innerWidth, out = [];
const page = document.documentElement.scrollWidth;
if (page > W) out.push('the page is ' + page + ' px wide');
for (const e of document.querySelectorAll('body *')) {
  if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height) continue;
  if (r.right > W + 0.5 || r.left < -0.5)
    out.push(e.tagName + '.' + e.className + ' ' + r.left.toFixed(0) + '..' + r.right.toFixed(0));
}
return out.slice(0, 10);
"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    need_browser()
    with Browser() as b:
        yield b


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    """The module's one Chromium, its windows closed after each test."""
    yield chromium
    chromium.reset()


class Table:
    """The test's hands: taps in a window, the state a console shows, the table's state."""

    def __init__(self, rig: Rig, b: Browser) -> None:
        self.rig, self.b = rig, b
        self.made: list[Callable[[SavedGame], Action]] = []   # each console action, made directly
        self.acted: set[str] = set()

    def open(self, name: str, seat: str, size: tuple[int, int]) -> None:
        self.b.window(name, self.rig.url(seat), size)
        self.b.until(lambda: self.shown() is not None, f"{name}'s console never got its state")

    def shown(self) -> dict[str, Any] | None:
        got: dict[str, Any] | None = self.b.js("return window.starbridgeConsole.state()")
        return got

    def link(self) -> str:
        return str(self.b.js("return document.getElementById('link').textContent"))

    def tap(self, css: str, text: str | None = None) -> None:
        """A real click on the element (scrolled to the middle of the screen first, as a thumb
        would bring it there)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        for _ in range(5):   # a new state may redraw the page between finding and tapping
            try:
                found = [e for e in self.b.driver.find_elements(By.CSS_SELECTOR, css)
                         if text is None or text in e.text]
                assert found, f"nothing to tap at {css} {text or ''}: {self.b.driver.title}"
                self.b.js("arguments[0].scrollIntoView({block: 'center'})", found[0])
                found[0].click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{css} was redrawn under every tap")

    def settled(self) -> tuple[list[Any], dict[str, int]]:
        """Wait until Enterprise's crew must act (or the game is over): its prompts and the
        sequence number of the state last sent to each seat with them."""
        def crew() -> tuple[list[Any], dict[str, int]] | None:
            if self.rig.failure is not None:
                raise self.rig.failure
            with self.rig.paused():
                if self.rig.game.over:
                    return [], dict(self.rig.published)
                mine = [p for p in pending(self.rig.game.state) if p.ship == SHIP]
                if mine and self.rig.app.waiting_for_people():
                    return mine, dict(self.rig.published)
            return None

        got: tuple[list[Any], dict[str, int]] = self.b.until(crew, "the crew is never asked to act")
        return got

    def at(self, name: str, seqs: dict[str, int] | int) -> dict[str, Any]:
        """Switch to `name`'s window once it shows the state last sent to it (of `seqs`)."""
        seat = "instructor" if name == "instructor" else f"{SHIP}/{name}"
        seq = seqs if isinstance(seqs, int) else seqs.get(seat, 0)
        self.b.to(name)
        state: dict[str, Any] = self.b.until(
            lambda: (s := self.shown()) is not None and s.get("seq", 0) >= seq and s,
            f"{name}'s console never showed state {seq}")
        return state

    def check_phone(self, name: str) -> None:
        assert self.b.js(SMALL_TARGETS) == [], f"{name}: touch targets under 48 CSS px"
        assert self.b.js(OVERFLOW) == [], f"{name}: wider than the phone"

    def decide(self, name: str, action: str, seq: dict[str, int], fill: Callable[[], None],
               made: Callable[[SavedGame], Action], confirm_twice: bool = False) -> None:
        self.at(name, seq)
        card = f'article.decision[data-action="{action}"]'
        self.b.until(lambda: self.b.js(f"return !!document.querySelector('{card}')"),
                     f"{name} never showed {action}")
        fill()
        if name in STATIONS:
            self.check_phone(name)
        before = len(self.rig.game.actions)
        self.tap(f"{card} button.confirm")
        if confirm_twice:   # an irreversible decision: the first tap only arms the button
            armed = self.b.js(f"return document.querySelector('{card} button.confirm').className")
            assert "armed" in armed
            assert "cannot be taken back" in self.b.js(
                f"return document.querySelector('{card} button.confirm').textContent")
            assert len(self.rig.game.actions) == before, "one tap fired"
            self.tap(f"{card} button.confirm")
        self.made.append(made)
        self.b.until(lambda: len(self.rig.game.actions) > before, f"{action} was not applied")
        self.acted.add(name)


def decision(game: SavedGame, station: str, action: str) -> Decision:
    return next(d for d in controls(game.state, Seat(station, SHIP)) if d.action == action)


def made_decision(station: str, action: str,
                  values: dict[str, Any]) -> Callable[[SavedGame], Action]:
    return lambda g: decision(g, station, action).make(values)


def made_preset(station: str, action: str, label: str) -> Callable[[SavedGame], Action]:
    def make(g: SavedGame) -> Action:
        d = decision(g, station, action)
        preset = next(p for p in d.presets if p.label == label)
        return d.make(dict(preset.values))
    return make


def made_roll(station: str, value: int, source: str = "manual") -> Callable[[SavedGame], Action]:
    return lambda g: RollResult(station, value, source)


def made_virtual(station: str) -> Callable[[SavedGame], Action]:
    def make(g: SavedGame) -> Action:
        prompt = next(p for p in pending(g.state) if p.ship == SHIP and p.station == station)
        assert prompt.roll is not None
        return g.roll(prompt.roll)
    return make


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
    assert "next turn: autopilot" in b.js(f"return document.querySelector('{row}').textContent")
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

        t.decide(st, action, seq, first,
                 made_decision(st, action, {n: c.value for n, c in picks.items()}),
                 confirm_twice=d.irreversible)


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


def test_a_refused_decision_is_shown_in_the_engines_own_words(
        tmp_path: Path, browser: Browser) -> None:
    """Values the table refuses (here more power than the ship has, as a console whose state
    is out of date could send) come back with the engine's `problem`, shown on the card."""
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("engineer-refused", f"{SHIP}/engineer", PHONE)
        too_much = {"movement": 12, "shields": 5, "weapons": 14}
        b.js("const p = window.starbridgeConsole.panel;"
             "const e = Object.values(p.editors)[0]; Object.assign(e.values, arguments[0]);"
             "p.render();", too_much)
        before = len(rig.game.actions)
        t.tap('article.decision[data-action="allocate_power"] button.confirm')
        shown = b.until(lambda: b.js("const e = document.querySelector('.decision .problem');"
                                     "return e && !e.hidden && e.textContent"),
                        "the refusal is not shown")
        with rig.paused():
            d = decision(rig.game, "engineer", "allocate_power")
            assert shown == problem(rig.game.state, d.make(too_much))
        assert len(rig.game.actions) == before


def test_with_a_dice_tray_the_console_says_roll_the_tray_and_the_trays_roll_answers(
        tmp_path: Path, browser: Browser) -> None:
    """The Captain's phone asks for the table's dice while a tray serves the seat: the table
    answers "Roll the dice tray now", nothing is applied until the tray's roll comes, and then
    the roll is the tray's."""
    from firmware_bridge.bridge import DiceBridge
    from firmware_bridge.emulator import TrayEmulator
    from firmware_bridge.router import TRAY_CONNECTED, config_from_dict

    b = browser
    dev = tmp_path / "tray"
    config = config_from_dict({"fallback": "virtual", "trays": [
        {"id": "tray-1", "url": str(dev), "seats": ["enterprise/captain"]}]})
    with TrayEmulator(link_path=dev, seed=3) as tray, \
            DiceBridge(config, heartbeat_timeout=60) as dice, \
            Rig(tmp_path / "game", people=("captain",), dice=dice) as rig:
        t = Table(rig, b)
        t.open("captain-tray", f"{SHIP}/captain", PHONE)
        b.until(lambda: dice.status(Seat("captain", SHIP)).mode == TRAY_CONNECTED,
                "the tray never said HELLO", timeout=30)
        prompts, seq = t.settled()
        assert prompts[0].station == "captain" and prompts[0].roll is not None
        t.at("captain-tray", seq.get(f"{SHIP}/captain", 0))
        b.until(lambda: b.js("return !document.getElementById('roll').hidden"), "no roll shown")
        before = len(rig.game.actions)
        t.tap("#roll button.roll-now")
        said = b.until(lambda: b.js("const e = document.querySelector('#roll .say');"
                                    "return e && e.textContent"), "no answer shown")
        assert said.startswith("Roll the dice tray now")
        assert len(rig.game.actions) == before
        tray.roll(17)
        b.until(lambda: len(rig.game.actions) > before, "the tray's roll never arrived",
                timeout=30)
        assert rig.game.by[before] == "tray" and rig.game.actions[before].to_json()["value"] == 7
        b.until(lambda: b.js("return document.querySelector('#roll .say') === null"),
                "'roll the tray' still shown after the tray's roll")


def test_beside_a_physical_panel_the_console_shows_its_presses_and_its_lights(
        tmp_path: Path, browser: Browser) -> None:
    """The Engineer's seat has a panel (gpiozero's MockFactory) and a phone: a press at the panel
    shows the panel's values on the phone with the field under its cursor; a tap on the phone
    then wins; the phone's lamps are the panel's LEDs, and its Confirm puts out "your move"."""
    b = browser
    with Rig(tmp_path, panels=("engineer",)) as rig:
        t = Table(rig, b)
        t.open("engineer-panel", f"{SHIP}/engineer", PHONE)
        green = "return +document.querySelector('.lamp[data-role=green]').dataset.level"
        b.until(lambda: b.js(green) > 0, "the panel's 'your move' is not shown on the phone")
        rig.press("engineer", "up")
        b.until(lambda: b.js("return document.querySelector('.field.cursor') !== null"),
                "the panel's press did not reach the phone")
        entering = b.js("return window.starbridgeConsole.state().entering")
        assert entering is not None and entering["action"] == "allocate_power"
        cursor = b.js("return document.querySelector('.field.cursor').dataset.field")
        assert cursor == entering["field"]
        shown = b.js("return Object.fromEntries([...document.querySelectorAll('.field.int')]"
                     ".map(f => [f.dataset.field, +f.querySelector('output').textContent]))")
        assert shown == {k: v for k, v in entering["values"].items() if k in shown}
        assert any(shown.values()), "the press changed no value"
        t.tap('[data-field="shields"] button[aria-label^="More"]')   # the phone, touched last
        assert b.js("return document.querySelector('.field.cursor')") is None
        values = dict(shown, shields=shown["shields"] + 1)
        before = len(rig.game.actions)
        t.tap('article.decision[data-action="allocate_power"] button.confirm')
        b.until(lambda: len(rig.game.actions) > before, "the phone's Confirm was not applied")
        with rig.paused():
            direct = SavedGame.new(None, rig.scenario, 5, rig.seats)
            for a in rig.game.actions[:before]:
                direct.accept(a)
            assert rig.game.actions[before] == decision(
                direct, "engineer", "allocate_power").make(values)
        b.until(lambda: b.js(green) == 0, "'your move' stays lit on the phone after Confirm")


def test_an_advanced_turn_plays_from_the_consoles_without_a_script_error(
        tmp_path: Path, browser: Browser) -> None:
    """The duel at the Advanced level (more decisions, the course letters L, R and B), played by
    tapping what a hurried crew taps: a preset where there is one, the first allowed choice, the
    table's dice. No script error in any window, and the phones' measures hold throughout."""
    b = browser
    with Rig(tmp_path, level="advanced") as rig:
        t = Table(rig, b)
        for st in STATIONS:
            t.open(f"adv-{st}", f"{SHIP}/{st}", PHONE)
        b.errors()   # what loading said is not this test's
        for _ in range(60):
            prompts, seq = t.settled()
            if not prompts:
                break
            p = prompts[0]
            st, name = str(p.station), f"adv-{p.station}"
            before = len(rig.game.actions)
            if p.roll is not None:
                t.at(name, seq.get(f"{SHIP}/{st}", 0))
                b.until(lambda: b.js("return !document.getElementById('roll').hidden"), "roll")
                t.tap("#roll button.roll-now")
            else:
                card = f'article.decision[data-action="{p.action}"]'
                t.at(name, seq.get(f"{SHIP}/{st}", 0))
                b.until(lambda: b.js(f"return !!document.querySelector('{card}')"), card)   # noqa: B023
                if b.js(f"return document.querySelector('{card} button.preset:not(.greyed)') !== null"):
                    t.tap(f"{card} button.preset:not(.greyed)")
                for field in b.js(f"return [...document.querySelectorAll('{card} .choice-field')]"
                                  ".map(f => f.dataset.field)"):
                    t.tap(f'{card} [data-field="{field}"] button.choice:not(.greyed)')
                t.tap(f"{card} button.confirm")
                if b.js(f"return document.querySelector('{card} button.confirm.armed') !== null"):
                    t.tap(f"{card} button.confirm")
            t.check_phone(name)
            b.until(lambda: len(rig.game.actions) > before   # noqa: B023
                    or b.js("return [...document.querySelectorAll('.problem')]"
                            ".some(e => !e.hidden && e.textContent)"),
                    f"{p.action or 'the roll'} was neither applied nor refused")
            assert len(rig.game.actions) > before, b.js(
                "return [...document.querySelectorAll('.problem')].map(e => e.textContent)")
        assert rig.game.over
        for handle in b.windows:
            if handle.startswith("adv-"):
                b.to(handle)
                assert b.errors() == [], handle


def test_each_console_draws_the_minefield_and_the_ships_as_its_seat_may_know_them(
        tmp_path: Path, browser: Browser) -> None:
    """The Romulan Gambit at the Advanced level: 5 mines and 15 decoys, the Romulans cloaked.
    The Federation's phone shows 20 counters it cannot tell apart and no Romulan ship; a
    Romulan's phone tells its mines from its decoys; the viewscreen tells nobody's."""
    b = browser
    counters = "return [...document.querySelectorAll('#map .counter-text')].map(e => e.textContent)"
    ships = "return [...document.querySelectorAll('#map .ship')].map(e => e.dataset.ship).sort()"
    with Rig(tmp_path, level="advanced", scenario="romulan-gambit", ship="constitution") as rig:
        t = Table(rig, b)
        t.open("federation", "constitution/science", PHONE)
        seen = b.until(lambda: b.js(counters), "the Federation sees no counters")
        assert sorted(seen) == ["?"] * 20
        assert b.js(ships) == ["constitution"], "a cloaked Romulan drawn for the Federation"
        t.open("romulan", "bop1/science", PHONE)
        seen = b.until(lambda: b.js(counters), "the Romulan sees no counters")
        assert sorted(seen) == ["D"] * 15 + ["M"] * 5
        assert {"bop1", "bop2"} <= set(b.js(ships))
        t.open("viewscreen", "view", (1280, 720))
        b.until(lambda: b.js(ships), "the viewscreen shows no ship")
        assert not {"M", "D"} & set(b.js(counters))
        assert b.js(ships) == ["constitution"]


def test_the_join_page_and_the_viewscreen(tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path) as rig:
        b.window("join", rig.base() + "/", PHONE)
        text = b.js("return document.body.innerText")
        assert "Scan the code" in text and "Enterprise" not in text
        assert b.js(SMALL_TARGETS) == [] and b.js(OVERFLOW) == []
        b.window("view", rig.url("view"), (1280, 720))
        b.until(lambda: b.js("return document.querySelectorAll('#map .ship').length") == 2,
                "the viewscreen shows no ships")
        assert b.js("return document.querySelectorAll('button').length") == 0
        loaded = b.js("return performance.getEntriesByType('resource').map(e => e.name)")
        assert loaded and all(u.startswith(rig.base() + "/") for u in loaded), loaded
        b.driver.get(rig.base() + "/console#k=not-a-token")
        b.until(lambda: b.js("return !document.getElementById('refused').hidden"),
                "a made-up link opened a console")


def test_without_chromium_the_browser_tests_skip_saying_how_to_install_it_but_fail_in_ci(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import browser_rig

    monkeypatch.setattr(browser_rig, "CHROMIUM", ("/nonexistent/chromium",))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium chromium-driver"):
        browser_rig.need_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium chromium-driver"):
        browser_rig.need_browser()
