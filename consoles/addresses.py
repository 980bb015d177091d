"""The address a phone opens the consoles at: one of this machine's on a network a phone can be
on, the likeliest first.

A Pi at a convention is usually its own Wi-Fi hotspot (NetworkManager's shared mode, 10.42.0.1 by
default, or deploy/install.sh --hotspot's 192.168.4.1) with no default route at all; at home it is
a Wi-Fi client or on Ethernet, with one; it may be several at once. So every IPv4 address of every
interface that is up is a candidate, ranked:

1. an interface that is a Wi-Fi access point (the table's own network: phones at the table are
   on it);
2. the interface the default route leaves by (the venue's or the home's network);
3. other Wi-Fi, then wired, then any other interface;

leaving out loopback, link-local (169.254.x.x: no phone is given one on purpose), and the
bridges of containers and virtual machines (docker0, br-*, virbr*...). 127.0.0.1 comes only when
nothing else is left, and then it says phones cannot join (`LinkAddress.reachable`).

`rank` is the choice alone, driven by its inputs in the tests; `machine_interfaces` and
`default_interface` read the machine (ifaddr, pure Python over getifaddrs; /proc/net/route; `iw
dev` for the access point, where it is installed, as it is on Raspberry Pi OS), and a test runs
them in a real network namespace with only a hotspot-like address up.
"""

from __future__ import annotations

import contextlib
import ipaddress
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

MDNS_NAME = "starbridge.local"
"""The name the table is advertised by (mDNS), for people who type."""
HOTSPOT, DEFAULT, WIRELESS, WIRED, OTHER, LOOPBACK = (
    "hotspot", "default", "wireless", "wired", "other", "loopback")
ORDER = (HOTSPOT, DEFAULT, WIRELESS, WIRED, OTHER, LOOPBACK)
WORDS = {
    HOTSPOT: "this machine's own Wi-Fi hotspot",
    DEFAULT: "the network with the way out",
    WIRELESS: "Wi-Fi",
    WIRED: "wired network",
    OTHER: "network",
    LOOPBACK: "this machine only: phones cannot join",
}
VIRTUAL = ("lo", "docker", "br-", "virbr", "lxcbr", "lxdbr", "vboxnet", "vmnet", "cni", "flannel",
           "podman")
"""Interface names (prefixes) of containers' and virtual machines' bridges: no phone is there."""
SHORT = {HOTSPOT: "hotspot", DEFAULT: "main network", WIRELESS: "Wi-Fi", WIRED: "wired",
         OTHER: "network", LOOPBACK: "this machine only"}
WIRED_NAMES = ("eth", "en", "usb")
NO_NETWORK_SHORT = ("Connect Ethernet or Wi-Fi, or make this machine a hotspot "
                    "(deploy/install.sh --hotspot); the codes follow")
"""The fix, short enough for the bridge display's Consoles view."""
NO_NETWORK_FIX = ("connect this machine to a network (Ethernet or Wi-Fi), or make it the "
                  "table's own Wi-Fi hotspot: sudo deploy/install.sh --hotspot NAME "
                  "(docs/raspberry-pi.md); the links follow when the network appears")


@dataclass(frozen=True, slots=True)
class Interface:
    """A network interface that is up, as read off the machine."""

    name: str
    addresses: tuple[str, ...]
    wireless: bool = False
    access_point: bool = False


@dataclass(frozen=True, slots=True)
class LinkAddress:
    """One address the links may name, the interface it is on and what kind of network."""

    address: str
    interface: str
    kind: str

    @property
    def reachable(self) -> bool:
        """Whether a phone can reach it at all (not this machine alone)."""
        return self.kind != LOOPBACK

    def describe(self) -> str:
        return f"{self.address} ({self.interface}: {WORDS[self.kind]})"

    def short(self) -> str:
        """For a small screen: "10.42.0.1 (hotspot)"."""
        return f"{self.address} ({SHORT[self.kind]})"


LOOPBACK_ONLY = LinkAddress("127.0.0.1", "lo", LOOPBACK)


