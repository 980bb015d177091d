"""Reading a lights file (TOML) and checking it: every mistake at once, each as
"file:line: key: what", like the configuration's and the pin map's.

    rules = load_rules(Path("lights.toml"))     # LightsError(problems) when anything is wrong
    problems = check_file(Path("lights.toml"))  # the same, as a list ([] when good)

The format is docs/lights.md's. Nothing from the file is trusted: a regular file only, its size
capped, every key known, every value checked, every expression parsed (lights/expr.py), every
output a rule names declared, every event a rule waits for one some game system has, no named
state that holds only through itself (`held` in a loop), no condition that can never hold.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from engine.errors import one_line
from engine.files import FileRefused, read_regular
from engine.stations import STATION_NAMES
from lights.expr import Expr, ExprError, parse
from lights.names import CONTEXT_NAMES, EVENT_ONLY, PANEL_ONLY, event_types
from lights.rules import (
    COLOURS,
    DMX,
    EVENT,
    FADE,
    FLASH,
    GLOW,
    KINDS,
    LIGHT_EFFECTS,
    LOOP,
    MAX_HELD,
    PANEL,
    PLAY,
    PUBLIC,
    SOUND,
    SOUND_EFFECTS,
    STATE,
    WLED,
    Effect,
    LightRule,
    Output,
    RuleSet,
)
from readouts.colour import Colour

MAX_FILE = 256 * 1024
MAX_OUTPUTS = 200
MAX_RULES = 1000
MAX_EACH = 32
DEFAULT_PANELS = "panel_lights.toml"
"""The panels' own LEDs, shipped with the package (lights/data)."""

OUTPUT_KEYS: dict[str, tuple[str, ...]] = {
    PANEL: ("kind", "role", "roles", "stations"),
    WLED: ("kind", "url", "segment", "seat"),
    DMX: ("kind", "universe", "channels", "host", "port", "seat"),
    SOUND: ("kind", "sound", "volume", "seat"),
}
RULE_KEYS = ("name", "output", "when", "effect", "colour", "level", "period", "time",
             "priority", "each")
EVENT_KEYS = RULE_KEYS + ("on", "rises", "falls", "where")
TIMES = {FLASH: 0.3, FADE: 1.0}
"""An event's effect lasts this long unless it says (`time`); the others 1 s."""


