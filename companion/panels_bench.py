"""`starbridge bench panels` (also `bench hardware`): from a button's edge to the LED change and to
the engine's accepted action, over thousands of presses on gpiozero's MockFactory, beside the
floor measured in the same run: a bare gpiozero `when_pressed` that lights an LED.

Figures, not pass/fail (the machines are shared and noisy). On a Pi the budget is press to light
under 50 ms; on a developer machine p99 under 5 ms and within a small factor of the floor.
"""

from __future__ import annotations

import time
from typing import IO, Any

from gpiozero import LED, Button
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.bench_figures import Figure, budget
from companion.session import load_scenario, prepare
from engine import Event, GameState, apply, crew_stations, new_game
from hardware.bridge import Bridge
from hardware.panel import Outcome
from hardware.pinmap import load_pinmap

PRESSES = 3000


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def floor(factory: Any, n: int) -> tuple[list[float], list[float]]:
    """A bare gpiozero Button whose when_pressed lights an LED, nothing in between: the wall
    time of each press to light, and the CPU time this thread spent on it."""
    button = Button(4, pin_factory=factory)
    led = LED(17, pin_factory=factory)
    button.when_pressed = led.on
    pin = factory.pin(4)
    out: list[float] = []
    cpu: list[float] = []
    for _ in range(n):
        led.off()
        pin.drive_high()
        c0, t0 = time.thread_time(), time.perf_counter()
        pin.drive_low()
        out.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        if not led.is_lit:
            raise RuntimeError("the floor's LED did not light")
    button.close()
    led.close()
    return out, cpu


def full_stack(factory: Any, n: int) -> tuple[list[float], list[float], list[float]]:
    """A confirm press at Engineering through the whole stack: the edge queued by gpiozero's
    callback, debounced, turned into the allocation by the panel model from `controls`, checked
    with `problem`, applied, and Engineering's "your move" light put out."""
    pins = load_pinmap()
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1, 3)
    start = new_game(scenario)
    clock = _Clock()
    bridge = Bridge(pins, factory, "enterprise", crew_stations(start, "enterprise"), clock)
    bridge.open(lambda s: None, clock())
    engineer = pins.panels["engineer"]
    pin = factory.pin(engineer.buttons["confirm"].pin)
    green = factory.pin(engineer.leds["green"].pin.pin)
    accepted: list[float] = []
    lit: list[float] = []
    cpu: list[float] = []
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
        t1 = time.perf_counter()
        cpu.append(time.thread_time() - c0)
        if after is state or green.state != 0:
            raise RuntimeError("the press did not make the allocation or the light did not change")
        accepted.append(t_accept[0] - t0)
        lit.append(t1 - t0)
        pin.drive_high()
        bridge.pump(state, clock.t + 0.5, act)
    bridge.close()
    return accepted, lit, cpu


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def panels_bench(out: IO[str], n: int = PRESSES) -> list[Figure]:
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        floor(factory, 200)  # warm up both paths before measuring
        full_stack(factory, 50)
        bare, bare_cpu = floor(factory, n)
        accepted, lit, lit_cpu = full_stack(factory, n)
    finally:
        factory.close()
    print(f"station panels on gpiozero's MockFactory, {n} presses each; wall time in ms "
          f"(CPU time of the pressing thread beside it, which a busy machine does not inflate):",
          file=out)
    rows = [("floor: bare when_pressed lights an LED", bare, bare_cpu),
            ("press to the engine's accepted action", accepted, None),
            ("press to the LED change (whole step)", lit, lit_cpu)]
    for label, samples, cpu in rows:
        line = (f"  {label:40} p50 {_pct(samples, 0.5):7.3f}  p90 {_pct(samples, 0.9):7.3f}  "
                f"p99 {_pct(samples, 0.99):7.3f}")
        if cpu is not None:
            line += f"   CPU p50 {_pct(cpu, 0.5):6.3f}  p99 {_pct(cpu, 0.99):6.3f}"
        print(line, file=out)
    print(f"  press to light over the floor: p50 {_pct(lit, 0.5) / max(_pct(bare, 0.5), 1e-9):.0f}x, "
          f"p99 {_pct(lit, 0.99) / max(_pct(bare, 0.99), 1e-9):.0f}x, "
          f"CPU p99 {_pct(lit_cpu, 0.99) / max(_pct(bare_cpu, 0.99), 1e-9):.0f}x "
          f"(budget: p99 under 5 ms on a developer machine, under 50 ms on a Pi)", file=out)
    return panels_figures(bare, accepted, lit)


def panels_figures(bare: list[float], accepted: list[float], lit: list[float]) -> list[Figure]:
    """The table's figures (`starbridge bench`) from the wall times in seconds of the floor's
    presses, and of the whole stack's presses to the accepted action and to the LED change."""
    floor_is = "a bare gpiozero when_pressed that lights an LED"
    return [Figure("panels", "press to accepted action, p99", _pct(accepted, 0.99), "ms",
                   _pct(bare, 0.99), floor_is=floor_is),
            Figure("panels", "press to LED change, p50", _pct(lit, 0.5), "ms", _pct(bare, 0.5),
                   floor_is=floor_is),
            Figure("panels", "press to LED change, p99", _pct(lit, 0.99), "ms", _pct(bare, 0.99),
                   budget=budget(5.0, pi=50.0), floor_is=floor_is)]
