"""Fixtures for the hostile-input suites of every package: a FIFO where a file is expected, and
a call that must end in time and within a memory bound (a read that waits for a FIFO's writer
would hang the suite; one that reads /dev/zero to its end would take the machine's memory).

And the suite's two speeds: tests marked `slow` are left out of a developer's run (`./test`, or
pytest with no test named) and run when CI is set (`.ci/run`), when a `-m` expression is given
(`./test -m slow`: only them) or when tests are named (`./test tests/engine/fasa/` runs those
whole). Mark `slow` a test (or the cases of one) that takes more than about a fifth of a second
on a busy two-core machine: random games by the hundred, the secrets differentials, real
processes and browsers, fuzzers; keep a case or two of a large parametrised set in the
developer's run (`pytest.param(..., marks=pytest.mark.slow)` for the rest), so every kind of
test still runs there.

FASA's suites are in folders that mirror engine/rulesets/fasa/ (tests/engine/fasa/data/,
values/, firing/, ...), with the suites of a whole level (test_fasa_fidelity.py: the basic game,
test_fasa_advanced.py, test_fasa_expert.py) and the random playthroughs at its top. They, and the
consoles' and kernel's suites, share helpers by module name (`from test_fasa_advanced import act`,
`from test_secrets import game_states`, `from cc_crews import crew_ships`), so that folder and
each of its folders are put on the import path here, as pytest puts a test's own folder; a test
module's name is unique in all of them. Knight Hawks' suites are in folders that mirror
engine/rulesets/knighthawks/ the same way (tests/engine/knighthawks/seats/, moving/, ...), with
the seed's worked examples, the random playthroughs and the hostile input at its top, and are
put on the import path likewise (`from test_knighthawks_rules import duel`).

Under CI (and STARBRIDGE_LONG), and in a developer's run of the whole suite (`./test`, no
test named), the run is spread over the machine's cores (pytest-xdist, a worker a core,
`--dist loadgroup`) when it has more than one, unless `-n` is given (`./test -n 0` runs in one
process); a run of tests named stays in one. So every test is written to run beside any other, in
another process, in any order: it writes only under `tmp_path` (never in the checkout, in /tmp
by a fixed name or in the user's folders), listens on port 0, keeps no state another test
reads, and tests that must share one process (a fixture too dear to make twice, a check over
what earlier tests saw) name the same `pytest.mark.xdist_group`."""

from __future__ import annotations

import io
import os
import pickle
import resource
import select
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from _pytest.config import Config

SLOW = "slow"
EARLY = "early"
FASA_SUITES = Path(__file__).resolve().parent / "engine" / "fasa"
KNIGHTHAWKS_SUITES = Path(__file__).resolve().parent / "engine" / "knighthawks"

for _suites in (FASA_SUITES, KNIGHTHAWKS_SUITES):
    for _folder in (_suites, *sorted(p for p in _suites.iterdir()
                                     if p.is_dir() and p.name.isidentifier()
                                     and p.name != "__pycache__")):
        if str(_folder) not in sys.path:
            sys.path.insert(0, str(_folder))
CHECKOUT = Path(__file__).resolve().parents[1]

# The suite starts Python many times over (a worker a core, the command-line tests'
# subprocesses, the wheel check) and rewrites every test module's asserts: with bytecode writing
# off (PYTHONDONTWRITEBYTECODE, which some machine images set), each process compiles every
# module again, and a run of the whole suite collects in 20 s of CPU instead of 6 (measured
# 2026-11-28). So the run writes bytecode (to __pycache__, which git ignores), and so do the
# processes it starts.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    sys.dont_write_bytecode = False
if str(CHECKOUT) not in sys.path:   # benchmarks/ lives in the checkout only, not in the package
    sys.path.append(str(CHECKOUT))


