"""[stations] in the configuration, `starbridge doctor`'s check of the consoles' port and
`starbridge stations` (a table with no screen, its seats' links and codes printed)."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands.doctor import FAIL, OK, check_stations
from companion.settings.config import ConfigError, parse_config
from consoles.links import qr_matrix, qr_svg, qr_text, seat_url

ROOT = Path(__file__).resolve().parents[2]


def test_stations_are_off_by_default_and_checked_when_set() -> None:
    assert parse_config({}, "t").stations is False
    c = parse_config({"stations": {"enabled": True, "port": 9000, "address": "127.0.0.1"}}, "t")
    assert (c.stations, c.stations_port, c.stations_address) == (True, 9000, "127.0.0.1")
    with pytest.raises(ConfigError) as err:
        parse_config({"stations": {"enabled": "yes", "port": 70000, "address": "the pi",
                                   "colour": 1}}, "t")
    words = "\n".join(err.value.problems)
    for key in ("stations.enabled", "stations.port", "stations.address", "stations.colour"):
        assert key in words


def test_doctor_finds_the_port_taken_and_prints_the_address_as_a_code() -> None:
    assert check_stations(False, "0.0.0.0", 8765)[0].status == OK
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        taken = check_stations(True, "127.0.0.1", port)[0]
        assert taken.status == FAIL and str(port) in taken.detail and "port" in taken.fix
    free = check_stations(True, "127.0.0.1", port)[0]
    assert free.status == OK and f"http://127.0.0.1:{port}" in free.detail
    assert "█" in free.extra and "#k=" not in free.detail


def test_a_links_code_is_the_link() -> None:
    url = seat_url("http://192.168.4.1:8765", "enterprise/helm", "abc")
    assert url == "http://192.168.4.1:8765/console#k=abc"
    assert seat_url("http://h:1", "instructor", "t").endswith("/instructor#k=t")
    assert seat_url("http://h:1", "view", "t").endswith("/view#k=t")
    m = qr_matrix(url)
    assert len(m) == len(m[0]) >= 25 and any(any(r) for r in m)
    assert qr_svg(url).startswith("<svg") and "█" in qr_text(url)


@pytest.mark.slow
def test_starbridge_stations_prints_the_players_codes_first_and_the_instructors_last(
        tmp_path: Path) -> None:
    """The Enterprise's crew on phones (no GPIO here: no mocked panels), the Klingons on the
    autopilot: the four seats' links and codes, then the viewscreen's, then the Instructor's
    link alone; the Klingons' codes are not handed out."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "stations", "--no-save", "--new", "--port", "0",
         "--address", "127.0.0.1", "--seat", "default=autopilot", "--seat", "enterprise=panel",
         "--turns", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path),
             "STARBRIDGE_DATA": str(tmp_path)})
    try:
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:   # the table waits for the crew's phones: read to the last link
            lines.append(line)
            if line.startswith("  Instructor"):
                break
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    out = "".join(lines)
    links = re.findall(r"(Instructor|Viewscreen|\w+ · [\w ]+): "
                       r"(http://127\.0\.0\.1:\d+/\w+#k=\S+)", out)
    names = [name for name, _ in links]
    assert names == ["Captain · USS Enterprise", "Engineering · USS Enterprise",
                     "Helm · USS Enterprise", "Science · USS Enterprise", "Viewscreen",
                     "Instructor"], names
    assert len({url for _, url in links}) == len(links)
    assert "Played by the autopilot: IKS Kronos One" in out   # its codes are not handed out
    codes, instructor = out.split("  Instructor: ")
    assert codes.count("▀") > 100 and "▀" not in instructor   # the codes, in the terminal
    assert "played from their consoles" in err and "mocked panels" not in err, err


def _stations(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "stations", "--turns", "1", *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path),
             "STARBRIDGE_DATA": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")})


@pytest.mark.slow
def test_stations_with_the_port_taken_exits_before_any_game_saying_why(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        done = _stations(tmp_path, "--new", "--address", "127.0.0.1", "--port", str(port))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"127.0.0.1:{port}" in done.stderr and "not started" in done.stderr
    assert "plays without them" not in done.stderr and "seed" not in done.stdout   # no game


@pytest.mark.slow
@pytest.mark.parametrize("flags, words", [
    (("--address", "the pi"), "--address must be an IP address"),
    (("--port", "70000"), "--port must be from 0 to 65535"),
])
def test_stations_refuses_a_bad_address_or_port_on_stderr(
        tmp_path: Path, flags: tuple[str, ...], words: str) -> None:
    done = _stations(tmp_path, *flags)
    assert done.returncode == 2 and words in done.stderr, done.stdout + done.stderr
