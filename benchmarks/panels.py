"""`starbridge bench panels` (also `bench hardware`): from a button's edge to the LED change and to
the engine's accepted action, over thousands of presses on gpiozero's MockFactory, beside the
floor measured in the same run: a bare gpiozero `when_pressed` that lights an LED.

"To the LED change" is the moment the light's mock pin changes level (`StampedPin`), for the
floor and for the panels alike: not when the code that changed it returns, so the figure does
not count what the bridge does after the light is lit (lighting the other panels, the next
state's prompts). That whole step is a figure of its own.

The rows:
- a confirm at Engineering (the power allocation): to the engine's accepted action, to its own
  "your move" light going out, and to the end of the step (every panel lit for the new state);
- a selection at Engineering ("up" then "down" on movement, alternately), which moves a value
  and lights it without the engine: timed on a copy of the default map with Engineering's power
  lights dimmed on header pins (the Captain's, whose panel is left out), so that the light it
  times is a GPIO pin like the floor's and not the emulated I2C expander they are on by default;
- a press at Helm while Helm has nothing to do: the "not now" flash of its red light;
- a selection at Engineering again, timed to its station display's new image (luma's dummy
  device, as on a PC: `StampedDummy` notes when `display` is handed it), beside the floor of
  the display: a bare luma draw of the same image (luma's `canvas` with the same lines in the
  same fonts) in the same run;
- the confirm at Engineering again on a Command & Control turn: the Kobayashi Maru at
  `--level command` with a crewed Enterprise (its officers rated by a fixed seed), whose every
  panel also lights its shaken, system-out and grid lights from its view
  (lights/data/panel_lights.toml).

Figures, not pass/fail (the machines are shared and noisy). On a Pi the budget is press to light
under 50 ms; on a developer machine p99 under 5 ms and within a small factor of the floor.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import IO, Any

from gpiozero import LED, Button
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy
from luma.core.render import canvas

from benchmarks.figures import Figure, budget
from companion.session import load_scenario, prepare
from engine import Event, GameState, apply, crew_stations, new_game
from hardware.panel import Outcome
from hardware.pinmap import LedSpec, PinMap, load_pinmap
from hardware.ship_bridge import Bridge
from hardware.station_display import BODY_PX, STATUS_PX, StationDisplay, font, layout

PRESSES = 3000


class StampedPin(MockPWMPin):  # type: ignore[misc]
    """gpiozero's mock PWM pin, noting when its level last changed (wall clock and this
    thread's CPU clock): the moment a light changes, not when the code that changed it returns."""

    changed_at = 0.0
    changed_cpu = 0.0

    def _change_state(self, value: Any) -> bool:
        changed: bool = super()._change_state(value)
        if changed:
            self.changed_at, self.changed_cpu = time.perf_counter(), time.thread_time()
        return changed


@dataclasses.dataclass
class PressTimings:
    """Seconds from each press to something: wall time, and (where taken) this thread's CPU."""

    wall: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)

    def add(self, wall: float, cpu: float | None = None) -> None:
        self.wall.append(wall)
        if cpu is not None:
            self.cpu.append(cpu)


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


class StampedDummy(dummy):  # type: ignore[misc]
    """luma's dummy device, noting when it was last handed an image (wall clock)."""

    shown_at = 0.0

    def display(self, image: Any) -> None:
        super().display(image)
        self.shown_at = time.perf_counter()


def make_factory() -> Any:
    return MockFactory(revision="d04170", pin_class=StampedPin)


def floor(factory: Any, n: int) -> PressTimings:
    """A bare gpiozero Button whose when_pressed lights an LED, nothing in between."""
    button = Button(4, pin_factory=factory)
    led = LED(17, pin_factory=factory)
    button.when_pressed = led.on
    pin, lamp = factory.pin(4), factory.pin(17)
    out = PressTimings()
    for _ in range(n):
        led.off()
        pin.drive_high()
        c0, t0 = time.thread_time(), time.perf_counter()
        pin.drive_low()
        if not led.is_lit:
            raise RuntimeError("the floor's LED did not light")
        out.add(lamp.changed_at - t0, lamp.changed_cpu - c0)
    button.close()
    led.close()
    return out


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _start() -> GameState:
    return new_game(prepare(load_scenario("duel", None), None, "basic", None, 1, 3))