def _everything(config: Config) -> bool:
    """Whether the run takes the slow tests too: under CI, with a marker expression, or with
    tests named on the command line."""
    return bool(os.environ.get("CI") or os.environ.get("STARBRIDGE_LONG")
                or config.getoption("markexpr")
                or config.args_source == Config.ArgsSource.ARGS)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: Config) -> None:
    """Under CI (or STARBRIDGE_LONG), and in a developer's run of the whole suite (no test
    named), on more than one core, the tests run in as many worker processes (unless `-n` says
    otherwise): tests marked with one `xdist_group` go to one worker, in their order. A run of
    the tests named stays in one process (a file or two: two workers would each collect them)."""
    whole = config.args_source != Config.ArgsSource.ARGS
    if (not (os.environ.get("CI") or os.environ.get("STARBRIDGE_LONG") or whole)
            or hasattr(config, "workerinput")
            or not config.pluginmanager.hasplugin("xdist")
            or config.getoption("numprocesses", None) is not None
            or config.getoption("collectonly") or _cores() < 2
            or config.getoption("usepdb") or config.getoption("trace")):   # a debugger: one process
        return
    config.option.numprocesses = _cores()
    if config.getoption("dist") == "no":
        config.option.dist = "loadgroup"


def pytest_collection_modifyitems(config: Config, items: list[pytest.Item]) -> None:
    # The tests marked `early` (a tool over the whole checkout: tens of seconds in one test) start
    # first, so that a run spread over the cores does not end with one worker waiting on one. In
    # a worker process (xdist) the tests of an `xdist_group` follow them (a group is meant to go
    # to one worker whole and in order, started where its first test falls in the collection:
    # the secrets differentials are minutes of one worker's time; `pytest_collection_finish`
    # below keeps a group whole under pytest 9), then the other `slow` tests, and the quick ones come
    # last: the longest first, so that the run ends on tests of a tenth of a second on both
    # cores, not on a fuzzer of half a minute on one while the other waits. Inside each kind the
    # order stays the collection's. A run in one process keeps the collection's order, so that a
    # module's fixtures are made once.
    worker = hasattr(config, "workerinput")
    items.sort(key=lambda item: (item.get_closest_marker(EARLY) is None,
                                 worker and item.get_closest_marker("xdist_group") is None,
                                 worker and item.get_closest_marker(SLOW) is None))
    if _everything(config):
        return
    slow = [item for item in items if item.get_closest_marker(SLOW)]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker(SLOW)]
        config.stash[_LEFT_OUT] = len(slow)
        output = getattr(config, "workeroutput", None)
        if output is not None:   # an xdist worker: the count goes back to the main process
            output[_LEFT_OUT_KEY] = len(slow)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """In a worker process (xdist), the tests of one `xdist_group` get the group's suffix on
    their ids ("...@group"), by which `--dist loadgroup` sends them to one worker, before the
    worker tells the controller its tests. xdist does it itself only when `--dist loadgroup` is
    on the command line (a worker reads its options from the arguments, not from
    `pytest_cmdline_main` above, which chooses the mode), and writes the id where pytest 8 kept
    it (`_nodeid`) where pytest 9 keeps it elsewhere (`_id`); either way the groups were spread
    over the workers like any test, and the secrets differential's coverage check saw some of
    its games (measured 2026-11-28: pytest 9.2, xdist 3.8)."""
    if not hasattr(session.config, "workerinput"):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:   # pytest 8 reads the id from `_nodeid`
        parse = None
    else:
        parse = NodeId.parse
    for item in session.items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if not names:
            continue
        suffix = "@" + "_".join(names)
        if item.nodeid.endswith(suffix):
            continue
        grouped = item.nodeid + suffix
        if parse is None:
            item._nodeid = grouped
        else:
            item._id = parse(grouped)


_LEFT_OUT = pytest.StashKey[int]()
_LEFT_OUT_KEY = "starbridge_slow_left_out"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """xdist: a worker has finished; every worker collected the same tests, so any one's count
    of the slow tests it left out is the run's."""
    left = getattr(node, "workeroutput", {}).get(_LEFT_OUT_KEY)
    if left:
        node.config.stash[_LEFT_OUT] = left


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Config) -> None:
    left = config.stash.get(_LEFT_OUT, 0)
    if left:
        terminalreporter.write_line(
            f"{left} slow tests left out: CI=1 ./test runs everything, ./test -m slow only them")


