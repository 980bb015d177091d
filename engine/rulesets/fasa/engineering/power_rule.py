"""Power Allocation, declared once (Book Two, Advanced: Sequence Of Play step 1, the Power
Allocation Phase; Expert: Engineering Display, Weapons Display, Damage Control Display; C&C:
Sequence Of Play steps 2-6, Power To Movement Track; `power.py` is the rule itself, this its part
in the game: `rule.Rule`).

In each Power Allocation Phase every ship in play allocates its power to movement, shields and
weapons (the `allocate_power` decision, the Engineer's), then arms its weapons with the power to
weapons (`arm_weapons`, the Helm's) and sets its shield points (`set_shields`, Science's); the
phase waits for all three. Command & Control's Helmsman arms only on his Captain's fire order
(line 1101): the hooks `arming_waits` and `arm_problem` (`hooks.py`, the command level's in
`layers/command_hooks.py`). The autopilot's arming is declared here (`arming.py`: charged weapons
first, then the beams; nothing under the Captain's hold fire).

The phase's own work is declared here too (`steps`, `_flow`): the ratings first when they are
still to roll, then the allocations awaited, then the Tactical Advantage Phase; each higher level
or optional rule adds its part through the hooks (`team_rolls`, Team Communications;
`panels_kept`, Command & Control's frozen panels; `awaits_order`, a disabled ship's Captain;
`power_allocated`, the advanced game's cloak engaged; `skill_phase`/`start_skill_phase`, the
expert game's Skill Roll Phase or Campaign Advancement's crew roll before the advantage).

The decisions' fields (`power_controls.py`) and quick fills (`power_presets.py`) are declared
here as well: the Captain's fire order reaches them through the hooks `arm_problem` and
`arming_note`, the cloak through `has_cloak`, an enemy hidden from the ship through `hidden`.

Still in the central tables: the autopilot's allocation and shields (`autopilots/autopilot.py`, which read the
autopilot's reading of the battle: the nearest enemy, the Admiral's named target, the range a
volley does most, the cloak's ambush): each lies above this folder in the package's stack
(docs/engine.md,
"Adding a rule").
"""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.arcs import SHIELD_OF_SEXTANT
from engine.rulesets.fasa.engineering import arming, power, power_controls
from engine.rulesets.fasa.moving import advantage
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_BASIC,
    Disclosure,
    Flow,
    Result,
    Rule,
    Told,
    active,
)
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    SetShields,
    WeaponPower,
)
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import ACTIVE, POWER, RATINGS, FasaState, Ship, replace


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """Each ship in play: its allocation; once allocated, its arming (C&C: after the Captain's
    order) and its shields."""
    out = []
    for s in state.ships:
        if s.status != ACTIVE:
            continue
        if s.allocation is None:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.POWER),
                              f"allocate {s.total_power} power", None, "allocate_power"))
            continue
        if not s.armed and not hooks.of(state).arming_waits(state, s):
            out.append(Prompt(s.id, state.station_for(s.id, Duty.WEAPONS),
                              f"arm weapons with {s.allocation.weapons} power", None,
                              "arm_weapons"))
        if not s.shields_set:
            out.append(Prompt(s.id, state.station_for(s.id, Duty.SHIELDS),
                              f"set {s.cls.shield_points(s.allocation.shields)} shield points",
                              None, "set_shields"))
    return tuple(out)


def _allocate(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, AllocatePower)
    return power.allocate(state, ship, action)


def _arm(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, ArmWeapons)
    return power.arm(state, ship, action)


