"""Results a player can read: a roll's result held on screen for the seat that rolled, targets
told apart and fire confirmed by a second tap, WHY? about the roll on screen."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from game_helpers import play, start

from companion.dice import VirtualDice
from display.bridge_display import BridgeDisplay, Output
from display.paint import ELLIPSIS
from engine import Seat, apply, pending
from readouts.shown_roll import HOLD_SECONDS

HELM = Seat("helm", "enterprise")


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.display.init()   # frame() drains the (dummy driver's) events
    pygame.font.init()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def words(d: BridgeDisplay) -> str:
    return " ".join(t.text for t in d.painter.texts)


def at_own_to_hit(seed: int = 1):  # type: ignore[no-untyped-def]
    """The duel up to the Enterprise's first to-hit roll, and that roll answered."""
    state, _ = play(start(turns=3), seed,
                    until=lambda s, p: p.roll is not None and p.ship == "enterprise"
                    and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None
    after, events = apply(state, VirtualDice(seed).roll(request))
    return state, after, events


def test_the_seat_that_rolled_sees_the_result_until_a_tap_or_a_few_seconds() -> None:
    before, after, events = at_own_to_hit()
    clock = Clock()
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, out.append, clock=clock)
    d.show(before)
    d.draw(force=True)
    assert any(w.id == "roll" for w in d.widgets)         # the roll dialog
    d.show(after, events)
    d.draw(force=True)
    rolled = next(e for e in events if type(e).__name__ == "Rolled")
    shot = next(e for e in events if type(e).__name__ == "ShotResolved")
    said = words(d)
    assert f"ROLLED {rolled.value}" in said                # the face
    assert ("HIT" in said) if shot.hit else ("MISS" in said)
    if shot.hit:
        assert f"for {shot.damage}" in said               # the damage
    assert "range" in said                                # what the shot was, whole
    assert not any(w.id.startswith(("die:", "confirm", "up:", "pick:")) for w in d.widgets), \
        "the next decision replaced the result at once"
    # a few seconds later, with no tap, the next decision is back (no sleeping: the clock moves)
    clock.now += HOLD_SECONDS - 0.5
    d.frame()
    assert "result-ok" in {w.id for w in d.widgets}
    assert d.wake_in() == pytest.approx(0.5)
    clock.now += 1
    assert d.draw()   # the app's loop calls draw() (or frame()): the result's time ran out
    assert "result-ok" not in {w.id for w in d.widgets}
    assert d.wake_in() is None
    # and a tap puts it away at once
    d.show(before)
    d.show(after, events)
    d.draw(force=True)
    assert "result-ok" in {w.id for w in d.widgets}
    d.tap(5, 5)
    d.draw()
    assert "result-ok" not in {w.id for w in d.widgets} and not out


def test_the_held_results_why_explains_that_roll() -> None:
    before, after, events = at_own_to_hit()
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(before)
    d.show(after, events)
    d.draw(force=True)
    why = next(w for w in d.widgets if w.label == "WHY?")
    d.tap(*why.rect.center)
    d.draw()
    newest = d.rolls.newest()
    assert newest is not None and d.opened == newest.number
    assert "Firing Chart" in words(d)


def test_another_ships_roll_is_not_held_on_this_screen() -> None:
    state, _ = play(start(turns=3), 1,
                    until=lambda s, p: p.roll is not None and p.ship == "kronos"
                    and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None
    after, events = apply(state, VirtualDice(1).roll(request))
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(state)
    d.show(after, events)
    d.draw(force=True)
    assert "result-ok" not in {w.id for w in d.widgets}


def test_why_beside_a_roll_explains_that_roll_not_the_last_one() -> None:
    """The Enterprise's to-hit roll comes right after the Klingon's: WHY? says what this roll
    is and needs (the chart, the range, the number), citing the basic game's own rule."""
    state, history = play(start(turns=3), 1,
                          until=lambda s, p: p.roll is not None and p.ship == "enterprise"
                          and "to-hit" in p.what)
    request = pending(state)[0].roll
    assert request is not None and request.needs is not None
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(state, [e for _, e in history])
    d.draw(force=True)
    why = next(w for w in d.widgets if w.label == "WHY?")
    d.tap(*why.rect.center)
    d.draw()
    said = words(d)
    assert "WHY: THIS ROLL" in said
    assert "This roll:" in said and f"needs {request.needs[0]}-{request.needs[1]}" in said
    assert "Book One, Basic Starship Tactics" in said and "Book Two" not in said
    last = [e for _, e in history if type(e).__name__ == "Rolled"][-1]
    assert last.request.ship == "kronos"     # the roll before was the enemy's...
    assert last.request.purpose not in said  # ...and WHY? is not about it


def gambit_fire() -> BridgeDisplay:
    """The Romulan Gambit at the basic level: the Constitution's Helm declaring fire with both
    Birds of Prey in reach."""
    from game_helpers import scenario

    from engine import new_game
    seat = Seat("helm", "constitution")
    state, _ = play(new_game(scenario("romulan-gambit", turns=5)), 1,
                    until=lambda s, p: p.ship == "constitution" and p.action == "fire"
                    and p.roll is None)
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None, clock=Clock())
    d.show(state)
    d.activate("tab:helm")
    d.draw(force=True)
    return d


