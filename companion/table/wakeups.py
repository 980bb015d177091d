"""Waking the main loop: it sleeps until the next input, or until something it shows is due.

    wakeups = Wakeups(display=True)        # once per run, when the screen is open
    edges = WakingQueue(wakeups.wake)      # an inbox: gpiozero's callbacks put on it, the loop wakes
    Bridge(..., edges=edges); DiceBridge(..., events=WakingQueue(wakeups.wake))
    Consoles.open(..., wake=wakeups.wake)  # each input source is made with its inbox
    wakeups.wait(0.25)                     # until an input, or a quarter of a second at most

Every input source puts on a queue from its own thread (gpiozero's and the serial links'
callbacks, the consoles' server); each is handed, when it is made, a `WakingQueue` (or the
wake-up itself) that also wakes the main loop. Nothing is rewired after it is made. The
display's own events (keys, taps, the window closed) wake it too:

- under a desktop (SDL's x11, wayland, windows and cocoa drivers) the loop blocks in SDL's own
  `SDL_WaitEventTimeout`, which sleeps in the kernel until the window system sends something,
  and the input threads wake it by posting an event (SDL's event queue is thread-safe).
  pygame's `event.wait` is not used: pygame-ce reimplements it as a loop that looks at the
  queue every millisecond, which costs about 2% of a core doing nothing;
- on a Pi without a desktop (SDL's KMSDRM driver, whose wait would look at its queue every
  millisecond) SDL reads the touchscreen and keyboards from the Linux input devices
  (/dev/input/event*); the loop opens each of them too and blocks in `select` on them and on a
  pipe that the input threads write to. Each open descriptor gets its own copy of a device's
  events, so reading ours (to empty it) takes nothing from SDL. A device plugged in later is
  not watched: its input is taken at the latest MAX_WAIT later;
- elsewhere (the dummy driver, an SDL library that cannot be found, no input device that can be
  opened) the loop looks at the display's events `POLL_HZ` times a second, sleeping on a
  threading event between (the input threads set it).

`wait(timeout)` is never longer than `MAX_WAIT`: what the loop does on a timer that it was not
told about (a kiosk's idle countdown) is at most that late.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import queue
import re
import select
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from companion.table.app import App

MAX_WAIT = 0.5
"""seconds: the longest the loop sleeps with nothing due."""
POLL_HZ = 30
"""how often the display's events are looked at where SDL cannot wait for them."""
WAITING_DRIVERS = ("x11", "wayland", "windows", "cocoa")
"""SDL video drivers whose SDL_WaitEventTimeout sleeps until an event (no polling)."""
EVDEV_DRIVERS = ("kmsdrm",)
"""SDL video drivers whose input SDL reads from the Linux input devices (evdev) itself."""
INPUT_DEVICES = "/dev/input/event*"


T = TypeVar("T")