def rank(interfaces: Iterable[Interface], default: str | None) -> list[LinkAddress]:
    """Every address a phone could open the table at, the likeliest first (module docstring);
    127.0.0.1 alone when there is none."""
    found: list[LinkAddress] = []
    for iface in interfaces:
        if iface.name.startswith(VIRTUAL):
            continue
        kind = HOTSPOT if iface.access_point else DEFAULT if iface.name == default else \
            WIRELESS if iface.wireless else WIRED if iface.name.startswith(WIRED_NAMES) else OTHER
        for text in iface.addresses:
            try:
                ip = ipaddress.ip_address(text)
            except ValueError:
                continue
            if ip.version != 4 or ip.is_loopback or ip.is_link_local or ip.is_multicast \
                    or ip.is_unspecified:
                continue
            found.append(LinkAddress(str(ip), iface.name, kind))
    found.sort(key=lambda a: ORDER.index(a.kind))   # stable: the machine's order within a kind
    return found or [LOOPBACK_ONLY]


def default_interface(routes: Path = Path("/proc/net/route")) -> str | None:
    """The interface the IPv4 default route leaves by, or None (no default route: a hotspot
    alone, or no network)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in routes.read_text(encoding="ascii", errors="replace").splitlines()[1:]:
            fields = line.split()
            if len(fields) >= 4 and fields[1] == "00000000" and int(fields[3], 16) & 0x1:
                return fields[0]
    return None


def access_points(run: Callable[[list[str]], str] | None = None) -> set[str]:
    """The Wi-Fi interfaces in access-point mode (`iw dev`); none where iw is missing."""
    def iw(argv: list[str]) -> str:
        return subprocess.run(argv, capture_output=True, text=True, timeout=2,
                              check=False).stdout

    if run is None:
        if shutil.which("iw") is None:
            return set()
        run = iw
    out, name = set(), ""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        for line in run(["iw", "dev"]).splitlines():
            words = line.split()
            if words[:1] == ["Interface"] and len(words) > 1:
                name = words[1]
            elif words[:2] == ["type", "AP"] and name:
                out.add(name)
    return out


def machine_interfaces(sys_class_net: Path = Path("/sys/class/net")) -> list[Interface]:
    """This machine's interfaces that have an address, read with ifaddr."""
    import ifaddr

    aps = access_points()
    out = []
    for adapter in ifaddr.get_adapters():
        name = str(adapter.nice_name)
        addresses = tuple(str(ip.ip) for ip in adapter.ips if isinstance(ip.ip, str))
        wireless = (sys_class_net / name / "wireless").exists() or \
            (sys_class_net / name / "phy80211").exists()
        out.append(Interface(name, addresses, wireless, name in aps))
    return out


def link_addresses() -> list[LinkAddress]:
    """The machine's addresses for links, the likeliest first (never empty)."""
    try:
        interfaces = machine_interfaces()
    except OSError:
        interfaces = []
    return rank(interfaces, default_interface())


class AddressBook:
    """The link addresses, looked up again at most every `max_age` seconds (a table that started
    before its network names the network's address once it has one), and the one chosen."""

    def __init__(self, lookup: Callable[[], list[LinkAddress]] = link_addresses,
                 max_age: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.lookup, self.max_age, self.clock = lookup, max_age, clock
        self.chosen: str | None = None   # an address the Instructor chose
        self._found: list[LinkAddress] = []
        self._at: float | None = None

    def all(self) -> list[LinkAddress]:
        now = self.clock()
        if self._at is None or now - self._at >= self.max_age:
            self._found, self._at = self.lookup(), now
        return self._found

    def current(self) -> LinkAddress:
        """The chosen address while the machine still has it, else the likeliest."""
        found = self.all()
        return next((a for a in found if a.address == self.chosen), found[0])

    def choose_next(self) -> LinkAddress:
        """The next address in the list (the Instructor's NETWORK button), round to the first."""
        found = self.all()
        at = next((i for i, a in enumerate(found) if a == self.current()), 0)
        self.chosen = found[(at + 1) % len(found)].address
        return self.current()