def aim(d: BridgeDisplay) -> None:
    """A target chosen for the first weapon that can fire: a shot, which asks a second tap
    (holding fire asks none)."""
    pick = next(w for w in d.widgets if w.id.startswith("pick:") and w.enabled
                and not w.id.endswith(":-"))
    d.activate(pick.id)
    d.draw()


def test_two_birds_of_prey_are_told_apart_on_the_fire_buttons() -> None:
    d = gambit_fire()
    names = {str(s["id"]): str(s["name"]) for s in d.view["ships"]}
    for field in {w.id.split(":")[1] for w in d.widgets if w.id.startswith("pick:")}:
        shown = {}
        for w in d.widgets:
            if w.id.startswith(f"pick:{field}:") and w.id.split(":")[2] in ("bop1", "bop2"):
                drawn = [t.text for t in d.painter.texts if w.rect.contains(t.rect)]
                shown[w.id.split(":")[2]] = drawn[0]
        if len(shown) == 2:
            assert shown["bop1"] != shown["bop2"], shown           # told apart...
            for sid, label in shown.items():
                assert not label.endswith("...")                  # ...whole...
                assert label in names[sid]                        # ...in the map's name
            return
    pytest.fail("no weapon could choose between the two Birds of Prey")


def test_firing_from_the_touchscreen_asks_a_second_tap() -> None:
    out: list[Output] = []
    d = gambit_fire()
    d.on_output = out.append
    pick = next(w for w in d.widgets if w.id.startswith("pick:") and w.enabled
                and not w.id.endswith(":-"))
    d.tap(*pick.rect.center)
    d.draw()
    confirm = next(w for w in d.widgets if w.id == "confirm")
    d.tap(*confirm.rect.center)
    d.draw()
    assert not out, "one tap fired"
    confirm = next(w for w in d.widgets if w.id == "confirm")
    assert confirm.label == "TAP AGAIN TO FIRE"
    assert "again to fire" in words(d)
    d.tap(*confirm.rect.center)
    assert len(out) == 1 and type(out[0]).__name__ == "DeclareFire"


def test_any_other_tap_disarms_the_first_tap() -> None:
    out: list[Output] = []
    d = gambit_fire()
    d.on_output = out.append
    aim(d)
    d.activate("confirm")
    d.draw()
    d.activate("tab:captain")
    d.activate("tab:helm")
    d.draw()
    assert next(w for w in d.widgets if w.id == "confirm").label == "CONFIRM"
    d.activate("confirm")
    assert not out


# -- nothing a player needs is cut, at 800x480, with the longest names ------------------------

LONG = Path(__file__).parent / "data"
"""A user data folder (--data-dir) with the test-only scenario "long-names"."""
OUTCOME = re.compile(r"\d|\b(hit|hits|miss|misses|absorb|absorbs|through|destroyed|captured|"
                     r"driven|exploded|held|evaded|failed|wins|victory|draw|needs|detects?|locked|cloaked)\b",
                     re.IGNORECASE)


def staged(screen: str, level: str) -> BridgeDisplay:
    """`screen` of the long-names scenario at `level`, as `starbridge screenshot --data-dir`
    stages it (autopilots and seeded dice), at 800x480."""
    from companion.headless.screens import INSTRUCTOR_SCREENS, SCREENS, _with_reports, advance, stage_seats
    from companion.session import load_scenario, prepare
    from engine import Action, new_game
    tab, until = SCREENS[screen]
    if screen == "science" and level == "advanced" and until is not None:
        until = _with_reports(until, 4)
    prepared = prepare(load_scenario("long-names", LONG), LONG, level, None,
                       30 if screen == "end" else 12)
    seat = Seat("instructor") if screen in INSTRUCTOR_SCREENS else HELM
    actions: list[Action] = []
    state, _ = advance(new_game(prepared), seat, 1, until, 1, actions)
    d = BridgeDisplay(pygame.Surface((800, 480)), seat, lambda _: None, clock=Clock())
    d.rebuild(state, prepared, actions)
    if tab is not None and tab in d.stations():
        d.activate(f"tab:{tab}")
    if screen == "seats":
        stage_seats(d, state)
    if screen in ("rolls", "why"):
        d.activate(screen)
    d.draw(force=True)
    return d


