"""The configuration file: the example is valid, every mistake names its key, fuzzed files and
values end in a ConfigError and nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.settings.config import EXAMPLE, Config, ConfigError, load_config, parse_config, seat_mode


def test_the_example_is_a_valid_configuration(tmp_path: Path) -> None:
    path = tmp_path / "starbridge.toml"
    path.write_text(EXAMPLE, encoding="utf-8")
    config = load_config(path)
    assert config.scenario == "duel" and config.default_seat == "autopilot"
    assert config.fullscreen is None and config.size == (800, 480)
    assert config.dice.fallback == "virtual" and not config.kiosk


def test_no_file_is_the_pc_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STARBRIDGE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    config = load_config()
    assert config == Config()
    assert seat_mode(config, "enterprise", "helm", "enterprise") == "panel"
    assert seat_mode(config, "kronos", "helm", "enterprise") == "autopilot"


def test_a_named_file_that_is_missing_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "nope.toml")


def test_seats_most_specific_entry_wins() -> None:
    config = parse_config({"seats": {"default": "autopilot", "enterprise": "touch",
                                     "enterprise/helm": "panel", "science": "panel"}}, "f")
    assert seat_mode(config, "enterprise", "helm", "x") == "panel"
    assert seat_mode(config, "enterprise", "captain", "x") == "touch"
    assert seat_mode(config, "kronos", "science", "x") == "panel"
    assert seat_mode(config, "kronos", "helm", "x") == "autopilot"


def test_dice_trays_are_read() -> None:
    config = parse_config({"dice": {"trays": [{"id": "tray-1", "url": "loop://",
                                               "seats": ["enterprise/helm"]}]}}, "f")
    assert config.dice.trays[0].serves("helm", "enterprise")
    assert config.dice.fallback == "virtual"


@pytest.mark.parametrize(("data", "key"), [
    ({"game": {"turns": -1}}, "game.turns"),
    ({"game": {"turns": 2.5}}, "game.turns"),
    ({"game": {"scenario": 3}}, "game.scenario"),
    ({"game": {"speed": 3}}, "game.speed"),
    ({"seats": {"enterprise/galley": "panel"}}, "seats.enterprise/galley"),
    ({"seats": {"enterprise": "robot"}}, "seats.enterprise"),
    ({"panels": {"factory": "magic"}}, "panels.factory"),
    ({"display": {"size": [10, 10]}}, "display.size"),
    ({"display": {"fullscreen": "yes"}}, "display.fullscreen"),
    ({"display": {"enabled": 1}}, "display.enabled"),
    ({"kiosk": {"idle_minutes": 0}}, "kiosk.idle_minutes"),
    ({"kiosk": {"exit_keys": []}}, "kiosk.exit_keys"),
    ({"dice": {"fallback": "telepathy"}}, "dice"),
    ({"dice": {"trays": [{"id": "bad id!", "url": "x"}]}}, "dice tray 1"),
    ({"kiosks": {}}, "kiosks"),
    ({"game": "duel"}, "game"),
])
def test_each_mistake_names_its_key(data: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(data, "my.toml")
    assert any(line.startswith(f"my.toml: {key}") for line in err.value.problems), \
        err.value.problems


def test_every_mistake_is_reported_at_once() -> None:
    with pytest.raises(ConfigError) as err:
        parse_config({"game": {"turns": "x", "seed": -4}, "display": {"fps": 0}}, "f")
    assert len(err.value.problems) == 3


def test_not_toml_and_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "c.toml"
    bad.write_text("[game\nscenario = ", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(bad)


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.text(max_size=8), children, max_size=4), max_leaves=12)
keys = st.sampled_from(["game", "seats", "panels", "dice", "display", "kiosk", "x"])
fields = st.sampled_from(["scenario", "turns", "seed", "default", "enterprise", "enterprise/helm",
                          "pins", "factory", "fallback", "trays", "enabled", "fullscreen",
                          "size", "seat", "fps", "idle_minutes", "attract_step_ms",
                          "exit_keys", "exit_buttons", "zzz"])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.dictionaries(keys, st.dictionaries(fields, toml_values, max_size=5) | toml_values,
                       max_size=5))
def test_fuzzed_configuration_is_taken_or_refused_by_key(data: dict[str, object]) -> None:
    try:
        config = parse_config(data, "f.toml")
    except ConfigError as exc:
        assert exc.problems and all(p.startswith("f.toml: ") for p in exc.problems)
    else:
        assert isinstance(config, Config)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_fuzzed_configuration_bytes(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "c.toml"
    path.write_bytes(EXAMPLE.encode()[: len(raw)] + raw)
    try:
        load_config(path)
    except ConfigError as exc:
        assert exc.problems[0].startswith(str(path))


# -- a file that is no file: a FIFO, an endless device --------------------------------------
@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "/dev/urandom", "folder"])
@pytest.mark.parametrize("how", ["argument", "environment"])
def test_a_configuration_that_is_no_regular_file_is_refused_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_fifo: Any, within: Any,
        what: str, how: str) -> None:
    path = tmp_path / "starbridge.toml"
    if what == "fifo":
        make_fifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.symlink_to(what)
    if how == "environment":
        monkeypatch.setenv("STARBRIDGE_CONFIG", str(path))
    outcome = within(10, load_config, path if how == "argument" else None)
    assert outcome.raised(ConfigError) and outcome.problems is not None, outcome
    assert len(outcome.problems) == 1
    assert str(path) in outcome.problems[0]
    assert "not a file" in outcome.problems[0]


# -- checked against what exists, with the file, line and key named --------------------------
WRONG = [
    ('[game]\nscenario = "nope"\n', 2, "game.scenario", "no scenario 'nope'"),
    ('[game]\nscenario = "../../etc/passwd"\n', 2, "game.scenario", "no scenario"),
    ('[game]\nscenario = ""\n', 2, "game.scenario", "no scenario ''"),
    ('[seats]\ndefault = "autopilot"\njanitor = "panel"\n', 3, "seats.janitor",
     "no ship or station 'janitor'"),
    ('[seats]\n"excelsior/helm" = "panel"\n', 2, "seats.excelsior/helm",
     "no ship or station 'excelsior'"),
    ('[panels]\npins = "/nonexistent/pins.toml"\n', 2, "panels.pins", "No such file"),
    ('[display]\nseat = "excelsior"\n', 2, "display.seat", "no ship 'excelsior'"),
    ('[kiosk]\nattract_scenario = "nope"\n', 2, "kiosk.attract_scenario", "no scenario 'nope'"),
    ('[kiosk]\nenabled = true\nexit_keys = ["f1", "warp"]\n', 3, "kiosk.exit_keys",
     "no key is named 'warp'"),
    ('[kiosk]\nexit_buttons = ["select", "warp"]\n', 2, "kiosk.exit_buttons",
     "no button 'warp'"),
    ('[dice]\n[[dice.trays]]\nid = "a"\nurl = "bogus://x"\n', 4, "dice.trays.url",
     "bogus:// is no kind of link"),
    ('[dice]\n[[dice.trays]]\nid = "a"\nurl = "ttyACM0"\n', 4, "dice.trays.url", "device path"),
    ('[dice]\n[[dice.trays]]\nid = "a"\nurl = "/dev/ttyACM0"\n[[dice.trays]]\nid = "b"\n'
     'url = "/dev/ttyACM0"\n', 7, "dice.trays.url", "tray a is on that port already"),
    ('[game]\n"\\u001b[2J\\r" = 1\n', 2, "game.\\x1b[2J\\r", "unknown key"),
    ('["\\u009b31m"]\nx = 1\n', 1, "\\x9b31m", "unknown table"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("text", "line", "key", "words"), WRONG)
def test_config_check_names_what_does_not_exist_with_file_line_and_key(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, line: int, key: str,
        words: str) -> None:
    from companion.cli import main

    path = tmp_path / "starbridge.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    first = err.splitlines()[0]
    assert first.startswith(f"starbridge: {path}:{line}: {key}: "), err
    assert words in first, err
    assert err.isascii() and all(c.isprintable() for c in err.replace("\n", ""))


def test_a_pin_map_with_a_key_name_that_is_not_utf8_fails_the_check(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from companion.cli import main

    pins = tmp_path / "pins.toml"
    pins.write_bytes(b'[panels.helm.keys]\n"\xe9" = "confirm"\n')
    path = tmp_path / "starbridge.toml"
    path.write_text(f'[panels]\npins = "{pins}"\n', encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"starbridge: {path}:2: panels.pins: ") and "not UTF-8" in err
    assert main(["panels", "check", str(pins)]) == 2
    assert f"{pins}:2: not UTF-8" in capsys.readouterr().err


def test_what_exists_passes_the_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from companion.cli import main

    path = tmp_path / "starbridge.toml"
    path.write_text(EXAMPLE.replace(
        '# id = "tray-1"', '[[dice.trays]]\nid = "tray-1"\nurl = "socket://127.0.0.1:7020"\n'
        '[[dice.trays]]\nid = "tray-2"\nurl = "/dev/ttyACM0"\n#').replace(
        '# enterprise = "panel"', 'enterprise = "panel"\nkronos = "touch"\nhelm = "panel"'
    ).replace('seat = ""', 'seat = "kronos"').replace(
        'exit_keys = ["f1", "f4"]', 'exit_keys = ["left ctrl", "escape", "q"]'),
        encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 0, capsys.readouterr().err
    assert "good" in capsys.readouterr().out


def test_play_refuses_a_configuration_with_a_dead_tray(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from companion.cli import main

    path = tmp_path / "starbridge.toml"
    path.write_text('[[dice.trays]]\nid = "a"\nurl = "bogus://x"\n', encoding="utf-8")
    assert main(["play", "--config", str(path), "--headless", "--autopilot", "--no-save"]) == 2
    assert "bogus://" in capsys.readouterr().err


@pytest.mark.parametrize("entry", ['ship{n} = "bogus-mode-{n}"', 'ship{n} = "panel"'])
def test_twenty_thousand_wrong_seats_are_told_in_a_dozen_lines_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str) -> None:
    """A wrong mode and a ship that does not exist, 20,000 times each: the first ten mistakes
    with their lines, then how many more, in seconds (it took minutes: each mistake's line was
    found by a scan of the whole file)."""
    import time

    from companion.cli import main

    path = tmp_path / "seats.toml"
    path.write_text("[seats]\n" + "\n".join(entry.format(n=n) for n in range(20_000)) + "\n")
    t0 = time.monotonic()
    assert main(["config", "--check", str(path)]) == 2
    assert time.monotonic() - t0 < 30   # minutes before; a second or two here
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 11
    assert err[0].startswith(f"starbridge: {path}:2: seats.ship0: ")
    assert err[9].startswith(f"starbridge: {path}:11: seats.ship9: ")
    assert err[10] == ("starbridge: ... and 19,990 more mistakes (fix these, then check again: "
                       "starbridge config --check)")
