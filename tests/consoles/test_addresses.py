"""The address the consoles' links name: reachable from a phone on any of the machine's networks,
the likeliest first, 127.0.0.1 only when there is nothing else. Driven by its inputs (the
interfaces, the default route, `iw dev`), then read off a real network namespace with only a
hotspot's address up (root and iproute2; skipped elsewhere)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from consoles.addresses import (
    DEFAULT,
    HOTSPOT,
    LOOPBACK,
    LOOPBACK_ONLY,
    WIRED,
    WIRELESS,
    AddressBook,
    Interface,
    LinkAddress,
    access_points,
    default_interface,
    rank,
)
from consoles.links import base_url

ROOT = Path(__file__).resolve().parents[2]


def kinds(found: list[LinkAddress]) -> list[tuple[str, str]]:
    return [(a.address, a.kind) for a in found]


def test_a_hotspot_alone_with_no_default_route_is_named_not_loopback() -> None:
    found = rank([Interface("lo", ("127.0.0.1",)),
                  Interface("wlan0", ("10.42.0.1",), wireless=True, access_point=True)], None)
    assert kinds(found) == [("10.42.0.1", HOTSPOT)]
    assert found[0].reachable


def test_the_hotspot_comes_before_the_venue_network_and_wired_before_others() -> None:
    found = rank([Interface("eth0", ("192.168.1.20",)),
                  Interface("tun0", ("10.8.0.2",)),
                  Interface("wlan1", ("172.20.10.3",), wireless=True),
                  Interface("wlan0", ("192.168.4.1",), wireless=True, access_point=True),
                  Interface("eth1", ("10.0.0.5",))], default="eth0")
    assert kinds(found) == [("192.168.4.1", HOTSPOT), ("192.168.1.20", DEFAULT),
                            ("172.20.10.3", WIRELESS), ("10.0.0.5", WIRED), ("10.8.0.2", "other")]


def test_loopback_link_local_ipv6_and_container_bridges_are_left_out() -> None:
    found = rank([Interface("lo", ("127.0.0.1", "::1")),
                  Interface("docker0", ("172.17.0.1",)), Interface("br-5e1f", ("172.18.0.1",)),
                  Interface("virbr0", ("192.168.122.1",)),
                  Interface("eth0", ("169.254.3.4", "fe80::1", "fd00::2", "junk"))], None)
    assert found == [LOOPBACK_ONLY]
    assert found[0].kind == LOOPBACK and not found[0].reachable
    assert "phones cannot join" in found[0].describe()


def test_the_default_route_is_read_from_the_routing_table(tmp_path: Path) -> None:
    routes = tmp_path / "route"
    routes.write_text("Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\n"
                      "wlan0\t00002A0A\t00000000\t0001\t0\t0\t0\t00FFFFFF\n"
                      "eth0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\n")
    assert default_interface(routes) == "eth0"
    routes.write_text("Iface\tDestination\tGateway \tFlags\n"
                      "wlan0\t00002A0A\t00000000\t0001\n")
    assert default_interface(routes) is None
    assert default_interface(tmp_path / "missing") is None
    routes.write_text("garbage\n\x00\x01 nonsense 00000000 zz\n")
    assert default_interface(routes) is None


def test_an_access_point_is_read_from_iw() -> None:
    said = ("phy#0\n\tInterface wlan0\n\t\tifindex 3\n\t\ttype AP\n\t\tssid starbridge\n"
            "phy#1\n\tInterface wlan1\n\t\ttype managed\n")
    assert access_points(lambda _argv: said) == {"wlan0"}
    assert access_points(lambda _argv: "") == set()

    def broken(_argv: list[str]) -> str:
        raise OSError("no iw")
    assert access_points(broken) == set()


def test_the_instructor_chooses_among_them_and_a_vanished_choice_falls_back() -> None:
    network = [LinkAddress("192.168.4.1", "wlan0", HOTSPOT),
               LinkAddress("192.168.1.20", "eth0", DEFAULT)]
    book = AddressBook(lambda: list(network), max_age=0.0)
    assert book.current().address == "192.168.4.1"
    assert book.choose_next().address == "192.168.1.20"
    assert book.choose_next().address == "192.168.4.1"   # round to the first
    book.choose_next()
    network.pop()   # the Ethernet cable pulled: the links name the hotspot again
    assert book.current().address == "192.168.4.1"
    assert base_url("0.0.0.0", 8765, book.current().address) == "http://192.168.4.1:8765"
    assert base_url("10.1.2.3", 8765, "192.168.4.1") == "http://10.1.2.3:8765"   # listens there


# -- a real network namespace: a Pi that is its own hotspot, with no default route -------------
def test_in_a_namespace_with_only_the_hotspots_address_the_links_name_it(
        hotspot_namespace: str) -> None:
    code = ("import json; from consoles.addresses import link_addresses, default_interface; "
            "from consoles.links import base_url; "
            "print(json.dumps([default_interface(), base_url('0.0.0.0', 8765), "
            "[a.describe() for a in link_addresses()]]))")
    done = subprocess.run(["ip", "netns", "exec", hotspot_namespace, sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    default, url, described = json.loads(done.stdout)
    assert default is None
    assert url == "http://10.42.0.1:8765"
    assert described == ["10.42.0.1 (eth0: wired network)"]


def test_in_a_namespace_with_no_network_the_links_say_phones_cannot_join(
        hotspot_namespace: str) -> None:
    subprocess.run(["ip", "-n", hotspot_namespace, "link", "set", "eth0", "down"], check=True)
    subprocess.run(["ip", "-n", hotspot_namespace, "addr", "flush", "dev", "eth0"], check=True)
    code = ("from consoles.addresses import link_addresses; "
            "print(link_addresses()[0].describe())")
    done = subprocess.run(["ip", "netns", "exec", hotspot_namespace, sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "127.0.0.1 (lo: this machine only: phones cannot join)"