@pytest.fixture(scope="session", autouse=True)
def own_user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The user's data and configuration folders (XDG_DATA_HOME, XDG_CONFIG_HOME: the saves, the
    data pack's additions, starbridge.toml) are the test process's own, empty at its start: a
    test that does not name its own never reads or writes the real user's, nor one that a test
    in another worker process is writing."""
    home = tmp_path_factory.mktemp("user")
    saved = {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    os.environ["XDG_DATA_HOME"] = str(home / "data")
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


MEMORY = 1 << 30   # bytes a bounded call may take beyond what the test process has already


@pytest.fixture
def make_fifo() -> Iterator[Callable[[Path], Path]]:
    """make_fifo(path): a FIFO at `path`. Whoever is still waiting on one at the end of the
    test is let go (a writer opens it and closes it)."""
    made: list[Path] = []

    def make(path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    for path in made:
        for _ in range(3):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                break


@dataclass
class Outcome:
    """What a bounded call did: its value (when it can be carried back) or the exception it
    raised (its class names, message and `problems` if it has them), and what it printed."""

    value: Any = None
    error: str | None = None                       # the exception's class name
    kinds: list[str] = field(default_factory=list)  # every class name in its MRO
    message: str = ""
    problems: list[str] | None = None
    out: str = ""
    err: str = ""

    def raised(self, kind: type[BaseException]) -> bool:
        return kind.__name__ in self.kinds


def _child(fn: Callable[..., Any], args: tuple[Any, ...], pipe: int) -> None:
    """In the forked child: bound the memory, run, send the outcome, and leave at once."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
        limit = pages * os.sysconf("SC_PAGE_SIZE") + MEMORY
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (OSError, ValueError):
        pass   # no /proc: the time bound still holds
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    out = Outcome()
    try:
        out.value = fn(*args)
    except BaseException as exc:   # carried back to the test
        out.error, out.message = type(exc).__name__, str(exc)
        out.kinds = [k.__name__ for k in type(exc).__mro__]
        problems = getattr(exc, "problems", None)
        out.problems = list(problems) if isinstance(problems, list) else None
    out.out, out.err = sys.stdout.getvalue(), sys.stderr.getvalue()
    fields = dict(vars(out))   # plain data: this module's classes may not pickle by name
    try:
        data = pickle.dumps(fields)
    except Exception:   # a value that cannot be carried: its text
        fields["value"] = repr(out.value)
        data = pickle.dumps(fields)
    view = memoryview(data)
    while view:
        view = view[os.write(pipe, view):]


@pytest.fixture
def within() -> Callable[..., Outcome]:
    """within(seconds, fn, *args): fn run in a forked child process with at most MEMORY bytes
    more than the test has; the test fails if it has not ended by then (a hang), and the
    child is killed. Tests that use it run where fork is (POSIX)."""

    def run(seconds: float, fn: Callable[..., Any], *args: Any) -> Outcome:
        if not hasattr(os, "fork"):
            pytest.skip("needs fork (POSIX)")
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child
            os.close(read)
            try:
                _child(fn, args, write)
            finally:
                os._exit(0)
        os.close(write)
        chunks: list[bytes] = []
        deadline = time.monotonic() + seconds
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([read], [], [], left)[0]:
                    os.kill(pid, signal.SIGKILL)
                    pytest.fail(f"{getattr(fn, '__name__', fn)} did not end in {seconds} s")
                chunk = os.read(read, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            os.close(read)
            os.waitpid(pid, 0)
        assert chunks, f"{getattr(fn, '__name__', fn)} died (out of memory?) without an outcome"
        return Outcome(**pickle.loads(b"".join(chunks)))

    return run
