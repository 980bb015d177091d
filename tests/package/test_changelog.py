"""CHANGELOG.md says what each version brought: its newest heading is the package's version
(pyproject.toml's, which `starbridge --version` reads from the metadata), and the versions only go
up, one heading each."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## (\d+)\.(\d+)\.(\d+)(?::| |$)", re.M)


def versions() -> list[tuple[int, int, int]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [(int(a), int(b), int(c)) for a, b, c in HEADING.findall(text)]


def test_the_newest_heading_is_the_packages_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    found = versions()
    assert found, "CHANGELOG.md has no '## X.Y.Z: ...' heading"
    assert ".".join(map(str, found[0])) == version


def test_the_versions_only_go_up_one_heading_each() -> None:
    found = versions()
    assert found == sorted(set(found), reverse=True)
