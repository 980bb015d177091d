"""The app keeps the physical panels and the on-screen panel on the same values.

After the panels' presses of a step, each panel pressed hands the display its editor (the
decision, the values, the field under its cursor) and what the press said; after the display's
events, each edit made by touch goes to the panel editing that decision. The last one touched
wins (display/panel_sync.py says why). Only panels pressed since the last step are read, so an
idle table does nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from display.panel_sync import PanelEdit, decision_key, edit_of
from engine import GameState
from hardware.ship_bridge import Bridge

if TYPE_CHECKING:
    from display.bridge_display import BridgeDisplay


class PanelSync:
    def __init__(self) -> None:
        self.seen: dict[int, int] = {}   # bridge (by id) -> its presses already handed on

    def to_display(self, bridges: Iterable[Bridge], display: BridgeDisplay | None,
                   state: GameState) -> None:
        """Hand the display the editor of every panel pressed since the last call."""
        for b in bridges:
            start = self.seen.get(id(b), 0)
            if start == len(b.outcomes):
                continue
            self.seen[id(b)] = len(b.outcomes)
            pressed = list(dict.fromkeys(panel for panel, _ in reversed(b.outcomes[start:])))
            for panel in reversed(pressed):   # in the order of each panel's last press
                st = b.stations.get(panel)
                if st is None:
                    continue
                model = st.model
                said = model.last.refused or model.last.note   # (a release says nothing)
                editor = model.editor
                if editor is None and model.sent(state) is None:
                    editor = model.sync(state)
                if display is not None:
                    decision = editor.decision if editor is not None else None
                    display.follow_panel(edit_of(model.seat.station, model.seat.ship, decision,
                                           editor.values if editor is not None else {},
                                           editor.cursor if editor is not None else 0, said,
                                           model.last.refused is not None))

    def to_panels(self, display: BridgeDisplay | None, bridges: Iterable[Bridge],
                  state: GameState) -> None:
        """Hand each edit made by touch to the panel editing the same decision (its lights
        follow at the bridge's next `show`)."""
        if display is None:
            return
        edits: list[PanelEdit] = display.take_touched()
        if not edits:
            return
        for b in bridges:
            for st in b.stations.values():
                editor = st.model.sync(state)
                if editor is None:
                    continue
                key = decision_key(editor.decision)
                for edit in edits:
                    if edit.key == key:
                        editor.adopt(edit.values, edit.cursor)
