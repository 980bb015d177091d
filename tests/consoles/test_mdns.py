"""The table's name on its network (mDNS, python-zeroconf): in a network namespace that stands
for a Pi that is its own hotspot, another mDNS client finds `starbridge.local` at the hotspot's
address and the `_http._tcp` service on the consoles' port."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = """
import json
import zeroconf
from consoles.mdns import SERVICE, Advertiser

table = Advertiser(8765, every=0.2).start()
client = zeroconf.Zeroconf(interfaces=["10.42.0.1"])
try:
    name = zeroconf.AddressResolver("starbridge.local.")
    found = name.request(client, 8000)
    info = client.get_service_info(SERVICE, "starbridge." + SERVICE, timeout=8000)
    print(json.dumps([found, name.parsed_addresses(), info and info.port,
                      info and info.parsed_addresses(), table.advertised, table.problem]))
finally:
    client.close()
    table.stop()
"""


def test_the_table_is_found_by_name_at_its_hotspots_address(hotspot_namespace: str) -> None:
    done = subprocess.run(["ip", "netns", "exec", hotspot_namespace, sys.executable, "-c", CODE],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    found, addresses, port, service, advertised, problem = json.loads(
        done.stdout.strip().splitlines()[-1])
    assert problem == ""
    assert advertised == ["10.42.0.1"]
    assert found is True and addresses == ["10.42.0.1"]
    assert port == 8765 and service == ["10.42.0.1"]
