"""The consoles in a real browser (Chromium, Selenium), beyond the whole turns
(test_console_turn.py, test_console_levels.py): a refused decision in the engine's words, a dice
tray, a physical panel beside a phone, the minefield as each seat may know it, the join page and
the viewscreen, and the skip (or, in CI, the failure) without Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_rig import PHONE, SHIP, Browser, Rig
from console_hands import (
    OVERFLOW,
    SMALL_TARGETS,
    Table,
    decision,
    one_browser,
)

from companion.saves.saved_game import SavedGame
from engine import Seat, problem


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from one_browser()


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    """The module's one Chromium, its windows closed after each test."""
    yield chromium
    chromium.reset()


@pytest.mark.slow
def test_a_refused_decision_is_shown_in_the_engines_own_words(
        tmp_path: Path, browser: Browser) -> None:
    """Values the table refuses (here more power than the ship has, as a console whose card
    is out of date could send: its budget still larger) come back with the engine's `problem`,
    shown on the card. The same values on the card as it is are not sent at all: the card
    says why."""
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("engineer-refused", f"{SHIP}/engineer", PHONE)
        too_much = {"movement": 12, "shields": 5, "weapons": 14}
        b.js("const p = window.starbridgeConsole.panel;"
             "const e = Object.values(p.editors)[0]; Object.assign(e.values, arguments[0]);"
             "p.render();", too_much)
        t.tap('article.decision[data-action="allocate_power"] button.confirm')
        assert b.js("return document.querySelector('.decision .problem').textContent") == \
            "Total power available: 0 to 15, not 31"
        assert not b.js("return window.starbridgeConsole.link.busy()"), "the card sent it"
        b.js("const p = window.starbridgeConsole.panel;"   # a card from before: a larger budget
             "const e = Object.values(p.editors)[0]; e.decision.budgets[0].maximum = 99;"
             "p.render();")
        before = len(rig.game.actions)
        t.tap('article.decision[data-action="allocate_power"] button.confirm')
        card_said = "Total power available: 0 to 15, not 31"   # the card's own, from before
        shown = b.until(lambda: b.js("const e = document.querySelector('.decision .problem');"
                                     "return e && !e.hidden && e.textContent !== arguments[0]"
                                     " && e.textContent", card_said),
                        "the refusal is not shown")
        with rig.paused():
            d = decision(rig.game, "engineer", "allocate_power")
            assert shown == problem(rig.game.state, d.make(too_much))
        assert len(rig.game.actions) == before


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_instructors_page_keeps_one_editor_per_ship_and_says_which_it_decides_for(
        tmp_path: Path, browser: Browser) -> None:
    """The Instructor has the same action and words for both ships (allocate 15 power): the
    page shows one card for each and its decide names the ship and station of the card."""
    b = browser
    with Rig(tmp_path) as rig:
        t = Table(rig, b)
        t.open("instructor-two-ships", "instructor", PHONE)
        with rig.paused():
            shown = t.shown()
            assert shown is not None
            d = next(d for d in shown["decisions"] if d["action"] == "allocate_power")
            both = [d, {**d, "ship": "kronos"}]
            count = b.js(
                "const c = window.starbridgeConsole; window.sent = [];"
                "c.link.request = function (m) { window.sent.push(m); return 'x'; };"
                "c.panel.update(arguments[0], null, null);"
                "return document.querySelectorAll("
                "'article.decision[data-action=\"allocate_power\"]').length;", both)
            assert count == 2
            b.js("const cards = document.querySelectorAll("
                 "'article.decision[data-action=\"allocate_power\"]');"
                 "cards[1].querySelector('button.confirm').click();")
            sent = b.until(lambda: b.js("return window.sent.length && window.sent[0]"),
                           "the page sent nothing")
        assert sent["type"] == "decide"
        assert {k: sent["decision"][k] for k in ("ship", "station")} == \
            {"ship": "kronos", "station": d["station"]}