def _arm_after_orders(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    """C&C: arming waits for the Captain's order (line 1101), then the ship must be in play."""
    assert isinstance(action, ArmWeapons)
    why = hooks.of(state).arm_problem(state, ship, any(w.power for w in action.power))
    if why:
        raise IllegalAction(f"{station}: {why}")
    return active(_arm)(state, ship, action, station)


def _shields(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, SetShields)
    return power.set_shields(state, ship, action)


def _allocations(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [AllocatePower(station, ship.id, m, s, w, c)
            for m, s, w, c in power_options(ship, hooks.of(state).has_cloak(state, ship))]


def _armings(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [ArmWeapons(station, ship.id, a) for a in arming_options(ship)
            if not hooks.of(state).arm_problem(state, ship, bool(a))]


def _shieldings(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [SetShields(station, ship.id, p) for p in shield_options(ship)]


def power_options(ship: Ship, cloak: bool = False) -> list[tuple[int, int, int, int]]:
    """Splits of the power to movement, shields and weapons (and, for a ship with a cloaking
    device, splits that cloak it: no weapons then)."""
    out = [(m, s, w, 0) for m, s, w in _splits(ship, ship.total_power, True)]
    cost = ship.cls.cloak_cost
    if cloak and cost <= ship.total_power:
        out += [(m, s, 0, cost) for m, s, _ in _splits(ship, ship.total_power - cost, False)]
    return sorted(set(out))


def _splits(ship: Ship, total: int, weapons: bool) -> list[tuple[int, int, int]]:
    cls = ship.cls
    step = cls.movement_step
    shield_cap = power.shield_power_cap(ship)
    wcap = power.weapon_cap(ship)
    out = set()
    for m in range(0, total + 1, step):
        rest = total - m
        for s in {0, rest // 2, rest}:
            s = min(s, shield_cap)
            out.add((m, s, min(rest - s, wcap) if weapons else 0))
            out.add((m, s, 0))
    return sorted(out)


def arming_options(ship: Ship) -> list[tuple[WeaponPower, ...]]:
    assert ship.allocation is not None
    budget = ship.allocation.weapons
    working = [(i, s) for i, s in enumerate(ship.cls.weapons) if not ship.weapons[i].damaged]

    out: list[tuple[WeaponPower, ...]] = [()]
    for _, s in working:
        p = s.full_power
        if p <= budget:
            out.append((WeaponPower(s.id, p),))
    greedy: list[WeaponPower] = []
    left = budget
    for _, s in working:
        want = s.full_power
        give = min(want, left) if s.kind == "beam" else (want if want <= left else 0)
        if give:
            greedy.append(WeaponPower(s.id, give))
            left -= give
    if greedy:
        out.append(tuple(greedy))
    return list(dict.fromkeys(out))


def shield_options(ship: Ship) -> list[tuple[int, int, int, int, int, int]]:
    assert ship.allocation is not None
    points = ship.cls.shield_points(ship.allocation.shields)
    cap = ship.cls.max_shield_points
    working = [n for n in range(1, 7) if n not in ship.shields_damaged]
    out: list[tuple[int, int, int, int, int, int]] = [(0, 0, 0, 0, 0, 0)]
    for order in ([SHIELD_OF_SEXTANT[k] for k in range(6)], [2, 1, 3, 6, 4, 5], [5, 4, 6, 3, 1, 2]):
        out.append(spread(points, cap, [n for n in order if n in working]))
    for n in working:
        out.append(spread(points, cap, [n]))
    return list(dict.fromkeys(out))


def spread(points: int, cap: int, order: list[int]) -> tuple[int, int, int, int, int, int]:
    """Shield points dealt one at a time round `order`, none above `cap`."""
    shields = [0] * 6
    left = points
    while left > 0 and order:
        placed = False
        for n in order:
            if left and shields[n - 1] < cap:
                shields[n - 1] += 1
                left -= 1
                placed = True
        if not placed:
            break
    return (shields[0], shields[1], shields[2], shields[3], shields[4], shields[5])


# The turn's flow: the Power Allocation Phase's own work.
def _flow(state: FasaState) -> Flow:
    """The Power Allocation Phase (Advanced: Sequence Of Play step 1): the ratings first when
    they are still to roll (`skills/ratings_rule.py`); the phase waits for every ship in play to
    allocate; then the Tactical Advantage Phase (step 2). A higher level's part is its hooks'."""
    layer = hooks.of(state)
    if opening := layer.opening_words(state):  # Campaign Advancement's points, the ratings
        return replace(state, step=RATINGS), [Note(opening)], False
    teams = layer.team_rolls(state)  # an optional rule: the turn's team rolls come first
    if teams is not None:
        return teams[0], teams[1], False
    state, events = layer.panels_kept(state)  # C&C: panels that keep last turn's settings
    if any(s.status == ACTIVE and not s.allocated for s in state.ships):
        return state, events, True
    if layer.awaits_order(state):  # a disabled ship's Captain's order (advanced_hooks.py)
        return state, events, True
    state, more = layer.power_allocated(state)  # the advanced game's cloak engaged
    events += more
    if skill := layer.skill_phase(state):  # Expert's Skill Roll Phase, Campaign's crew roll
        return layer.start_skill_phase(state), [*events, Note(skill)], False
    state, more = advantage.start(state)
    return state, events + more, False


def _arm_autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """The autopilot's arming (`arming.py`); nothing under the Captain's hold fire (C&C, line
    1101: the hook `arm_problem`)."""
    unarmed = hooks.of(state).arm_problem(state, ship, True)
    return ArmWeapons(station, ship.id, () if unarmed else arming.arming(ship))


RULE = Rule(
    name="Basic: Power Allocation (the Power Allocation Phase)",
    levels=LEVELS_FROM_BASIC,
    step_of={"allocate_power": POWER, "arm_weapons": POWER, "set_shields": POWER},
    step_words={POWER: "the Power Allocation Phase"},
    steps={POWER: _flow},
    prompts={POWER: _prompts},
    decisions={"allocate_power": active(_allocate), "arm_weapons": _arm_after_orders,
               "set_shields": active(_shields)},
    options={"allocate_power": _allocations, "arm_weapons": _armings,
             "set_shields": _shieldings},
    disclosure={"allocate_power": Disclosure(Told.ACTS, "allocating power"),
                "arm_weapons": Disclosure(Told.ACTS, "arming weapons"),
                "set_shields": Disclosure(Told.ACTS, "setting shields")},
    controls={"allocate_power": power_controls.allocation, "arm_weapons": power_controls.arming,
              "set_shields": power_controls.shields},
    autopilot={"arm_weapons": _arm_autopilot},
)