def _screens() -> list[tuple[str, str]]:
    from companion.headless.screens import ADVANCED_SCREENS, SCREENS
    return [(screen, level) for level in ("basic", "advanced") for screen in SCREENS
            if level in ADVANCED_SCREENS.get(screen, (level,))]


@pytest.mark.slow
@pytest.mark.parametrize(("screen", "level"), _screens(), ids=lambda v: str(v))
def test_no_outcome_or_number_is_cut_at_800x480(screen: str, level: str) -> None:
    """Every screen with the long names: a text cut to fit never hides a number or an outcome
    (hit, miss, absorbs, gets through, destroyed, captured, driven off, ...)."""
    d = staged(screen, level)
    hidden = []
    for t in d.painter.texts:
        if t.cut:
            kept = t.text[:-len(ELLIPSIS)].rstrip()
            lost = t.whole[len(kept):]
            if OUTCOME.search(lost):
                hidden.append((t.region, t.whole, t.text))
    assert not hidden, hidden


def test_a_cut_line_opens_whole_and_the_ticker_scrolls_back() -> None:
    d = staged("fire", "basic")
    cut = next((t for t in d.painter.texts if t.cut and t.region != "map"), None)
    if cut is not None:   # a name cut to fit: a tap opens it whole
        d.tap(*cut.rect.center)
        d.draw()
        assert "IN FULL" in words(d) and cut.whole in words(d)
        d.activate("close-why")
    log = next(w for w in d.widgets if w.id == "log")
    d.tap(*log.rect.center)
    d.draw()
    said = words(d)
    assert "SHIP'S LOG" in said
    newest = next(e.text for _, e in reversed(d.history) if e.text)
    assert newest.split()[0] in said


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_every_roll_dialog_and_result_of_a_game_keeps_its_numbers(level: str) -> None:
    """Every roll of a long-names game, as the rolling crew's screen shows it: the dialog (who,
    for what, e.g. "which shield: 1-5 shield 1, 6-10 shield 2", what it needs) and then the
    result held, at 800x480; nothing cut hides a number or an outcome."""
    from companion.session import load_scenario, prepare
    from engine import new_game
    from engine.rulesets.fasa.autopilots import autopilot
    state = new_game(prepare(load_scenario("long-names", LONG), LONG, level, None, 6))
    dice = VirtualDice(2)
    screens = {sid: BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", sid),
                                  lambda _: None, clock=Clock())
               for sid in ("enterprise", "bop1", "bop2")}
    for d in screens.values():
        d.show(state)
    hidden: list[tuple[str, str]] = []
    rolls = 0

    def check(d: BridgeDisplay) -> None:
        d.draw(force=True)
        for t in d.painter.texts:
            if t.cut and OUTCOME.search(t.whole[len(t.text[:-len(ELLIPSIS)].rstrip()):]):
                hidden.append((t.region, t.whole))

    for _ in range(4000):
        prompts = pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        if prompt.roll is not None and prompt.ship in screens:
            check(screens[prompt.ship])          # the roll dialog
            rolls += 1
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)  # type: ignore[arg-type]
        state, events = apply(state, action)
        for d in screens.values():
            d.show(state, events)
        if prompt.roll is not None and prompt.ship in screens:
            check(screens[prompt.ship])          # its result, held
        for d in screens.values():
            d.holds.dismiss()
    assert rolls > 20
    assert not hidden, sorted(set(hidden))[:5]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_views_are_laid_out_cleanly_at_every_size(size: tuple[int, int]) -> None:
    """The held result, WHY? about the roll on screen, the ship's log and CONFIRM armed:
    nothing overlaps, nothing leaves its region, targets of 48 px, labels whole."""
    from test_display_screens import check_laid_out
    before, after, events = at_own_to_hit()
    d = BridgeDisplay(pygame.Surface(size), HELM, lambda _: None, clock=Clock())
    d.show(before, [])
    d.draw(force=True)
    d.activate("why-now")
    d.draw()
    check_laid_out(d, size)
    d.activate("close-why")
    d.show(after, events)
    d.draw(force=True)
    assert "result-ok" in {w.id for w in d.widgets}
    check_laid_out(d, size)
    d.activate("log")
    d.draw()
    assert "SHIP'S LOG" in words(d)
    check_laid_out(d, size)
    fire = gambit_fire()
    fire.resize(pygame.Surface(size))
    fire.draw()
    aim(fire)
    fire.activate("confirm")
    fire.draw()
    armed = next(w for w in fire.widgets if w.label == "TAP AGAIN TO FIRE")
    label = [t for t in fire.painter.texts if armed.rect.contains(t.rect)]
    assert [t.text for t in label] == ["TAP AGAIN TO FIRE"]   # whole, inside its button


