"""The events of a player crew's officers at the command level (Book Two, Command & Control): the
Science Officer's rolls and what they did, shaken officers and systems, the power off the grid
and powered down, panels kept at last turn's settings; each its side's to know."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event


@dataclass(frozen=True, slots=True)
class ScienceRolled(Event):
    """C&C: a Science Officer's percentile Skill Roll (seed lines 1175-1231): the die as rolled,
    what is added to it, the rating and what came of it; its side's to know."""

    ship: str
    name: str
    skill: str          # in the book's words, "DAMAGE CONTROL"
    roll: int
    modifier: int
    rating: int
    detail: str

    @property
    def success(self) -> bool:
        return self.roll + self.modifier <= self.rating

    @property
    def text(self) -> str:
        added = f" +{self.modifier} = {self.roll + self.modifier}" if self.modifier else ""
        return (f"{self.name}: {self.skill} roll {self.roll}{added} against {self.rating}: "
                f"{self.detail}")


@dataclass(frozen=True, slots=True)
class ScienceApplied(Event):
    """C&C: what a Science Officer's success does (extra shields placed, damage control points,
    a repair, fewer casualties, damage controlled); its side's to know."""

    ship: str
    name: str
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class OfficerShaken(Event):
    """C&C: Bridge Hits And DEX Rolls (seed lines 1353-1367): an officer shaken by a bridge or
    engine-room hit, or his DEX roll's result; `verdict` "shaken", "nobody", "steady" or "out of
    action". Its side's to know."""

    ship: str
    name: str
    station: str
    role: str
    verdict: str
    detail: str = ""

    @property
    def text(self) -> str:
        if self.verdict == "nobody":
            return f"{self.name}: bridge hit: no officer shaken"
        if self.verdict == "shaken":
            return f"{self.name}: bridge hit: the {self.station} officer is shaken"
        return f"{self.name}: {self.station} officer {self.verdict} ({self.detail})"


@dataclass(frozen=True, slots=True)
class SystemShaken(Event):
    """C&C: Combat Systems Shaken (seed lines 1369-1391): a system out, or its repair roll;
    `system` "" when the die shook none. Its side's to know."""

    ship: str
    name: str
    system: str
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.system + ': ' if self.system else ''}{self.detail}"


@dataclass(frozen=True, slots=True)
class GridPower(Event):
    """C&C: Engineering Out (seed lines 1397-1401): the power off the grid, an engineering roll,
    or the power back; `off` while it stays off. Its side's to know."""

    ship: str
    name: str
    off: bool
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class PoweredDown(Event):
    """C&C: Powering Down Due To Engine Damage (seed lines 1085-1089, 1155-1159, 1295-1297): power
    taken off movement, weapons or shields at the end of a Firing Phase; its side's to know."""

    ship: str
    name: str
    system: str
    power: int
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: powered down: {self.detail}"


@dataclass(frozen=True, slots=True)
class PanelKept(Event):
    """C&C: a panel that keeps last turn's settings at Power Allocation, its officer shaken or the
    power off the grid (seed lines 1357, 1401); its side's to know."""

    ship: str
    name: str
    station: str
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.detail}"
