"""`starbridge doctor`: what a Raspberry Pi bridge needs, checked, with the fix for each problem.

Every check reports and never raises: a PC without GPIO gets "no GPIO here" and the fix, not a
traceback. The exit status is 0 when nothing failed (warnings allowed), else 1.
"""

from __future__ import annotations

import argparse
import grp
import importlib.util
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

NAME = "doctor"
OK, WARN, FAIL = "ok", "warn", "FAIL"
MIN_FREE = 200 << 20   # bytes; a save is about 1 MB per four-hour game
EXAMPLES = """examples:
  starbridge doctor              check GPIO, the dice trays, the display, disk and saves,
                                 and the station consoles' port (with its address as a QR code)
  starbridge doctor --config my.toml

Each line says ok, warn or FAIL, and for a problem the command that fixes it."""


@dataclass(frozen=True)
class Check:
    name: str
    status: str
    detail: str
    fix: str = ""
    extra: str = ""     # printed whole below the line (a QR code)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", type=Path, default=None, help="the configuration file")


def _in_group(name: str) -> bool | None:
    try:
        gid = grp.getgrnam(name).gr_gid
    except KeyError:
        return None
    return gid in os.getgroups() or os.getgid() == gid


def check_gpio(dev: Path = Path("/dev")) -> list[Check]:
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        return [Check("GPIO", WARN, "no /dev/gpiochip*: not a Raspberry Pi (the panels run "
                                    "mocked; the keyboard stands in)",
                      "on a Pi: use Raspberry Pi OS Bookworm; nothing to do on a PC")]
    out = []
    usable = [c for c in chips if os.access(c, os.R_OK | os.W_OK)]
    if usable:
        out.append(Check("GPIO", OK, f"{', '.join(c.name for c in usable)} usable"))
    else:
        out.append(Check("GPIO", FAIL, f"{chips[0]} is not readable and writable by you",
                         "sudo adduser $USER gpio, then log in again"))
    member = _in_group("gpio")
    if member is False:
        out.append(Check("gpio group", WARN if usable else FAIL, "you are not in the gpio group",
                         "sudo adduser $USER gpio, then log in again"))
    if importlib.util.find_spec("lgpio") is None:
        out.append(Check("lgpio", WARN, "the lgpio library is missing (gpiozero's Pi 5 backend)",
                         "sudo apt install python3-lgpio, or pip install 'starbridge[pi]'"))
    return out


def check_trays(urls: list[str]) -> list[Check]:
    out = []
    member = _in_group("dialout")
    for url in urls:
        if "://" in url:
            out.append(Check(f"dice tray {url}", OK, "a network or test URL; not checked here"))
            continue
        path = Path(url)
        if not path.exists():
            out.append(Check(f"dice tray {url}", FAIL, "no such device: the tray is not plugged "
                                                       "in, or the udev rule is not installed",
                             "plug it in; sudo cp deploy/99-starbridge-dice.rules "
                             "/etc/udev/rules.d/ && sudo udevadm control --reload && "
                             "sudo udevadm trigger"))
        elif not os.access(path, os.R_OK | os.W_OK):
            out.append(Check(f"dice tray {url}", FAIL, "you may not open it",
                             "sudo adduser $USER dialout, then log in again"))
        else:
            out.append(Check(f"dice tray {url}", OK, "present and usable"))
    if not urls:
        ports = sorted(Path("/dev").glob("ttyACM*")) + sorted(Path("/dev").glob("starbridge-dice*"))
        detail = f"none configured; serial ports seen: {', '.join(p.name for p in ports) or 'none'}"
        out.append(Check("dice trays", OK, detail + " (virtual or manual dice)"))
    if member is False and urls:
        out.append(Check("dialout group", WARN, "you are not in the dialout group",
                         "sudo adduser $USER dialout, then log in again"))
    return out


