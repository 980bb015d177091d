"""A third ruleset, from outside the engine's package: the toy duel (its rules in `rules.py`).

It exists to show that a game system is a package added, not a kernel or edge edit: the tests
register it at run time (`engine.rulesets.registered(TOY)`), then play it through the kernel's
own suites (random playthroughs, secrets, hostile input) and through the app at a table of
mocked panels with virtual dice. docs/engine.md, "Adding a ruleset", walks through it.

It implements the `Ruleset` protocol, and of the optional ones `Playable` and `Stocked` (its
one scenario by name, for `simulate`, `play` and `scenarios`) and `Deciding` (an autopilot that
reads only its seat's view and controls); not `Explaining`, `Previewing` or `Levelled`, for
which the kernel and the display answer nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine import rulesets
from engine.actions import Action, RollResult
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.events import Event
from engine.ruleset import Prompt, ShipClassInfo, TableSettings
from engine.stations import ENGINEER, HELM, Seat
from toy_ruleset import rules
from toy_ruleset.rules import EXAMPLE, MAX_POWER, MOVES, Fire, Plot, Plotted, ToyState


def seat_side(state: ToyState, seat: Seat) -> str | None:
    """The side whose secrets `seat` may know (None: every side's, the Instructor's)."""
    if seat.ship is None or seat.is_instructor:
        return None
    try:
        return state.ship(seat.ship).side
    except KeyError:
        return ""   # a seat on no ship of this game knows no side's secrets


class ToyRuleset:
    name = rules.NAME

    # -- the Ruleset protocol -------------------------------------------------------------------
    def new_game(self, scenario: Mapping[str, Any]) -> ToyState:
        return rules.new_game(scenario)

    def apply(self, state: ToyState, action: Action) -> tuple[ToyState, tuple[Event, ...]]:
        return rules.apply(state, action)

    def pending(self, state: ToyState, seat: Seat | None) -> tuple[Prompt, ...]:
        found = rules.prompts(state)
        if seat is None or (seat.is_instructor and seat.ship is None):
            return found
        if seat.is_instructor:
            return tuple(p for p in found if p.ship == seat.ship)
        return tuple(p for p in found if p.ship == seat.ship and p.station == seat.station)

    def controls(self, state: ToyState, seat: Seat) -> tuple[Decision, ...]:
        return tuple(self._decision(state, p) for p in self.pending(state, seat))

    def legal_actions(self, state: ToyState, seat: Seat) -> tuple[Action, ...]:
        out: list[Action] = []
        for d in self.controls(state, seat):
            (f,) = d.fields
            out += [d.make({f.name: v}) for v in f.values()
                    if not any(c.value == v and c.problem for c in f.choices)]
        return tuple(out)

    def view(self, state: ToyState, seat: Seat) -> dict[str, Any]:
        side = seat_side(state, seat)
        first = state.ships[0].side
        ships = []
        for n, s in enumerate(state.ships):
            # On the map (the shape the bridge display draws: docs/engine.md), the duel is a
            # strip: the first side at column 1 facing the other, `range` columns away.
            place = ({"col": 1, "row": 1 + n, "heading": 1} if s.side == first else
                     {"col": 1 + state.range, "row": 1 + n, "heading": 4})
            entry: dict[str, Any] = {"id": s.id, "name": s.name, "side": s.side, "hull": s.hull,
                                     "plotted": bool(s.plot), "fired": s.fired,
                                     "status": "active" if s.hull > 0 else "destroyed", **place}
            if side is None or s.side == side:
                entry |= {"energy": s.energy, "plot": s.plot, "summary": f"hull {s.hull}",
                          # each station's panel rows: [label, value, alert]
                          "readings": {HELM: [["Range", str(state.range), False],
                                              ["Plotted", s.plot or "not yet", False]],
                                       ENGINEER: [["Energy", str(s.energy), s.energy == 0],
                                                  ["Hull", str(s.hull), s.hull <= 1]]}}
            ships.append(entry)
        return {"ruleset": rules.NAME, "scenario": state.scenario, "name": state.name,
                "turn": state.turn, "max_turns": state.max_turns, "step": state.step,
                "range": state.range, "map": {"cols": rules.MAX_RANGE + 2,
                                              "rows": len(state.ships) + 2},
                "ships": ships, "outcome": state.outcome,
                "seat": {"station": str(seat.station), "ship": seat.ship, "side": side}}

    def events_for(self, state: ToyState, events: Sequence[Event],
                   seat: Seat) -> tuple[Event, ...]:
        side = seat_side(state, seat)
        return tuple(e for e in events
                     if side is None or not isinstance(e, Plotted) or e.side == side)

    def crew_stations(self, state: ToyState, ship: str) -> tuple[str, ...]:
        return (HELM, ENGINEER)

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return rules.to_json(state)

    def example_scenario(self) -> dict[str, Any]:
        return copy.deepcopy(EXAMPLE)

    # -- Playable: scenarios by name -----------------------------------------------------------
    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]:
        return (str(EXAMPLE["id"]),)

    def load_scenario(self, name: str, user_dir: Path | None = None,
                      max_turns: int | None = None) -> dict[str, Any]:
        if name not in self.scenario_names(user_dir):
            raise KeyError(f"no toy scenario {name!r}")
        scenario = self.example_scenario()
        if max_turns:
            scenario["turns"] = max_turns
        return scenario

    # -- Stocked: what the app's commands (scenarios, ships, play, simulate) ask ---------------
    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        return self.load_scenario(name, user_dir)

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        out = copy.deepcopy(dict(scenario))
        if settings.get("max_turns"):
            out["turns"] = settings["max_turns"]
        return out

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]:
        return ()

    def table_settings(self) -> TableSettings:
        return TableSettings(default_max_turns=4)

    # -- Deciding: the autopilot, from its seat's view and controls alone ------------------------
    def decide(self, state: ToyState, prompt: Prompt) -> Action:
        assert prompt.ship is not None and prompt.roll is None
        seat = Seat(prompt.station, prompt.ship)
        seen = self.view(state, seat)
        (decision,) = [d for d in self.controls(state, seat) if d.prompt == prompt]
        if prompt.action == "toy_plot":
            return decision.make({"move": "in" if seen["range"] > 3 else "hold"})
        (f,) = decision.fields
        return decision.make({"power": f.maximum if seen["range"] - f.maximum < 6 else 0})

    # -- the decisions a panel or a screen builds its controls from ----------------------------
    def _decision(self, state: ToyState, p: Prompt) -> Decision:
        station, ship = p.station, p.ship or ""
        if p.roll is not None:
            return Decision(p, "roll", station, p.roll.purpose, (
                Field("value", "d6 roll", FieldKind.INT, 1, 1, p.roll.sides),),
                builder=lambda v: RollResult(station, _int(v["value"]), "manual"))
        if p.action == "toy_plot":
            choices = tuple(Choice(m, m) for m in MOVES)
            return Decision(p, "toy_plot", station, p.what, (
                Field("move", "Move", FieldKind.CHOICE, "hold", choices=choices),),
                builder=lambda v: Plot(station, ship, str(v["move"])))
        most = min(MAX_POWER, state.ship(ship).energy)
        return Decision(p, "toy_fire", station, p.what, (
            Field("power", "Power to the gun", FieldKind.INT, most, 0, most),),
            builder=lambda v: Fire(station, ship, _int(v["power"])), irreversible=True)


def _int(v: Value) -> int:
    return v if type(v) is int else -1


TOY = ToyRuleset()


@contextmanager
def toy_registered() -> Iterator[ToyRuleset]:
    """The toy ruleset known to the kernel inside the block (engine.rulesets.registered)."""
    with rulesets.registered(TOY):
        yield TOY


def installed_package(folder: Path, package: str, entry_points: Mapping[str, str],
                      modules: Mapping[str, str] = {}) -> Path:
    """A package installed into `folder` as pip installs one: `<package>-1.0.dist-info` with its
    METADATA and an entry_points.txt offering `entry_points` (ruleset name -> "module:object")
    in the group starbridge.rulesets, beside its `modules` (module name -> source). Put `folder`
    on sys.path and the kernel finds its rulesets (engine.rulesets.rescan)."""
    info = folder / f"{package}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n",
                                   encoding="utf-8")
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[{rulesets.GROUP}]\n{lines}", encoding="utf-8")
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    return folder


def every_ruleset() -> list[str]:
    """The packaged rulesets and the toy: what the kernel's suites are parametrised over (the
    toy is registered by each test that plays it, through `toy_registered`)."""
    return sorted({*rulesets.names(), TOY.name})


def perturbed(state: ToyState, side: str) -> ToyState:
    """`state` with every secret of the sides other than `side` changed: their ships' energy
    and the moves they have plotted (that a ship has plotted shows at the table, so it stays)."""
    from dataclasses import replace

    others = list(MOVES)
    return replace(state, ships=tuple(
        s if s.side == side else replace(
            s, energy=s.energy + 5,
            plot=others[(others.index(s.plot) + 1) % len(others)] if s.plot else "")
        for s in state.ships))
