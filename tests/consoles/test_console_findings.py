"""What a table of phones found, each mended, in a real browser (Chromium, Selenium): a roll's
result where the player looks and no second tap rolling unseen, the card's own rules (an exact
total, values that go together, only what cannot be taken back asking a second tap), the odds
before a target is chosen, values kept over a reload, a new link in the same tab, an opaque
header, the panel's note only while the panel is used, lamps in words, the Seats view's words
for a table of phones, a Done line that goes when the next card opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_rig import PHONE, SHIP, TABLET, Browser, Rig
from console_hands import Crew, Table, decision, one_browser

from engine import pending

pytestmark = pytest.mark.slow   # a real server and browser: whole games, seconds each


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from one_browser()


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    yield chromium
    chromium.reset()


CARD = {"action": "order", "what": "an order", "ship": SHIP, "station": "captain",
        "title": "Captain: USS Enterprise's order", "irreversible": False, "optional": False,
        "presets": [], "budgets": [], "together": []}


def card(**parts: Any) -> dict[str, Any]:
    return {**CARD, **parts}


def field(name: str, kind: str = "int", **parts: Any) -> dict[str, Any]:
    return {"name": name, "label": name.title(), "kind": kind, "default": 0, "minimum": 0,
            "maximum": 3, "step": 1, "alphabet": "", "note": "", "choices": [], **parts}


def choice(value: Any, label: str, **parts: Any) -> dict[str, Any]:
    return {"value": value, "label": label, "problem": None, "need": None, "note": "",
            "irreversible": False, **parts}


def shown_card(b: Browser, d: dict[str, Any]) -> None:
    """The card on the page, what it sends caught (window.sent) instead of sent."""
    b.js("const c = window.starbridgeConsole; window.sent = [];"
         "c.link.request = function (m) { window.sent.push(m); return 'x' + window.sent.length; };"
         "c.panel.update([arguments[0]], null, null);", d)


def sent(b: Browser) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = b.js("return window.sent")
    return got


def test_a_rolls_result_shows_where_the_player_looks_and_a_second_tap_rolls_nothing(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path, people=("helm",)) as rig:
        t = Table(rig, b)
        t.open("helm", f"{SHIP}/helm", PHONE)
        crew = Crew(t, {f"{SHIP}/helm": "helm"})
        for _ in range(60):   # the Helm plays until two rolls come one after the other
            asked = crew.waiting()
            assert asked is not None, "the game ended before two rolls in a row"
            seat, prompt = asked
            t.at("helm", rig.published.get(seat, 0))
            if prompt.roll is None:
                before = len(rig.game.actions)
                crew.decide(seat, str(prompt.action))
                b.until(lambda: len(rig.game.actions) > before, "not applied")   # noqa: B023
                continue
            before = len(rig.game.actions)
            crew.roll(seat)
            b.until(lambda: b.js("return !!document.querySelector('#roll .rolled')"),
                    "the result was not shown")
            box = b.js("const r = document.querySelector('#roll .rolled').getBoundingClientRect();"
                       "return [r.top, r.bottom, window.innerHeight,"
                       " document.getElementById('top').getBoundingClientRect().bottom]")
            assert box[3] <= box[0] and box[1] <= box[2], f"the result is not on the screen: {box}"
            text = b.js("return document.querySelector('#roll .rolled').textContent")
            assert "rolled" in text
            with rig.paused():
                nxt = next((p for p in pending(rig.game.state)
                            if p.ship == SHIP and p.station == "helm" and p.roll is not None), None)
            if nxt is None or not b.js("return !!document.querySelector('#roll button.roll-now')"):
                continue
            # the next roll's button waits under the result: a second tap does nothing
            n = len(rig.game.actions)
            assert n > before
            assert b.js("return document.querySelector('#roll button.roll-now').disabled"), \
                "the next roll can be tapped at once"
            b.js("document.querySelector('#roll button.roll-now').click()")
            assert not b.js("return window.starbridgeConsole.link.busy()"), "a second tap rolled"
            break
        else:
            raise AssertionError("no two rolls in a row")


def test_an_exact_total_and_values_that_go_together_are_kept_by_the_card(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("captain", f"{SHIP}/captain", PHONE)
        shown_card(b, card(fields=[field("a"), field("b")],
                           budgets=[{"fields": ["a", "b"], "minimum": 3, "maximum": 3,
                                     "label": "Power lost"}]))
        assert b.js("return document.querySelector('.budget b').textContent") == "0 of exactly 3"
        t.tap("article.decision button.confirm")
        assert sent(b) == [] and "exactly 3" in b.js(
            "return document.querySelector('.decision .problem').textContent")
        for _ in range(3):
            t.tap('[data-field="a"] button[aria-label^="More"]')
        assert b.js("return document.querySelector('[data-field=\"a\"] button[aria-label^=\"More\"]')"
                    ".disabled"), "a stepper went past the total"
        t.tap("article.decision button.confirm")
        assert [m["values"] for m in sent(b)] == [{"a": 3, "b": 0}]

        targets = [choice(None, "no sensor lock"), choice("kronos", "IKS Kronos One")]
        questions = [choice("0", "no question"), choice("1", "1. How much power?")]
        shown_card(b, card(what="sensors", fields=[field("target", "choice", default=None,
                                                         choices=targets),
                                   field("question", "choice", default="0", choices=questions)],
                           together=[{"fields": ["target", "question"], "label":
                                      "a question needs a sensor lock",
                                      "combinations": [[None, "0"], ["kronos", "0"],
                                                       ["kronos", "1"]]}]))
        assert "a question needs a sensor lock" in b.js("return document.body.innerText")
        t.tap('[data-field="question"] button.choice', "1.")   # the lock follows the question
        assert b.js("return [...document.querySelectorAll('button.choice.chosen')]"
                    ".map(x => x.textContent)") == ["IKS Kronos One", "1. How much power?"]
        t.tap('[data-field="target"] button.choice', "no sensor lock")   # and the question it
        t.tap("article.decision button.confirm")
        assert sent(b)[-1]["values"] == {"target": None, "question": "0"}


def test_only_what_cannot_be_taken_back_asks_a_second_tap_and_says_what_it_confirms(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("captain", f"{SHIP}/captain", PHONE)
        order = [choice("hold", "hold"), choice("destruct", "DESTRUCT", irreversible=True)]
        shown_card(b, card(title="Captain: USS Enterprise's self-destruct order",
                           fields=[field("order", "choice", default="hold", choices=order)]))
        t.tap("article.decision button.confirm")   # hold: sent at once, no red second tap
        assert [m["values"] for m in sent(b)] == [{"order": "hold"}]
        assert sent(b)[0]["confirm"] is False
        shown_card(b, card(title="Captain: USS Enterprise's self-destruct order", what="again",
                           fields=[field("order", "choice", default="hold", choices=order)]))
        t.tap("button.choice", "DESTRUCT")
        t.tap("article.decision button.confirm")
        words = b.js("return document.querySelector('article.decision button.confirm').textContent")
        assert sent(b) == [] and "armed" in b.js(
            "return document.querySelector('article.decision button.confirm').className")
        assert words == ("Tap again to confirm: USS Enterprise's self-destruct order "
                         "(DESTRUCT). It cannot be taken back.")
        t.tap("article.decision button.confirm")
        assert sent(b)[0]["values"] == {"order": "destruct"} and sent(b)[0]["confirm"] is True


def test_odds_show_before_a_target_is_chosen(tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path, people=("helm",)) as rig:
        t = Table(rig, b)
        t.open("helm", f"{SHIP}/helm", PHONE)
        crew = Crew(t, {f"{SHIP}/helm": "helm"})
        for _ in range(40):
            asked = crew.waiting()
            assert asked is not None
            seat, prompt = asked
            t.at("helm", rig.published.get(seat, 0))
            if prompt.action == "fire":
                break
            before = len(rig.game.actions)
            crew.roll(seat) if prompt.roll is not None else crew.decide(seat, str(prompt.action))
            b.until(lambda: len(rig.game.actions) > before, "not applied")   # noqa: B023
        b.until(lambda: b.js("return !!document.querySelector('article[data-action=fire]')"),
                "no fire card")
        odds = b.js("return [...document.querySelectorAll('article[data-action=fire] .odds')]"
                    ".map(x => x.textContent)")
        with rig.paused():
            needs = [(c.need, c.note) for f in decision(rig.game, "helm", "fire").fields
                     for c in f.choices if c.need is not None and c.allowed]
        # the odds, then where the target lies ("range 12, fore-port")
        assert odds and odds == [(f"needs 1-{n}" if n else "cannot succeed from here")
                                 + f" · {note}" for n, note in needs]
        assert all("range " in x for x in odds)


def test_what_is_entered_survives_a_reload_and_a_new_link_opens_in_the_same_tab(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("engineer", f"{SHIP}/engineer", PHONE)
        t.tap('[data-field="shields"] button[aria-label^="More"]')
        t.tap('[data-field="shields"] button[aria-label^="More"]')
        b.driver.refresh()
        b.until(lambda: t.shown() is not None, "no state after the reload")
        b.until(lambda: b.js("return document.querySelector('[data-field=\"shields\"] output')"
                             ".textContent") == "2", "the values entered were lost")
        b.driver.get(rig.url(f"{SHIP}/science"))   # only the #k= part changes
        b.until(lambda: (t.shown() or {}).get("seat") == f"{SHIP}/science",
                "the new link did not open its seat")
        assert b.js("return document.getElementById('title').textContent").startswith("Science")


def test_the_header_is_opaque_the_lamps_speak_and_the_seats_view_says_console(
        tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path, panels=("helm",)) as rig:
        t = Table(rig, b)
        t.open("helm", f"{SHIP}/helm", PHONE)
        assert b.js("return getComputedStyle(document.getElementById('top')).backgroundColor") \
            == "rgb(6, 8, 16)"
        lamps = b.js("return [...document.querySelectorAll('.light small')].map(x => x.textContent)")
        assert lamps and set(lamps) <= {"your move", "roll now", "alert", "officer shaken",
                                        "system out", "power grid out"}, lamps
        t.open("instructor", "instructor", TABLET)
        row = '.seat-row[data-seat="enterprise/helm"]'
        assert b.js(f"return [...document.querySelectorAll('{row} button')].map(x => x.textContent)") \
            == ["Panel", "Console", "Auto"]
        b.until(lambda: "on a console" in b.js(f"return document.querySelector('{row}').textContent"),
                "the Seats view does not say a console plays the Helm")


def test_the_panels_note_goes_with_the_phones_own_preset(tmp_path: Path, browser: Browser) -> None:
    b = browser
    with Rig(tmp_path, panels=("engineer",)) as rig:
        t = Table(rig, b)
        t.open("engineer", f"{SHIP}/engineer", PHONE)
        rig.press("engineer", "up")
        b.until(lambda: b.js("return !!document.querySelector('.at-panel')"), "no panel note")
        t.tap("button.preset", "Spread evenly")
        assert b.js("return document.querySelector('.at-panel')") is None


def test_done_goes_when_the_next_card_opens(tmp_path: Path, browser: Browser) -> None:
    """"Done: set shields" says the last card was taken; once the seat's next card opens (the
    next turn's shields, a roll's decision) the line is stale and goes."""
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("captain", f"{SHIP}/captain", PHONE)
        order = [choice("hold", "hold"), choice("attack", "attack")]
        first = card(title="Captain: USS Enterprise's order",
                     fields=[field("order", "choice", default="hold", choices=order)])
        shown_card(b, first)
        t.tap("article.decision button.confirm")
        b.js("const c = window.starbridgeConsole; c.panel.result({id: 'x1', ok: true});"
             "c.panel.update([], null, null);")
        done = "return [...document.querySelectorAll('p.done')].map(x => x.textContent)"
        assert b.js(done) == ["Done: Captain: USS Enterprise's order"]
        b.js("window.starbridgeConsole.panel.update([arguments[0]], null, null);",
             card(what="the next", title="Captain: USS Enterprise's next order",
                  fields=[field("order", "choice", default="hold", choices=order)]))
        assert b.js(done) == []
        assert b.js("return document.querySelectorAll('article.decision').length") == 1


def test_the_warp_cards_range_keeps_clear_of_its_wrapped_label(tmp_path: Path,
                                                                browser: Browser) -> None:
    """At a phone's 390 px the warp speed's long label wraps; its range sits beside it, never
    over it (the expert game's Warp card, as the engine words it)."""
    import os

    b = browser
    with Rig(tmp_path, people=("helm",), level="expert") as rig:
        t = Table(rig, b)
        t.open("helm", f"{SHIP}/helm", (390, 844))
        crew = Crew(t, {f"{SHIP}/helm": "helm"})
        for _ in range(40):
            asked = crew.waiting()
            assert asked is not None
            seat, prompt = asked
            t.at("helm", rig.published.get(seat, 0))
            if b.js("return !!document.querySelector('[data-field=warp]')"):
                break
            before = len(rig.game.actions)
            crew.roll(seat) if prompt.roll is not None else crew.decide(seat, str(prompt.action))
            b.until(lambda: len(rig.game.actions) > before, "not applied")   # noqa: B023
        boxes = b.js("const f = document.querySelector('[data-field=warp]');"
                     "return ['.label', '.bounds'].map(s => {"
                     "const r = f.querySelector(s).getBoundingClientRect();"
                     "return [r.left, r.top, r.right, r.bottom]; });")
        if os.environ.get("STARBRIDGE_SHOTS"):
            b.js("document.querySelector('[data-field=warp]').scrollIntoView({block: 'center'})")
            b.driver.save_screenshot(os.environ["STARBRIDGE_SHOTS"])
        (l0, t0, r0, b0), (l1, t1, r1, b1) = boxes
        assert b0 - t0 > 30, "the label wraps at this width"
        overlap = min(r0, r1) > max(l0, l1) and min(b0, b1) > max(t0, t1)
        assert not overlap, boxes
        assert b.js("return document.documentElement.scrollWidth") <= 390
