"""The bridge display's side of following the physical panels (display.panel_sync): a part of
`BridgeDisplay`, kept apart so that the scene stays readable.

`follow_panel(edit)` takes a panel's editor after a press, `take_touched()` gives the app the
edits made by touch for the panels, and the quick fills (`preset:<key>`) and the shield values
being entered (for the map) are read from the display's editors here.
"""

from __future__ import annotations

from display.game_link import Open
from display.paint import Painter
from display.panel_sync import Key, PanelEdit, adopted, decision_key
from engine import Seat
from readouts.panel_model import DecisionEditor


class FollowsPanels:
    """What `BridgeDisplay` keeps for the panels, and does with it."""

    seat: Seat
    opens: list[Open]
    painter: Painter
    tab: str
    page: int
    focus: str | None
    message: str | None
    dirty: bool
    showing_seats: bool
    rolls_open: bool
    opened: int | None
    offer: Key | None
    split: bool
    hint: str | None

    def __init__(self) -> None:
        self.cursors: dict[Key, str] = {}   # the field each physical panel has selected
        self.touched: list[PanelEdit] = []  # edits by touch, for the app to hand the panels
        self.seek: str | None = None        # page to this field at the next draw

    # provided by the display
    def editor_of(self, o: Open) -> DecisionEditor:
        raise NotImplementedError

    def stations(self) -> tuple[str, ...]:
        raise NotImplementedError

    def together(self) -> tuple[str, ...]:
        raise NotImplementedError

    def show_arc(self, o: Open, field: str, target: str | None) -> None:
        raise NotImplementedError

    def follow_panel(self, edit: PanelEdit) -> None:
        """A press at a station's physical panel: its values replace this screen's for that
        decision (the last one touched wins), its station's panel comes forward with the
        panel's field highlighted (and paged to), and what the press said is shown. Another
        ship's panel (a second crew at the same table) is not this screen's business."""
        if self.seat.ship is not None and edit.ship != self.seat.ship:
            return
        o = next((o for o in self.opens if decision_key(o.decision) == edit.key), None)
        if o is not None:
            if o.decision.optional:   # an offer being edited at its panel is on the screen
                self.offer = o.key
            ed = self.editor_of(o)
            values = adopted(o.decision, ed.values, edit.values)
            if values is not None:
                ed.values = values
            if edit.cursor is not None:
                self.cursors[decision_key(o.decision)] = edit.cursor
                self.seek = edit.cursor
                if o.decision.action in ("arm_weapons", "fire"):
                    value = ed.values.get(edit.cursor)
                    self.show_arc(o, edit.cursor, value if isinstance(value, str) else None)
        # Only a station with a decision open comes forward: a press at an idle panel says why
        # not ("not now: ...") over the panel that must act, which stays in front.
        if edit.station in self.stations() and not self.showing_seats and o is not None:
            if self.tab != edit.station:
                self.tab, self.page, self.focus = edit.station, 0, None
            self.rolls_open, self.opened = False, None
            # officers deciding at once keep sharing the screen: a press never hides another
            self.split = self.split or edit.station in self.together()
        self.message = edit.said
        self.hint = None if edit.refused else edit.said   # a hint is no refusal: not in red
        self.dirty = True

    def take_touched(self) -> list[PanelEdit]:
        """The edits made by touch since the last call, for the app to hand the panels."""
        out, self.touched = self.touched, []
        return out

    def note_touch(self, o: Open, field: str | None) -> None:
        """An edit by touch (of `field`, or None for every field): for the panels."""
        ed, key = self.editor_of(o), decision_key(o.decision)
        if field is not None:
            self.cursors[key] = field
        self.touched.append(PanelEdit(o.station, o.ship, key, tuple(ed.values.items()), field))

    def _forget_cursors(self) -> None:
        """Decisions no longer open keep no cursor."""
        live = {decision_key(o.decision) for o in self.opens}
        self.cursors = {k: v for k, v in self.cursors.items() if k in live}

    def cursor_of(self, o: Open | None) -> str | None:
        return self.cursors.get(decision_key(o.decision)) if o is not None else None

    def apply_preset(self, o: Open, key: str) -> None:
        """A quick fill of every field (the engine's `Decision.presets`), when the rules allow
        it now."""
        ed = self.editor_of(o)
        preset = next((p for p in o.decision.presets if p.key == key), None)
        values = adopted(o.decision, ed.values, preset.values) if preset else None
        if preset is not None and preset.problem is None and values is not None:
            ed.values = values
            self.note_touch(o, None)

    def _entering_shields(self, ship: str | None) -> list[int] | None:
        """The six shield values being entered for `ship` (at a panel or by touch), if so."""
        o = next((o for o in self.opens if o.ship == ship and o.decision.action == "set_shields"),
                 None)
        if o is None or len(o.decision.fields) != 6:
            return None
        values = self.editor_of(o).values
        return [v if isinstance(v := values.get(f.name), int) else 0 for f in o.decision.fields]