class LightsError(ValueError):
    """A lights file that is wrong: `problems` lists each mistake as "file:line: key: what"."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


# -- where each key is --------------------------------------------------------------------------
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_\-.\"' ]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """(path, line) of every table and key: `[[state]]` tables as ("state", "3") by their
    number in the file (from 0), so a mistake in the fourth state rule names its own line."""
    out: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        head = _HEADER.match(line)
        if head:
            parts = tuple(p.strip().strip("\"'") for p in head.group(2).split("."))
            if head.group(1) == "[[":
                n = counts.get(parts[0], 0)
                counts[parts[0]] = n + 1
                parts = (parts[0], str(n), *parts[1:])
            table = parts
            out.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            out.setdefault((*table, key.group(1).strip("\"'")), number)
    return out


class _LightsFileChecker:
    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.lines = key_lines(text)
        self.problems: list[str] = []

    def bad(self, where: tuple[str, ...], what: str) -> None:
        line = 0
        for n in range(len(where), 0, -1):
            if where[:n] in self.lines:
                line = self.lines[where[:n]]
                break
        key = ".".join(where)
        self.problems.append(f"{self.source}:{line}: {key}: {one_line(what)}")

    def line(self, where: tuple[str, ...]) -> int:
        return self.lines.get(where, 0)

    # -- outputs --------------------------------------------------------------------------------
    def outputs(self, table: object) -> dict[str, Output]:
        if table is None:
            return {}
        if not isinstance(table, Mapping):
            self.bad(("outputs",), "outputs is a table of named outputs: [outputs.room]")
            return {}
        if len(table) > MAX_OUTPUTS:
            self.bad(("outputs",), f"{len(table)} outputs: at most {MAX_OUTPUTS}")
            return {}
        out: dict[str, Output] = {}
        for name, body in table.items():
            where = ("outputs", str(name))
            if not re.fullmatch(r"[A-Za-z0-9_\-]{1,40}", str(name)):
                self.bad(where, "an output's name is 1 to 40 letters, digits, - or _")
                continue
            if not isinstance(body, Mapping):
                self.bad(where, "an output is a table: [outputs.NAME] with kind = ...")
                continue
            if body.get("kind") == PANEL and "roles" in body:
                for role in self.panel_roles(body, where):
                    if role.name in out or role.name in table:
                        self.bad((*where, "roles"), f"{role.name!r} is already an output")
                    out[role.name] = role
                continue
            one = self.output(str(name), body, where)
            if one is not None:
                if name in out:
                    self.bad(where, f"{name!r} is already an output (a panel's `roles`)")
                out[str(name)] = one
        return out

    def output(self, name: str, body: Mapping[str, Any], where: tuple[str, ...]) -> Output | None:
        kind = body.get("kind")
        if kind not in KINDS:
            self.bad((*where, "kind"), f"kind is one of {', '.join(KINDS)}, not {kind!r}")
            return None
        for key in body:
            if key not in OUTPUT_KEYS[kind]:
                self.bad((*where, str(key)), f"a {kind} output has no key {key!r} (it has: "
                                             f"{', '.join(OUTPUT_KEYS[kind])})")
        line = self.line(where)
        seat = self.seat(body.get("seat", PUBLIC), (*where, "seat"))
        if kind == PANEL:
            role = body.get("role", name)   # left out: the output's name is the role
            if not isinstance(role, str) or not re.fullmatch(r"[a-z0-9_]{1,24}", role):
                self.bad((*where, "role"), f"role is a light's role in the pin map (green, red, "
                                           f"shield1, ...), not {role!r}")
                return None
            stations = body.get("stations", [])
            if not isinstance(stations, list) or any(s not in STATION_NAMES for s in stations):
                self.bad((*where, "stations"), f"stations is a list of stations "
                                               f"({', '.join(STATION_NAMES)})")
                stations = []
            return Output(name, kind, "", line, role=role, stations=tuple(stations))
        if kind == WLED:
            url = body.get("url")
            if not isinstance(url, str) or not re.fullmatch(
                    r"(https?://)?[A-Za-z0-9.\-:\[\]]{1,200}/?", url):
                self.bad((*where, "url"), f"url is the WLED's address, such as "
                                          f"\"http://192.168.4.50\" or \"wled-room.local\", "
                                          f"not {url!r}")
                return None
            segment = self.whole(body.get("segment", 0), (*where, "segment"), 0, 31)
            return Output(name, kind, seat, line, url=url, segment=segment)
        if kind == DMX:
            universe = self.whole(body.get("universe", 1), (*where, "universe"), 1, 63999)
            channels = body.get("channels")
            if not isinstance(channels, list) or len(channels) not in (1, 3) or any(
                    type(c) is not int or not 1 <= c <= 512 for c in channels):
                self.bad((*where, "channels"), "channels is one DMX channel (a dimmer) or three "
                                               "(red, green, blue), each 1 to 512")
                return None
            host = body.get("host", "")
            if not isinstance(host, str) or len(host) > 200:
                self.bad((*where, "host"), "host is the receiver's address (leave it out for "
                                           "multicast)")
                host = ""
            port = self.whole(body.get("port", 5568), (*where, "port"), 1, 65535)
            return Output(name, kind, seat, line, universe=universe, channels=tuple(channels),
                          host=host, port=port)
        sound = body.get("sound")
        if not isinstance(sound, str) or not sound or len(sound) > 300:
            self.bad((*where, "sound"), f"sound is a packaged sound ({', '.join(sound_names())})"
                                        f" or a .wav/.ogg file")
            return None
        volume = self.fraction(body.get("volume", 1.0), (*where, "volume"))
        return Output(name, kind, seat, line, sound=sound, volume=volume)

    def panel_roles(self, body: Mapping[str, Any], where: tuple[str, ...]) -> list[Output]:
        """A panel output table with `roles`: one output per role, named by it."""
        roles = body.get("roles")
        if "role" in body or not isinstance(roles, list) or not 0 < len(roles) <= 32 or not all(
                isinstance(r, str) and re.fullmatch(r"[a-z0-9_]{1,24}", r) for r in roles):
            self.bad((*where, "roles"), "roles is a list of lights' roles (shield1, ...), each "
                                        "an output of its own (instead of one `role`)")
            return []
        out = []
        for role in roles:
            one = self.output(role, {**{k: v for k, v in body.items() if k != "roles"},
                                     "role": role}, where)
            if one is not None:
                out.append(one)
        return out

    def seat(self, value: object, where: tuple[str, ...]) -> str:
        if value == PUBLIC:
            return PUBLIC
        if isinstance(value, str) and value.count("/") == 1:
            ship, station = value.split("/")
            if ship and station in STATION_NAMES and station != "instructor":
                return value
        self.bad(where, f"seat is \"public\" (what every side may know: the room) or one seat "
                        f"such as \"enterprise/helm\", not {value!r}")
        return PUBLIC

    def whole(self, value: object, where: tuple[str, ...], lo: int, hi: int) -> int:
        if type(value) is not int or not lo <= value <= hi:
            self.bad(where, f"a whole number from {lo} to {hi}, not {value!r}")
            return lo
        return value

    def fraction(self, value: object, where: tuple[str, ...]) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            self.bad(where, f"a number from 0 to 1, not {value!r}")
            return 1.0
        return float(value)

    def seconds(self, value: object, where: tuple[str, ...], default: float) -> float:
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int | float) or \
                not 0.02 <= value <= 600:
            self.bad(where, f"a time in seconds from 0.02 to 600, not {value!r}")
            return default
        return float(value)

    # -- rules ----------------------------------------------------------------------------------
    def rules(self, data: Mapping[str, Any], outputs: dict[str, Output]) -> tuple[LightRule, ...]:
        out: list[LightRule] = []
        for kind in (STATE, EVENT):
            entries = data.get(kind, [])
            if not isinstance(entries, list):
                self.bad((kind,), f"rules are written [[{kind}]], one table each")
                continue
            for n, body in enumerate(entries):
                where = (kind, str(n))
                if not isinstance(body, Mapping):
                    self.bad(where, f"a rule is a table: [[{kind}]]")
                    continue
                out.extend(self.rule(kind, body, where, outputs))
                if len(out) > MAX_RULES:
                    self.bad(where, f"more than {MAX_RULES} rules (counting each copy of a "
                                    f"rule with `each`)")
                    return ()
        # the file's order: by the line each rule starts on
        out.sort(key=lambda r: (r.line, r.index))
        return tuple(replace(r, index=i) for i, r in enumerate(out))

    def rule(self, kind: str, body: Mapping[str, Any], where: tuple[str, ...],
             outputs: dict[str, Output]) -> list[LightRule]:
        known = EVENT_KEYS if kind == EVENT else RULE_KEYS
        for key in body:
            if key not in known:
                self.bad((*where, str(key)), f"a {kind} rule has no key {key!r} (it has: "
                                             f"{', '.join(known)})")
        each = body.get("each")
        if each is None:
            copies: list[str | None] = [None]
        elif isinstance(each, list) and 0 < len(each) <= MAX_EACH and all(
                isinstance(x, int | str) and not isinstance(x, bool) for x in each):
            copies = [str(x) for x in each]
        else:
            self.bad((*where, "each"), f"each is a list of 1 to {MAX_EACH} numbers or words, "
                                       f"put where a rule says {{each}}")
            return []
        made: list[LightRule] = []
        for copy in copies:
            def fill(value: object, copy: str | None = copy) -> object:
                if copy is None:
                    return value
                if isinstance(value, str):
                    return value.replace("{each}", copy)
                if isinstance(value, list):
                    return [fill(v) for v in value]
                return value
            rule = self.one_rule(kind, {k: fill(v) for k, v in body.items()}, where, outputs)
            if rule is None:
                break   # the first copy said what is wrong; the others would say it again
            made.append(rule)
        return made

    def one_rule(self, kind: str, body: Mapping[str, Any], where: tuple[str, ...],
                 outputs: dict[str, Output]) -> LightRule | None:
        ok = True
        names = body.get("output")
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not names or not all(isinstance(n, str)
                                                               for n in names):
            self.bad((*where, "output"), "output names the output (or a list of outputs) the "
                                         "rule lights: output = \"room\"")
            return None
        for n in names:
            if n not in outputs:
                self.bad((*where, "output"), f"no output {n!r} is declared (declared: "
                                             f"{', '.join(outputs) or 'none'})")
                ok = False
        targets = [outputs[n] for n in names if n in outputs]
        sounds = {o.is_sound for o in targets}
        if len(sounds) > 1:
            self.bad((*where, "output"), "a rule lights lights or plays sounds, not both")
            return None
        is_sound = sounds == {True}
        panels = {o.kind == PANEL for o in targets}
        seats = {o.seat for o in targets}
        if len(panels) > 1 or len(seats) > 1:
            self.bad((*where, "output"), "a rule's outputs are all in front of the same seat "
                                         "(all panel lights, or all the room's, or all one "
                                         "seat's): it reads that seat's view alone")
            return None
        on_panel = panels == {True}
        # what it waits for
        on, edge, cond_key = "", "", "when"
        if kind == EVENT:
            triggers = [k for k in ("on", "rises", "falls") if k in body]
            if len(triggers) != 1:
                self.bad(where, "an event rule says what it waits for: on = \"an engine "
                                "event\" (such as \"ShotResolved\"), or rises = / falls = "
                                "\"a condition\"")
                return None
            if triggers[0] == "on":
                on = str(body["on"])
                if on not in event_types():
                    near = sorted(event_types())
                    self.bad((*where, "on"), f"no game system has an event {on!r} (they have: "
                                             f"{', '.join(near)})")
                    return None
                cond_key = "where"
                if "when" in body:
                    self.bad((*where, "when"), "an event rule with `on` narrows it with "
                                               "`where`, not `when`")
                    return None
            else:
                edge, cond_key = triggers[0], triggers[0]
        text = body.get(cond_key)
        when: Expr | None = None
        if text is not None or kind == STATE or edge:
            when = self.condition(text, (*where, cond_key), kind == EVENT and not edge,
                                  on_panel)
            if when is None:
                return None
        effect = self.effect(body, where, kind, is_sound, on_panel)
        if effect is None:
            return None
        if not ok:
            return None
        priority = body.get("priority", 0)
        if type(priority) is not int or not -1000 <= priority <= 1000:
            self.bad((*where, "priority"), f"priority is a whole number from -1000 to 1000 "
                                           f"(higher wins), not {priority!r}")
            priority = 0
        name = body.get("name", "")
        if not isinstance(name, str) or len(name) > 60:
            self.bad((*where, "name"), "name is a few words (at most 60 characters)")
            name = ""
        return LightRule(kind, 0, tuple(names), effect, name, when, on, edge, priority,
                    self.line(where), str(text or ""), ".".join(where))

    def condition(self, text: object, where: tuple[str, ...], with_event: bool,
                  on_panel: bool) -> Expr | None:
        if not isinstance(text, str):
            self.bad(where, f"a condition is written in quotes, such as \"ship.shields[0] "
                            f"<= 0\", not {text!r}")
            return None
        try:
            expr = parse(text)
        except ExprError as exc:
            self.bad(where, f"{text!r}: {exc}")
            return None
        if not self.reads(expr, where, with_event, on_panel):
            return None
        constant = not expr.names() and not any(c[0] == "held" for c in expr.calls())
        if constant and not expr.value({}):
            self.bad(where, f"{text!r} can never hold: it reads nothing of the game")
            return None
        return expr

    def reads(self, expr: Expr, where: tuple[str, ...], with_event: bool,
              on_panel: bool) -> bool:
        for head in dict.fromkeys(expr.names()):
            if head in EVENT_ONLY and not with_event:
                self.bad(where, f"{head}.* is known only to an event rule with `on` (in its "
                                f"`where`)")
                return False
            if head in PANEL_ONLY and not on_panel:
                self.bad(where, f"{head}.* is known only to a panel's own lights")
                return False
            if head not in CONTEXT_NAMES:
                self.bad(where, f"{head!r} is not known: a path starts with one of "
                                f"{', '.join(CONTEXT_NAMES)}")
                return False
        return True

    def effect(self, body: Mapping[str, Any], where: tuple[str, ...], kind: str,
               is_sound: bool, on_panel: bool) -> Effect | None:
        allowed = SOUND_EFFECTS if is_sound else LIGHT_EFFECTS
        default = (PLAY if kind == EVENT else LOOP) if is_sound else \
            (FLASH if kind == EVENT else "steady")
        name = body.get("effect", default)
        if name not in allowed:
            self.bad((*where, "effect"), f"effect is one of {', '.join(allowed)} for "
                                         f"{'a sound' if is_sound else 'a light'}, not {name!r}")
            return None
        if kind == STATE and name in (FLASH, FADE, PLAY):
            self.bad((*where, "effect"), f"{name} lasts a time: it is an event's effect (a state "
                                         f"lasts while its condition holds)")
            return None
        if kind == EVENT and name == LOOP:
            self.bad((*where, "effect"), "loop plays while a state holds: an event plays once")
            return None
        if on_panel and name not in ("steady", "blink", "off"):
            self.bad((*where, "effect"), f"a panel's LED is steady, blinks or is off (its blink "
                                         f"is the pin map's blink_ms), not {name!r}")
            return None
        if on_panel and kind == EVENT:
            self.bad(where, "a panel's LEDs follow states (an event's flash at a panel is its "
                            "`panel.flash`)")
            return None
        colour = self.colour(body.get("colour", "white"), (*where, "colour"))
        level: float | Expr = 1.0
        raw = body.get("level", 1.0)
        if isinstance(raw, str):
            try:
                level = parse(raw)
            except ExprError as exc:
                self.bad((*where, "level"), f"{raw!r}: {exc}")
                return None
            if not self.reads(level, (*where, "level"), kind == EVENT, on_panel):
                return None
        else:
            level = self.fraction(raw, (*where, "level"))
        period = self.seconds(body.get("period"), (*where, "period"), 0.5 if name != GLOW else 2.0)
        time = self.seconds(body.get("time"), (*where, "time"), TIMES.get(name, 1.0)) \
            if kind == EVENT else 0.0
        if kind == STATE and "time" in body:
            self.bad((*where, "time"), "a state lasts while its condition holds: time is for "
                                       "an event rule")
        return Effect(name, colour, level, period, time)

    def colour(self, value: object, where: tuple[str, ...]) -> Colour:
        if isinstance(value, str) and value.lower() in COLOURS:
            return COLOURS[value.lower()]
        if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        if isinstance(value, list) and len(value) == 3 and all(
                type(c) is int and 0 <= c <= 255 for c in value):
            return (value[0], value[1], value[2])
        self.bad(where, f"a colour is a name ({', '.join(COLOURS)}), \"#ff8000\" or "
                        f"[255, 128, 0], not {value!r}")
        return (255, 255, 255)

    def loops(self, rules: tuple[LightRule, ...]) -> None:
        """A named state that holds only through itself (held("a") in a, or a -> b -> a), and
        held() of a state the file does not name."""
        named = {r.name: r for r in rules if r.kind == STATE and r.name}
        refs: dict[str, list[str]] = {}
        for r in rules:
            for fn, args in (r.when.calls() if r.when is not None else ()):
                if fn != "held":
                    continue
                target = args[0] if args else None
                if not isinstance(target, str) or target not in named:
                    self.bad((*r.key.split("."), "when"),
                             f"held({target!r}): no state rule is named so (named: "
                             f"{', '.join(named) or 'none'})")
                elif r.kind == STATE and r.name:
                    refs.setdefault(r.name, []).append(target)
        done: set[str] = set()

        def visit(name: str, path: list[str]) -> None:
            if len(path) > MAX_HELD:
                r = named[name]
                self.bad((*r.key.split("."), "when"), f"states built on each other through "
                                                      f"held() more than {MAX_HELD} deep")
                return
            if name in path:
                loop = " -> ".join([*path[path.index(name):], name])
                r = named[name]
                self.bad((*r.key.split("."), "when"), f"the states hold through each other "
                                                      f"in a loop: {loop}")
                return
            if name in done:
                return
            for nxt in refs.get(name, ()):
                visit(nxt, [*path, name])
            done.add(name)

        for name in list(refs):
            visit(name, [])


def sound_names() -> tuple[str, ...]:
    """The packaged sounds (room/sounds/*.wav), by name."""
    try:
        folder = resources.files("room") / "sounds"
        return tuple(sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".wav")))
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return ()


def parse_rules(text: str, source: str) -> RuleSet:
    """The rules of a lights file's text; LightsError listing every mistake."""
    checker = _LightsFileChecker(source, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LightsError([f"{source}: not TOML: {one_line(str(exc))}"]) from None
    except RecursionError:
        raise LightsError([f"{source}: not TOML: nested too deep to be a lights file"]) from None
    for key in data:
        if key not in ("outputs", STATE, EVENT):
            checker.bad((str(key),), "a lights file has [outputs.NAME] tables, [[state]] and "
                                     "[[event]] rules, nothing else")
    outputs = checker.outputs(data.get("outputs"))
    rules = checker.rules(data, outputs)
    checker.loops(rules)
    if checker.problems:
        raise LightsError(checker.problems)
    return RuleSet(source, outputs, rules)


def load_rules(path: Path | None = None) -> RuleSet:
    """The rules of the file at `path` (None: the panels' packaged default)."""
    if path is None:
        text = (resources.files("lights") / "data" / DEFAULT_PANELS).read_text(encoding="utf-8")
        return parse_rules(text, DEFAULT_PANELS)
    try:
        raw = read_regular(path, MAX_FILE)
    except FileRefused as exc:
        raise LightsError([f"{path}: {exc.why}"]) from None
    except FileNotFoundError:
        raise LightsError([f"{path}: no such file"]) from None
    except OSError as exc:
        raise LightsError([f"{path}: cannot be read: {exc.strerror or exc}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LightsError([f"{path}: not text (a lights file is UTF-8 TOML)"]) from None
    return parse_rules(text, str(path))


def check_file(path: Path | None) -> list[str]:
    try:
        load_rules(path)
    except LightsError as exc:
        return exc.problems
    return []

