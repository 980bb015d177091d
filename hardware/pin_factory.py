"""What the panels need of a gpiozero pin factory (lgpio's, RPi.GPIO's or the `MockFactory`).

gpiozero has no type information, so its `Factory` is nothing to mypy; this protocol is what the
panels and the table hold a factory as, and so what is checked of it: every device is opened on
it (`pin_factory=`), a pin is reached by its number (a test or a walk through a game presses a
mocked button with `pin(n).drive_low()`), and it is closed when the table closes. It is kept by
identity (each factory has its own expanders' hub), so it must hash as an object does.
"""

from __future__ import annotations

from typing import Any, Protocol


class PinFactory(Protocol):
    """A gpiozero pin factory, as the panels use it."""

    def pin(self, spec: Any) -> Any:
        """gpiozero's pin object for `spec` (a number or a name such as "GPIO17")."""

    def close(self) -> None:
        """Let go of every pin (and the GPIO chip)."""
