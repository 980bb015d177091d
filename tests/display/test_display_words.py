"""Words a crew reads: numbers agree with their nouns ("1 shot", "4 per 3 movement points", "1
point gets through"), no "(s)", no "the Phaser bank 2's", readings explained where they appear,
and a greyed-out button says why in the numbers of the decision."""

from __future__ import annotations

import re

import pygame
import pytest
from game_helpers import scenario

from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay
from engine import Seat, apply, controls, new_game, pending, view
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.explanations.explain import explain
from engine.words import plural
from readouts.status_model import after_action

NOUNS = r"(?:shot|hit|point|penetrating point|movement point|hex|weapon|turn)"
WRONG = [
    re.compile(rf"(?<![\d.-])1 {NOUNS}(?:s|es)\b"),                # "1 shots", "1 movement points"
    re.compile(rf"\b(?:[02-9]|\d\d+) {NOUNS}\b(?![-\w])"),          # "3 movement point", "0 hit"
    re.compile(r"(?<![\d.-])1 get through"),                      # "1 get through"
    re.compile(r"\b(?:[02-9]|\d\d+) gets through"),
    re.compile(r"\(s\)"),                                         # "point(s)"
    re.compile(r"\bthe [A-Z][a-z]+(?: [a-z]+)* \d+'s\b"),         # "the Phaser bank 2's"
]


WEAPON = re.compile(r"(?:torpedo|bank|Disruptor|Torpedo|weapon|Beam|Plasma|plasma) $")
"""A weapon's number before a verb ("Photon torpedo 1 hits") is not a count."""


def wrong(text: str) -> list[str]:
    return [m.group(0) for r in WRONG for m in r.finditer(text)
            if not WEAPON.search(text[:m.start()])]


def test_plural_agrees_with_the_number() -> None:
    assert plural(1, "shot") == "1 shot" and plural(2, "shot") == "2 shots"
    assert plural(0, "hit") == "0 hits" and plural(3, "movement point") == "3 movement points"
    assert plural(1, "gets", "get") == "1 gets" and plural(4, "gets", "get") == "4 get"
    assert plural(2, "hex", "hexes") == "2 hexes"
    assert wrong("4 per 3 movement point") and wrong("1 shots, 1 hits") and wrong("1 get through")
    assert wrong("the Phaser bank 2's firing arc") and wrong("up to 1 movement points")
    assert not wrong("1 shot, 2 hits, 5 damage dealt; 4 per 3 movement points; 1 gets through")


@pytest.mark.slow
@pytest.mark.parametrize(("name", "level"), [("duel", "basic"), ("duel", "advanced"),
                                             ("duel", "expert"), ("duel", "command"),
                                             ("romulan-gambit", "basic"),
                                             ("skirmish", "basic")])
def test_every_text_of_a_game_reads_right(name: str, level: str) -> None:
    """Prompts, decision titles, field and choice labels, the engine's reasons, event lines,
    roll explanations and the after-action report of real games agree in number."""
    state = new_game(scenario(name, turns=4, level=level))
    dice = VirtualDice(3)
    texts: list[str] = []
    history = []
    for _ in range(3000):
        prompts = pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        texts.append(prompt.what)
        for d in controls(state, Seat(prompt.station, prompt.ship)):
            texts.append(d.title)
            for f in d.fields:
                texts.append(f.label)
                texts += [c.label for c in f.choices] + [c.problem or "" for c in f.choices]
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)  # type: ignore[arg-type]
        before = state
        state, events = apply(state, action)
        history += [(int(getattr(state, "turn", 0)), e) for e in events]
        texts += [e.text for e in events]
        texts += explain(before, events)
    texts += after_action(view(state, Seat("instructor")), history).lines()
    bad = {t: wrong(t) for t in texts if wrong(t)}
    assert not bad, bad


def test_a_weapon_outside_its_arc_is_said_plainly() -> None:
    """Every weapon at every ship of the skirmish, from every heading: a refusal reads
    "outside its firing arc" (the weapon is named before it), never "the Phaser bank 2's"."""
    from dataclasses import replace

    from engine.rulesets.fasa.firing.combat import shot_problem
    state = new_game(scenario("skirmish", turns=3))
    ships = list(state.ships)  # type: ignore[attr-defined]
    said = set()
    for firer in ships:
        for heading in range(6):
            turned = replace(firer, heading=heading)
            for target in ships:
                for spec in firer.cls.weapons:
                    said.add(shot_problem(state, turned, spec, target))  # type: ignore[arg-type]
    arcs = [s for s in said if "arc" in s]
    assert arcs and all(s.endswith("is outside its firing arc") for s in arcs), arcs[:3]


