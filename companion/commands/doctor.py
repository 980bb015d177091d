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
  starbridge doctor              check the system (64-bit), GPIO, the dice trays, the display
                                 (it opens), disk and saves (kept at power-off?), and the station
                                 consoles (their port, the address phones open, as a QR code)
  starbridge doctor --config my.toml

Each line says ok, warn or FAIL, and for a problem the command that fixes it."""


@dataclass(frozen=True)
class Finding:
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


def check_gpio(dev: Path = Path("/dev")) -> list[Finding]:
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        return [Finding("GPIO", WARN, "no /dev/gpiochip*: not a Raspberry Pi (the panels run "
                                    "mocked; the keyboard stands in)",
                      "on a Pi: use Raspberry Pi OS Bookworm; nothing to do on a PC")]
    out = []
    usable = [c for c in chips if os.access(c, os.R_OK | os.W_OK)]
    if usable:
        out.append(Finding("GPIO", OK, f"{', '.join(c.name for c in usable)} usable"))
    else:
        out.append(Finding("GPIO", FAIL, f"{chips[0]} is not readable and writable by you",
                         "sudo adduser $USER gpio, then log in again"))
    member = _in_group("gpio")
    if member is False:
        out.append(Finding("gpio group", WARN if usable else FAIL, "you are not in the gpio group",
                         "sudo adduser $USER gpio, then log in again"))
    if importlib.util.find_spec("lgpio") is None:
        out.append(Finding("lgpio", WARN, "the lgpio library is missing (gpiozero's Pi 5 backend)",
                         "sudo apt install python3-lgpio, or pip install 'starbridge[pi]'"))
    return out


def check_trays(urls: list[str]) -> list[Finding]:
    out = []
    member = _in_group("dialout")
    for url in urls:
        if "://" in url:
            out.append(Finding(f"dice tray {url}", OK, "a network or test URL; not checked here"))
            continue
        path = Path(url)
        if not path.exists():
            out.append(Finding(f"dice tray {url}", FAIL, "no such device: the tray is not plugged "
                                                       "in, or the udev rule is not installed",
                             "plug it in; sudo cp deploy/99-starbridge-dice.rules "
                             "/etc/udev/rules.d/ && sudo udevadm control --reload && "
                             "sudo udevadm trigger"))
        elif not os.access(path, os.R_OK | os.W_OK):
            out.append(Finding(f"dice tray {url}", FAIL, "you may not open it",
                             "sudo adduser $USER dialout, then log in again"))
        else:
            out.append(Finding(f"dice tray {url}", OK, "present and usable"))
    if not urls:
        ports = sorted(Path("/dev").glob("ttyACM*")) + sorted(Path("/dev").glob("starbridge-dice*"))
        detail = f"none configured; serial ports seen: {', '.join(p.name for p in ports) or 'none'}"
        out.append(Finding("dice trays", OK, detail + " (virtual or manual dice)"))
    if member is False and urls:
        out.append(Finding("dialout group", WARN, "you are not in the dialout group",
                         "sudo adduser $USER dialout, then log in again"))
    return out


def check_display(env: dict[str, str] | None = None, dev: Path = Path("/dev")) -> list[Finding]:
    env = dict(os.environ) if env is None else env
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return [Finding("display", OK, "a desktop: the bridge display opens a window")]
    cards = sorted((dev / "dri").glob("card*")) if (dev / "dri").exists() else []
    if cards:
        usable = [c for c in cards if os.access(c, os.R_OK | os.W_OK)]
        if usable:
            return [Finding("display", OK, f"KMSDRM on {usable[0]}: full screen without a desktop")]
        return [Finding("display", FAIL, f"{cards[0]} is not usable by you",
                      "sudo adduser $USER video (and render), then log in again")]
    if (dev / "fb0").exists():
        return [Finding("display", WARN, "a framebuffer but no KMSDRM device",
                      "enable the KMS driver: dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt")]
    return [Finding("display", WARN, "no screen: starbridge play runs headless",
                  "connect a screen, or use --headless on purpose")]


def check_disk(folder: Path) -> list[Finding]:
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    out = []
    try:
        free = shutil.disk_usage(probe).free
        status = OK if free >= MIN_FREE else FAIL
        out.append(Finding("disk space", status, f"{free >> 20} MB free at {probe}",
                         "" if status == OK else "free some space (sudo apt clean; old logs)"))
    except OSError as exc:
        out.append(Finding("disk space", FAIL, f"{probe}: {exc.strerror}", "check the SD card"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        test = folder / ".doctor-write-test"
        test.write_bytes(b"x")
        with test.open("rb+") as fh:
            os.fsync(fh.fileno())
        test.unlink()
        out.append(Finding("save folder", OK, f"{folder} is writable"))
    except OSError as exc:
        out.append(Finding("save folder", FAIL, f"{folder}: {exc.strerror or exc}",
                         "set STARBRIDGE_DATA to a folder you can write, or fix its owner "
                         "(sudo chown -R $USER " + str(folder) + ")"))
    return out


def check_system(machine: str | None = None, pointer_bits: int | None = None) -> list[Finding]:
    """32-bit Raspberry Pi OS has no pygame-ce wheel: said at once, with the fix."""
    import platform
    import struct

    machine = machine or platform.machine()
    bits = pointer_bits or struct.calcsize("P") * 8
    if machine.startswith(("arm", "aarch64")) and bits == 32:
        return [Finding("system", FAIL, f"32-bit ({machine}): pygame-ce, the bridge display, "
                      "publishes no wheel for 32-bit Raspberry Pi OS",
                      "install Raspberry Pi OS (64-bit) Bookworm with Raspberry Pi Imager "
                      "(every Pi 3, 4, 5 and Zero 2 W runs it), then deploy/install.sh")]
    return [Finding("system", OK, f"{machine}, {bits}-bit Python {platform.python_version()}")]


DISPLAY_PROBE = """
import os, sys
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
try:
    pygame.display.init()
    pygame.display.set_mode((0, 0), pygame.FULLSCREEN if not (os.environ.get("DISPLAY")
                            or os.environ.get("WAYLAND_DISPLAY")) else 0)
    print("opened", pygame.display.get_driver(), *pygame.display.get_surface().get_size())
