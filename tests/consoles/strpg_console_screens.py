"""The away team's console screenshots in docs/screens/consoles/, from the real browser
(Chromium): Lt. Giotto's phone in the corridor skirmish (his action to choose, the square map
with what he sees), and the Instructor's tablet.

    python tests/consoles/strpg_console_screens.py [docs/screens/consoles]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from browser_rig import PHONE, TABLET, Browser, Rig

from engine import pending

ROOT = Path(__file__).resolve().parents[2]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, \
            Rig(Path(tmp), scenario="corridor", ship="giotto", people=("weapons",)) as rig, \
            Browser() as b:
        def shot(name: str) -> None:
            b.driver.save_screenshot(str(out / name))
            print(out / name)

        b.window("giotto", rig.url("giotto/weapons"), PHONE)

        def asked() -> bool:   # his action order die rolled by hand on the phone on the way
            if any(p.ship == "giotto" and p.action == "rpg_choose"
                   for p in pending(rig.game.state)):
                return True
            faces = b.driver.find_elements("css selector", '#roll:not([hidden]) button.face')
            if faces and any(p.ship == "giotto" and p.roll for p in pending(rig.game.state)):
                b.js("arguments[0].click()", faces[3])
            return False
        b.until(asked, "Giotto never asked", 60)
        b.until(lambda: b.js("return !!document.querySelector('article.decision')"), "no decision")
        b.js("window.scrollTo(0, 0)")
        shot("phone-strpg-choose.png")
        b.js("document.querySelector('#map').scrollIntoView({block: 'start'})")
        shot("phone-strpg-map.png")
        b.window("instructor", rig.url("instructor"), TABLET)
        b.until(lambda: b.js("return document.querySelectorAll('#map .wall').length > 0"),
                "no map")
        shot("tablet-strpg-instructor.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens" / "consoles")
