"""Makes the packaged sounds (room/sounds/*.wav): each is synthesized here from sine, square and
noise waves, so they are the project's own, under its licence (MIT). Run it again to remake them:

    python room/sounds/make_sounds.py

16-bit mono at 22 050 Hz, each under a second and a half (SOURCES.md lists them).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).parent


def envelope(i: int, n: int, attack: float = 0.01, release: float = 0.08) -> float:
    t, total = i / RATE, n / RATE
    return min(1.0, t / attack if attack else 1.0, (total - t) / release if release else 1.0)


def write(name: str, seconds: float, wave_at: Callable[[float, int, int], float]) -> None:
    n = int(seconds * RATE)
    frames = b"".join(struct.pack("<h", int(32767 * 0.7 * max(-1.0, min(1.0, wave_at(i / RATE, i, n)))))
                      for i in range(n))
    with wave.open(str(HERE / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def square(f: float, t: float) -> float:
    return 1.0 if math.sin(2 * math.pi * f * t) >= 0 else -1.0


def main() -> None:
    rng = random.Random(29)
    # your move: two soft rising tones
    write("chime", 0.5, lambda t, i, n: envelope(i, n, 0.01, 0.2) * 0.6 * (
        math.sin(2 * math.pi * (660 if t < 0.18 else 880) * t)))
    # a roll is wanted: a short blip
    write("blip", 0.12, lambda t, i, n: envelope(i, n, 0.005, 0.04) * math.sin(2 * math.pi * 1320 * t))
    # red alert: a klaxon, a square wave swept up twice
    write("klaxon", 1.2, lambda t, i, n: envelope(i, n, 0.02, 0.1) * 0.5 * square(
        300 + 500 * ((t % 0.6) / 0.6), t))
    # a phaser: a falling sine sweep with a shimmer
    write("phaser", 0.7, lambda t, i, n: envelope(i, n, 0.005, 0.2) * math.sin(
        2 * math.pi * (1800 - 1400 * t / 0.7) * t) * (0.8 + 0.2 * math.sin(2 * math.pi * 40 * t)))
    # a torpedo: a low thump rising into a whoosh
    write("torpedo", 0.9, lambda t, i, n: envelope(i, n, 0.01, 0.3) * (
        0.6 * math.sin(2 * math.pi * (90 + 300 * t) * t) + 0.3 * (rng.random() * 2 - 1) * t))
    # a hit: a burst of noise that dies away
    write("hit", 0.6, lambda t, i, n: math.exp(-6 * t) * (rng.random() * 2 - 1))


if __name__ == "__main__":
    main()
