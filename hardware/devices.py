"""The panels' real parts, on gpiozero: a narrow, typed wrapper around its Buttons and LEDs.

The pin factory comes from the pin map (`[board] factory`) and is passed to every device
(`Button(pin, pin_factory=...)`), never set as gpiozero's global default, so tests make their
own `MockFactory` and nothing needs restoring. Button callbacks only put an `Edge` on a queue;
debouncing, long presses and everything after happen on the main thread (hardware.debounce).
Lights are written only when their level changes; blinking is worked out by the caller from the
clock (hardware.lamps), so it needs no thread and the mock blinks exactly as the Pi does.

A panel that cannot be opened (a pin busy, no permission, no GPIO chip, an expander this
version cannot drive) is reported once, with the fix, and the other panels go on.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpiozero import LED, PWMLED, Button
from gpiozero.exc import (
    BadPinFactory,
    GPIOPinInUse,
    GPIOZeroError,
    PinPWMUnsupported,
)

from hardware.debounce import Edge
from hardware.pinmap import PanelSpec, PinMap, PinRef

Clock = Callable[[], float]


class PanelsError(Exception):
    """Root of this package's errors: the message says what is wrong and what to do."""


class FactoryError(PanelsError):
    """No pin factory could be made (not on a Pi, a library missing, no GPIO chip)."""


def make_factory(pins: PinMap, choice: str | None = None) -> Any:
    """The gpiozero pin factory the pin map (or `choice`) asks for.

    "mock": gpiozero's MockFactory with PWM pins, pretending to be `[board] mock_revision`.
    "lgpio" / "rpigpio": the Pi's GPIO. "auto": lgpio, then RPi.GPIO."""
    name = choice or pins.factory
    if name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(revision=pins.mock_revision, pin_class=MockPWMPin)
    tried: list[str] = []
    for candidate in (("lgpio", "rpigpio") if name == "auto" else (name,)):
        try:
            if candidate == "lgpio":
                from gpiozero.pins.lgpio import LGPIOFactory

                return LGPIOFactory()
            if candidate == "rpigpio":
                from gpiozero.pins.rpigpio import RPiGPIOFactory

                return RPiGPIOFactory()
            raise FactoryError(f"unknown pin factory {candidate!r} (auto, lgpio, rpigpio, mock)")
        except (ImportError, BadPinFactory) as exc:
            tried.append(f"{candidate}: the library is missing ({exc})")
        except (OSError, RuntimeError, GPIOZeroError) as exc:
            tried.append(f"{candidate}: {exc}")
    raise FactoryError(
        "no GPIO for the station panels: " + "; ".join(tried) + ". On a Raspberry Pi, install "
        "the pi extra (pip install 'starbridge[pi]') and add your user to the gpio group "
        "(sudo adduser $USER gpio, then log in again); on a PC, use the mock (factory = \"mock\" "
        "in the pin map's [board], or --factory mock).")


def factory_or_mock(pins: PinMap, say: Callable[[str], None], choice: str | None = None) -> Any:
    """The pin factory asked for, or, when there is no GPIO here, the mock (after saying once
    why and how to fix it): the game goes on with the keyboard standing in for the buttons."""
    try:
        return make_factory(pins, choice)
    except FactoryError as exc:
        say(f"{exc} Going on with mocked panels: the keyboard stands in for the buttons.")
        return make_factory(pins, "mock")


def explain(exc: BaseException, pin: PinRef) -> str:
    """Why a pin could not be opened, and the fix, in one line."""
    if isinstance(exc, GPIOPinInUse):
        return (f"{pin} is in use by another program or device: stop that program (or the "
                f"overlay in /boot/firmware/config.txt that claims it), or move this part to a "
                f"free pin in the pin map")
    if isinstance(exc, PermissionError):
        return (f"no permission to use {pin}: add your user to the gpio group "
                f"(sudo adduser $USER gpio) and log in again")
    if isinstance(exc, FileNotFoundError):
        return f"no GPIO chip for {pin} (is this a Raspberry Pi? use the mock factory on a PC)"
    if isinstance(exc, PinPWMUnsupported):
        return f"{pin} cannot dim (no PWM there): drop pwm = true or move the light"
    return f"{pin}: {type(exc).__name__}: {exc}"


