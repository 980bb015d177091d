"""Every well-framed roll is answered (issue 14: "the dice tray must never jam"), the host's
writes never stall its reader (issue 15), and the host's call to roll reaches the tray: the
link against the emulator and against a bare pseudo-terminal, and the tray's MicroPython
protocol code under CPython. No sleeping: queues with timeouts and select."""

from __future__ import annotations

import os
import queue
import select
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.emulator import Faults, TrayEmulator
from firmware_bridge.firmware import dice_proto as tray
from firmware_bridge.link import (
    LinkEvent,
    TrayLink,
    TrayNotice,
    TrayRefused,
    TrayRoll,
    TrayStatus,
)
from firmware_bridge.protocol import (
    Ack,
    Call,
    Hello,
    Parser,
    Refuse,
    RefusedRoll,
    Roll,
    encode,
)
from tests.firmware_bridge.test_dice_link import WAIT, next_of, rolls_in


@pytest.fixture
def events() -> queue.Queue[LinkEvent]:
    return queue.Queue()


@pytest.fixture
def pty_tray(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    master, slave = os.openpty()
    tty.setraw(slave)
    link = tmp_path / "tray"
    link.symlink_to(os.ttyname(slave))
    yield master, link
    os.close(master)
    os.close(slave)


def connected(events: queue.Queue[LinkEvent]) -> None:
    next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and e.connected)


