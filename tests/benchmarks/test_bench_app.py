"""`starbridge bench app`: the app started as a process of its own reaches its first frame, plays,
saves what it played, ends with status 0 and reports its peak memory (one process: the floors
beside it in the benchmark are plain python and pygame processes)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks.app import launch, launch_app
from companion.saves.store import Store


@pytest.mark.slow
def test_the_app_process_reaches_its_first_frame_plays_and_reports_its_memory(
        tmp_path: Path) -> None:
    run = launch_app(tmp_path / "saves", turns=1, timeout=60)   # RuntimeError unless status 0
    assert 0 < run.first_frame_s < 60
    assert run.game_frame_s is not None and run.first_frame_s < run.game_frame_s < 60
    if sys.platform.startswith("linux"):
        assert run.peak_rss_kb is not None
        assert 10_000 < run.peak_rss_kb < 1_000_000   # more than a bare interpreter, under 1 GB
    report = run.report
    assert report["turns"] == 1 and report["actions"] > 0
    assert report["frames"] >= report["actions"]   # a frame for each action shown
    store, notes = Store.open_folder(tmp_path / "saves")
    try:
        assert notes == []
        [game] = store.games()
        assert game.actions == report["actions"]   # every action it played was saved
    finally:
        store.close()


@pytest.mark.slow
@pytest.mark.parametrize(("code", "words"), [
    ("import sys; sys.stderr.write('no screen here'); sys.exit(3)", ["status 3", "no screen here"]),
    ("print('hello')", ["ended before its first frame"]),
    ("print('first-frame', flush=True); print('not a report')", ["did not report its memory"]),
    ("import threading; threading.Event().wait()", ["ended with status"]),  # hung: killed
])
def test_a_process_that_fails_hangs_or_says_nothing_useful_is_an_error_that_says_so(
        code: str, words: list[str]) -> None:
    with pytest.raises(RuntimeError) as failed:
        launch([sys.executable, "-c", code], timeout=2)
    for word in words:
        assert word in str(failed.value)
