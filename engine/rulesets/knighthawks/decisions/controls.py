"""Each decision a seat faces, with its fields' bounds and choices, and a sample of legal
actions. The choices' `problem` words are the words `apply` refuses with."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product

from engine.actions import Action, RollResult
from engine.controls import Choice, Decision, Field, FieldKind, Together, Value
from engine.ruleset import Prompt
from engine.rulesets.knighthawks.firing import combat
from engine.rulesets.knighthawks.firing.fire import fire_problem, reach, repairs
from engine.rulesets.knighthawks.flow.steps import prompts
from engine.rulesets.knighthawks.moving import movement
from engine.rulesets.knighthawks.values.actions import (
    ActivateSeekers,
    Fire,
    LaunchICMs,
    Move,
    Repair,
    SetScreens,
)
from engine.rulesets.knighthawks.values.state import KHState, Mount, Ship
from engine.stations import Seat, title

SCREEN_CHOICES = ("", "PS", "ES", "SS")


def pending(state: KHState, seat: Seat | None) -> tuple[Prompt, ...]:
    found = prompts(state)
    if seat is None or (seat.is_instructor and seat.ship is None):
        return found
    if seat.is_instructor:
        return tuple(p for p in found if p.ship == seat.ship)
    return tuple(p for p in found if p.ship == seat.ship and p.station == seat.station)


def _text(v: Value) -> str:
    return "" if v is None else str(v)


def _int(v: Value) -> int:
    return v if type(v) is int else -1


def decision(state: KHState, p: Prompt) -> Decision:
    st = p.station
    if p.roll is not None:
        req = p.roll
        return Decision(p, "roll", st, req.purpose, (
            Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides),),
            builder=lambda v: RollResult(st, _int(v["value"]), "manual"))
    assert p.ship is not None
    ship = state.ship(p.ship)
    sid = ship.id
    if p.action == "kh_seekers":
        idle = [k.id for k in state.seekers if k.side == ship.side and not k.active]
        choices = (Choice("none", "none"), Choice("all", f"all {len(idle)}"),
                   *(Choice(k, k) for k in idle))

        def seekers(v: Mapping[str, Value]) -> Action:
            pick = _text(v["activate"])
            ids = () if pick == "none" else tuple(idle) if pick == "all" else (pick,)
            return ActivateSeekers(st, sid, ids)
        return Decision(p, p.action, st, "Activate seekers", (
            Field("activate", "activate", FieldKind.CHOICE, "none", choices=choices),),
            builder=seekers)
    if p.action == "kh_screens":
        # "proton" under the field's label "screen": a button's word, whole at 800x480
        screens = tuple(Choice(c, combat.DEFENCE_NAMES[c or "none"].removesuffix(" screen"),
                               None if not c or ship.has(c) else
                               f"{ship.name} has no working {combat.DEFENCE_NAMES[c]}")
                        for c in SCREEN_CHOICES)
        ms = ship.defence("MS")
        mask = (Choice("no", "no"), Choice("yes", "release one", None if ms and ms.count else
                                           f"{ship.name} has no masking screen to release"))
        return Decision(p, p.action, st, f"Screens of {ship.name}", (
            Field("screen", "screen", FieldKind.CHOICE, ship.screen or "", choices=screens),
            Field("mask", "masking screen", FieldKind.CHOICE, "no", choices=mask)),
            builder=lambda v: SetScreens(st, sid, _text(v["screen"]), v["mask"] == "yes"))
    if p.action == "kh_move":
        return _move_decision(state, p, ship)
    if p.action == "kh_fire":
        return _fire_decision(state, p, ship)
    if p.action == "kh_icm":
        return Decision(p, p.action, st, f"ICMs from {ship.name}", (
            Field("count", "ICMs", FieldKind.INT, 0, 0, ship.icms()),),
            builder=lambda v: LaunchICMs(st, sid, _int(v["count"])))
    systems = (Choice("", "none this turn"), *(Choice(s, s) for s in repairs(ship)))
    return Decision(p, p.action, st, f"Damage control on {ship.name}", (
        Field("system", "repair", FieldKind.CHOICE, "", choices=systems),),
        builder=lambda v: Repair(st, sid, _text(v["system"])))


def _move_decision(state: KHState, p: Prompt, ship: Ship) -> Decision:
    """The course alone: its F steps are the new speed (`movement`: "the number of F steps is
    the ship's new speed"), so a speed of its own could only disagree with it."""
    st, sid = p.station, ship.id
    low, high = movement.speed_range(ship)
    if movement.drifting(ship):
        low = high = ship.speed
    course = movement.forced_course(ship, ship.speed) if movement.out_of_control(ship) \
        else "F" * ship.speed
    drops = (Choice("", "nothing"),
             *(Choice(c, label, None if any(m.code == c and m.intact and (m.ammo or 0) > 0
                                            for m in ship.weapons)
                      else f"{ship.name} has no {label} to drop")
               for c, label in (("M", "mines"), ("S", "a seeker"))))
    speeds = f"speed {low}" if low == high else f"speed {low}-{high}"
    note = (f"F: one hex ahead; the F steps are the new speed ({speeds}, ADF {ship.adf}). "
            f"P, S: turn one hexside after a hex, {ship.mr} at most (MR)")

    def build(v: Mapping[str, Value]) -> Action:
        steps = _text(v["course"])
        return Move(st, sid, steps.count("F"), steps, _text(v["drop"]),
                    _int(v.get("drop_at", -1)))

    return Decision(p, p.action, st, f"Move {ship.name} (speed {ship.speed}, ADF "
                    f"{ship.adf}, MR {ship.mr})", (
        Field("course", f"course ({speeds})", FieldKind.STEPS, course, 0, high + ship.mr,
              alphabet=movement.STEPS, note=note,
              limits=(("F", high, "hex", "hexes"), ("PS", ship.mr, "turn", "turns"))),
        Field("drop", "drop", FieldKind.CHOICE, "", choices=drops),
        Field("drop_at", "drop after hexes (-1: where the move ends)", FieldKind.INT, -1, -1,
              high, note="seed 002 line 44: mines and seekers may be dropped at any time: in any "
              "hex of the course, 0 the one it starts in")), builder=build)


def _fire_decision(state: KHState, p: Prompt, ship: Ship) -> Decision:
    st, who = p.station, title(p.station)
    enemies = [t for t in state.ships if t.active and t.side != ship.side]
    firable = [m for m in ship.weapons
               if any(fire_problem(state, ship, m.id, t.id, who) is None for t in enemies)]
    mounts = (Choice("", "end fire"), *(
        Choice(m.id, state.tables.weapons[m.code].name,
               None if m in firable else _first_problem(state, ship, m.id, enemies, who))
        for m in ship.weapons))
    default_mount = firable[0].id if firable else ""
    pairs = [("", "")] + [(m.id, t.id) for m in firable for t in enemies
                          if fire_problem(state, ship, m.id, t.id, who) is None]
    targets = []
    for t in enemies:
        why = fire_problem(state, ship, default_mount, t.id, who) if default_mount else None
        need = None
        if default_mount and why is None:
            m = ship.mount(default_mount)
            assert m is not None
            need = combat.chance_to_hit(state, state.tables.weapons[m.code], t, ship.side, ship,
                                        reach(state, ship, m, t) or 0)[0]
        if any(target == t.id for _, target in pairs):
            why = None   # a weapon reaches it: `together` says which
        targets.append(Choice(t.id, t.name, why, need, _odds(state, ship, firable, t, who)))
    default_target = next((t for m, t in pairs if m == default_mount), "")
    return Decision(p, "kh_fire", st, f"Fire from {ship.name}", (
        Field("mount", "weapon", FieldKind.CHOICE, default_mount, choices=mounts),
        Field("target", "target", FieldKind.CHOICE, default_target,
              choices=(Choice("", "none"), *targets))),
        builder=lambda v: Fire(st, ship.id, _text(v["mount"]), _text(v["target"])),
        irreversible=True,
        together=(Together(("mount", "target"), tuple(pairs),
                           "a weapon fires at a target it can reach; end fire has none"),))


def _odds(state: KHState, ship: Ship, firable: list[Mount], target: Ship, who: str) -> str:
    """The chance to hit `target` with each weapon that can fire at it, and how it is made up
    (the Combat Table, its defence, range diffusion, head-on, ICMs: `combat.chance_to_hit`),
    shown before a shot is chosen: "Laser battery vs no defence 70%, range 2 -10% = 60%"."""
    return "; ".join(
        combat.chance_to_hit(state, state.tables.weapons[m.code], target, ship.side, ship,
                             reach(state, ship, m, target) or 0)[2]
        for m in firable if fire_problem(state, ship, m.id, target.id, who) is None)


def _first_problem(state: KHState, ship: Ship, mount: str, enemies: list[Ship],
                   who: str) -> str:
    for t in enemies:
        why = fire_problem(state, ship, mount, t.id, who)
        if why:
            return why
    return f"{who}: no enemy ship is left"


def controls(state: KHState, seat: Seat) -> tuple[Decision, ...]:
    return tuple(decision(state, p) for p in pending(state, seat))


def legal_actions(state: KHState, seat: Seat) -> tuple[Action, ...]:
    out: list[Action] = []
    for p in pending(state, seat):
        d = decision(state, p)
        if p.roll is not None:
            out += [d.make({"value": v}) for v in range(1, p.roll.sides + 1)]
        elif p.action == "kh_move":
            assert p.ship is not None
            ship = state.ship(p.ship)
            drops = [c.value for c in d.field_named("drop").choices if c.allowed]
            out += [Move(p.station, ship.id, speed, course, _text(drop))
                    for (speed, course), drop in product(movement.courses(ship), drops)]
        elif p.action == "kh_fire":
            assert p.ship is not None
            ship = state.ship(p.ship)
            out.append(Fire(p.station, ship.id, "", ""))
            who = title(p.station)
            out += [Fire(p.station, ship.id, m.id, t.id) for m in ship.weapons
                    for t in state.ships
                    if fire_problem(state, ship, m.id, t.id, who) is None]
        else:
            fields = d.fields
            options = [[c.value for c in f.choices if c.allowed] if f.kind == FieldKind.CHOICE
                       else list(f.values()) for f in fields]
            out += [d.make(dict(zip([f.name for f in fields], combo, strict=True)))
                    for combo in product(*options)]
    return tuple(out)
