"""The panels' real parts, on gpiozero: a narrow, typed wrapper around its Buttons and LEDs.

The pin factory comes from the pin map (`[board] factory`) and is passed to every device
(`PanelButton(pin, pin_factory=...)`), never set as gpiozero's global default, so tests make their
own `MockFactory` and nothing needs restoring. Button callbacks only put an `Edge` on a queue;
debouncing, long presses and everything after happen on the main thread (hardware.debounce).
Lights are written only when their level changes; blinking is worked out by the caller from the
clock (hardware.lamps), so it needs no thread and the mock blinks exactly as the Pi does.

Parts on MCP23017 expanders (I2C) are opened through the factory's `ExpanderHub`
(hardware.expanders) and behave the same: their buttons queue the same edges, their lights take
the same levels (on or off: an expander has no PWM).

A panel that cannot be opened (a pin busy, no permission, no GPIO chip, an expander that does
not answer) is reported once, with the fix, and the other panels go on.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpiozero import LED, PWMLED, DigitalInputDevice
from gpiozero.exc import (
    BadPinFactory,
    GPIOPinInUse,
    GPIOZeroError,
    PinPWMUnsupported,
)

from engine.words import plural
from hardware.debounce import Edge
from hardware.expanders import ExpanderError, ExpanderHub, hub_for
from hardware.pin_factory import PinFactory
from hardware.pinmap import Expander, PanelSpec, PinMap, PinRef

Clock = Callable[[], float]


class PanelButton(DigitalInputDevice):  # type: ignore[misc]
    """A panel's push button: gpiozero's `Button` without its hold thread. Long presses are
    timed on the main thread (hardware.debounce); a `Button`'s thread would wake ten times a
    second per button with nothing pressed, a steady cost on an idle table."""

    @property
    def is_pressed(self) -> bool:
        return bool(self.is_active)


class PanelsError(Exception):
    """Root of this package's errors: the message says what is wrong and what to do."""


class FactoryError(PanelsError):
    """No pin factory could be made (not on a Pi, a library missing, no GPIO chip)."""


def make_factory(pins: PinMap, choice: str | None = None) -> PinFactory:
    """The gpiozero pin factory the pin map (or `choice`) asks for.

    "mock": gpiozero's MockFactory with PWM pins, pretending to be `[board] mock_revision`.
    "lgpio" / "rpigpio": the Pi's GPIO. "auto": lgpio, then RPi.GPIO."""
    name = choice or pins.factory
    if name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        mock: PinFactory = MockFactory(revision=pins.mock_revision, pin_class=MockPWMPin)
        return mock
    tried: list[str] = []
    for candidate in (("lgpio", "rpigpio") if name == "auto" else (name,)):
        try:
            if candidate == "lgpio":
                from gpiozero.pins.lgpio import LGPIOFactory

                lgpio: PinFactory = LGPIOFactory()
                return lgpio
            if candidate == "rpigpio":
                from gpiozero.pins.rpigpio import RPiGPIOFactory

                rpigpio: PinFactory = RPiGPIOFactory()
                return rpigpio
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


PI_MODEL = Path("/proc/device-tree/model")


def on_a_pi(model: Path = PI_MODEL) -> bool:
    """Whether this is a Raspberry Pi (its device tree says so)."""
    try:
        return model.read_bytes()[:200].startswith(b"Raspberry Pi")
    except OSError:
        return False


def factory_or_mock(pins: PinMap, say: Callable[[str], None], choice: str | None = None,
                    pi: bool | None = None) -> PinFactory:
    """The pin factory asked for, or, when there is no GPIO here, the mock (after saying once
    why and how to fix it): the game goes on with the keyboard standing in for the buttons. On
    a PC that asked for nothing in particular ("auto"), a short line: no GPIO is expected."""
    try:
        return make_factory(pins, choice)
    except FactoryError as exc:
        if (choice or pins.factory) == "auto" and not (on_a_pi() if pi is None else pi):
            say("Not a Raspberry Pi: the station panels are mocked, and the keyboard stands "
                "in for their buttons (starbridge panels check lists the keys).")
        else:
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
    off_expanders: dict[str, list[str]] = field(default_factory=dict)  # why -> parts left off

    def set_levels(self, levels: dict[str, float]) -> int:
        """Write each light's level (0..1; on/off lights are on above 0); only changes are
        written. Returns how many lights changed. `levels` keeps what each light shows: an
        on/off light (a GPIO pin without PWM, or an expander pin) is 1.0 for any level above 0."""
        changed = 0
        for role, asked in levels.items():
            device = self.lights.get(role)
            level = asked if isinstance(device, PWMLED) else (1.0 if asked > 0 else 0.0)
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


