"""The app's commands: play (headless), games, config, doctor; --help with examples; a real
`starbridge play` process killed with SIGKILL resumes where it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.commands import doctor as doctor_cmd
from companion.saves.saved_game import SavedGame
from companion.saves.store import FILE_NAME, Store
from companion.settings.config import EXAMPLE


@pytest.fixture(autouse=True)
def own_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(tmp_path / "none.toml"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")   # never a window in a test
    return tmp_path / "data"


def no_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("STARBRIDGE_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))


@pytest.mark.parametrize("command", ["play", "games", "config", "doctor", "simulate", "replay",
                                     "scenarios", "ships", "bench", "panels", "screenshot",
                                     "dice-emulator"])
def test_every_command_has_help_with_examples(capsys: pytest.CaptureFixture[str],
                                              command: str) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out.lower() and "starbridge" in out


@pytest.mark.slow
def test_play_headless_autopilot_saves_and_lists(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path, own_folders: Path) -> None:
    no_config(monkeypatch, tmp_path)
    assert main(["play", "--headless", "--autopilot", "--turns", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "saved as game 1" in out
    assert main(["games"]) == 0
    listing = capsys.readouterr().out
    assert " 1 " in listing and "over" in listing and "Duel" in listing
    log = tmp_path / "g.jsonl"
    assert main(["games", "export", "1", str(log)]) == 0
    assert main(["games", "import", str(log)]) == 0
    assert "imported as game 2" in capsys.readouterr().out
    store, _ = Store.open_folder(own_folders)
    assert SavedGame.resume(store, 1).state == SavedGame.resume(store, 2).state


@pytest.mark.slow
def test_play_at_the_advanced_level_from_flag_or_configuration(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        own_folders: Path) -> None:
    no_config(monkeypatch, tmp_path)
    assert main(["play", "--headless", "--autopilot", "--turns", "1", "--seed", "4",
                 "--level", "advanced"]) == 0
    captured = capsys.readouterr()
    assert "advanced rules" in captured.out and "Not built yet" not in captured.err
    cfg = tmp_path / "adv.toml"
    cfg.write_text('[game]\nlevel = "advanced"\n', encoding="utf-8")
    assert main(["play", "--config", str(cfg), "--headless", "--autopilot", "--turns", "1",
                 "--seed", "4", "--new"]) == 0
    store, _ = Store.open_folder(own_folders)
    assert [SavedGame.resume(store, n).scenario["level"] for n in (1, 2)] == ["advanced"] * 2
    cfg.write_text('[game]\nlevel = "galactic"\n', encoding="utf-8")
    assert main(["play", "--config", str(cfg), "--headless", "--autopilot", "--new"]) == 2
    assert "galactic" in capsys.readouterr().err


@pytest.mark.slow
def test_play_headless_offers_the_unfinished_game(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path, own_folders: Path) -> None:
    no_config(monkeypatch, tmp_path)
    store, _ = Store.open_folder(own_folders)
    import argparse

    from companion.settings.config import Config
    from companion.table.table_setup import new_scenario

    game = SavedGame.new(store, new_scenario(Config(), argparse.Namespace(turns=1, scenario=None),
                                             None), 3, {})
    store.close()
    assert main(["play", "--headless", "--autopilot"]) == 2
    err = capsys.readouterr().err
    assert f"game {game.id}" in err and "--resume" in err and "--new" in err
    assert main(["play", "--headless", "--autopilot", "--resume"]) == 0
    assert "resumed game 1 after 0 actions" in capsys.readouterr().err
    assert main(["play", "--headless", "--autopilot", "--resume", "--turns", "1"]) == 0
    assert "no unfinished game to resume; a new one starts" in capsys.readouterr().err


def test_play_headless_with_people_at_mocked_panels_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, own_folders: Path) -> None:
    no_config(monkeypatch, tmp_path)
    assert main(["play", "--headless", "--new"]) == 2
    assert "--autopilot" in capsys.readouterr().err
    assert not (own_folders / FILE_NAME).exists()   # nothing was started


def test_bad_configuration_names_the_key(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    cfg = tmp_path / "bad.toml"
    cfg.write_text("[display]\nsize = [1, 2]\n[kiosk]\nidle_minutes = -1\n", encoding="utf-8")
    assert main(["play", "--config", str(cfg), "--headless"]) == 2
    err = capsys.readouterr().err
    assert "display.size" in err and "kiosk.idle_minutes" in err and "Traceback" not in err
    assert main(["config", "--check", str(cfg)]) == 2


def test_config_example_and_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["config", "--example"]) == 0
    assert capsys.readouterr().out == EXAMPLE
    good = tmp_path / "good.toml"
    good.write_text(EXAMPLE, encoding="utf-8")
    assert main(["config", "--check", str(good)]) == 0
    assert "good" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["games", "export", "x", "f"], ["games", "import"],
                                  ["games", "undo", "7"], ["games", "import", "/nonexistent"],
                                  ["play", "--turns", "-3"], ["games", "export", "1", "/"]])
def test_game_command_mistakes_are_one_line(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("starbridge: ") and err.count("\n") == 1, err


def test_doctor_reports_on_a_pc_and_never_crashes(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["doctor"])
    out = capsys.readouterr().out
    assert code in (0, 1)
    for name in ("GPIO", "display", "disk space", "save folder", "configuration"):
        assert name in out


def test_doctor_says_how_to_fix_each_problem(tmp_path: Path) -> None:
    dev = tmp_path / "dev"
    (dev / "dri").mkdir(parents=True)
    chip = dev / "gpiochip0"
    chip.write_text("")
    chip.chmod(0)
    card = dev / "dri" / "card0"
    card.write_text("")
    card.chmod(0)
    if os.access(chip, os.W_OK):
        pytest.skip("running as a user who may open anything (root)")
    gpio = doctor_cmd.check_gpio(dev)
    assert gpio[0].status == doctor_cmd.FAIL and "gpio" in gpio[0].fix
    shown = doctor_cmd.check_display({}, dev)
    assert shown[0].status == doctor_cmd.FAIL and "video" in shown[0].fix


def test_doctor_checks_trays_display_and_the_save_folder(tmp_path: Path) -> None:
    trays = doctor_cmd.check_trays([str(tmp_path / "no-tray"), "socket://127.0.0.1:7020"])
    assert trays[0].status == doctor_cmd.FAIL and "udev" in trays[0].fix
    assert trays[1].status == doctor_cmd.OK
    assert doctor_cmd.check_display({"DISPLAY": ":0"}, tmp_path)[0].status == doctor_cmd.OK
    assert doctor_cmd.check_display({}, tmp_path)[0].status == doctor_cmd.WARN
    blocker = tmp_path / "file"
    blocker.write_text("x")
    checks = doctor_cmd.check_disk(blocker / "saves")
    assert any(c.name == "save folder" and c.status == doctor_cmd.FAIL and
               "STARBRIDGE_DATA" in c.fix for c in checks)
    broken = doctor_cmd.run_checks(None, (lambda: 1 / 0,))  # type: ignore[return-value,arg-type]
    assert broken[-1].status == doctor_cmd.FAIL and "ZeroDivisionError" in broken[-1].detail


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_play_process_resumes_to_its_last_shown_action(tmp_path: Path) -> None:
    """`starbridge play --headless --autopilot` killed mid-game, three times: each start with
    --resume goes on from the last action it printed (or the one after)."""
    env = {**os.environ, "STARBRIDGE_DATA": str(tmp_path / "d"),
           "STARBRIDGE_CONFIG": str(tmp_path / "none.toml"), "PYTHONUNBUFFERED": "1"}
    env.pop("STARBRIDGE_CONFIG")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "cfg")
    base = [sys.executable, "-m", "companion.cli", "play", "--headless", "--autopilot",
            "--turns", "3", "--seed", "8", "--level", "basic"]
    printed_total = 0
    for n, flag in enumerate(["--new", "--resume", "--resume"]):
        proc = subprocess.Popen(base + [flag], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env, cwd=tmp_path)
        assert proc.stdout is not None
        lines = 0
        for line in proc.stdout:
            lines += line.startswith(("  ", "Turn", "Movement", "Game over"))
            if lines >= 15 + 5 * n:
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        printed_total += lines
    store, notes = Store.open_folder(tmp_path / "d")
    assert notes == []
    (info,) = store.games()     # one game, resumed twice
    game = SavedGame.resume(store, info.id)
    assert game.actions, "nothing was saved"
    from companion.saves.saved_game import autopilot_step
    from companion.session import load_scenario, prepare

    whole = SavedGame.new(None, prepare(load_scenario("duel", None), None, "basic", None, 3), 8)
    while autopilot_step(whole) is not None:
        pass
    # what was saved across three kills is exactly the uninterrupted game's beginning
    assert [a.to_json() for a in game.actions] == \
        [a.to_json() for a in whole.actions[:len(game.actions)]]
    assert printed_total > 0


def test_the_systemd_unit_restarts_always_and_runs_a_real_command() -> None:
    import configparser
    import shlex

    from companion.cli import build_parser

    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(Path(__file__).parents[2] / "deploy" / "starbridge.service")
    service = unit["Service"]
    assert service["Restart"] == "always" and unit["Unit"]["StartLimitIntervalSec"] == "0"
    assert "gpio" in service["SupplementaryGroups"] and "dialout" in service["SupplementaryGroups"]
    argv = shlex.split(service["ExecStart"])
    assert argv[0].endswith("/starbridge")
    args = build_parser().parse_args(argv[1:])
    assert args.command == "play" and args.resume == -1


@pytest.mark.slow
def test_seat_flags_lay_over_the_configuration(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path, own_folders: Path) -> None:
    from companion.settings.config import Config
    from companion.table.table_setup import with_seat_flags

    config = with_seat_flags(Config(), ["enterprise=touch", "kronos/helm=panel",
                                        "default=autopilot"])
    assert config.seats == {"enterprise": "touch", "kronos/helm": "panel"}
    no_config(monkeypatch, tmp_path)
    for bad in (["enterprise"], ["enterprise=robot"], ["=touch"], ["galley/x=panel"]):
        assert main(["play", "--headless", "--autopilot", "--seat", bad[0]]) == 2
        err = capsys.readouterr().err
        assert err.startswith("starbridge: ") and "--seat" in err, err
    assert main(["play", "--headless", "--autopilot", "--turns", "1", "--new",
                 "--seat", "excelsior=touch"]) == 0
    assert "no ship 'excelsior'" in capsys.readouterr().err


def test_a_dummy_video_driver_counts_as_no_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.table.start_screen import screen_available

    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert "dummy" in (screen_available() or "")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    assert screen_available() is None


def test_doctor_says_32_bit_raspberry_pi_os_has_no_pygame_wheel_with_the_fix() -> None:
    [bad] = doctor_cmd.check_system("armv7l", 32)
    assert bad.status == doctor_cmd.FAIL and "no wheel" in bad.detail and "64-bit" in bad.fix
    assert doctor_cmd.check_system("aarch64", 64)[0].status == doctor_cmd.OK
    assert doctor_cmd.check_system("x86_64", 64)[0].status == doctor_cmd.OK


def test_doctor_opens_the_display_in_a_process_and_says_why_it_did_not(tmp_path: Path) -> None:
    (tmp_path / "dri").mkdir()
    (tmp_path / "dri" / "card1").write_text("")
    seen: list[dict[str, str]] = []

    def fails(argv: list[str], env: dict[str, str]) -> str:
        seen.append(env)
        return "failed kmsdrm not available"

    [bad] = doctor_cmd.check_display_opens({}, fails, tmp_path)
    assert seen[0]["SDL_VIDEODRIVER"] == "kmsdrm"   # the service's driver without a desktop
    assert bad.status == doctor_cmd.FAIL and "kmsdrm not available" in bad.detail
    assert "libgbm1" in bad.fix and "video" in bad.fix
    [good] = doctor_cmd.check_display_opens({"DISPLAY": ":0"}, lambda a, e: "opened x11 800 480",
                                            tmp_path)
    assert good.status == doctor_cmd.OK and "800 480" in good.detail
    assert doctor_cmd.check_display_opens({}, fails, tmp_path / "none") == []   # no screen here
    # and for real, a process under SDL's dummy driver opens
    [real] = doctor_cmd.check_display_opens({**os.environ, "SDL_VIDEODRIVER": "dummy",
                                             "DISPLAY": ":none"})
    assert real.status == doctor_cmd.OK, real


def test_doctor_says_saves_on_the_read_only_overlay_are_lost(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text("overlayroot / overlay rw,relatime 0 0\n"
                      "/dev/mmcblk0p1 /boot/firmware vfat rw 0 0\n"
                      f"/dev/mmcblk0p3 {tmp_path}/keep ext4 rw 0 0\n")
    (tmp_path / "keep").mkdir()
    [lost] = doctor_cmd.check_saves_kept(tmp_path / "saves", mounts)
    assert lost.status == doctor_cmd.WARN and "lost at power-off" in lost.detail
    assert "writable partition" in lost.fix
    [kept] = doctor_cmd.check_saves_kept(tmp_path / "keep" / "starbridge", mounts)
    assert kept.status == doctor_cmd.OK and "ext4" in kept.detail


def test_doctor_flags_a_machine_whose_links_would_name_127_0_0_1(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import consoles.addresses
    from consoles.addresses import HOTSPOT, LOOPBACK_ONLY, LinkAddress

    monkeypatch.setattr(consoles.addresses, "link_addresses", lambda: [LOOPBACK_ONLY])
    checks = doctor_cmd.check_stations(True, "127.0.0.1", 0)   # port 0: any free one
    assert [c.name for c in checks] == ["station consoles"]   # it listens there on purpose
    checks = doctor_cmd.check_stations(True, "0.0.0.0", 0)
    net = next(c for c in checks if c.name == "phones' network")
    assert net.status == doctor_cmd.FAIL and "phones cannot join" in net.detail
    assert "--hotspot" in net.fix
    monkeypatch.setattr(consoles.addresses, "link_addresses", lambda: [
        LinkAddress("10.42.0.1", "wlan0", HOTSPOT), LinkAddress("192.168.1.9", "eth0", "default")])
    checks = doctor_cmd.check_stations(True, "0.0.0.0", 0)
    net = next(c for c in checks if c.name == "phones' network")
    assert net.status == doctor_cmd.OK and net.detail.startswith("10.42.0.1 (wlan0")
    assert "192.168.1.9" in net.detail and "starbridge.local" in net.detail
    assert "http://10.42.0.1:0" in checks[0].detail
