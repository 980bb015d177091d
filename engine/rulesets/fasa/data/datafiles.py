"""Reading the data pack: packaged files, overridden by a user data folder.

A table that owns the books can put its own files in the user data folder without touching
code: `<user>/tables/<name>.csv` replaces a packaged table, `<user>/ships/<id>.toml` adds or
replaces a ship class, `<user>/scenarios/<id>.toml` adds or replaces a scenario.
"""

from __future__ import annotations

import csv
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.files import FileRefused, read_regular

PACKAGE_DATA = Path(__file__).parent   # this folder: tables/, ships/, scenarios/
MAX_FILE = 1 << 20  # bytes in one data file; the largest packaged file is under 10 000


def table_path(name: str, user_dir: Path | None) -> Path:
    """The file a table is read from: the user's copy if there is one, else the packaged one."""
    if user_dir is not None:
        mine = user_dir / "tables" / f"{name}.csv"
        if mine.exists():   # read as a table: anything but a regular file is refused there
            return mine
    return PACKAGE_DATA / "tables" / f"{name}.csv"


def toml_files(kind: str, user_dir: Path | None) -> dict[str, Path]:
    """id -> file for "ships" or "scenarios"; a user file replaces the packaged one of that id."""
    found = {p.stem: p for p in sorted((PACKAGE_DATA / kind).glob("*.toml"))}
    if user_dir is not None and (user_dir / kind).is_dir():
        found.update({p.stem: p for p in sorted((user_dir / kind).glob("*.toml"))})
    return found


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, refusing one larger than MAX_FILE without reading all of it, and
    anything that is not a regular file (a FIFO or /dev/zero given by mistake): engine.files."""
    try:
        return read_regular(path, MAX_FILE)
    except FileRefused as exc:
        raise DataError(str(exc).replace("too large to be the file meant", "not a data file")) \
            from None


def _text(path: Path) -> str:
    try:
        return _read_bytes(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not a UTF-8 text file (byte {exc.start + 1}); save it as "
                        f"UTF-8") from None


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML data file's contents, or DataError naming the file and what is wrong."""
    try:
        return tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{path}: not valid TOML: nested too deep") from None


@dataclass(frozen=True, slots=True)
class TableText:
    """A table's CSV text that is not in a file (e.g. carried in a game log's header)."""

    label: str
    text: str

    def __str__(self) -> str:
        return self.label


Source = Path | TableText


def source_text(path: Source) -> str:
    if isinstance(path, TableText):
        if len(path.text) > MAX_FILE:
            raise DataError(f"{path}: longer than {MAX_FILE} characters; not a table")
        return path.text
    return _text(path)


def read_csv(path: Source, columns: tuple[str, ...]) -> Iterator[tuple[str, dict[str, str]]]:
    """Rows of a CSV table with '#' comment lines, as ("file, line N", {column: text}).

    The header must hold exactly `columns` (in any order).
    """
    text = source_text(path)
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        raise DataError(f"{path}: the file is empty (expected a header: {','.join(columns)})")
    if len(numbered) < 2:
        raise DataError(f"{path}: the table has a header but no rows")
    for lineno, line in numbered:
        if len(line) > 10_000:
            raise DataError(f"{path}, line {lineno}: longer than 10000 characters")
        if "\0" in line or '"' in line:
            raise DataError(f"{path}, line {lineno}: tables hold no quotes or NUL characters")
    reader = csv.reader([line for _, line in numbered])
    header = [h.strip() for h in next(reader)]
    if sorted(header) != sorted(columns):
        raise DataError(
            f"{path}, line {numbered[0][0]}: header is {','.join(header)[:200]}; "
            f"expected {','.join(columns)}"
        )
    for (lineno, _), cells in zip(numbered[1:], reader, strict=True):
        where = f"{path}, line {lineno}"
        if len(cells) > len(header):
            raise DataError(f"{where}: {len(cells)} cells, the header has {len(header)}")
        cells = cells + [""] * (len(header) - len(cells))
        yield where, {h: c.strip() for h, c in zip(header, cells, strict=True)}


def whole(where: str, field: str, text: str, low: int | None = None,
          high: int | None = None) -> int:
    """Parse a whole number in a table cell, or raise DataError naming the place."""
    try:
        if len(text) > 9:
            raise ValueError(text)
        value = int(text)
    except ValueError:
        raise DataError(f"{where}: {field} must be a whole number, not {text[:20]!r}") from None
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
        raise DataError(f"{where}: {field} must be {span}, not {value}")
    return value
