"""deploy/install.sh, the Raspberry Pi OS installer: its plan (--dry-run), the unit it writes
(--print-unit), the configuration it writes, its refusals, and shellcheck over every script."""

from __future__ import annotations

import getpass
import grp
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.settings.config import parse_config

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "install.sh"
UNIT = ROOT / "deploy" / "starbridge.service"
USER = getpass.getuser()
WANTED_GROUPS = ("video", "render", "input", "gpio", "i2c", "dialout")
SERVICE_USER = "starbridge"


def _groups_here() -> list[str]:
    names = {g.gr_name for g in grp.getgrall()}
    return [g for g in WANTED_GROUPS if g in names]


def _run(*args: str, os_release: str = "VERSION_CODENAME=bookworm\n", tmp: Path,
         script: Path = SCRIPT, arch: str = "arm64") -> subprocess.CompletedProcess[str]:
    release = tmp / "os-release"
    release.write_text(os_release)
    env = dict(os.environ, STARBRIDGE_OS_RELEASE=str(release), STARBRIDGE_ARCH=arch)
    return subprocess.run(["bash", str(script), *args], capture_output=True, text=True,
                          env=env, timeout=60)


def _commands(out: str) -> list[str]:
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")]


def _written(out: str, path_end: str) -> str:
    """The text a dry run shows for the file whose path ends with `path_end`."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("+ write ") and path_end in line)
    body = []
    for line in lines[start + 1:]:
        if not line.startswith("|"):
            break
        body.append(line[4:])
    return "\n".join(body) + "\n"


@pytest.mark.slow
def test_dry_run_plans_every_step_for_a_user_of_its_own(tmp_path: Path) -> None:
    config = tmp_path / "conf" / "starbridge.toml"
    r = _run("--dry-run", "--config", str(config), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Bookworm" not in r.stderr   # the os-release says bookworm: no warning
    cmds = _commands(r.stdout)
    install = next(c for c in cmds if "apt-get install" in c)
    for package in ("python3-lgpio", "python3-venv", "libgbm1", "libegl1", "libgl1-mesa-dri",
                    "libgles2"):   # what SDL's KMSDRM loads: Raspberry Pi OS Lite may lack it
        assert package in install
    assert "build-essential" not in install   # nothing is compiled any more
    assert "python3 -m venv --system-site-packages /opt/starbridge" in cmds
    pip = next(c for c in cmds if "pip install" in c)
    assert pip.endswith(r"\[pi\]") and str(ROOT) in pip and " -e " not in pip
    assert "/opt/starbridge/bin/python -m compileall -q /opt/starbridge" in cmds
    made = next(c for c in cmds if c.startswith("useradd"))
    assert made.endswith(f" {SERVICE_USER}") and "--system" in made and "nologin" in made
    usermods = [c.split()[-2] for c in cmds if c.startswith("usermod -aG")]
    assert usermods == _groups_here()    # only groups this machine has
    assert all(c.endswith(f" {SERVICE_USER}") for c in cmds if c.startswith("usermod"))
    assert any("99-starbridge-dice.rules /etc/udev/rules.d/" in c for c in cmds)
    assert "systemctl enable --now starbridge.service" in cmds
    assert any(c.endswith(f"starbridge doctor --config {config}") for c in cmds)
    # nothing was done: the configuration was only shown
    assert not config.exists()


@pytest.mark.slow
def test_the_configuration_it_writes_is_valid_and_kiosk_follows_the_flag(tmp_path: Path) -> None:
    for flag, enabled in (((), False), (("--kiosk",), True)):
        config = tmp_path / f"k{enabled}.toml"
        r = _run("--dry-run", "--config", str(config), *flag, tmp=tmp_path)
        assert r.returncode == 0, r.stderr
        text = _written(r.stdout, config.name)
        parsed = parse_config(tomllib.loads(text), str(config))
        assert parsed.kiosk is enabled
        assert parsed.factory == "auto"
        assert parsed.seats is None       # the first ship's crew at the panels
        assert parsed.stations is True    # the consoles on, on a Pi the installer set up


@pytest.mark.slow
def test_an_existing_configuration_is_never_overwritten(tmp_path: Path) -> None:
    config = tmp_path / "starbridge.toml"
    config.write_text("[kiosk]\nenabled = true\n")
    r = _run("--dry-run", "--config", str(config), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "left as it is" in r.stdout
    assert f"write {config}" not in r.stdout
    assert any(c.endswith(f"config --check {config}") for c in _commands(r.stdout))


def test_the_unit_is_the_deployed_one_with_this_machines_groups_and_paths(
        tmp_path: Path) -> None:
    config = tmp_path / "s.toml"
    r = _run("--print-unit", "--config", str(config), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    unit = r.stdout
    keys = dict(line.split("=", 1) for line in unit.splitlines()
                if "=" in line and not line.startswith(("#", "Environment=")))
    assert keys["User"] == SERVICE_USER and keys["Group"] == SERVICE_USER
    assert keys["WorkingDirectory"] == "/var/lib/starbridge"
    assert keys["ExecStart"] == "/opt/starbridge/bin/starbridge play --resume"
    assert keys["SupplementaryGroups"].split() == _groups_here()
    assert f"Environment=STARBRIDGE_CONFIG={config}" in unit
    assert "Environment=STARBRIDGE_DATA=/var/lib/starbridge" in unit
    # every other line is the deployed unit's own
    deployed = [line for line in UNIT.read_text().splitlines()
                if not line.startswith(("SupplementaryGroups=", "Environment=STARBRIDGE_CONFIG"))]
    assert [line for line in deployed if line not in unit.splitlines()] == []


def test_a_prefix_with_sed_specials_is_written_literally(tmp_path: Path) -> None:
    odd = tmp_path / "a&b|c\\d"
    r = subprocess.run(["bash", str(SCRIPT), "--print-unit"], capture_output=True, text=True,
                       timeout=60, env=dict(os.environ, STARBRIDGE_PREFIX=str(odd)))
    assert r.returncode == 0, r.stderr
    assert f"ExecStart={odd}/bin/starbridge play --resume" in r.stdout


@pytest.mark.slow
def test_another_system_is_warned_about_but_not_refused(tmp_path: Path) -> None:
    r = _run("--dry-run", "--config", str(tmp_path / "c.toml"),
             os_release='VERSION_CODENAME="bullseye"\n', tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "made for Raspberry Pi OS Bookworm" in r.stderr and "'bullseye'" in r.stderr


@pytest.mark.slow
def test_the_hotspot_is_an_access_point_of_its_own_and_keeps_its_passphrase_off_the_screen(
        tmp_path: Path) -> None:
    r = _run("--dry-run", "--config", str(tmp_path / "c.toml"), "--hotspot",
             "Bridge Table", "--hotspot-password", "engage warp nine", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    nm = [c for c in _commands(r.stdout) if c.startswith("nmcli")]
    assert nm[0] == "nmcli connection delete starbridge-hotspot"   # again: made anew
    add = nm[1]
    for part in ("type wifi", "ifname wlan0", r"ssid Bridge\ Table", "802-11-wireless.mode ap",
                 "ipv4.method shared", "ipv4.addresses 192.168.4.1/24", "wifi-sec.key-mgmt wpa-psk",
                 "wifi-sec.proto rsn"):
        assert part in add, part
    assert nm[2] == "nmcli connection up starbridge-hotspot"
    assert "engage warp nine" not in r.stdout + r.stderr
    assert "http://192.168.4.1:8765" in r.stdout
    plain = _run("--dry-run", "--config", str(tmp_path / "d.toml"), tmp=tmp_path)
    assert not any(c.startswith("nmcli") for c in _commands(plain.stdout))


@pytest.mark.slow
@pytest.mark.parametrize("args, says", [
    (("--frobnicate",), "unknown option: --frobnicate"),
    (("--user",), "--user needs a name"),
    (("--dry-run", "--user", "no-such-user-here"), "no user 'no-such-user-here'"),
    (("--dry-run", "--user", "root"), "must not run as root"),
    (("--dry-run", "--user", "a;b"), "not an account name"),
    (("--dry-run", "--hotspot", "bridge", "--hotspot-password", "short"), "8 to 63 characters"),
    (("--dry-run", "--hotspot", "x" * 33), "at most 32 characters"),
    (("--dry-run", "--hotspot", "bridge", "--hotspot-iface", "wlan0;reboot"),
     "not an interface name"),
    (("--dry-run", "--hotspot-password", "a long passphrase"), "goes with --hotspot SSID"),
])
def test_mistakes_are_refused_with_the_fix(tmp_path: Path, args: tuple[str, ...],
                                           says: str) -> None:
    r = _run(*args, tmp=tmp_path)
    assert r.returncode == 2
    assert says in r.stderr
    assert "Traceback" not in r.stderr and not _commands(r.stdout)


@pytest.mark.skipif(os.geteuid() == 0, reason="as root the script may run for real")
def test_without_root_it_asks_for_sudo_and_does_nothing(tmp_path: Path) -> None:
    r = _run(tmp=tmp_path)
    assert r.returncode == 2 and "run it with sudo" in r.stderr
    assert "==>" not in r.stdout


@pytest.mark.parametrize("arch", ["armhf", "armv7l"])
def test_32_bit_raspberry_pi_os_is_told_at_once_with_the_fix(tmp_path: Path, arch: str) -> None:
    r = _run("--dry-run", tmp=tmp_path, arch=arch)
    assert r.returncode == 2
    assert "32-bit" in r.stderr and "no wheel" in r.stderr and "(64-bit)" in r.stderr
    assert not _commands(r.stdout)


def test_a_user_who_may_sudo_is_refused(tmp_path: Path) -> None:
    admins = [g for g in ("sudo", "wheel", "admin") if g in {x.gr_name for x in grp.getgrall()}]
    members = [m for g in admins for m in grp.getgrnam(g).gr_mem if m != "root"]
    if not members:
        pytest.skip("nobody here may sudo by a group")
    r = _run("--dry-run", "--user", members[0], tmp=tmp_path)
    assert r.returncode == 2 and "may use sudo" in r.stderr


@pytest.mark.slow
def test_every_shell_script_passes_shellcheck() -> None:
    shellcheck = shutil.which("shellcheck") or str(Path(sys.executable).parent / "shellcheck")
    scripts = [SCRIPT, ROOT / "run", ROOT / "test", ROOT / ".ci" / "run"]
    r = subprocess.run([shellcheck, *map(str, scripts)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stdout


def test_the_unit_waits_for_neither_the_network_nor_udev_and_is_watched() -> None:
    """The bridge comes up at once; the consoles' links follow the network when it appears
    (consoles.addresses looks again); a hung loop is restarted by the watchdog."""
    text = UNIT.read_text()
    assert "network-online" not in text and "udev-settle" not in text
    keys = dict(line.split("=", 1) for line in text.splitlines()
                if "=" in line and not line.startswith("#"))
    assert keys["Type"] == "notify" and keys["NotifyAccess"] == "main"
    assert int(keys["WatchdogSec"]) >= 10 and keys["Restart"] == "always"
    assert keys["NoNewPrivileges"] == "yes" and keys["ProtectSystem"] == "strict"
    assert keys["User"] == SERVICE_USER


def exposure(unit: Path) -> tuple[float, str]:
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager",
                           str(unit)], capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout[-2000:] + done.stderr[-2000:]
    return float(found.group(1)), done.stdout


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is missing (.ci/run installs the systemd package)")
def test_the_unit_as_installed_is_rated_5_or_less_and_names_what_it_leaves_off(
        tmp_path: Path) -> None:
    r = _run("--print-unit", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    installed = tmp_path / "starbridge.service"
    installed.write_text(r.stdout)
    for unit in (UNIT, installed):
        score, said = exposure(unit)
        assert score <= 5.0, said[-3000:]
        text = unit.read_text()
        left_off = re.findall(r"^✗ (\w+)=", said, re.M)
        for name in left_off:   # each protection not on is set in part or named with its reason
            assert re.search(rf"^(# )?{name}=", text, re.M), name
