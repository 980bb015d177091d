"""Self-destruction as Book Two (seed 000_4373da4a9495c8f8.txt) describes it: Advanced, Ship
Explosions, line 407 ("such as when a player decides to self-destruct his vessel"; "The explosion
because of self-destruction is automatic"), and the Superstructure Damage Track, line 1269 (a
ship at 0 or below may still self-destruct)."""

from __future__ import annotations

from test_fasa_advanced import act, game, ready, refused

import engine
from engine import Seat
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.firing.explosions import blast_damage
from engine.rulesets.fasa.values.actions import SelfDestruct
from engine.rulesets.fasa.values.events import BlastStruck, SelfDestructOrder, StatusChanged
from engine.rulesets.fasa.values.state import (
    ADVANTAGE,
    DESTROYED,
    DISABLED,
    OVER,
    POWER,
    FasaState,
    replace,
)


def duel(level: str = "advanced") -> FasaState:
    """Both ships down to half their superstructure."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4), level=level)
    for s in state.ships:
        state = state.with_ship(replace(s, superstructure=s.cls.superstructure // 2))
    return state


def test_every_ship_on_the_map_is_offered_the_order_whatever_its_superstructure() -> None:
    """Line 407 sets no threshold of damage: a sound ship's Captain may order it too."""
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4))
    offered = {p.ship for p in engine.pending(state) if p.action == "self_destruct"}
    assert offered == {"ent", "kl"}
    # The phase does not wait for a ship in play's order: a screen need not flag it.
    (decision,) = engine.controls(state, Seat("captain", "kl"))
    assert decision.optional
    state, _ = act(state, SelfDestruct("captain", "kl", "destruct"))
    assert state.ship("kl").status == DESTROYED


def test_a_disabled_ship_at_0_superstructure_or_below_may_self_destruct() -> None:
    """Line 1269: "When the counter gets to 0 or below, the ship is no longer able to fire weapons
    or move. Usually this means that its captain will surrender unless he feels that he will be
    able to ... inflict more damage on the enemy by self-destructing." """
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4))
    for below in (0, -3):
        kl = state.ship("kl")
        at = state.with_ship(replace(kl, superstructure=below, status=DISABLED))
        assert any(p.ship == "kl" and p.action == "self_destruct" for p in engine.pending(at))
        (decision,) = engine.controls(at, Seat("captain", "kl"))
        assert decision.action == "self_destruct" and not decision.optional
        at = ready(at, "ent", 0)
        assert at.step == POWER  # the phase waits for the disabled ship's order
        after, _ = act(at, SelfDestruct("captain", "kl", "destruct"))
        assert after.ship("kl").status == DESTROYED
    gone = state.with_ship(replace(state.ship("kl"), status=DESTROYED))
    assert not any(p.ship == "kl" for p in engine.pending(gone))
    refused(gone, SelfDestruct("captain", "kl", "destruct"), "destroyed")


def test_a_disabled_ships_hold_lets_the_power_allocation_phase_end() -> None:
    state = game(("ent", "constitution", "Federation", 4, 8, 1),
                 ("kl", "d7a", "Klingon", 6, 8, 4),
                 ("kl2", "d7a", "Klingon", 8, 8, 4))
    state = state.with_ship(replace(state.ship("kl"), superstructure=0, status=DISABLED))
    state = ready(state, "ent", 0)
    state = ready(state, "kl2", 0)
    assert state.step == POWER
    state, _ = act(state, SelfDestruct("captain", "kl", "hold"))
    assert state.step == ADVANTAGE


