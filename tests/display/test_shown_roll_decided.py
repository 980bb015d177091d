"""A roll's result (the phone's roll box, the bridge display's held result) shows what the roll
decided, not the game moving on in the same apply: the next phase begun, and what follows it."""

from __future__ import annotations

from engine.dice import RollRequest
from engine.rulesets.fasa.values.events import Note, Rolled, ShotResolved
from readouts.roll_log import RollEntry
from readouts.shown_roll import shown_roll


def test_the_result_leaves_out_the_phase_begun_after_it() -> None:
    request = RollRequest("d10", "kronos", "helm", "Helm: to-hit")
    told = (Rolled(request, 8, "virtual"),
            ShotResolved("kronos", "t2", "enterprise", 6, False, 0, "Torpedo 2", "USS Enterprise"),
            Note("Combat round 2: Repair/Repower Phase: functioning shields re-energised"),
            Note("Combat round 3 of turn 2: Sensors Phase"),
            Note("IKS Kronos One: breaks off"))
    entry = RollEntry(1, 2, "Helm · IKS Kronos One", "Torpedo 2 at USS Enterprise", 8, "MISS", ())
    shown = shown_roll(entry, told)
    assert shown.lines == (told[1].text,)


def test_a_note_the_roll_decided_stays() -> None:
    request = RollRequest("d10", "kronos", "captain", "Captain: tactical advantage roll")
    told = (Rolled(request, 3, "virtual"),
            Note("Turn 2: IKS Kronos One has the tactical advantage"),
            Note("Sensor Phase of turn 2"))
    entry = RollEntry(1, 2, "Captain · IKS Kronos One", "tactical advantage", 3, "", ())
    assert shown_roll(entry, told).lines == ("Turn 2: IKS Kronos One has the tactical advantage",)