def test_distinct_labels_keep_the_words_that_tell_ships_apart() -> None:
    from display.targets import distinct_labels
    assert distinct_labels(["Bird of Prey Talon", "Bird of Prey Shrike"]) == ["Talon", "Shrike"]
    assert distinct_labels(["Bird of Prey Talon Remus", "Bird of Prey Shrike Romulus"]) == \
        ["Talon", "Shrike"]
    assert distinct_labels(["IKS Kronos One", "IKS Kronos Two"]) == ["One", "Two"]
    assert distinct_labels(["USS A B", "USS A C"]) == ["B", "C"]
    assert distinct_labels(["USS Hood", "IKS Kor"]) == ["USS Hood", "IKS Kor"]   # nothing shared
    assert distinct_labels(["USS Hood"]) == ["USS Hood"]
    assert distinct_labels(["Hawk", "Hawk"]) == ["Hawk", "Hawk"]


def test_a_roll_with_no_hit_or_miss_says_its_face_once() -> None:
    """The tactical advantage roll has no HIT or MISS: "ROLLED 10", not "ROLLED 10 rolled 10"."""
    from readouts.shown_roll import ShownRoll

    before, _, _ = at_own_to_hit()
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(before)
    d.holds.hold(ShownRoll(1, "Captain · USS Enterprise", "tactical advantage", 10, "",
                            "rolled 10", ()))
    d.draw(force=True)
    assert words(d).lower().count("rolled 10") == 1



def test_enter_that_puts_a_result_away_does_not_also_confirm_the_next_decision() -> None:
    """Enter on a held result's OK puts it away; it must not then press CONFIRM of the decision
    behind it (a course of 'hold station' the crew never chose)."""
    from readouts.shown_roll import ShownRoll

    state, _ = play(start(), until=lambda s, p: p.action == "move" and p.ship == "enterprise")
    out: list[Output] = []
    clock = Clock()
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, out.append, clock=clock)
    d.show(state)
    d.draw(force=True)
    assert "confirm" in {w.id for w in d.widgets}   # Helm's course is in front of the crew
    d.holds.hold(ShownRoll(1, "Captain · USS Enterprise", "tactical advantage", 7, "",
                            "rolled 7", ()))
    d.draw(force=True)
    d.key(pygame.K_RETURN)
    d.draw()
    assert "result-ok" not in {w.id for w in d.widgets}
    assert out == []             # the same key sent nothing to the engine
    # the result goes away by itself as the player reaches for Enter: still not a CONFIRM
    d.holds.hold(ShownRoll(2, "Captain · USS Enterprise", "tactical advantage", 7, "",
                            "rolled 7", ()))
    d.draw(force=True)
    clock.now += HOLD_SECONDS + 0.5
    assert d.draw()              # gone: Helm's course is back
    d.key(pygame.K_RETURN)
    assert out == []
    assert d.message is not None and "press Enter again" in d.message   # said, not swallowed
    clock.now += 3.0             # a moment later Enter is the crew's: it confirms the course
    d.key(pygame.K_RETURN)
    assert len(out) == 1


def test_a_tray_roll_shows_the_d20_face_and_what_it_reads_as() -> None:
    """A d20 from the dice tray showing 14 answers a d10 roll as 4: the held result says both,
    not "ROLLED 4" alone."""
    before, after, events = at_own_to_hit()
    rolled = next(e for e in events if type(e).__name__ == "Rolled")
    d = BridgeDisplay(pygame.Surface((800, 480)), HELM, lambda _: None, clock=Clock())
    d.show(before)
    d.tray_read(f"d20 {rolled.value + 10} reads {rolled.value}")
    d.show(after, events)
    d.draw(force=True)
    said = words(d)
    assert f"D20 {rolled.value + 10} = {rolled.value}" in said
    assert f"showed {rolled.value + 10}, which reads as {rolled.value}" in said
    d.show(after)   # the face is for that roll alone
    assert d.tray_face == ""
