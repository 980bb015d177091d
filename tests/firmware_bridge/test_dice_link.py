"""The serial link through pyserial's own doubles: `loop://`, `socket://` to the emulator, and
pseudo-terminals (the emulator's, and a bare one the test writes to). No sleeping: every wait
is a queue read with a timeout."""

from __future__ import annotations

import itertools
import os
import queue
import select
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial

from firmware_bridge.emulator import Faults, TrayEmulator
from firmware_bridge.link import (
    LinkEvent,
    TrayLink,
    TrayNotice,
    TrayRefused,
    TrayRoll,
    TrayStatus,
)
from firmware_bridge.protocol import Heartbeat, Hello, Parser, Refuse, Roll, encode

WAIT = 5.0  # the longest any test waits for one event (a failure, not a pause)


def next_of(events: queue.Queue[LinkEvent], kind: type, match: Callable[[LinkEvent], bool]
            = lambda e: True, timeout: float = WAIT) -> LinkEvent:
    """The next event of `kind` that matches, skipping others; fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {kind.__name__} within {timeout} s")
        try:
            e = events.get(timeout=left)
        except queue.Empty:
            continue
        if isinstance(e, kind) and match(e):
            return e


def rolls_in(events: queue.Queue[LinkEvent], n: int) -> list[Roll]:
    return [r.roll for r in (next_of(events, TrayRoll) for _ in range(n))
            if isinstance(r, TrayRoll)]


@pytest.fixture
def events() -> queue.Queue[LinkEvent]:
    return queue.Queue()


def test_loop_rolls_duplicates_and_noise(events: queue.Queue[LinkEvent]) -> None:
    ports: queue.Queue[serial.Serial] = queue.Queue()

    def open_loop(url: str, baud: int) -> serial.Serial:
        port = serial.serial_for_url(url, baudrate=baud, timeout=1)
        ports.put(port)
        return port

    with TrayLink("t", "loop://", events, open_port=open_loop):
        port = ports.get(timeout=WAIT)
        r = Roll(4, "tray-1", 20, 19)
        port.write(b"\x00garbage$ROLL,4*1234\n" + encode(r) + encode(r))
        notice = next_of(events, TrayNotice, lambda e: "checksum" in str(e))
        assert isinstance(notice, TrayNotice)  # the garbage is shown, before the roll after it
        got = next_of(events, TrayRoll)
        assert isinstance(got, TrayRoll) and got.roll == r and got.link == "t"
        # loop:// echoes our ACK back: the link shows it and carries on
        next_of(events, TrayNotice, lambda e: "only the host sends" in str(e))
        port.write(encode(Roll(5, "tray-1", 20, 2)))
        got = next_of(events, TrayRoll)
        assert isinstance(got, TrayRoll) and got.roll.seq == 5  # seq 4's copy was dropped


@pytest.mark.slow
def test_emulator_over_a_pty_acks_and_survives_unplugging(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    dev = tmp_path / "starbridge-dice"
    with TrayEmulator(link_path=dev, seed=1) as tray, \
            TrayLink("t", str(dev), events, expect_tray="tray-1", heartbeat_timeout=3):
        next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and e.connected)
        tray.roll(17)
        assert rolls_in(events, 1) == [Roll(0, "tray-1", 20, 17)]
        assert tray.acks.get(timeout=WAIT) == 0  # the ACK reached the tray

        tray.unplug()
        lost = next_of(events, TrayStatus)
        assert isinstance(lost, TrayStatus) and not lost.connected
        tray.roll(3)  # rolled while unplugged: kept and resent by the tray
        t0 = time.monotonic()
        tray.plug_in()
        back = next_of(events, TrayStatus)
        assert isinstance(back, TrayStatus) and back.connected
        assert time.monotonic() - t0 < 2.0
        assert rolls_in(events, 1) == [Roll(1, "tray-1", 20, 3)]
        assert tray.acks.get(timeout=WAIT) == 1

        tray.unplug()
        next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and not e.connected)
        tray.plug_in(restart=True)  # a USB-powered tray restarts, counting from a new number
        tray.roll(8)  # probably before the host has the port open again: its HELLO is lost
        (r,) = rolls_in(events, 1)
        assert r.value == 8 and r.seq == tray.tray.next_seq - 1


@pytest.mark.slow
def test_faults_on_the_line_still_give_each_roll_once(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    faults = Faults(noise=0.3, drop=0.3, duplicate=0.3, bad_checksum=0.2)
    dev = tmp_path / "dice"
    with TrayEmulator(link_path=dev, seed=7, faults=faults, resend_ms=100) as tray, \
            TrayLink("t", str(dev), events):
        next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and e.connected)
        values = [(i * 7) % 20 + 1 for i in range(15)]
        got: list[Roll] = []
        for v in values:  # a player rolls again once the last roll was taken
            tray.roll(v)
            got += rolls_in(events, 1)
        assert [r.value for r in got] == values
        assert [r.seq for r in got] == list(range(len(values)))
        with pytest.raises(queue.Empty):  # and nothing more: no roll twice
            while True:
                e = events.get(timeout=0.3)  # past resend periods: a late copy would show
                assert not isinstance(e, TrayRoll)


@pytest.mark.slow
def test_socket_url_to_the_emulator(events: queue.Queue[LinkEvent]) -> None:
    with TrayEmulator(tcp_port=0, tray_id="helm-tray", seed=2) as tray, \
            TrayLink("t", tray.url, events, retry=0.1):
        next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and e.connected)
        tray.roll(20)
        assert rolls_in(events, 1) == [Roll(0, "helm-tray", 20, 20)]
        tray.unplug()
        next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and not e.connected)
        tray.plug_in()
        tray.roll(1)
        assert rolls_in(events, 1) == [Roll(1, "helm-tray", 20, 1)]


def read_answers(master: int, lines: int, timeout: float = WAIT) -> bytes:
    """At least `lines` lines the host wrote to the pseudo-terminal (waits with select)."""
    got = b""
    deadline = time.monotonic() + timeout
    while got.count(b"\n") < lines:
        left = deadline - time.monotonic()
        assert left > 0, f"the host wrote {got!r}, not {lines} line(s)"
        ready, _, _ = select.select([master], [], [], left)
        if ready:
            got += os.read(master, 4096)
    return got


@pytest.fixture
def bare_pty(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    master, slave = os.openpty()
    tty.setraw(slave)
    link = tmp_path / "tray"
    link.symlink_to(os.ttyname(slave))
    yield master, link
    os.close(master)
    os.close(slave)


@pytest.mark.slow
def test_a_silent_tray_is_reported_lost_and_found_again(
        bare_pty: tuple[int, Path], events: queue.Queue[LinkEvent]) -> None:
    master, link = bare_pty
    with TrayLink("t", str(link), events, heartbeat_timeout=0.3, retry=0.05) as tl:
        # the host resets its input when it opens the port: say HELLO until it is heard
        status: LinkEvent | None = None
        while status is None:
            os.write(master, encode(Hello(1, "1.0.0", "tray-1")))
            try:
                status = next_of(events, TrayStatus, timeout=0.2)
            except AssertionError:
                continue
        assert isinstance(status, TrayStatus) and status.connected and tl.connected
        lost = next_of(events, TrayStatus)  # then nothing: no heartbeat
        assert isinstance(lost, TrayStatus) and not lost.connected
        assert "no heartbeat" in lost.reason and not tl.connected
        os.write(master, encode(Heartbeat("tray-1", 1)))
        back = next_of(events, TrayStatus)
        assert isinstance(back, TrayStatus) and back.connected


@pytest.mark.slow
def test_a_wrong_tray_is_refused_named_once_and_not_taken(
        bare_pty: tuple[int, Path], events: queue.Queue[LinkEvent]) -> None:
    master, link = bare_pty
    with TrayLink("t", str(link), events, expect_tray="tray-1", retry=0.05):
        refused = None
        while refused is None:
            os.write(master, encode(Roll(9, "tray-9", 20, 5)))
            try:
                refused = next_of(events, TrayRefused, timeout=0.2)
            except AssertionError:
                continue
        assert isinstance(refused, TrayRefused) and refused.roll == "tray-9#9"
        assert Refuse(9, "TRAY") in Parser().feed(read_answers(master, 1))  # answered: no resend
        os.write(master, encode(Roll(10, "tray-9", 20, 6)))
        assert Refuse(10, "TRAY") in Parser().feed(read_answers(master, 1))
        named = 0
        with pytest.raises(queue.Empty):
            while True:
                e = events.get(timeout=0.3)
                assert not isinstance(e, TrayRoll)
                named += isinstance(e, TrayNotice) and "calls itself 'tray-9'" in e.text
        assert named <= 1   # the tray is named once, not at every roll


@pytest.mark.slow
def test_a_port_that_cannot_open_is_reported_once_and_retried(
        tmp_path: Path, events: queue.Queue[LinkEvent]) -> None:
    dev = tmp_path / "later"
    with TrayLink("t", str(dev), events, retry=0.05):
        notice = next_of(events, TrayNotice)
        assert isinstance(notice, TrayNotice) and "cannot open" in notice.text
        with TrayEmulator(link_path=dev, seed=3) as tray:  # the tray is plugged in later
            next_of(events, TrayStatus, lambda e: isinstance(e, TrayStatus) and e.connected)
            tray.roll(11)
            assert rolls_in(events, 1)[0].value == 11


def test_a_crashing_reader_is_reported_and_replaced(events: queue.Queue[LinkEvent]) -> None:
    opened: queue.Queue[serial.Serial] = queue.Queue()
    count = itertools.count()

    def open_bad_then_good(url: str, baud: int) -> serial.Serial:
        port = serial.serial_for_url(url, baudrate=baud, timeout=1)
        if next(count) == 0:  # only the first port breaks (not "while none is queued": the test
            #                   takes the first from the queue before the second is opened)
            port.write(encode(Heartbeat("t", 0)))
            real_read = port.read

            def broken(size: int = 1) -> bytes:
                if port.in_waiting:
                    return real_read(size)
                raise RuntimeError("driver bug")  # not a SerialException: ReaderThread lets it out

            port.read = broken  # type: ignore[method-assign]
        opened.put(port)
        return port

    with TrayLink("t", "loop://", events, retry=0.05, open_port=open_bad_then_good):
        up = next_of(events, TrayStatus)
        assert isinstance(up, TrayStatus) and up.connected
        down = next_of(events, TrayStatus)
        assert isinstance(down, TrayStatus) and "RuntimeError: driver bug" in down.reason
        opened.get(timeout=WAIT)
        second = opened.get(timeout=WAIT)  # opened again after the crash
        second.write(encode(Roll(1, "t", 20, 6)))
        assert rolls_in(events, 1) == [Roll(1, "t", 20, 6)]