def check_display(env: dict[str, str] | None = None, dev: Path = Path("/dev")) -> list[Check]:
    env = dict(os.environ) if env is None else env
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return [Check("display", OK, "a desktop: the bridge display opens a window")]
    cards = sorted((dev / "dri").glob("card*")) if (dev / "dri").exists() else []
    if cards:
        usable = [c for c in cards if os.access(c, os.R_OK | os.W_OK)]
        if usable:
            return [Check("display", OK, f"KMSDRM on {usable[0]}: full screen without a desktop")]
        return [Check("display", FAIL, f"{cards[0]} is not usable by you",
                      "sudo adduser $USER video (and render), then log in again")]
    if (dev / "fb0").exists():
        return [Check("display", WARN, "a framebuffer but no KMSDRM device",
                      "enable the KMS driver: dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt")]
    return [Check("display", WARN, "no screen: starbridge play runs headless",
                  "connect a screen, or use --headless on purpose")]


def check_disk(folder: Path) -> list[Check]:
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    out = []
    try:
        free = shutil.disk_usage(probe).free
        status = OK if free >= MIN_FREE else FAIL
        out.append(Check("disk space", status, f"{free >> 20} MB free at {probe}",
                         "" if status == OK else "free some space (sudo apt clean; old logs)"))
    except OSError as exc:
        out.append(Check("disk space", FAIL, f"{probe}: {exc.strerror}", "check the SD card"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        test = folder / ".doctor-write-test"
        test.write_bytes(b"x")
        with test.open("rb+") as fh:
            os.fsync(fh.fileno())
        test.unlink()
        out.append(Check("save folder", OK, f"{folder} is writable"))
    except OSError as exc:
        out.append(Check("save folder", FAIL, f"{folder}: {exc.strerror or exc}",
                         "set STARBRIDGE_DATA to a folder you can write, or fix its owner "
                         "(sudo chown -R $USER " + str(folder) + ")"))
    return out


def check_stations(enabled: bool, address: str, port: int) -> list[Check]:
    """The station consoles: whether their port is free, the address phones open, its QR code
    (the join page's: no seat's secret)."""
    import socket

    from stations.links import base_url, qr_text

    if not enabled:
        return [Check("station consoles", OK, "off ([stations] enabled = false)",
                      "to serve consoles to phones: [stations] enabled = true, or starbridge "
                      "play --stations (docs/stations.md)")]
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((address, port))
        except OSError as exc:
            return [Check("station consoles", FAIL, f"cannot listen on {address}:{port} "
                          f"({exc.strerror or exc}): another program (or a starbridge already "
                          "running) has it, or the address is not this machine's",
                          "stop that program, or choose another [stations] port")]
    url = base_url(address, port)
    return [Check("station consoles", OK, f"port {port} is free; phones open {url} (each seat's "
                  "own link and code are shown at the table)", extra=qr_text(url))]


def run_checks(config_file: Path | None = None,
               checks: tuple[Callable[[], list[Check]], ...] | None = None) -> list[Check]:
    from companion.config import ConfigError, load_config
    from companion.config_check import check_config
    from companion.paths import user_data_dir

    out: list[Check] = []
    urls: list[str] = []
    stations = (False, "0.0.0.0", 8765)
    try:
        config = load_config(config_file)
        data = user_data_dir()
        problems = check_config(config, data if data.is_dir() else None)
        if problems:
            raise ConfigError(problems)
        stations = (config.stations, config.stations_address, config.stations_port)
        urls = [t.url for t in config.dice.trays]
        out.append(Check("configuration", OK, config.source))
    except ConfigError as exc:
        out.append(Check("configuration", FAIL, "; ".join(exc.problems),
                         "fix the keys named (starbridge config --example shows them all)"))
    for check in checks or (check_gpio, lambda: check_trays(urls), check_display,
                            lambda: check_disk(user_data_dir()),
                            lambda: check_stations(*stations)):
        try:
            out.extend(check())
        except Exception as exc:  # a check that breaks is reported as one, never a traceback
            out.append(Check(getattr(check, "__name__", "check"), FAIL,
                             f"the check itself failed: {type(exc).__name__}: {exc}"))
    return out


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    results = run_checks(args.config)
    for c in results:
        print(f"{c.status:4}  {c.name}: {c.detail}")
        if c.fix and c.status != OK:
            print(f"      fix: {c.fix}")
        if c.extra:
            print(c.extra)
    failed = sum(c.status == FAIL for c in results)
    print(f"{failed} problem(s)" if failed else "nothing failed", file=sys.stderr)
    return 1 if failed else 0
