"""The dice protocol: framing, checksums, the parser on hostile bytes, duplicates; and the tray's
MicroPython protocol code run under CPython against the host's parser."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.firmware import dice_proto as tray
from firmware_bridge.protocol import (
    DIE,
    FACE,
    MAX_LINE,
    REFUSALS,
    Ack,
    Call,
    Duplicates,
    Frame,
    Heartbeat,
    Hello,
    Parser,
    Refuse,
    RefusedRoll,
    Rejected,
    Roll,
    crc16,
    encode,
    frame_bytes,
)

tray_ids = st.from_regex(r"[A-Za-z0-9_-]{1,16}", fullmatch=True)
rolls = st.builds(Roll, st.integers(0, 0xFFFF), tray_ids, st.just(20), st.integers(1, 20))
frames = st.one_of(
    rolls,
    st.builds(Hello, st.integers(0, 999), st.from_regex(r"[0-9a-z.]{1,16}", fullmatch=True),
              tray_ids, st.one_of(st.none(), st.integers(1, 1000))),
    st.builds(Heartbeat, tray_ids, st.integers(0, 10**10 - 1)),
    st.builds(Ack, st.integers(0, 0xFFFF)),
    st.builds(Refuse, st.integers(0, 0xFFFF), st.sampled_from(sorted(REFUSALS))),
    st.builds(Call, st.integers(0, 1000)),
)


def test_crc_is_ccitt_false() -> None:
    # The standard check value of CRC-16/CCITT-FALSE over "123456789".
    assert crc16(b"123456789") == 0x29B1
    assert tray.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=200))
def test_tray_and_host_crc_agree(data: bytes) -> None:
    assert tray.crc16(data) == crc16(data)


def test_a_line_anyone_can_type() -> None:
    line = b"$ROLL,1,tray-1,20,17*" + b"%04X" % crc16(b"ROLL,1,tray-1,20,17") + b"\r\n"
    assert Parser().feed(line) == [Roll(1, "tray-1", 20, 17)]
    assert Parser().feed(line.lower().replace(b"roll,1,tray-1", b"ROLL,1,tray-1")) == \
        [Roll(1, "tray-1", 20, 17)]  # lower-case hex digits are fine too
    assert Parser().feed(line.replace(b"\r\n", b"\n")) == [Roll(1, "tray-1", 20, 17)]


@pytest.mark.slow
@given(frames)
def test_every_frame_round_trips(frame: Frame) -> None:
    wire = encode(frame)
    assert len(wire) <= MAX_LINE
    assert Parser().feed(wire) == [frame]


@pytest.mark.slow
@given(frames, st.integers(1, 10))
def test_frames_split_anywhere_still_parse(frame: Frame, cut: int) -> None:
    wire = encode(frame)
    p = Parser()
    got = [x for i in range(0, len(wire), cut) for x in p.feed(wire[i:i + cut])]
    assert got == [frame]


@pytest.mark.slow
@given(st.integers(0, 0xFFFF), st.integers(0, 1000), st.integers(0, 1000))
def test_impossible_rolls_are_refused_by_sequence_number(seq: int, sides: int, value: int) -> None:
    """Every well-framed roll is answered: taken, or refused with its sequence number (so the
    host can say REFUSE and the tray stops resending) and why."""
    got = Parser(frozenset({20})).feed(frame_bytes(f"ROLL,{seq},t,{sides},{value}"))
    if sides == 20 and 1 <= value <= 20:
        assert got == [Roll(seq, "t", 20, value)]
    else:
        assert len(got) == 1 and isinstance(got[0], RefusedRoll)
        assert got[0].seq == seq and got[0].code == (FACE if sides == 20 else DIE)


def test_rejections_and_refusals_say_why() -> None:
    p = Parser(frozenset({20}))
    refusals = {
        "ROLL,1,t,20,21": (FACE, "a d20 cannot show 21"),
        "ROLL,1,t,20,0": (FACE, "a d20 cannot show 0"),
        "ROLL,1,t,6,3": (DIE, "a d6 is not a die this tray has (d20)"),
        "ROLL,1,t,20,+5": (FACE, "the face is not a whole number"),
        "ROLL,1,t,20,1_0": (FACE, "the face is not a whole number"),
        "ROLL,1,t,x,1": (DIE, "the die's sides are not a number (d20 wanted)"),
    }
    for body, (code, reason) in refusals.items():
        (got,) = p.feed(frame_bytes(body))
        assert isinstance(got, RefusedRoll), body
        assert (got.seq, got.tray, got.code, got.reason) == (1, "t", code, reason), body
    cases = {
        "ROLL,70000,t,20,1": "ROLL needs whole numbers for seq, sides and value",
        "ROLL,1,t t,20,1": "bad tray id",
        "ROLL,1,t,20": "ROLL takes seq, tray, sides, value",
        "HB,t": "HB takes tray, uptime in seconds",
        "HELLO,1,x": "HELLO takes protocol version, firmware version, tray id[, die's sides]",
        "HELLO,2,1.1.0,t,0": "HELLO takes protocol version, firmware version, tray id[, die's "
                             "sides]",
        "REFUSE,1,WHY": "REFUSE takes a sequence number and one of FACE, DIE, TRAY",
        "CALL,-1": "CALL takes the die's sides (0: no roll wanted now)",
        "ACK,-1": "ACK takes a sequence number 0-65535",
        "FIRE,1": "unknown frame type",
    }
    for body, reason in cases.items():
        (got,) = p.feed(frame_bytes(body))
        assert isinstance(got, Rejected) and got.reason == reason, body
    (bad,) = p.feed(b"$ROLL,1,t,20,5*0000\r\n")
    assert isinstance(bad, Rejected) and bad.reason == "checksum does not match"
    assert "checksum" in str(bad)


def test_unicode_digits_and_high_bytes_are_not_numbers() -> None:
    for body in ("ROLL,1,t,20,\u0661", "ROLL,1,t,20,\u00b2", "ROLL,\u0661,t,20,1"):
        raw = body.encode("utf-8")
        (got,) = Parser().feed(b"$%s*%04X\n" % (raw, crc16(raw)))
        assert isinstance(got, Rejected | RefusedRoll)


def test_line_length_is_capped_and_parsing_resumes() -> None:
    p = Parser()
    good = encode(Roll(7, "t", 20, 3))
    got = p.feed(b"$" + b"A" * 500 + good)
    assert got[-1] == Roll(7, "t", 20, 3)
    assert all(isinstance(x, Rejected) for x in got[:-1])
    assert len(p._buf) == 0
    # A long line with no `$` after it never grows the buffer past one line.
    p.feed(b"$" + b"B" * 10_000)
    assert len(p._buf) < MAX_LINE


def test_a_frame_cut_short_by_another_resynchronises() -> None:
    good = encode(Roll(1, "t", 20, 9))
    got = Parser().feed(good[:10] + good)
    assert got == [Rejected("cut short by a new frame", good[:10]), Roll(1, "t", 20, 9)]


@pytest.mark.slow
@settings(max_examples=300)
@given(st.lists(st.one_of(st.binary(max_size=120), frames), max_size=30),
       st.integers(1, 64))
def test_any_bytes_give_exactly_the_frames_mixed_in(
        parts: list[bytes | Frame], chunk: int) -> None:
    """Noise never raises, never becomes a frame, and never hides a whole frame that follows it."""
    wire = b"".join(p if isinstance(p, bytes) else encode(p) for p in parts)
    p = Parser()
    got = [x for i in range(0, len(wire), chunk) for x in p.feed(wire[i:i + chunk])]
    got += p.feed(b"\n")  # end any noise left open
    expected = [x for x in parts if not isinstance(x, bytes)]
    assert [x for x in got if not isinstance(x, Rejected)] == expected


@pytest.mark.slow
@given(st.binary(max_size=2000))
def test_the_parser_never_raises_and_stays_small(data: bytes) -> None:
    p = Parser()
    for x in p.feed(data):
        assert isinstance(x, Frame | RefusedRoll | Rejected)
    assert len(p._buf) < MAX_LINE


@pytest.mark.slow
def test_a_million_noisy_bytes_give_each_valid_roll_once() -> None:
    rng = random.Random(8)
    dup = Duplicates()
    p = Parser()
    sent: list[Roll] = []
    stream = bytearray()
    seq = 0
    while len(stream) < 1_000_000:
        stream += rng.randbytes(rng.randint(0, 400))
        if rng.random() < 0.5:
            r = Roll(seq, "tray-1", 20, rng.randint(1, 20))
            seq += 1
            sent.append(r)
            for _ in range(rng.randint(1, 3)):  # resent until acknowledged
                stream += encode(r)
                stream += rng.randbytes(rng.randint(0, 30))
    taken: list[Roll] = []
    pos = 0
    while pos < len(stream):
        n = rng.randint(1, 4096)
        for x in p.feed(bytes(stream[pos:pos + n])):
            if isinstance(x, Roll) and dup.is_new(x):
                taken.append(x)
        pos += n
    taken += [x for x in p.feed(b"\n") if isinstance(x, Roll) and dup.is_new(x)]
    assert taken == sent
    assert len(sent) > 1000 and p.noise_bytes > 500_000


def test_duplicates_by_sequence() -> None:
    d = Duplicates(window=4)
    r = Roll(5, "t", 20, 11)
    assert d.is_new(r) and not d.is_new(r)
    assert d.conflicts(Roll(5, "t", 20, 12)) and not d.conflicts(r)
    for s in range(6, 11):
        assert d.is_new(Roll(s, "t", 20, 1))
    assert d.is_new(r)  # out of the window: a wrapped sequence number is new again
    d.reset()
    assert d.is_new(Roll(6, "t", 20, 1))


# --- the tray's MicroPython protocol code, under CPython, against the host ---


def test_tray_frames_parse_on_the_host() -> None:
    t = tray.Tray("tray-1")
    p = Parser()
    assert p.feed(t.start(0)) == [Hello(2, tray.FIRMWARE_VERSION, "tray-1", 20)]
    assert p.feed(t.roll(17, 10)) == [Roll(0, "tray-1", 20, 17)]
    assert p.feed(t.roll(3, 20)) == [Roll(1, "tray-1", 20, 3)]


def test_tray_resends_until_acknowledged_then_beats() -> None:
    t = tray.Tray("tray-1")
    p = Parser()
    t.start(0)
    t.roll(12, 0)
    assert t.tick(tray.RESEND_MS - 1) == b""
    assert p.feed(t.tick(tray.RESEND_MS)) == [Roll(0, "tray-1", 20, 12)]
    t.receive(encode(Ack(0))[:5])  # an ACK in two pieces
    t.receive(encode(Ack(0))[5:])
    assert t.pending == []
    now = tray.RESEND_MS + tray.HEARTBEAT_MS
    assert p.feed(t.tick(now)) == [Heartbeat("tray-1", now // 1000)]
    assert t.tick(now + 1) == b""


@pytest.mark.slow
@given(st.binary(max_size=300))
def test_tray_ignores_anything_but_a_good_ack(data: bytes) -> None:
    t = tray.Tray("t")
    t.roll(4, 0)
    t.receive(data)
    assert len(t._inbox) <= tray.MAX_LINE
    acked = {x.seq for x in Parser().feed(data) if isinstance(x, Ack)}
    if not t.pending:  # the tray is stricter than the host: it only takes what the host would
        assert 0 in acked


@pytest.mark.slow
@given(st.integers(0, 0xFFFF))
def test_host_acks_parse_on_the_tray(seq: int) -> None:
    assert tray.parse_ack(encode(Ack(seq))) == seq
    assert tray.parse_ack(encode(Ack(seq)).replace(b"ACK", b"ACX")) == -1


def test_tray_keeps_a_bounded_backlog() -> None:
    t = tray.Tray("t")
    for i in range(tray.MAX_PENDING + 5):
        t.roll(1 + i % 20, 0)
    assert [p[0] for p in t.pending] == list(range(5, tray.MAX_PENDING + 5))


def test_fair_d20_gives_each_face_twelve_byte_values() -> None:
    counts = [0] * 21
    for b in range(256):
        counts[tray.fair_d20(bytes([b]))] += 1
    assert counts[0] == 16 and counts[1:] == [12] * 20
    assert tray.fair_d20(bytes([250, 255, 7])) == 8


FIRMWARE = Path(tray.__file__).parent


def test_the_tray_protocol_module_needs_nothing_micropython_lacks() -> None:
    tree = ast.parse((FIRMWARE / "dice_proto.py").read_text())
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert imports == []  # no typing, dataclasses, binascii, re: plain MicroPython


def test_the_pico_main_uses_only_what_dice_proto_has() -> None:
    tree = ast.parse((FIRMWARE / "main.py").read_text())
    used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "dice_proto"}
    assert used and all(hasattr(tray, name) for name in used)
    tray_methods = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                    and isinstance(n.value, ast.Name) and n.value.id == "tray"}
    assert {"start", "roll", "receive", "tick", "pending"} <= tray_methods
    assert all(hasattr(tray.Tray("t"), name) for name in tray_methods)


def test_the_lines_in_the_protocol_document_do_what_it_says() -> None:
    doc = Path(__file__).parents[2] / "docs" / "dice-protocol.md"
    checked = 0
    for text in doc.read_text(encoding="utf-8").splitlines():
        for m in re.finditer(r"\$[A-Z]+,[^*\s`]*\*[0-9A-F]{4}", text):
            (got,) = Parser().feed(m.group().encode() + b"\r\n")
            assert isinstance(got, Rejected) == ("rejected" in text), text
            assert isinstance(got, RefusedRoll) == ("refused" in text), text
            checked += 1
    assert checked >= 7
