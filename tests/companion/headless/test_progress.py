"""Long commands say how far they are on a terminal, and nothing anywhere else: the line is
rewritten in place and erased at the end; the real command through a pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from companion.headless.progress import ERASE, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_line_is_rewritten_at_most_every_so_often_then_erased() -> None:
    t = [0.0]
    out = Terminal()
    with Progress("simulate", 100, out, every=1.0, clock=lambda: t[0]) as p:
        for k in range(100):
            t[0] = k * 0.1
            p.step(k, f"game {k + 1}")
        p.step(100)
    shown = out.getvalue().split(ERASE)
    assert shown[1] == "simulate: 0 of 100 (game 1)"
    assert shown[2] == "simulate: 10 of 100 (game 11)"   # a second later, not each game
    assert shown[-2] == "simulate: 100 of 100"           # the end is always shown
    assert shown[-1] == ""                               # and erased
    assert len(shown) == 13


def test_anywhere_else_nothing_is_written() -> None:
    out = io.StringIO()
    with Progress("bench", 3, out) as p:
        for k in range(3):
            p.step(k)
    assert out.getvalue() == ""


def test_simulate_games_on_a_terminal_shows_progress_and_the_pipe_gets_the_summary_alone(
        tmp_path: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "STARBRIDGE_DATA": str(tmp_path)}
    try:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "simulate", "--games", "4",
                                 "--turns", "2"], stdout=subprocess.PIPE, stderr=slave,
                                text=True, env=env)
        os.close(slave)
        out, _ = proc.communicate(timeout=300)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert proc.returncode == 0
    terminal = seen.decode()
    assert "simulate: 0 of 4 (game 1, seed 1)" in terminal
    assert terminal.endswith(ERASE)
    assert "simulate:" not in out and "4 games" in out