@pytest.fixture()
def fonts() -> None:
    pygame.font.init()


def test_a_greyed_plus_says_the_budget_is_spent(fonts: None) -> None:
    state = new_game(scenario("duel", turns=3))
    seat = Seat("engineer", "enterprise")
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None)
    d.show(state)
    d.activate("tab:engineer")
    d.draw(force=True)
    total = int(view(state, seat)["ships"][0]["power"])
    for _ in range(60):   # everything up until the budget is spent
        for w in list(d.widgets):
            if w.id.startswith("up:") and w.enabled:
                d.activate(w.id)
                d.draw()
    greyed = next(w for w in d.widgets if w.id.startswith("up:") and not w.enabled)
    d.tap(*greyed.rect.center)
    assert d.message is not None
    assert "not available" not in d.message
    assert f"all {total} used" in d.message or "at its most" in d.message


def test_readings_are_explained_where_they_appear(fonts: None) -> None:
    from readouts.panel_model import station_facts
    state = new_game(scenario("duel", turns=3))
    seen = view(state, Seat("instructor"))
    facts = station_facts(seen, "instructor", None)
    assert all("SS " not in f.value for f in facts)
    assert any("superstructure" in f.value for f in facts)
    helm = station_facts(view(state, Seat("helm", "enterprise")), "helm", "enterprise")
    labels = [f.label for f in helm]
    assert "Armed" not in labels and "Weapons armed" in labels
    from readouts.panel_model import weapon_facts
    ship = view(state, Seat("helm", "enterprise"))["ships"][0]
    key = [f for f in weapon_facts(ship) if f.label == "Key"]
    assert key and "F fore" in key[0].value and "P port" in key[0].value


@pytest.mark.slow
def test_a_knight_hawks_course_says_what_is_left_of_its_hexes_and_turns() -> None:
    """Knight Hawks' course: its F steps are the new speed (up to the speed and ADF) and its
    turns are held to the ship's MR, so "F F F (9 left)" of the letters the field holds would
    read as 9 hexes to go; the course says what is left of each."""
    import engine
    from engine.rulesets.knighthawks.flow.setup import load_scenario as kh_scenario
    from readouts.panel_model import DecisionEditor

    state = engine.new_game(kh_scenario("patrol", None, 4))
    move = next(d for p in pending(state) for d in controls(state, Seat(p.station, p.ship))
                if any(f.kind == "steps" for f in d.fields))
    course = next(f for f in move.fields if f.kind == "steps")
    ship = next(s for s in state.ships if s.id == move.prompt.ship)
    editor = DecisionEditor(move)
    editor.values[course.name] = "FFFP"
    shown = next(f for f in editor.views()[0] if f.name == course.name).text
    fastest = course.maximum - ship.mr
    assert shown == (f"F F F P ({plural(fastest - 3, 'hex', 'hexes')}, "
                     f"{plural(ship.mr - 1, 'turn')} left)")
    assert f"({course.maximum - 4} left)" not in shown


@pytest.mark.slow
def test_a_knight_hawks_course_counts_down_hexes_on_the_map(fonts: None) -> None:
    """The map's "N movement left" under a Knight Hawks course is the hexes left to the top
    speed, not the letters left of the field (which its turns share)."""
    import engine
    from engine.rulesets.knighthawks.flow.setup import load_scenario as kh_scenario

    state = engine.new_game(kh_scenario("patrol", None, 4))
    move = next(d for p in pending(state) for d in controls(state, Seat(p.station, p.ship))
                if any(f.kind == "steps" for f in d.fields))
    course = next(f for f in move.fields if f.kind == "steps")
    seat = Seat(move.prompt.station, move.prompt.ship)
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None)
    d.show(state)
    d.activate(f"tab:{seat.station}")
    d.draw(force=True)
    for w in [w for w in d.widgets if w.id.startswith("back:")] * 12:
        d.activate(w.id)   # from no course at all
    for letter in "FFP":
        d.activate(f"letter:{course.name}:{letter}")
    fastest = course.limits[0][1]
    assert d.map().movement_left == fastest - 2 != course.maximum - 3