def command_start() -> GameState:
    """The Kobayashi Maru at the command level, its crewed ship's officers rated by seed 1, at
    its first Power Allocation (the Instructor's ships' ratings rolled by virtual dice)."""
    from companion.dice import VirtualDice
    from companion.table.crew_play import with_crews
    from engine import pending

    scenario = prepare(load_scenario("kobayashi-maru", None), None, "command", None, 1, 3)
    state = new_game(with_crews(scenario, {}, None, 1, lambda _: None, save=False)[0])
    dice = VirtualDice(1)
    while (asked := pending(state)) and asked[0].roll is not None:  # the Klingons' ratings
        state, _ = apply(state, dice.roll(asked[0].roll))
    return state


def _bridge(pins: PinMap, factory: Any, start: GameState, clock: _Clock) -> Bridge:
    bridge = Bridge(pins, factory, "enterprise", crew_stations(start, "enterprise"), clock)
    bridge.open(lambda s: None, clock())
    return bridge


def _nothing(out: Outcome) -> tuple[GameState, tuple[Event, ...]] | None:
    return None


def full_stack(factory: Any, n: int, start: GameState | None = None) -> dict[str, PressTimings]:
    """A confirm press at Engineering through the whole stack: the edge queued by gpiozero's
    callback, debounced, turned into the allocation by the panel model from `controls`, checked
    with `problem`, applied, and Engineering's "your move" light put out (`start`: the game it
    is pressed on, the Duel's first turn unless given)."""
    pins = load_pinmap()
    start = start if start is not None else _start()
    clock = _Clock()
    bridge = _bridge(pins, factory, start, clock)
    engineer = pins.panels["engineer"]
    pin = factory.pin(engineer.buttons["confirm"].pin)
    green = factory.pin(engineer.leds["green"].pin.pin)
    rows = {"accepted": PressTimings(), "lit": PressTimings(), "step": PressTimings()}
    t_accept = [0.0]

    def act(out: Outcome) -> tuple[GameState, tuple[Event, ...]] | None:
        if out.action is None:
            return None
        done = apply(state, out.action)
        t_accept[0] = time.perf_counter()
        return done

    for _ in range(n):
        state = start
        clock.t += 1.0
        bridge.show(state, (), clock.t)
        if green.state != 1:
            raise RuntimeError("Engineering's green light is not on before the press")
        c0, t0 = time.thread_time(), time.perf_counter()
        pin.drive_low()
        after = bridge.pump(state, clock.t + 0.001, act)
        t1, c1 = time.perf_counter(), time.thread_time()
        if after is state or green.state != 0:
            raise RuntimeError("the press did not make the allocation or the light did not change")
        rows["accepted"].add(t_accept[0] - t0)
        rows["lit"].add(green.changed_at - t0, green.changed_cpu - c0)
        rows["step"].add(t1 - t0, c1 - c0)
        pin.drive_high()
        bridge.pump(state, clock.t + 0.5, act)
    bridge.close()
    return rows


def selection_pins(pins: PinMap) -> PinMap:
    """The default map with Engineering's power lights dimmed on the Captain's header pins (the
    Captain's panel left out): a light the selection press changes, on a GPIO pin."""
    captain = pins.panels["captain"]
    free = [p for p in (*captain.buttons.values(), *(led.pin for led in captain.leds.values()))
            if p.on_header]
    engineer = pins.panels["engineer"]
    leds = dict(engineer.leds)
    for role, pin in zip(("movement", "shields", "weapons"), free, strict=False):
        leds[role] = LedSpec(pin, pwm=True)
    panels = {name: p for name, p in pins.panels.items() if name != "captain"}
    panels["engineer"] = dataclasses.replace(engineer, leds=leds)
    return dataclasses.replace(pins, panels=panels, source=f"{pins.source} (bench copy)")


