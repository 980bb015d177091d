"""Sound on the Pi's audio, through pygame's mixer: a sound output plays once (an event's) or
loops while a state holds.

With no audio device (or SDL's dummy driver in tests) the mixer still plays, to nothing. When
the mixer cannot start, that is said once, the game goes on silent, and the mixer is tried again
at the next sound after RETRY_S (a USB speaker plugged in again is heard again). A sound file
that cannot be read is said once and stays silent.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from engine.files import FileRefused, read_regular
from lights.rules import Output

RETRY_S = 10.0
MAX_SOUND = 8 * 1024 * 1024   # bytes: a sound of a few seconds is far less


class Speaker:
    def __init__(self, outputs: Iterable[Output],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.outputs = {o.name: o for o in outputs}
        self.clock = clock
        self.sounds: dict[str, Any] = {}           # output -> pygame Sound
        self.bad: set[str] = set()                 # outputs whose file could not be read
        self.channels: dict[str, Any] = {}         # output -> the channel looping its sound
        self.down: str | None = None
        self.retry_at = float("-inf")
        self.said: list[str] = []
        self.played: list[str] = []                # every sound started (tests, lights test)

    def news(self) -> list[str]:
        out, self.said = self.said, []
        return out

    def _mixer(self) -> Any:
        """pygame's mixer, started if need be; None while it cannot start."""
        if not self.outputs:
            return None
        import pygame

        if pygame.mixer.get_init():
            return pygame.mixer
        if self.down is not None and self.clock() < self.retry_at:
            return None
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        except pygame.error as exc:
            if self.down is None:
                self.said.append(f"no sound ({exc}): the game goes on silent; sound is tried "
                                 f"again at the next one (SDL_AUDIODRIVER picks the device)")
            self.down = str(exc)
            self.retry_at = self.clock() + RETRY_S
            return None
        if self.down is not None:
            self.said.append("sound is back")
        self.down = None
        pygame.mixer.set_num_channels(max(8, 2 * len(self.outputs)))
        return pygame.mixer

    def _sound(self, name: str, mixer: Any) -> Any:
        if name in self.sounds or name in self.bad:
            return self.sounds.get(name)
        output = self.outputs[name]
        try:
            data = read_sound(output.sound)
            self.sounds[name] = mixer.Sound(file=io.BytesIO(data))
            self.sounds[name].set_volume(output.volume)
        except (OSError, FileRefused, ValueError, RuntimeError) as exc:   # pygame.error too
            self.bad.add(name)
            self.said.append(f"sound {name}: {output.sound} cannot be played ({exc}); it stays "
                             f"silent")
            return None
        return self.sounds[name]

    def play(self, name: str, loop: bool = False) -> None:
        self.played.append(name)
        mixer = self._mixer()
        if mixer is None:
            return
        sound = self._sound(name, mixer)
        if sound is None:
            return
        channel = sound.play(loops=-1 if loop else 0)
        if loop and channel is not None:
            self.channels[name] = channel

    def stop(self, name: str) -> None:
        channel = self.channels.pop(name, None)
        if channel is not None:
            channel.stop()

    def close(self) -> None:
        for name in list(self.channels):
            self.stop(name)


def read_sound(sound: str) -> bytes:
    """The bytes of a packaged sound (by name) or of a sound file (a path)."""
    if os.sep not in sound and "." not in sound:
        packaged = resources.files("room") / "sounds" / f"{sound}.wav"
        if not packaged.is_file():
            raise ValueError(f"no packaged sound {sound!r}")
        return packaged.read_bytes()
    return read_regular(os.path.expanduser(sound), MAX_SOUND)
