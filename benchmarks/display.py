"""`starbridge bench display`: how long the bridge display takes to draw, beside the floor.

Figures, not pass/fail: the machines are shared and noisy. Measured in the same run:
- the floor: clearing and flipping an empty screen;
- the busiest screen at 800x480 (four ships, a weapon's arc and a target line, a full panel):
  median and p99 milliseconds per redraw and flip;
- the idle table: CPU used per second of wall time while nothing changes (the frame loop at
  30 frames a second, redrawing on change only);
- start to first frame: pygame start, a new game and the first frame drawn.
Budgets (issue 10): busiest frame under 3 ms median here (33 ms on a Pi 4), idle under 2% of a
core, first frame under 2 s.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from benchmarks.figures import Figure, budget

FRAMES = 300
IDLE_SECONDS = 2.0


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def display_bench(out: Any, size: tuple[int, int] = (800, 480)) -> list[Figure]:
    started = time.perf_counter()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.headless.screens import SCREENS, advance
    from companion.session import load_scenario, prepare
    from display.bridge_display import BridgeDisplay
    from engine import Seat, new_game, pending

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    state = new_game(prepare(load_scenario("skirmish", None), None, "basic", None, 20))
    seat = Seat("instructor")
    display = BridgeDisplay(screen, seat, lambda _: None)
    display.show(state)
    display.frame()
    first = time.perf_counter() - started

    floor: list[float] = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        screen.fill((0, 0, 0))
        pygame.display.flip()
        floor.append(time.perf_counter() - t0)

    state, events = advance(state, seat, 1, SCREENS["fire"][1], seed=1)
    firer = pending(state)[0].ship if pending(state) else None
    display = BridgeDisplay(screen, Seat("helm", firer) if firer else seat, lambda _: None)
    display.show(state, events)
    display.frame()
    picks = [w.id for w in display.widgets if w.id.startswith("pick:") and not w.id.endswith(":-")
             and w.enabled]
    if picks:
        display.activate(picks[0])   # a weapon's arc and the line to its target on the map
    busy: list[float] = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        display.draw(force=True)
        pygame.display.flip()
        busy.append(time.perf_counter() - t0)

    pygame.event.clear()
    cpu0, wall0, frames0 = time.process_time(), time.perf_counter(), display.frames_drawn
    while time.perf_counter() - wall0 < IDLE_SECONDS:
        display.frame(fps=30)
    idle_cpu = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    redrawn = display.frames_drawn - frames0

    f_med, f_p99 = _ms(floor)
    b_med, b_p99 = _ms(busy)
    print(f"screen {size[0]}x{size[1]}, SDL video driver {pygame.display.get_driver()}, "
          f"{FRAMES} frames each", file=out)
    print(f"floor (clear + flip an empty screen): median {f_med:.2f} ms, p99 {f_p99:.2f} ms",
          file=out)
    print(f"busiest screen (skirmish, Helm declaring fire, arc and target shown): "
          f"median {b_med:.2f} ms, p99 {b_p99:.2f} ms", file=out)
    print(f"idle table: {idle_cpu * 100:.2f}% of a core over {IDLE_SECONDS:.0f} s, "
          f"{redrawn} redraws", file=out)
    print(f"start to first frame: {first * 1000:.0f} ms", file=out)
    pygame.display.quit()
    empty = "clear and flip an empty screen"
    return [Figure("display", "busiest screen, median", b_med, "ms", f_med, budget(3.0, pi=33.0),
                   floor_is=empty),
            Figure("display", "busiest screen, p99", b_p99, "ms", f_p99, floor_is=empty),
            Figure("display", "idle table", idle_cpu * 100, "% of a core", budget=2.0),
            Figure("display", "first frame, in this process", first * 1000, "ms",
                   budget=budget(2000, pi=None))]
