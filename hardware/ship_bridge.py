"""A ship's bridge of panels: opens them, turns queued edges into actions, keeps the lights.

    bridge = Bridge(pins, factory, ship="enterprise", stations=crew(state, "enterprise"))
    bridge.open(say=print, t=now)             # lamp test, and one report per panel not opened
    for press in bridge.presses(now):         # on the main thread, in the frame loop
        out = bridge.take(press, state)       # the panel's model takes it; nothing is lit
        ...apply out.action / roll for out.roll...
    bridge.show(state, events, now)           # once per change: an action applied, a press

Only gpiozero's callbacks (and the keyboard stand-in) run elsewhere, and they only put edges on
the inbox the bridge was handed when it was made (`edges`: the app's, which wakes its loop).

The app's loop (companion/table/app.py) reads in one direction: the presses are taken, their actions
applied, and then every output, these lights among them, is told once of what changed. A
panel's plan is made again only when what it is made from changed (`OpenPanel.inputs`): the
state (by identity: states are immutable), its editor and values, the alert, the flash. `pump`
joins the steps for a bridge played on its own (tests, `starbridge bench panels`).
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine import Event, GameState, Seat
from hardware import engine_api as api
from hardware.debounce import Debouncer, Edge, Press
from hardware.devices import Clock, PanelDevices, open_panel, report
from hardware.expanders import ExpanderHub, hub_for
from hardware.functions import AMBER
from hardware.lamps import Lamp, levels
from hardware.panel import Outcome, PanelModel
from hardware.pin_factory import PinFactory
from hardware.pinmap import DisplaySpec, PinMap
from hardware.rule_lamps import default_rules
from hardware.station_display import DisplayError, StationDisplay, open_station_display
from hardware.station_screen import ROLL_NOW, YOUR_MOVE, station_screen
from lights.rules import RuleSet

LAMP_TEST_S = 0.6
Act = Callable[[Outcome], "tuple[GameState, tuple[Event, ...]] | None"]


@dataclass
class OpenPanel:
    """One open panel: its devices, its model, and a debouncer per button; and what its lights
    were last lit from (`inputs`, the model's `lamp_inputs`) with the plan they gave."""

    name: str
    devices: PanelDevices
    model: PanelModel
    debouncers: dict[str, Debouncer]
    inputs: tuple[object, ...] | None = None
    plan: dict[str, Lamp] | None = None
    blinks: bool = False
    screen: StationDisplay | None = None   # the panel's own small display, if it has one


def same_inputs(a: tuple[object, ...] | None, b: tuple[object, ...]) -> bool:
    """`lamp_inputs` alike: the state and the editor the same objects, the rest equal."""
    return a is not None and a[0] is b[0] and a[1] is b[1] and a[2:] == b[2:]


class Bridge:
    """The panels of one ship's crew (or the Instructor's, with `ship` None). `crew` says which
    of the pin map's crews sits at them: 1 for the first ship with people at panels (in the
    scenario's order), 2 for the next (two crews on one Pi)."""

    def __init__(self, pins: PinMap, factory: PinFactory, ship: str | None, stations: Iterable[str],
                 clock: Clock = time.monotonic, crew: int = 1,
                 lights: RuleSet | None = None,
                 edges: queue.Queue[Edge] | None = None) -> None:
        self.pins, self.factory, self.ship, self.clock = pins, factory, ship, clock
        self.lights = lights or default_rules()   # the panels' lights file (docs/lights.md)
        self.crew = crew
        self.wanted = tuple(stations)
        self.edges: queue.Queue[Edge] = queue.Queue() if edges is None else edges
        self.stations: dict[str, OpenPanel] = {}
        self.lamp_test_until = float("-inf")
        self.missing: tuple[str, ...] = ()
        self.outcomes: list[tuple[str, Outcome]] = []  # every press's outcome, for the display
        self.hub: ExpanderHub = hub_for(factory)   # the MCP23017s of this Pi (or of the mock)
        self.say: Callable[[str], None] = lambda text: None
        self.order: dict[Debouncer, int] = {}      # every button's, in panel and button order
        self.live: set[Debouncer] = set()          # those that `poll` must look at

    def open(self, say: Callable[[str], None], t: float | None = None) -> None:
        """Open a panel for each station of the crew that has one in the pin map, run the lamp
        test, and say once what could not be opened."""
        self.say = say
        devices: dict[str, PanelDevices] = {}
        missing = []
        for station in self.wanted:
            spec = self.pins.panel_for(station, self.crew) or \
                self.pins.stand_in(station, self.crew, self.wanted)
            if spec is None or spec.name in self.stations:
                missing.append(station)
                continue
            if spec.station != station:   # a panel the crew has no station for plays this one
                say(f"the {spec.name} panel plays {station}{self._whose()}")
            dev = open_panel(spec, self.factory, self.edges, self.clock, self.pins.expanders,
                             self.hub)
            devices[spec.name] = dev
            bounce, hold = self.pins.bounce_ms / 1000, self.pins.hold_ms / 1000
            debouncers = {b: Debouncer(spec.name, b, bounce, hold) for b in spec.buttons}
            self.stations[spec.name] = OpenPanel(
                spec.name, dev, PanelModel(Seat(station, self.ship), self.lights,
                                           buttons=frozenset(spec.buttons)),
                debouncers,
                screen=self._open_screen(spec.name, spec.display, say))
            for deb in debouncers.values():
                self.order[deb] = len(self.order)
        self.missing = tuple(missing)
        if missing:
            say(f"no panel in {self.pins.source} for{self._whose()}: {', '.join(missing)} (those "
                f"stations play on the touchscreen or the keyboard)")
        report(devices, say)
        self.hub.start()  # on a Pi: the thread that polls the expanders' buttons
        self.lamp_test(self.clock() if t is None else t)

    def _open_screen(self, name: str, spec: DisplaySpec | None, say: Callable[[str], None]
                     ) -> StationDisplay | None:
        """The panel's station display (luma's dummy device on the mock), or None, said once
        when the map declares one that does not answer: the panel works without it."""
        if spec is None:
            return None
        from gpiozero.pins.mock import MockFactory
        try:
            return open_station_display(spec, mock=isinstance(self.factory, MockFactory))
        except DisplayError as exc:
            say(f"{name}: {exc}; the panel works without its display")
            return None

    def _whose(self) -> str:
        """Whose stations were not found, when the map has (or this bridge wants) more than
        one crew: " kronos's crew (crew 2 of the map)"."""
        crews = self.pins.crews
        if self.ship is None or (self.crew == 1 and crews in ((), (1,))):
            return ""
        if self.crew not in crews:
            has = ", ".join(map(str, crews)) or "none"
            return (f" {self.ship}'s crew (crew {self.crew}: the map has panels for crew "
                    f"{has} only)")
        return f" {self.ship}'s crew (crew {self.crew} of the map)"

    def lamp_test(self, t: float) -> None:
        """Every light full on for a moment (the next `show` after it ends puts them right)."""
        self.lamp_test_until = t + LAMP_TEST_S
        for st in self.stations.values():
            st.devices.set_levels({role: 1.0 for role in st.devices.lights})
            st.inputs = None  # lit by the test: the next `show` lights it afresh

    def put(self, edge: Edge) -> None:
        """Queue an edge from elsewhere (the keyboard stand-in): the same path as a pin's."""
        self.edges.put(edge)

    def presses(self, t: float, timeout: float | None = None) -> list[Press]:
        """Drain the queued edges through the debouncers; then look for long presses at `t`
        (at the buttons that are held or still settling: a debouncer at rest has nothing to
        say, so `poll` skips it)."""
        out: list[Press] = []
        block = timeout is not None and timeout > 0
        # Only this thread takes from the queue: while it is not empty, a get finds an edge
        # (and an empty queue, the usual case, costs no exception).
        while block or self.edges.qsize():
            try:
                edge = self.edges.get(block=block, timeout=timeout if block else None)
            except queue.Empty:
                break
            block = False
            st = self.stations.get(edge.panel)
            deb = st.debouncers.get(edge.button) if st else None
            if deb is not None:
                out.extend(deb.edge(edge.pressed, edge.t))
                self.live.add(deb)
        for deb in sorted(self.live, key=self.order.__getitem__):
            out.extend(deb.poll(t))
            if deb.at_rest:
                self.live.discard(deb)
        return out

    def news(self) -> list[str]:
        """An expander that stopped (or started again) answering, said once."""
        return list(self.hub.service())

    def take(self, press: Press, state: GameState) -> Outcome:
        """A press, taken by its panel's model against `state`: what it asks of the engine (an
        action, a roll) or says (a note, a refusal). Nothing is lit here: the caller shows the
        panels once the engine has answered (`show`)."""
        out = self.stations[press.panel].model.press(press.button, press.kind, state, press.t)
        self.outcomes.append((press.panel, out))
        return out

    def pump(self, state: GameState, t: float, act: Act,
             timeout: float | None = None) -> GameState:
        """Take the presses since the last call (waiting up to `timeout` seconds for the first,
        None: not at all), in order, each against the state the one before it left (`take`). An
        outcome that carries an action or asks for a roll goes to `act`, which applies it (saved)
        and returns the new state and its events, or None when it was refused (the decision is
        withdrawn). Every panel is lit once per change: after each action applied, and at the
        end for what the presses changed that the engine was not asked about (a value moved, a
        "not now" flash). Returns the state after the last press. An expander that stopped (or
        started again) answering is said here, once. The app's loop does the same in its own
        step (companion/table/app.py), where every other output is told too."""
        for news in self.news():
            self.say(news)
        for press in self.presses(t, timeout):
            out = self.take(press, state)
            if out.action is not None or out.roll is not None:
                done = act(out)
                if done is not None:
                    state, events = done
                    self.show(state, events, t)
                elif out.action is not None:
                    self.stations[press.panel].model.withdraw()
        self.show(state, (), t)
        return state

    def show(self, state: GameState, events: tuple[Event, ...], t: float) -> None:
        """Light every panel from its seat's prompts, view and the events it was told."""
        if t < self.lamp_test_until:
            return
        # A seat is told a share of these events (`events_for` filters them): when none of
        # them puts a ship on alert, neither does any seat's share, and nobody need be told.
        alerting = any(e.alerts is not None for e in events)
        for st in self.stations.values():
            if alerting:
                st.model.told(api.told(state, events, st.model.seat))
            st.model.sync(state)
            self.light(st, state, t)

    def light(self, st: OpenPanel, state: GameState, t: float) -> None:
        """Light one panel. Its plan is made again only when what it is made from changed (a
        new state, an edit, the alert, the flash); with the same inputs only a blinking light
        has anything to do (and `set_levels` writes only what changed)."""
        if t < self.lamp_test_until:
            return
        inputs = st.model.lamp_inputs(state, t)
        plan = st.plan
        changed = plan is None or not same_inputs(st.inputs, inputs)
        if changed or plan is None:
            plan = st.plan = st.model.lamps(state, t, AMBER in st.devices.spec.leds,
                                            st.devices.lights)
            st.blinks = any(lamp.blink for lamp in plan.values())
            st.inputs = inputs
        elif not st.blinks:
            return
        st.devices.set_levels(levels(plan, t, self.pins.blink_ms / 1000))
        if changed and st.screen is not None:   # its words follow the inputs of its lights,
            st.screen.show(station_screen(st.model, state, t))   # after the lights

    def lit(self) -> dict[str, dict[str, float]]:
        """Every open light's level now, by panel and role (what the display draws on a PC)."""
        return {name: dict(st.devices.levels) for name, st in self.stations.items()}

    def screens(self) -> dict[str, tuple[tuple[int, int], bytes, bool]]:
        """Every station display's last image (panel -> (size, 8-bit grey pixels, whether its
        seat must act now)), for the bridge display to draw on a PC."""
        out: dict[str, tuple[tuple[int, int], bytes, bool]] = {}
        for name, st in self.stations.items():
            frame = st.screen.frame() if st.screen is not None else None
            if st.screen is not None and frame is not None and st.screen.shown is not None:
                out[name] = (*frame, st.screen.shown.status in (YOUR_MOVE, ROLL_NOW))
        return out

    def close(self) -> None:
        for st in self.stations.values():
            st.devices.close()
        self.stations.clear()
        if not any(chip.watches for chip in self.hub.chips.values()):
            self.hub.close()  # no bridge on this Pi has a button on an expander any more


def outcome_text(out: Outcome) -> str:
    if out.action is not None:
        return f"{out.action.type_name} by {out.action.station}"
    if out.roll is not None and out.roll.roll is not None:
        return f"roll: {out.roll.roll.purpose}"
    return out.refused or out.note or ""




def crews_of(ships: Sequence[str], at_panels: Iterable[str | None],
             stations: Mapping[str, Iterable[str]] | None = None) -> dict[str, int]:
    """The pin map's crew for each ship with people at panels: 1 for the first of them in
    `ships` (the scenario's order), 2 for the next, ...; so a map fits any scenario. Ships not
    in `ships` come after, in the order given; None (the Instructor) has no crew. With
    `stations` (each ship's crew stations, at panels or not), a ship whose stations are all
    free in a crew already given out shares it: the away team's characters, one station each
    (Kirk's the Captain's, Spock's Science), are all crew 1's panels; a starship's crew, whose
    stations are the other ship's, is the next crew."""
    wanted = list(dict.fromkeys(s for s in at_panels if s is not None))
    ordered = [s for s in ships if s in wanted] + [s for s in wanted if s not in ships]
    taken: list[set[str]] = []
    crews: dict[str, int] = {}
    for ship in ordered:
        mine = set(stations.get(ship, ())) if stations is not None else set()
        crew = next((n for n, used in enumerate(taken) if mine and not used & mine), None)
        if crew is None:
            taken.append(set())
            crew = len(taken) - 1
        taken[crew] |= mine
        crews[ship] = crew + 1
    return crews


def pump_all(bridges: Iterable[Bridge], state: GameState, t: float, act: Act) -> GameState:
    """Pump several bridges on one game (two crews at one table, or crews and the Instructor):
    every applied action's events reach every bridge, each seat told only its share."""
    group = list(bridges)
    for current in group:
        def shared(out: Outcome, current: Bridge = current) -> tuple[GameState,
                                                                      tuple[Event, ...]] | None:
            done = act(out)
            if done is not None:
                for other in group:
                    if other is not current:
                        other.show(done[0], done[1], t)
            return done
        state = current.pump(state, t, shared)
    return state
