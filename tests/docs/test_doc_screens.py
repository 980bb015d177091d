"""The screenshots in docs/screens/ are what the program draws: each is rendered anew, headless,
and compared pixel for pixel with the file (`starbridge screenshot --docs --check`)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.cli import main
from companion.headless.doc_screens import DOC_SCREENS, stale

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield


@pytest.mark.slow
def test_every_documentation_screenshot_matches_what_the_program_draws() -> None:
    found = stale(SCREENS)
    assert not found, ("out of date (render them anew with `starbridge screenshot --docs "
                       "docs/screens`):\n" + "\n".join(found))


def test_every_png_in_docs_screens_is_rendered_by_the_command() -> None:
    on_disk = {p.name for p in SCREENS.glob("*.png")}
    assert on_disk == {d.file for d in DOC_SCREENS}


def test_every_screenshot_the_documents_show_is_in_docs_screens() -> None:
    shown: set[str] = set()
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        shown |= set(re.findall(r"screens/([\w.-]+\.png)", doc.read_text(encoding="utf-8")))
    assert shown, "the documents show screenshots"
    assert shown <= {d.file for d in DOC_SCREENS}


@pytest.mark.slow
def test_the_check_finds_a_changed_a_missing_and_a_resized_file(tmp_path: Path) -> None:
    docs = [d for d in DOC_SCREENS if d.file in ("captain-800x480.png", "helm-800x480.png",
                                                 "engineering-800x480.png")]
    for d in docs:
        shutil.copy(SCREENS / d.file, tmp_path / d.file)
    changed = pygame.image.load(str(tmp_path / "captain-800x480.png"))
    changed.set_at((400, 240), (255, 0, 255))
    pygame.image.save(changed, str(tmp_path / "captain-800x480.png"))
    (tmp_path / "helm-800x480.png").unlink()
    pygame.image.save(pygame.Surface((10, 10)), str(tmp_path / "engineering-800x480.png"))
    found = stale(tmp_path, docs)
    assert len(found) == 3
    assert any("captain" in f and "differs" in f for f in found)
    assert any("helm" in f and "missing" in f for f in found)
    assert any("engineering" in f and "10x10" in f for f in found)


@pytest.mark.slow
def test_screenshot_docs_renders_and_checks_a_folder(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--docs", str(tmp_path)]) == 0
    assert {p.name for p in tmp_path.glob("*.png")} == {d.file for d in DOC_SCREENS}
    assert main(["screenshot", "--docs", str(tmp_path), "--check"]) == 0
    (tmp_path / "why-800x480.png").unlink()
    capsys.readouterr()
    assert main(["screenshot", "--docs", str(tmp_path), "--check"]) == 1
    out, err = capsys.readouterr()
    assert "why-800x480.png: missing" in out
    assert "screenshot --docs" in err


def test_check_without_docs_is_refused_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--check"]) == 2
    assert "--check goes with --docs" in capsys.readouterr().err
