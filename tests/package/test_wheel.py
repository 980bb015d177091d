"""The package as a user installs it: the sdist and the wheel are built from the checkout (the
wheel from the sdist, as `python -m build` does), every module and data file of every package
folder is in both, and the wheel installed into a fresh virtual environment outside the checkout
finds its rulesets through its own entry points and starts: --help, --version, the scenarios, a
Knight Hawks game and a headless screenshot. The benchmarks (benchmarks/) stay in the checkout:
neither archive holds them, and the installed `starbridge bench` says where they are.

The fresh environment gets nothing from the checkout: its own site-packages holds the wheel
alone; the dependencies (pygame-ce, aiohttp...) are read from the test environment's
site-packages as a plain folder on the path (no download, no build), where the checkout's own
editable install is a .pth hook that a plain folder does not run. Each command runs from a
temporary folder with no PYTHONPATH, and the test checks `companion` is imported from the fresh
environment."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("wheel")   # one sdist and wheel built for both tests
ROOT = Path(__file__).resolve().parents[2]
SKIPPED = ("__pycache__",)
CHECKOUT_ONLY = ("tests", "benchmarks")   # package folders that never ship


def package_files() -> set[str]:
    """Every file the package folders hold (relative to the checkout): each top-level folder
    with an __init__.py but the tests and the benchmarks, and under it every folder that is a
    package or lies inside one (data), but caches."""
    out = set()
    for top in sorted(ROOT.iterdir()):
        if not (top / "__init__.py").is_file() or top.name in CHECKOUT_ONLY:
            continue
        for path in top.rglob("*"):
            if path.is_file() and not any(part in SKIPPED for part in path.parts) \
                    and path.suffix not in (".pyc", ".pyo"):
                out.add(path.relative_to(ROOT).as_posix())
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(sdist, wheel), built offline with the environment's setuptools."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                           str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [sdist] = out.glob("starbridge-*.tar.gz")
    [wheel] = out.glob("starbridge-*.whl")
    yield sdist, wheel


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path],
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with the wheel installed: its bin folder."""
    where = tmp_path_factory.mktemp("fresh")
    assert not where.resolve().is_relative_to(ROOT)
    env_dir = where / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--no-deps", "--no-index", "--disable-pip-version-check", "--quiet",
                           str(built[1])], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; "
                                   "print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    (purelib / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    yield env_dir / "bin"


def run(bin_dir: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    (cwd / "data").mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               STARBRIDGE_DATA=str(cwd / "data"), STARBRIDGE_CONFIG=str(cwd / "none.toml"),
               PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_wheel_and_the_sdist_hold_every_module_and_data_file(built: tuple[Path, Path]) -> None:
    sdist, wheel = built
    wanted = package_files()
    assert "engine/rulesets/knighthawks/data/tables/combat.csv" in wanted   # the walk finds data
    with zipfile.ZipFile(wheel) as whl:
        in_wheel = {n for n in whl.namelist() if ".dist-info/" not in n}
    assert sorted(wanted - in_wheel) == []
    assert sorted(in_wheel - wanted) == []
    assert "benchmarks/suite.py" not in wanted and (ROOT / "benchmarks" / "suite.py").is_file()
    assert not [n for n in in_wheel if n.startswith(CHECKOUT_ONLY)]   # no benchmark ships
    with tarfile.open(sdist) as tar:
        top = f"{sdist.name.removesuffix('.tar.gz')}/"
        in_sdist = {m.name.removeprefix(top) for m in tar.getmembers() if m.isfile()}
    assert sorted(wanted - in_sdist) == []
    assert {"pyproject.toml", "README.md", "CHANGELOG.md"} <= in_sdist
    assert not [n for n in in_sdist if n.startswith("benchmarks/")]


def test_the_installed_command_starts_outside_the_checkout(installed: Path,
                                                            tmp_path: Path) -> None:
    where = run(installed, str(installed / "python"), "-c",
                "import companion, engine.rulesets.knighthawks as kh; "
                "print(companion.__file__); print(kh.__file__)", cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert Path(line).resolve().is_relative_to(installed.parent.resolve()), line
    found = run(installed, str(installed / "python"), "-c",
                "from engine import rulesets\n"
                "print(' '.join(rulesets.packaged())); print(len(rulesets.refusals()))\n"
                "for name in rulesets.packaged():\n"
                "    print(rulesets.offered()[name].dist.locate_file(''))\n"
                "    print(__import__('sys').modules[type(rulesets.get(name)).__module__].__file__)",
                cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    names, refused, *places = found.stdout.splitlines()
    assert set(names.split()) >= {"fasa", "knighthawks", "halfimpulse"}, names
    assert refused == "0", found.stderr
    assert len(places) == 2 * len(names.split())
    for place in places:   # the wheel's own metadata, and the rulesets' modules beside it
        assert Path(place).resolve().is_relative_to(installed.parent.resolve()), place
    starbridge = str(installed / "starbridge")
    helped = run(installed, starbridge, "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "simulate" in helped.stdout, helped.stderr
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    said = run(installed, starbridge, "--version", cwd=tmp_path)
    assert said.stdout.strip() == f"starbridge {version}", said.stderr
    listed = run(installed, starbridge, "scenarios", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "duel" in listed.stdout and "patrol" in listed.stdout
    played = run(installed, starbridge, "simulate", "--ruleset", "knighthawks", "--seed", "1",
                 cwd=tmp_path)
    assert played.returncode == 0, played.stderr[-2000:]
    assert "seed 1" in played.stdout and "Traceback" not in played.stderr
    shot = run(installed, starbridge, "screenshot", "--screen", "helm", "--out", "helm.png",
               cwd=tmp_path)
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert (tmp_path / "helm.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    example = run(installed, starbridge, "lights", "example", "basic", cwd=tmp_path)
    assert example.returncode == 0, example.stderr[-2000:]
    (tmp_path / "room.toml").write_text(example.stdout)
    for action in (["check"], ["test", "--png", "walk.png"]):
        lit = run(installed, starbridge, "lights", action[0], "room.toml", *action[1:],
                  cwd=tmp_path)
        assert lit.returncode == 0 and "Traceback" not in lit.stderr, lit.stderr[-2000:]
    assert (tmp_path / "walk.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    panels = run(installed, starbridge, "lights", "check", cwd=tmp_path)   # the packaged panels'
    assert panels.returncode == 0 and "good:" in panels.stdout, panels.stderr[-2000:]
    for what in ([], ["engine"]):   # the benchmarks are in the checkout: said in one line
        benched = run(installed, starbridge, "bench", *what, cwd=tmp_path)
        assert benched.returncode == 2 and benched.stdout == "", benched.stderr[-2000:]
        assert "source checkout (benchmarks/)" in benched.stderr
        assert benched.stderr.count("\n") == 1 and "Traceback" not in benched.stderr
    helped = run(installed, starbridge, "bench", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "engine" in helped.stdout, helped.stderr[-2000:]