def _light_presses(factory: Any, n: int, pins: PinMap, panel: str,
                   buttons: tuple[str, ...], light: Callable[[PinMap], Any]) -> PressTimings:
    """Presses at `panel` (its `buttons` in turn) that do not reach the engine, each timed to
    the change of the light `light` names."""
    start = _start()
    clock = _Clock()
    bridge = _bridge(pins, factory, start, clock)
    lamp = factory.pin(light(pins).pin)
    out = PressTimings()
    for i in range(n):
        button = factory.pin(pins.panels[panel].buttons[buttons[i % len(buttons)]].pin)
        clock.t += 1.0
        bridge.show(start, (), clock.t)
        before = lamp.state
        c0, t0 = time.thread_time(), time.perf_counter()
        button.drive_low()
        after = bridge.pump(start, clock.t + 0.001, _nothing)
        if after is not start or lamp.state == before:
            raise RuntimeError(f"the press at {panel} did not change its light")
        out.add(lamp.changed_at - t0, lamp.changed_cpu - c0)
        button.drive_high()
        bridge.pump(start, clock.t + 0.5, _nothing)
    bridge.close()
    return out


def selection(factory: Any, n: int) -> PressTimings:
    """Engineering's "up" then "down" on movement: the movement light on, then off."""
    pins = selection_pins(load_pinmap())
    return _light_presses(factory, n, pins, "engineer", ("up", "down"),
                          lambda p: p.panels["engineer"].leds["movement"].pin)


def display_presses(factory: Any, n: int) -> tuple[PressTimings, PressTimings]:
    """Engineering's "up" then "down": press to its station display's new image, and the floor
    beside it: the same words drawn bare with luma's `canvas` straight after (the lines as laid
    out, in the same fonts: no panel, no engine, no wrapping)."""
    pins = load_pinmap()
    start = _start()
    clock = _Clock()
    bridge = _bridge(pins, factory, start, clock)
    st = bridge.stations["engineer"]
    device = StampedDummy(width=128, height=64, mode="1")
    st.screen = StationDisplay(device, "bench")
    out, bare = PressTimings(), PressTimings()
    for i in range(n):
        button = factory.pin(pins.panels["engineer"].buttons[("up", "down")[i % 2]].pin)
        clock.t += 1.0
        bridge.show(start, (), clock.t)
        before = device.shown_at
        t0 = time.perf_counter()
        button.drive_low()
        bridge.pump(start, clock.t + 0.001, _nothing)
        if device.shown_at == before or st.screen.image is None:
            raise RuntimeError("the press did not change Engineering's station display")
        out.add(device.shown_at - t0)
        screen, lines = st.screen.shown, layout(st.screen.shown) if st.screen.shown else []
        b0 = time.perf_counter()
        with canvas(device) as draw:   # the same words, drawn as any luma program draws them
            draw.text((1, 0), screen.status if screen else "", font=font(STATUS_PX), fill=1)
            for k, line in enumerate(lines):
                draw.text((1, STATUS_PX + 2 + k * BODY_PX), line, font=font(BODY_PX), fill=1)
        bare.add(device.shown_at - b0)
        button.drive_high()
        bridge.pump(start, clock.t + 0.5, _nothing)
    bridge.close()
    return out, bare


def not_now(factory: Any, n: int) -> PressTimings:
    """"up" at Helm, which has nothing to do while Engineering allocates: the red flash."""
    return _light_presses(factory, n, load_pinmap(), "helm", ("up",),
                          lambda p: p.panels["helm"].leds["red"].pin)