except pygame.error as exc:
    print("failed", exc)
"""


def check_display_opens(env: dict[str, str] | None = None,
                        run: Callable[[list[str], dict[str, str]], str] | None = None,
                        dev: Path = Path("/dev")) -> list[Finding]:
    """Whether the screen really opens (in a process of its own: a driver that fails may take
    its process with it), with the video driver the service uses where there is no desktop.
    Nothing to try with no desktop and no KMS device (`check_display` says so)."""
    import subprocess

    env = dict(os.environ) if env is None else dict(env)
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        if not any((dev / "dri").glob("card*")):
            return []
        env.setdefault("SDL_VIDEODRIVER", "kmsdrm")

    def probe(argv: list[str], probe_env: dict[str, str]) -> str:
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=20,
                                  env=probe_env, check=False)
        except subprocess.TimeoutExpired:
            return "failed it did not answer within 20 s"
        lines = (done.stdout or "").strip().splitlines()
        return lines[-1] if lines else f"failed {(done.stderr or 'it ended')[-200:].strip()}"

    said = (run or probe)([sys.executable, "-c", DISPLAY_PROBE], env)
    driver = env.get("SDL_VIDEODRIVER", "the desktop's")
    if said.startswith("opened"):
        return [Finding("display opens", OK, f"{driver}: {' '.join(said.split()[1:])}")]
    why = said.removeprefix("failed").strip()
    fix = ("sudo apt install libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri "
           "(deploy/install.sh does), and the user in the video and render groups; if "
           "starbridge is running it holds the screen: sudo systemctl stop starbridge, then "
           "check again")
    return [Finding("display opens", WARN if driver == "dummy" else FAIL,
                  f"{driver}: the screen did not open ({why})", fix)]


def check_saves_kept(folder: Path, mounts: Path = Path("/proc/mounts")) -> list[Finding]:
    """Raspberry Pi OS's read-only overlay (raspi-config, Performance, Overlay File System)
    keeps the root file system in memory: saves written there are lost at power-off."""
    try:
        table = [line.split() for line in mounts.read_text(encoding="utf-8",
                                                            errors="replace").splitlines()]
    except OSError:
        return []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    target = str(probe.resolve())
    best: tuple[str, str] = ("/", "")
    for fields in table:
        if len(fields) >= 3:
            point = fields[1].replace("\\040", " ")
            if (target == point or target.startswith(point.rstrip("/") + "/")) and \
                    len(point) >= len(best[0]) and (point != "/" or not best[1]):
                best = (point, fields[2])
    if best[1] in ("overlay", "tmpfs", "ramfs"):
        return [Finding("saves kept", WARN, f"{folder} is on a {best[1]} file system ({best[0]}): "
                      "every save is lost at power-off (the read-only overlay is on)",
                      "keep the saves on a writable partition: docs/raspberry-pi.md, "
                      "\"A read-only SD card\" (or turn the overlay off in raspi-config)")]
    return [Finding("saves kept", OK, f"{folder} is on {best[1] or 'disk'} ({best[0]})")]


def check_stations(enabled: bool, address: str, port: int) -> list[Finding]:
    """The station consoles: whether their port is free, the address phones open (each of the
    machine's networks a phone could be on, the likeliest first), the name by mDNS, and the
    join page's QR code (no seat's secret)."""
    import socket

    from consoles.addresses import MDNS_NAME, NO_NETWORK_FIX, link_addresses
    from consoles.links import ANY_ADDRESS, base_url, qr_text

    if not enabled:
        return [Finding("station consoles", OK, "off ([stations] enabled = false)",
                      "to serve consoles to phones: [stations] enabled = true, or starbridge "
                      "play --stations (docs/stations.md)")]
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((address, port))
        except OSError as exc:
            return [Finding("station consoles", FAIL, f"cannot listen on {address}:{port} "
                          f"({exc.strerror or exc}): another program (or a starbridge already "
                          "running) has it, or the address is not this machine's",
                          "stop that program, or choose another [stations] port")]
    found = link_addresses() if address in ANY_ADDRESS else []
    url = base_url(address, port, found[0].address if found else None)
    out = [Finding("station consoles", OK, f"port {port} is free; phones open {url} (each seat's "
                 "own link and code are shown at the table)", extra=qr_text(url))]
    if found and not found[0].reachable:
        out.append(Finding("phones' network", FAIL, "this machine has no network: the links "
                         "would name 127.0.0.1 and phones cannot join", NO_NETWORK_FIX))
    elif found:
        more = "; the Instructor's NETWORK button chooses another: " + ", ".join(
            a.describe() for a in found[1:]) if len(found) > 1 else ""
        out.append(Finding("phones' network", OK, f"{found[0].describe()}{more}; by name: "
                         f"http://{MDNS_NAME}:{port}"))
    return out


def run_checks(config_file: Path | None = None,
               checks: tuple[Callable[[], list[Finding]], ...] | None = None) -> list[Finding]:
    from companion.settings.config import ConfigError, load_config
    from companion.settings.config_check import check_config
    from companion.settings.paths import user_data_dir

    out: list[Finding] = []
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
        out.append(Finding("configuration", OK, config.source))
    except ConfigError as exc:
        out.append(Finding("configuration", FAIL, "; ".join(exc.shown),
                         "fix the keys named (starbridge config --example shows them all)"))
    for check in checks or (check_system, check_gpio, lambda: check_trays(urls), check_display,
                            check_display_opens, lambda: check_disk(user_data_dir()),
                            lambda: check_saves_kept(user_data_dir()),
                            lambda: check_stations(*stations)):
        try:
            out.extend(check())
        except Exception as exc:  # a check that breaks is reported as one, never a traceback
            out.append(Finding(getattr(check, "__name__", "check"), FAIL,
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