@dataclass
class PanelDevices:
    """One panel's open buttons and lights. `problem` is set when the panel could not be opened
    whole; the parts that did open still work."""

    spec: PanelSpec
    buttons: dict[str, Any] = field(default_factory=dict)
    lights: dict[str, Any] = field(default_factory=dict)
    levels: dict[str, float] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    on_expanders: list[str] = field(default_factory=list)  # parts this version cannot drive

    def set_levels(self, levels: dict[str, float]) -> int:
        """Write each light's level (0..1; on/off lights are on above 0); only changes are
        written. Returns how many lights changed."""
        changed = 0
        for role, level in levels.items():
            device = self.lights.get(role)
            if device is None or self.levels.get(role) == level:
                continue
            self.levels[role] = level
            try:
                if isinstance(device, PWMLED):
                    device.value = max(0.0, min(1.0, level))
                elif level > 0:
                    device.on()
                else:
                    device.off()
            except GPIOZeroError as exc:  # a closed device: say it once, keep the game going
                self.problems.append(f"light {role}: {exc}")
                del self.lights[role]
            changed += 1
        return changed

    def is_lit(self, role: str) -> bool:
        device = self.lights.get(role)
        return bool(device is not None and device.is_lit)

    def close(self) -> None:
        for device in (*self.buttons.values(), *self.lights.values()):
            device.close()
        self.buttons.clear()
        self.lights.clear()


def open_panel(spec: PanelSpec, factory: Any, edges: queue.Queue[Edge],
               clock: Clock = time.monotonic) -> PanelDevices:
    """Open one panel's buttons and lights on `factory`; each button's edges go on `edges`."""
    panel = PanelDevices(spec)
    for func, pin in spec.buttons.items():
        if not pin.on_header:
            panel.on_expanders.append(f"{pin} ({func})")
            continue
        try:
            # No bounce_time: the backends filter differently (the mock not at all); debounce
            # happens in one place for all of them (hardware.debounce).
            button = Button(pin.pin, pull_up=True, bounce_time=None, pin_factory=factory)
        except (GPIOZeroError, OSError) as exc:
            panel.problems.append(explain(exc, pin))
            continue
        button.when_pressed = _queue_edge(edges, spec.name, func, True, clock)
        button.when_released = _queue_edge(edges, spec.name, func, False, clock)
        panel.buttons[func] = button
    for role, led in spec.leds.items():
        if not led.pin.on_header:
            panel.on_expanders.append(f"{led.pin} ({role})")
            continue
        try:
            cls = PWMLED if led.pwm else LED
            panel.lights[role] = cls(led.pin.pin, pin_factory=factory)
        except (GPIOZeroError, OSError) as exc:
            panel.problems.append(explain(exc, led.pin))
    return panel


def _queue_edge(edges: queue.Queue[Edge], panel: str, button: str, pressed: bool,
                clock: Clock) -> Callable[[], None]:
    def callback() -> None:  # runs on gpiozero's thread: queue it, nothing more
        edges.put(Edge(panel, button, pressed, clock()))
    return callback


def report(panels: dict[str, PanelDevices], say: Callable[[str], None]) -> None:
    """Say once, per panel, what could not be opened and how to fix it."""
    for name, panel in panels.items():
        if panel.problems:
            fixes = "; ".join(dict.fromkeys(panel.problems))
            say(f"panel {name}: {len(panel.problems)} part(s) not opened, the rest works: {fixes}")
        if panel.on_expanders:
            say(f"panel {name}: {len(panel.on_expanders)} part(s) on MCP23017 expanders stay off "
                f"(this version cannot drive an expander yet; move them to free GPIO pins to "
                f"use them now): {', '.join(panel.on_expanders)}")
