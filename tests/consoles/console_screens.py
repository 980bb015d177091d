"""The consoles' screenshots in docs/screens/consoles/, from the real browser (Chromium), as a
player sees them: a phone held upright (360x640) and a tablet (1024x768), and the viewscreen.

    python tests/consoles/console_screens.py [docs/screens/consoles]

The duel is played from the consoles up to each moment shown (Kronos on the autopilot).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from browser_rig import PHONE, SHIP, TABLET, Browser, Rig

from engine import pending

ROOT = Path(__file__).resolve().parents[2]
TV = (1280, 720)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, Rig(Path(tmp)) as rig, Browser() as b:
        def shot(name: str) -> None:
            b.driver.save_screenshot(str(out / name))
            print(out / name)

        def tap(css: str, text: str | None = None) -> None:
            from selenium.webdriver.common.by import By

            found = [e for e in b.driver.find_elements(By.CSS_SELECTOR, css)
                     if text is None or text in e.text]
            b.js("arguments[0].scrollIntoView({block: 'center'})", found[0])
            found[0].click()

        def top() -> None:
            b.js("window.scrollTo(0, 0)")

        def crew(station: str, what: str = "") -> None:
            b.until(lambda: any(p.ship == SHIP and p.station == station and what in str(p.action)
                                for p in pending(rig.game.state))
                    and rig.app.waiting_for_people(), f"{station} never asked")

        def ready(css: str) -> None:
            b.until(lambda: b.js(f"return !!document.querySelector('{css}')"), css)

        for st in ("engineer", "helm", "science", "captain"):
            b.window(st, rig.url(f"{SHIP}/{st}"), PHONE)
        b.window("tablet", rig.url(f"{SHIP}/helm"), TABLET)
        b.window("instructor", rig.url("instructor"), TABLET)
        b.window("view", rig.url("view"), TV)

        b.to("engineer")
        ready("article.decision")
        tap('[data-field="movement"] button[aria-label^="More"]')
        for _ in range(5):
            tap('[data-field="shields"] button[aria-label^="More"]')
        for _ in range(4):
            tap('[data-field="weapons"] button[aria-label^="More"]')
        top()
        shot("phone-engineer.png")
        for _ in range(2):
            tap('[data-field="weapons"] button[aria-label^="More"]')
        tap("button.confirm")
        crew("helm", "arm")
        b.to("helm")
        ready('article.decision[data-action="arm_weapons"]')
        for w, n in (("ph1", 2), ("ph2", 2), ("pt1", 1), ("pt2", 1)):
            for _ in range(n):
                tap(f'[data-field="{w}"] button[aria-label^="More"]')
        tap("button.confirm")
        b.to("science")
        ready('article.decision[data-action="set_shields"]')
        tap("button.preset", "Facing")
        tap('[data-field="shield1"] button[aria-label^="Less"]')
        tap("#map-near")
        b.js("document.querySelector('.map-box').scrollIntoView({block: 'start'})")
        b.js("window.scrollBy(0, -70)")
        shot("phone-science-shields.png")
        tap('[data-field="shield1"] button[aria-label^="More"]')
        tap("button.confirm")
        crew("captain")
        b.to("captain")
        ready("#roll:not([hidden]) button.face")
        top()
        shot("phone-captain-roll.png")
        tap('#roll button[data-face="7"]')
        crew("helm", "move")
        b.to("helm")
        ready('article.decision[data-action="move"]')
        tap('[data-field="steps"] button[data-letter="P"]')
        tap("#map-near")
        b.js("document.querySelector('.map-box').scrollIntoView({block: 'start'})")
        b.js("window.scrollBy(0, -110)")
        shot("phone-helm-map.png")
        b.to("tablet")
        ready('article.decision[data-action="move"]')
        tap('[data-field="steps"] button[data-letter="P"]')
        top()
        shot("tablet-helm.png")
        b.to("helm")
        tap("button.confirm")
        crew("helm", "fire")
        b.to("helm")
        ready('article.decision[data-action="fire"]')
        tap('[data-field="ph1"] button.choice', "Kronos")
        tap('[data-field="ph2"] button.choice', "Kronos")
        tap('article.decision[data-action="fire"] button.confirm')
        b.js("document.querySelector('article.decision').scrollIntoView({block: 'start'})")
        b.js("window.scrollBy(0, -100)")
        shot("phone-helm-fire.png")
        tap('article.decision[data-action="fire"] button.confirm')
        b.until(lambda: any(p.roll is not None and p.ship == SHIP for p in pending(rig.game.state))
                or rig.game.over, "no roll after firing")
        first_roll = True
        for _ in range(40):   # the volleys: the Enterprise's rolls from its phones, Kronos's own
            roll = next((p for p in pending(rig.game.state) if p.roll is not None), None)
            if roll is None or rig.game.over:
                break
            before = len(rig.game.actions)
            if roll.ship == SHIP:
                b.to(str(roll.station))
                ready("#roll:not([hidden]) button.roll-now:not([disabled])")
                tap("#roll button.roll-now")
            b.until(lambda: len(rig.game.actions) > before, "the roll was not taken", 60)  # noqa: B023
            if first_roll and roll.ship == SHIP:   # the result where the player looks
                ready("#roll .rolled")
                top()
                shot("phone-roll-result.png")
                first_roll = False
        b.to("instructor")
        top()
        shot("tablet-instructor.png")
        b.js("document.getElementById('links').scrollIntoView({block: 'start'})")
        b.js("window.scrollBy(0, -70)")
        shot("tablet-instructor-codes.png")
        b.to("view")
        ready("#board")
        shot("viewscreen.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens" / "consoles")