def panels_bench(out: IO[str], n: int = PRESSES) -> list[Figure]:
    factory = make_factory()
    try:
        floor(factory, 200)  # warm up every path before measuring
        full_stack(factory, 50)
        selection(factory, 50)
        not_now(factory, 50)
        display_presses(factory, 50)
        command = command_start()
        full_stack(factory, 50, command)
        bare = floor(factory, n)
        stack = full_stack(factory, n)
        moved = selection(factory, n)
        refused = not_now(factory, n)
        shown, drawn = display_presses(factory, n)
        cc = full_stack(factory, n, command)
    finally:
        factory.close()
    print(f"station panels on gpiozero's MockFactory, {n} presses each; wall time in ms from the "
          f"button's edge (CPU time of the pressing thread beside it, which a busy machine does "
          f"not inflate):", file=out)
    rows = [("floor: bare when_pressed lights an LED", bare),
            ("confirm: to the engine's accepted action", stack["accepted"]),
            ("confirm: to its light (your move off)", stack["lit"]),
            ("confirm: to every panel lit (whole step)", stack["step"]),
            ("selection: to its light (no engine)", moved),
            ("not now: to the red flash", refused),
            ("floor: bare luma draw of the same image", drawn),
            ("selection: to its station display's image", shown),
            ("C&C confirm: to the engine's accepted action", cc["accepted"]),
            ("C&C confirm: to its light (your move off)", cc["lit"]),
            ("C&C confirm: to every panel lit (whole step)", cc["step"])]
    for label, samples in rows:
        line = (f"  {label:46} p50 {_pct(samples.wall, 0.5):7.3f}  "
                f"p90 {_pct(samples.wall, 0.9):7.3f}  p99 {_pct(samples.wall, 0.99):7.3f}")
        if samples.cpu:
            line += f"   CPU p50 {_pct(samples.cpu, 0.5):6.3f}  p99 {_pct(samples.cpu, 0.99):6.3f}"
        print(line, file=out)
    for label, samples in (("confirm", stack["lit"]), ("selection", moved),
                           ("not now", refused), ("C&C confirm", cc["lit"])):
        print(f"  {label} press to light over the floor: "
              f"p50 {_ratio(samples.wall, bare.wall, 0.5):.1f}x, "
              f"p99 {_ratio(samples.wall, bare.wall, 0.99):.1f}x, "
              f"CPU p99 {_ratio(samples.cpu, bare.cpu, 0.99):.1f}x", file=out)
    print(f"  selection press to station display over a bare luma draw: "
          f"p50 {_ratio(shown.wall, drawn.wall, 0.5):.1f}x, "
          f"p99 {_ratio(shown.wall, drawn.wall, 0.99):.1f}x", file=out)
    print("  (budget: p99 under 5 ms on a developer machine, under 50 ms on a Pi; the station "
          "display under 20 ms and within 10x of the bare draw)", file=out)
    return [*panels_figures(bare, stack, moved, cc), display_figure(shown, drawn)]


def display_figure(shown: PressTimings, drawn: PressTimings) -> Figure:
    """Press to the station display's new image, p99, beside a bare luma draw of the image."""
    return Figure("panels", "press to station display updated, p99", _pct(shown.wall, 0.99),
                  "ms", _pct(drawn.wall, 0.99), budget=budget(20.0, pi=100.0),
                  floor_is="a bare luma canvas draw of the same words (dummy device)")


def _ratio(samples: list[float], floor_samples: list[float], q: float) -> float:
    if not samples or not floor_samples:
        return float("nan")
    return _pct(samples, q) / max(_pct(floor_samples, q), 1e-9)


def panels_figures(bare: PressTimings, stack: dict[str, PressTimings], moved: PressTimings,
                   command: dict[str, PressTimings] | None = None) -> list[Figure]:
    """The table's figures (`starbridge bench`): a confirm's press to the engine's accepted
    action and to its own light, and a selection's press to its light, beside the floor; with
    `command`, the confirm's press to its light on a Command & Control turn too."""
    floor_is = "a bare gpiozero when_pressed that lights an LED"
    accepted, lit = stack["accepted"].wall, stack["lit"].wall
    return [Figure("panels", "press to accepted action, p99", _pct(accepted, 0.99), "ms",
                   _pct(bare.wall, 0.99), floor_is=floor_is),
            Figure("panels", "press to LED change, p50", _pct(lit, 0.5), "ms",
                   _pct(bare.wall, 0.5), floor_is=floor_is),
            Figure("panels", "press to LED change, p99", _pct(lit, 0.99), "ms",
                   _pct(bare.wall, 0.99), budget=budget(5.0, pi=50.0), floor_is=floor_is),
            Figure("panels", "selection to LED change, p99", _pct(moved.wall, 0.99), "ms",
                   _pct(bare.wall, 0.99), budget=budget(5.0, pi=50.0), floor_is=floor_is),
            *([Figure("panels", "press to LED change, Command & Control turn, p99",
                      _pct(command["lit"].wall, 0.99), "ms", _pct(bare.wall, 0.99),
                      budget=budget(5.0, pi=50.0), floor_is=floor_is)] if command else [])]
