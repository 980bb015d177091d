"""The dice at the table, for the app's loop: what asking for a roll does when trays are
configured (the tray is called, or the table rolls by hand), and the red alert of the panels
that a lost tray serves.

    words = roll_words(dice, prompt)    # None: roll the virtual die; else say it, roll nothing
    alerts = TrayAlerts()
    for bridge in alerts.update(dice, bridges):
        bridge.show(state, (), t)       # a light changed
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import Prompt, Seat
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.router import TRAY_CONNECTED
from hardware.ship_bridge import Bridge


def roll_words(dice: DiceBridge, prompt: Prompt, can_type: bool = True) -> str | None:
    """A person asked for the roll of `prompt` (ROLL THE DICE, or a panel's ROLL): with a tray
    answering for the seat, the tray is called (its light blinks) and the words say "roll the
    tray now"; with no tray answering and `fallback = "manual"`, the words say to roll by hand
    and tap the number (`can_type`: there is a screen to tap it on). None: the virtual die rolls
    (`fallback = "virtual"`, or nowhere to type a number)."""
    if prompt.roll is None:
        return None
    status = dice.status(Seat(prompt.station, prompt.ship))
    if status.mode == TRAY_CONNECTED:
        return dice.call(prompt) or status.text
    if status.by_hand and can_type:
        return status.text   # (the roll dialog says what the roll is for)
    return None


class TrayAlerts:
    """The red alert of every panel seat a lost tray serves: lit while the tray is lost (a press
    does not put it out), out when the tray is back. Only the alerts it lit go out: one the game
    raised meanwhile on an unlit panel stays until a press, as ever."""

    def __init__(self) -> None:
        self.lit: set[Seat] = set()

    def update(self, dice: DiceBridge, bridges: Iterable[Bridge]) -> list[Bridge]:
        """Light or put out the panels' alerts; the bridges whose lights changed."""
        changed = []
        for b in bridges:
            moved = False
            for st in b.stations.values():
                model = st.model
                if dice.status(model.seat).alert:
                    if model.set_alert(True):
                        self.lit.add(model.seat)
                        moved = True
                elif model.seat in self.lit:
                    self.lit.discard(model.seat)
                    moved = model.set_alert(False) or moved
            if moved:
                changed.append(b)
        return changed