class WakingQueue(queue.Queue[T]):
    """A queue that wakes the main loop whenever something is put on it: an input source's
    inbox (a panel's edges, the dice trays' events)."""

    def __init__(self, wake: Callable[[], None]) -> None:
        super().__init__()
        self._wake = wake

    def put(self, item: T, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self._wake()


def _loaded_sdl() -> Any:
    """The SDL library pygame loaded (the same copy: its event queue), or None."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as fh:
            maps = fh.read()
    except OSError:
        return None
    found = re.search(r"(/\S*libSDL2[-.]\S*\.so\S*)", maps)
    if found is None:
        return None
    try:
        lib = ctypes.CDLL(found.group(1))
        wait = lib.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
    wait.restype = ctypes.c_int
    return wait


_WAKE_TYPE: list[int] = []


def _wake_type() -> int:
    """The pygame event type that wakes the loop: one per process (a kiosk makes many apps)."""
    import pygame

    if not _WAKE_TYPE:
        _WAKE_TYPE.append(pygame.event.custom_type())
    return _WAKE_TYPE[0]


class Wakeups:
    """How the main loop sleeps, and how the input threads wake it. `inputs`: the input devices
    to watch where SDL cannot wait (default: /dev/input/event* under KMSDRM)."""

    def __init__(self, display: bool, inputs: Sequence[str] | None = None) -> None:
        self.flag = threading.Event()
        self.display = display
        self.sdl_wait: Any = None
        self.wake_type = 0
        self.wakes = 0                      # how many times an input thread woke the loop
        self._pipe: list[int] = []          # written by `wake`: a select on the inputs ends
        self.inputs: list[int] = []         # the input devices' descriptors, read only to wake
        if display:
            import pygame

            self.wake_type = _wake_type()
            driver = pygame.display.get_driver()
            if driver in WAITING_DRIVERS:
                self.sdl_wait = _loaded_sdl()
            elif inputs is not None or driver in EVDEV_DRIVERS:
                self.inputs = _open_inputs(sorted(glob.glob(INPUT_DEVICES))
                                           if inputs is None else inputs)
                if self.inputs:
                    self._pipe = list(os.pipe())
                    for fd in self._pipe:
                        os.set_blocking(fd, False)
        # the descriptors are closed when the app lets this go (a kiosk makes an app per game)
        self._closer = weakref.finalize(self, _close_all, self._pipe, self.inputs)

    @property
    def how(self) -> str:
        """In words, for an account of the loop."""
        if self.sdl_wait is not None:
            return "blocks in SDL_WaitEventTimeout until an input"
        if self.inputs:
            return f"blocks until one of {len(self.inputs)} input devices or a thread has input"
        if self.display:
            return f"looks at the display's events {POLL_HZ} times a second"
        return "sleeps until a thread has input"

    def wake(self) -> None:
        """From any thread: the main loop has an input to take."""
        self.wakes += 1
        self.flag.set()
        if self._pipe:
            with contextlib.suppress(OSError, IndexError):   # full (already woken) or closed
                os.write(self._pipe[1], b"!")
        if self.sdl_wait is not None:
            import pygame

            with contextlib.suppress(pygame.error):   # a display closed meanwhile: the flag will do
                pygame.event.post(pygame.event.Event(self.wake_type))

    def _taken(self) -> None:
        self.flag.clear()
        if self._pipe:
            _drain(self._pipe[0])

    def wait(self, timeout: float) -> str:
        """Sleep until an input arrives or `timeout` seconds (at most MAX_WAIT) have passed.
        Says what ended it: "woken" (a thread's input), "input" (an input device), "sdl" (SDL's
        wait returned) or "due" (the time)."""
        timeout = max(0.0, min(timeout, MAX_WAIT))
        if self.flag.is_set():
            self._taken()
            return "woken"
        if timeout <= 0:
            return "due"
        if self.sdl_wait is not None:
            got = self.sdl_wait(None, max(1, int(timeout * 1000)))
            self._taken()
            return "sdl" if got else "due"
        if self.inputs:
            try:
                ready, _, _ = select.select([self._pipe[0], *self.inputs], [], [], timeout)
            except (OSError, ValueError):   # a device gone: watch the others from now on
                self.inputs[:] = [fd for fd in self.inputs if _usable(fd)]
                return "due"
            for fd in ready:
                if fd != self._pipe[0] and not _drain(fd):
                    self.inputs.remove(fd)      # unplugged
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._taken()
            return "input" if any(fd != self._pipe[0] for fd in ready) else \
                ("woken" if ready else "due")
        if self.display:
            timeout = min(timeout, 1 / POLL_HZ)
        if self.flag.wait(timeout):
            self._taken()
            return "woken"
        return "due"

    def close(self) -> None:
        self._closer()


def _close_all(pipe: list[int], inputs: list[int]) -> None:
    for fd in (*inputs, *pipe):
        with contextlib.suppress(OSError):
            os.close(fd)
    inputs.clear()
    pipe.clear()


def _open_inputs(paths: Sequence[str]) -> list[int]:
    """Each device that can be opened for reading, without blocking (others are left out: SDL
    cannot read them either)."""
    fds = []
    for path in paths:
        try:
            fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)))
        except OSError:
            continue
    return fds


def _drain(fd: int) -> bool:
    """Read what is waiting on `fd` (our own copy of a device's events: SDL reads its own).
    False when the device is gone."""
    while True:
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if not data:
            return False


def _usable(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def due_in(app: App, t: float) -> float:
    """Seconds until the app (companion.table.app.App) has something to do with no input: the next
    autopilot action, a panel light that blinks or flashes, a lamp test ending, a held button
    becoming a long press, a roll's result on screen timing out. MAX_WAIT when nothing is due
    (the kiosk's countdown, in whole seconds, is redrawn at least that often)."""
    table = app.table
    frame = 1 / max(1, table.fps)
    due = MAX_WAIT
    if app.leave:
        return 0.0
    if not app.game.over and not app.waiting_for_people():   # an autopilot seat is to act
        due = min(due, app.next_auto - t if table.step_s > 0 else frame)
    display = app.display
    if display is not None and (held := display.wake_in()) is not None:
        due = min(due, held)          # a roll's result held on screen goes away by itself
    room = table.room
    if room is not None and (next_look := room.due(t)) is not None:
        due = min(due, next_look - t)   # the room's blink, glow or an event's end
    for b in app.bridges:
        if t < b.lamp_test_until:
            due = min(due, b.lamp_test_until - t)
        if b.live:                   # a button held or settling: its long press is timed
            due = min(due, frame)
        blink_s = b.pins.blink_ms / 1000
        for st in b.stations.values():
            if t < st.model.flash_until:
                due = min(due, st.model.flash_until - t)
            if st.blinks and blink_s > 0:
                due = min(due, (int(t / blink_s) + 1) * blink_s - t)
    return max(0.0, due)
