"""The test's hands in the consoles' browser tests: taps in a window (scrolled to the middle
first, as a thumb brings a button there), the state a console shows, the table's state, and the
measures every phone must meet (touch targets of 48 CSS px, nothing wider than the screen).
Also the one Chromium of a test module (`chromium`, `browser`) and the actions a console's
taps must make, made directly with the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from browser_rig import SHIP, Browser, Rig, need_browser

from companion.saves.saved_game import SavedGame
from engine import Action, Decision, RollResult, Seat, controls, pending

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



def one_browser() -> Iterator[Browser]:
    """A test module's one Chromium (its `chromium` fixture): skips, or fails in CI, without
    it."""
    need_browser()
    with Browser() as b:
        yield b


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
        would bring it there), once it takes taps (a roll's buttons wait a moment under the
        result of the roll before)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        def ready() -> bool:
            found = [e for e in self.b.driver.find_elements(By.CSS_SELECTOR, css)
                     if text is None or text in e.text]
            return not found or not self.b.js("return arguments[0].disabled", found[0])

        for _ in range(5):   # a new state may redraw the page between finding and tapping
            try:
                self.b.until(ready, f"{css} never took a tap")
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



AVOID = ("hold", "none", "no roll", "no evasion", "no bonus", "nothing", "no question",
         "no sensor lock", "end fire", "destruct", "abandon")
"""Choices a crew playing to see everything happen does not tap (it fires, rolls, asks; it does
not blow its own ship up)."""


class Crew:
    """People at consoles, one window a seat, playing whole turns by tapping what a player taps:
    a preset where there is one, a choice that does something (a target, the weaponry roll, a
    question), one step more on a stepper, a course taken back and entered again, Confirm (twice
    for what cannot be taken back), the table's dice. Counts the taps of each seat."""

    def __init__(self, t: Table, windows: dict[str, str]) -> None:
        self.t, self.b, self.rig = t, t.b, t.rig
        self.windows = windows            # seat key -> window name
        self.taps: dict[str, int] = {k: 0 for k in windows}
        self.by_action: dict[tuple[str, str], int] = {}   # (seat, action or "roll") -> taps
        self.doing = ""
        self.sent: list[tuple[str, str, dict[str, Any]]] = []   # (seat, action, values) sent

    def tap(self, seat: str, css: str, text: str | None = None) -> None:
        self.t.tap(css, text)
        self.count(seat)

    def count(self, seat: str) -> None:
        self.taps[seat] += 1
        key = (seat, self.doing)
        self.by_action[key] = self.by_action.get(key, 0) + 1

    def waiting(self) -> tuple[str, Any] | None:
        """A seat of the crew the game waits for, and its prompt (None: the game is over)."""
        def asked() -> tuple[str, Any] | None:
            if self.rig.failure is not None:
                raise self.rig.failure
            with self.rig.paused():
                if self.rig.game.over:
                    return "", None
                state = self.rig.game.state
                for p in pending(state):
                    key = f"{p.ship}/{p.station}"
                    waited = p.roll is not None or any(
                        d.prompt == p and not d.optional
                        for d in controls(state, Seat(p.station, p.ship)))
                    if key in self.windows and waited and self.rig.app.waiting_for_people():
                        return key, p
            return None
        got: tuple[str, Any] = self.b.until(asked, "the crew is never asked to act", timeout=30)
        return got if got[0] else None

    def play(self, steps: int = 400, measure: Callable[[str], None] | None = None) -> None:
        for _ in range(steps):
            asked = self.waiting()
            if asked is None:
                return
            seat, prompt = asked
            with self.rig.paused():
                seq = self.rig.published.get(seat, 0)
            self.t.at(self.windows[seat], seq)
            before = len(self.rig.game.actions)
            self.doing = "roll" if prompt.roll is not None else str(prompt.action)
            if prompt.roll is not None:
                self.roll(seat)
            else:
                self.decide(seat, str(prompt.action))
            if measure is not None:
                measure(seat)
            try:
                self.b.until(lambda: len(self.rig.game.actions) > before   # noqa: B023
                             or self.b.js("return [...document.querySelectorAll('.problem')]"
                                          ".some(e => !e.hidden && e.textContent)"),
                             f"{seat}: {prompt.action or 'the roll'} was neither applied nor "
                             "refused")
            except AssertionError as exc:   # what the page showed then
                shown = self.b.js("return document.getElementById('main').innerText")
                raise AssertionError(f"{exc}: {str(shown)[:500]!r}") from None
            assert len(self.rig.game.actions) > before, (seat, self.b.js(
                "return [...document.querySelectorAll('.problem')].map(e => e.textContent)"))
        raise AssertionError("the game did not end")

    def roll(self, seat: str) -> None:
        b = self.b
        b.until(lambda: b.js("return !document.getElementById('roll').hidden"), f"{seat}: no roll")
        if b.js("return !!document.querySelector('#roll .face-input')"):   # a d100: typed in
            from selenium.webdriver.common.by import By

            b.driver.find_element(By.CSS_SELECTOR, "#roll .face-input").send_keys("37")
            self.count(seat)
            self.tap(seat, "#roll button.face")
        else:
            self.tap(seat, "#roll button.roll-now")

    def decide(self, seat: str, action: str) -> None:
        b, card = self.b, f'article.decision[data-action="{action}"]'
        b.until(lambda: b.js(f"return !!document.querySelector('{card}:not(.parked)')"),
                f"{seat} never showed {action}")
        if b.js(f"return !!document.querySelector('{card} button.preset:not(.greyed)')"):
            self.tap(seat, f"{card} button.preset:not(.greyed)")
        else:
            for name in b.js(f"return [...document.querySelectorAll('{card} .field.int')]"
                             ".map(f => f.dataset.field)"):
                more = f'{card} [data-field="{name}"] button[aria-label^="More"]'
                if b.js(f"return !document.querySelector('{more}').disabled"):
                    self.tap(seat, more)
        for name in b.js(f"return [...document.querySelectorAll('{card} .choice-field')]"
                         ".map(f => f.dataset.field)"):
            field = f'{card} [data-field="{name}"]'
            labels = b.js(f"return [...document.querySelectorAll('{field} button.choice:not(.greyed)"
                          ":not(.chosen)')].map(x => x.querySelector('.choice-label').textContent)")
            doing = [x for x in labels if not any(a in x.lower() for a in AVOID)]
            if doing:
                self.tap(seat, f"{field} button.choice:not(.greyed):not(.chosen)", doing[0])
        for name in b.js(f"return [...document.querySelectorAll('{card} .field.steps')]"
                         ".map(f => f.dataset.field)"):   # the course as shown, tapped again
            field = f'{card} [data-field="{name}"]'
            course = b.js(f"return document.querySelector('{field} .course').textContent")
            if course and course != "—":
                self.tap(seat, f"{field} button.undo")
                self.tap(seat, f'{field} button[data-letter="{course[-1]}"]')
        values = b.js("const p = window.starbridgeConsole.panel; const e = Object.values("
                      "p.editors).find(x => x.decision.action === arguments[0]);"
                      "return e ? Object.assign({}, e.values) : null", action)
        self.tap(seat, f"{card} button.confirm")
        if b.js(f"return !!document.querySelector('{card} button.confirm.armed')"):
            self.tap(seat, f"{card} button.confirm")
        self.sent.append((seat, action, values or {}))
