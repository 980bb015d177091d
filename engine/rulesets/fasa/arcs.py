"""FASA's firing arcs and shield numbering on the hex map (Book Two, Advanced: Firing Arcs;
Expert: Deflector Shields): the six sextants round a ship named as arcs and numbered as shields.
The geometry itself (which sextant a hex lies in) is the kernel's `engine.hexgrid.sextants`."""

from __future__ import annotations

from engine.hexgrid import Hex, sextants

ARC_NAMES: tuple[str, ...] = ("f", "fs", "as", "a", "ap", "fp")
"""Firing-arc name of each sextant: fore, fore/aft-starboard, aft, aft/fore-port."""

SHIELD_OF_SEXTANT: tuple[int, ...] = (2, 3, 4, 5, 6, 1)
"""FASA shield number of each sextant: 1 fore-port, 2 fore, 3 fore-starboard, 4 aft-starboard,
5 aft, 6 aft-port."""

ALL_SHIELDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

SHIELD_FACINGS: tuple[int, ...] = tuple(SHIELD_OF_SEXTANT.index(n) for n in ALL_SHIELDS)
"""The sextant (0 dead ahead, then clockwise, as `hexgrid.sextants`) each of shields 1..6 covers:
the hexside of the ship's hex at its middle, relative to the heading."""


def shields_facing(target: Hex, target_heading: int, source: Hex) -> tuple[int, ...]:
    """Shield number(s) of the ship at `target` that face `source`.

    One normally, two (ascending) on a sextant boundary, all six when in the same hex.
    """
    found = sextants(target, target_heading, source)
    if not found:
        return ALL_SHIELDS
    return tuple(sorted(SHIELD_OF_SEXTANT[x] for x in found))


def in_arc(origin: Hex, heading: int, arcs: frozenset[str], target: Hex) -> bool:
    """Whether `target` lies in any of `arcs` (names from ARC_NAMES) of a ship at `origin`.

    On a boundary either neighbouring sextant counts; the ship's own hex is always in arc.
    """
    found = sextants(origin, heading, target)
    if not found:
        return True
    return any(ARC_NAMES[x] in arcs for x in found)


ARC_WORDS: dict[str, str] = {"f": "fore", "fs": "fore-starboard", "as": "aft-starboard",
                             "a": "aft", "ap": "aft-port", "fp": "fore-port"}


def arc_words(origin: Hex, heading: int, target: Hex) -> str:
    """The arc(s) of a ship at `origin` that `target` lies in, in words ("fore", "fore or
    fore-starboard" on a boundary, "same hex")."""
    found = sextants(origin, heading, target)
    if not found:
        return "same hex"
    return " or ".join(ARC_WORDS[ARC_NAMES[x]] for x in found)