def test_the_captain_may_order_the_self_destruct_while_power_is_allocated() -> None:
    state = duel()
    prompts = [p for p in engine.pending(state) if p.action == "self_destruct"]
    assert {(p.ship, p.station) for p in prompts} == {("ent", "captain"), ("kl", "captain")}
    (decision,) = engine.controls(state, Seat("captain", "kl"))
    assert decision.irreversible_with({"order": "destruct"})
    assert decision.defaults() == {"order": "hold"}
    assert set(decision.field_named("order").values()) == {"hold", "destruct"}
    assert set(legal.legal_actions(state, Seat("captain", "kl"))) == {
        SelfDestruct("captain", "kl", "hold"), SelfDestruct("captain", "kl", "destruct")}
    assert autopilot.decide(state, prompts[0]).order == "hold"  # type: ignore[attr-defined]
    refused(state, SelfDestruct("helm", "kl", "destruct"), "is for Captain")
    refused(state, SelfDestruct("captain", "kl", "now"), "hold or destruct")
    fire = next(d for d in engine.controls(state, Seat("engineer", "kl")))
    assert not fire.irreversible


def test_holding_is_the_sides_own_and_the_phase_does_not_wait_for_it() -> None:
    state = duel()
    state, events = act(state, SelfDestruct("captain", "kl", "hold"))
    (order,) = events
    assert isinstance(order, SelfDestructOrder)
    assert engine.events_for(state, events, Seat("helm", "ent")) == ()
    assert not any(p.ship == "kl" and p.action == "self_destruct" for p in engine.pending(state))
    refused(state, SelfDestruct("captain", "kl", "destruct"), "is given")
    state = ready(state, "ent", 0)
    state = ready(state, "kl", 0)
    assert state.step == ADVANTAGE  # the Enterprise's Captain gave no order: none was needed


def test_a_self_destruct_is_automatic_and_its_blast_strikes_as_an_explosion_does() -> None:
    """No roll: the ship is destroyed at once; ships within 10 hexes take the blast of its
    Total Power Units Available by range (Damage From Exploding Ships)."""
    state = duel()
    state = ready(state, "ent", 0)
    power = state.ship("kl").total_power
    state, events = act(state, SelfDestruct("captain", "kl", "destruct"))
    assert state.ship("kl").status == DESTROYED
    assert any(isinstance(e, StatusChanged) and e.status == DESTROYED for e in events)
    blast = next(e for e in events if isinstance(e, BlastStruck))
    assert blast.damage == blast_damage(state.tables, state.level, power, 2)
    seen = engine.events_for(state, events, Seat("helm", "ent"))
    assert any(isinstance(e, SelfDestructOrder) for e in seen)
    while state.roll is not None:
        prompt = engine.pending(state)[0]
        state, _ = act(state, engine.RollResult(prompt.station, 1, "script"))
    assert state.step == OVER  # the Klingon side has no ship left


def test_the_basic_game_has_no_self_destruct() -> None:
    state = duel("basic")
    assert not any(p.action == "self_destruct" for p in engine.pending(state))
    refused(state, SelfDestruct("captain", "kl", "destruct"), "advanced rule")
    assert state.step == POWER


def test_at_the_captains_panel_the_order_to_destruct_needs_a_held_confirm() -> None:
    """The panel marks what cannot be undone as firing is marked (issue 7: a long press confirms
    what cannot be undone): a short CONFIRM on "destruct" only says to hold it; "hold" needs
    no hold."""
    from hardware import functions as fn
    from hardware.debounce import LONG, PRESS
    from hardware.panel import PanelModel

    state = duel()
    model = PanelModel(Seat("captain", "kl"))
    editor = model.sync(state)
    assert editor is not None and editor.decision.action == "self_destruct"
    assert model.press(fn.CONFIRM, PRESS, state).action == SelfDestruct("captain", "kl", "hold")
    model = PanelModel(Seat("captain", "kl"))
    editor = model.sync(state)
    assert editor is not None
    editor.values["order"] = "destruct"
    short = model.press(fn.CONFIRM, PRESS, state)
    assert short.action is None and short.note and "cannot be undone" in short.note
    held = model.press(fn.CONFIRM, LONG, state)
    assert held.action == SelfDestruct("captain", "kl", "destruct")
