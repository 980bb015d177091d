"""Every action a character may choose in his slot, in the order of the seed's table (seed 004
lines 208-210): position and movement, weapon use, attacks, evasion, other actions; each found
by its key."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.rulesets.strpg import attacks, evasion, gear, other, position
from engine.rulesets.strpg.kinds import Kind

ORDER: tuple[Kind, ...] = (*position.kinds(), *gear.kinds(), *attacks.kinds(),
                           *evasion.kinds(), *other.kinds())
KINDS: Mapping[str, Kind] = MappingProxyType({k.key: k for k in ORDER})
WAIT = "wait"