def open_panel(spec: PanelSpec, factory: PinFactory, edges: queue.Queue[Edge],
               clock: Clock = time.monotonic, expanders: dict[str, Expander] | None = None,
               hub: ExpanderHub | None = None) -> PanelDevices:
    """Open one panel's buttons and lights on `factory`; each button's edges go on `edges`.
    Parts on expanders (declared in `expanders`, the pin map's) open through `hub`, by default
    the factory's own (hardware.expanders.hub_for)."""
    panel = PanelDevices(spec)
    declared = expanders or {}
    for func, pin in spec.buttons.items():
        if not pin.on_header:
            hub = hub or hub_for(factory)
            _open_on_expander(panel, hub, declared, pin, func, (edges, spec.name, clock))
            continue
        try:
            # No bounce_time: the backends filter differently (the mock not at all); debounce
            # happens in one place for all of them (hardware.debounce).
            button = PanelButton(pin.pin, pull_up=True, bounce_time=None, pin_factory=factory)
        except (GPIOZeroError, OSError) as exc:
            panel.problems.append(explain(exc, pin))
            continue
        button.when_activated = _queue_edge(edges, spec.name, func, True, clock)
        button.when_deactivated = _queue_edge(edges, spec.name, func, False, clock)
        panel.buttons[func] = button
    for role, led in spec.leds.items():
        if not led.pin.on_header:
            hub = hub or hub_for(factory)
            _open_on_expander(panel, hub, declared, led.pin, role, None)
            continue
        try:
            cls = PWMLED if led.pwm else LED
            panel.lights[role] = cls(led.pin.pin, pin_factory=factory)
        except (GPIOZeroError, OSError) as exc:
            panel.problems.append(explain(exc, led.pin))
    return panel


def _open_on_expander(panel: PanelDevices, hub: ExpanderHub, declared: dict[str, Expander],
                      pin: PinRef, part: str,
                      button: tuple[queue.Queue[Edge], str, Clock] | None) -> None:
    """Open a button (`button`: its queue, panel and clock) or else a light on an expander;
    one that cannot be opened is left off, under the reason (said once per expander)."""
    exp = declared.get(pin.chip)
    if exp is None:
        why = f"expander {pin.chip} is not declared under [expanders] in the pin map"
    else:
        try:
            if button is not None:
                panel.buttons[part] = hub.button(exp, str(pin.pin), button[0], button[1], part,
                                                 button[2])
            else:
                panel.lights[part] = hub.light(exp, str(pin.pin))
            return
        except ExpanderError as exc:
            why = str(exc)
    panel.off_expanders.setdefault(why, []).append(f"{pin} ({part})")


def _queue_edge(edges: queue.Queue[Edge], panel: str, button: str, pressed: bool,
                clock: Clock) -> Callable[[], None]:
    def callback() -> None:  # runs on gpiozero's thread: queue it, nothing more
        edges.put(Edge(panel, button, pressed, clock()))
    return callback


def report(panels: dict[str, PanelDevices], say: Callable[[str], None]) -> None:
    """Say once, per panel, what could not be opened and how to fix it; and once per expander
    that cannot be used, why, the fix, and every panel's parts on it that stay off."""
    for name, panel in panels.items():
        if panel.problems:
            fixes = "; ".join(dict.fromkeys(panel.problems))
            say(f"panel {name}: {plural(len(panel.problems), 'part')} not opened, the rest "
                f"works: {fixes}")
    off: dict[str, list[str]] = {}
    for name, panel in panels.items():
        for why, parts in panel.off_expanders.items():
            off.setdefault(why, []).append(f"{name} {', '.join(parts)}")
    for why, where in off.items():
        say(f"{why}. These parts stay off, the rest of the bridge goes on: {'; '.join(where)}")
