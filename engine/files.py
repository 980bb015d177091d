"""Reading a file that came from outside: regular files only, and never more than a cap.

    data = read_regular(path, cap=1 << 20)      # bytes, or FileRefused saying why
    with open_regular(path) as fh: ...          # a binary file object, for reading by lines
    refuse_irregular(path)                      # FileRefused if something not a file is there

A configuration, a pin map, a data file, a game log or the save file may be anything a user
named: a FIFO (opening it for reading waits for a writer that never comes), a device such as
/dev/zero or /dev/urandom (endless), a folder. The file is opened without blocking, its kind is
checked on the open descriptor (so it cannot change between the check and the read), and at
most `cap + 1` bytes are read whatever the file says its size is.

Every part of the program that reads such a file goes through here (the engine's data pack, the
pin maps of `hardware/`, the configuration and saves of `companion/`), so it lives in the engine,
which imports only the standard library and may be imported by all of them.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | \
    getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(Exception):
    """The file cannot be read as one: the message names it (`path`) and says why (`why`)."""

    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.why = str(path), why


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refused(path: Path | str, kind: str) -> FileRefused:
    return FileRefused(path, f"{kind}, not a file; give the path of a regular file")


def refuse_irregular(path: Path | str) -> None:
    """FileRefused if something other than a regular file (a FIFO, a device, a folder) is at
    `path` (symbolic links followed); a regular file, nothing there, or a path that cannot be
    looked at (opening it will say why) passes."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        raise _refused(path, _kind(mode))


def open_regular(path: Path | str) -> BinaryIO:
    """`path` opened for reading in binary, if it is a regular file; else FileRefused (an
    OSError on opening, e.g. no such file, is raised as FileRefused too, with its reason)."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise FileRefused(path, f"cannot be read: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _refused(path, _kind(mode))
        if _FLAGS & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)   # a regular file never blocks; reads are plain again
        return open(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path | str, cap: int) -> bytes:
    """The bytes of the regular file at `path`, at most `cap` of them; FileRefused when it is
    not a regular file, cannot be read, or holds more than `cap` bytes (only cap + 1 are ever
    read, whatever its size says)."""
    with open_regular(path) as fh:
        try:
            data = fh.read(cap + 1)
        except OSError as exc:
            raise FileRefused(path, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise FileRefused(path, f"larger than {cap} bytes; too large to be the file meant")
    return data