@pytest.mark.slow
def test_a_refused_roll_is_answered_and_the_tray_stops_resending(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    dev = tmp_path / "tray"
    sent: queue.Queue[bytes] = queue.Queue()
    with TrayEmulator(link_path=dev, seed=1, resend_ms=50, on_output=sent.put) as emu, \
            TrayLink("t", str(dev), events, heartbeat_timeout=3):
        connected(events)
        emu.roll(21)   # a face a d20 cannot show
        refused = next_of(events, TrayRefused)
        assert isinstance(refused, TrayRefused) and refused.roll == "tray-1#0"
        assert refused.reason == "a d20 cannot show 21"
        # the tray was told, with the reason, and holds the roll no more
        assert emu.refusals.get(timeout=WAIT) == (0, "the die cannot show that face")
        assert emu.tray.refused == (0, 21, "the die cannot show that face")
        while not sent.get(timeout=WAIT).startswith(b"$HB,"):   # its heartbeats go on
            pass
        # a good roll after it is taken as ever, and the tray stays connected: no resends of
        # the refused roll are reported, no "lost" in between
        emu.roll(7)
        assert rolls_in(events, 1) == [Roll(1, "tray-1", 20, 7)]
        assert emu.acks.get(timeout=WAIT) == 1
        assert emu.tray.pending == []
        with pytest.raises(queue.Empty):
            while True:   # ten resend periods: a resent refusal or a lost tray would show
                e = events.get(timeout=0.5)
                assert not isinstance(e, TrayRefused | TrayRoll), e
                assert not (isinstance(e, TrayStatus) and not e.connected), e


@pytest.mark.slow
def test_a_tray_of_the_wrong_die_is_named_at_its_hello(
        pty_tray: tuple[int, Path], events: queue.Queue[LinkEvent]) -> None:
    master, link = pty_tray
    with TrayLink("t", str(link), events, expect_tray="tray-1", retry=0.05):
        status = None
        while status is None:   # the host resets its input when it opens the port
            os.write(master, encode(Hello(2, "1.1.0", "tray-1", 6)))
            try:
                status = next_of(events, TrayStatus, timeout=0.2)
            except AssertionError:
                continue
        named = events.get(timeout=WAIT)   # at once, before any roll
        assert isinstance(named, TrayNotice)
        assert "tray tray-1 rolls a d6, but the configuration gives it d20" in named.text
        assert "set dice = [6]" in named.text


@pytest.mark.slow
def test_a_tray_of_the_wrong_die_is_named_once_and_each_roll_refused(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    dev = tmp_path / "tray"
    with TrayEmulator(link_path=dev, seed=1, sides=6) as emu, \
            TrayLink("t", str(dev), events, expect_tray="tray-1"):
        connected(events)
        named = 0
        for n, face in enumerate((3, 5, 1)):
            emu.roll(face)
            while True:
                e = events.get(timeout=WAIT)
                named += isinstance(e, TrayNotice) and "rolls a d6" in e.text
                if isinstance(e, TrayRefused):
                    break
            assert e.roll == f"tray-1#{n}" and e.reason == "a d6 is not a die this tray has (d20)"
            assert emu.refusals.get(timeout=WAIT)[1] == tray.REFUSALS["DIE"]
        with pytest.raises(queue.Empty):
            while True:
                e = events.get(timeout=0.3)
                named += isinstance(e, TrayNotice) and "rolls a d6" in e.text
        assert named == 1   # named once (at its HELLO, or its first roll if that was missed)


@pytest.mark.slow
def test_refused_and_taken_rolls_through_a_faulty_line_are_each_answered_once(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    faults = Faults(noise=0.3, drop=0.3, duplicate=0.3, bad_checksum=0.2)
    dev = tmp_path / "dice"
    with TrayEmulator(link_path=dev, seed=11, faults=faults, resend_ms=100) as emu, \
            TrayLink("t", str(dev), events):
        connected(events)
        faces = [5, 21, 12, 25, 20, 99, 1]   # (a 0 would be a fair roll)
        taken, refused = [], []
        for face in faces:
            emu.roll(face)
            e = next_of(events, TrayRoll | TrayRefused)   # type: ignore[arg-type]
            (taken if isinstance(e, TrayRoll) else refused).append(e)
        assert [e.roll.value for e in taken if isinstance(e, TrayRoll)] == [5, 12, 20, 1]
        assert [e.roll for e in refused if isinstance(e, TrayRefused)] == \
            ["tray-1#1", "tray-1#3", "tray-1#5"]
        answered = set()
        while len(answered) < len(faces):   # the tray hears every answer in the end
            answered.add(emu.answers.get(timeout=WAIT)[1])
        assert answered == set(range(len(faces)))
        with pytest.raises(queue.Empty):
            while True:
                assert not isinstance(events.get(timeout=0.3), TrayRoll | TrayRefused)


def write_all(fd: int, data: bytes, timeout: float = WAIT) -> None:
    """Write `data` to the pseudo-terminal, failing (not hanging) if the host stops reading."""
    deadline = time.monotonic() + timeout
    while data:
        left = deadline - time.monotonic()
        assert left > 0, "the host stopped reading the tray"
        _, ready, _ = select.select([], [fd], [], left)
        if ready:
            data = data[os.write(fd, data[:1024]):]


@pytest.mark.slow
def test_a_tray_that_never_reads_its_answers_does_not_stall_the_host(
        pty_tray: tuple[int, Path], events: queue.Queue[LinkEvent]) -> None:
    """Issue 15: the reader wrote each ACK itself with no write timeout, so a tray that stopped
    reading stalled it once the pseudo-terminal's buffer was full (1,216 of 1,886 rolls)."""
    master, link = pty_tray
    os.set_blocking(master, False)
    n = 12_000   # far more answers than a pseudo-terminal holds unread
    with TrayLink("t", str(link), events, heartbeat_timeout=60, retry=0.05):
        status = None
        while status is None:   # the host resets its input when it opens the port
            write_all(master, encode(Hello(2, "1.1.0", "tray-1", 20)))
            try:
                status = next_of(events, TrayStatus, timeout=0.2)
            except AssertionError:
                continue
        frames = b"".join(encode(Roll(i % 65536, "tray-1", 20, i % 20 + 1)) for i in range(n))
        got = 0
        for i in range(0, len(frames), 4096):
            write_all(master, frames[i:i + 4096])
            while True:
                try:
                    got += isinstance(events.get_nowait(), TrayRoll)
                except queue.Empty:
                    break
        while got < n:
            got += isinstance(next_of(events, TrayRoll | TrayNotice), TrayRoll)  # type: ignore[arg-type]
        assert got == n


@pytest.mark.slow
def test_a_call_lights_the_emulated_tray_until_it_is_rolled(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    dev = tmp_path / "tray"
    said: queue.Queue[str] = queue.Queue()
    with TrayEmulator(link_path=dev, seed=1, on_host=said.put) as emu, \
            TrayLink("t", str(dev), events) as link:
        connected(events)
        assert link.call(20)
        assert emu.calls.get(timeout=WAIT) == 20 and emu.tray.calling == 20
        assert said.get(timeout=WAIT) == "roll the tray now (d20)"
        emu.roll(4)
        assert rolls_in(events, 1)[0].value == 4
        assert emu.acks.get(timeout=WAIT) == 0 and emu.tray.calling == 0
        # the host's ACK is shown as it comes, as --help promises ("<- ACK 0")
        heard = []
        while "ACK 0" not in heard:
            heard.append(said.get(timeout=WAIT))


# --- the tray's MicroPython protocol code against the host's answers ---------------------


@pytest.mark.slow
@settings(max_examples=200)
@given(st.lists(st.tuples(st.integers(0, 25), st.booleans()), min_size=1, max_size=12),
       st.integers(0, 0xFFFF))
def test_the_host_answers_every_roll_the_tray_sends(rolls: list[tuple[int, bool]],
                                                    first: int) -> None:
    """Faces 0-25 (some a d20 cannot show), each sent at once or after a pause: the host answers
    every one, ACK or REFUSE, and the tray then holds none."""
    t = tray.Tray("t", 20, first)
    p = Parser(frozenset({20}))
    t.start(0)
    now = 0
    for face, later in rolls:
        now += 1000 if later else 1
        wire = t.roll(face, now)
        for item in p.feed(wire):
            if isinstance(item, Roll):
                t.receive(encode(Ack(item.seq)))
            else:
                assert isinstance(item, RefusedRoll) and not 1 <= face <= 20
                t.receive(encode(Refuse(item.seq, item.code)))
                assert t.refused is not None and t.refused[1] == face
    assert t.pending == []
    assert t.tick(now + tray.RESEND_MS) in (b"", tray.heartbeat_frame("t", now // 1000)) or \
        b"ROLL" not in t.tick(now + tray.RESEND_MS)


@pytest.mark.slow
@given(st.integers(0, 0xFFFF), st.sampled_from(sorted(tray.REFUSALS)), st.integers(0, 1000))
def test_host_answers_and_calls_parse_on_the_tray(seq: int, reason: str, sides: int) -> None:
    assert tray.parse_host(encode(Refuse(seq, reason))) == ("REFUSE", seq, reason)
    assert tray.parse_host(encode(Call(sides))) == ("CALL", sides, "")
    assert tray.parse_host(encode(Ack(seq))) == ("ACK", seq, "")
    cut = encode(Ack(seq))[:6] + encode(Refuse(seq, reason))   # a line cut short by another
    assert tray.parse_host(cut) == ("REFUSE", seq, reason)


@pytest.mark.slow
@given(st.binary(max_size=300))
def test_the_tray_takes_only_good_answers_and_calls(data: bytes) -> None:
    t = tray.Tray("t")
    t.roll(4, 0)
    said = t.receive(data)
    host = Parser().feed(data + b"\n")
    frames = [x for x in host if isinstance(x, Ack | Refuse | Call)]
    for got in said:   # the tray is stricter than the host: only what the host would take
        assert got[0] in ("ACK", "REFUSE", "CALL")
        if got[0] == "CALL":
            assert Call(got[1]) in frames
        else:
            assert got[1] == 0 and any(getattr(f, "seq", None) == 0 for f in frames)
    assert len(t._inbox) <= tray.MAX_LINE


@pytest.mark.slow
def test_a_tray_never_heard_is_starting_then_lost(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    """Not heard yet is not lost (no alert at the start); silent past the heartbeat timeout
    since the start, it is lost, with the reason."""
    t0 = time.monotonic()
    with TrayLink("t", str(tmp_path / "absent"), events, heartbeat_timeout=0.3,
                  retry=0.05) as link:
        assert not link.connected
        first = events.get(timeout=WAIT)
        assert isinstance(first, TrayNotice) and "cannot open" in first.text
        lost = next_of(events, TrayStatus)
        assert isinstance(lost, TrayStatus) and not lost.connected
        assert "cannot open" in lost.reason and time.monotonic() - t0 >= 0.3
