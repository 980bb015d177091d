"""Book Two, Command & Control (seed 000_4373da4a9495c8f8.txt, `cat -n` lines): bridge hits and
DEX rolls (lines 1345-1391), engineering out (lines 1393-1401), power spent as it goes and
powering down after engine damage (lines 1079-1089, 1155-1159, 1295-1297), on the crewed ships of
the command level; uncrewed ships keep the Expert reading (lines 841-845)."""

from __future__ import annotations

from typing import Any

import pytest
from test_cc_officers import game
from test_fasa_fidelity import act, roll

import engine
from engine import RollResult, Seat
from engine.dice import Die
from engine.errors import IllegalAction
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.firing import bridge_hits, combat, expert_damage
from engine.rulesets.fasa.flow.turn import advance
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.sensing import arc_scan, sensors
from engine.rulesets.fasa.values.actions import AllocatePower, Move, SetWarp, WeaponPower
from engine.rulesets.fasa.values.crew_events import GridPower, OfficerShaken, PoweredDown, SystemShaken
from engine.rulesets.fasa.values.events import ShieldStruck
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.shaken import (
    OfficerOut,
    Shaken,
    SystemOut,
    count_moved,
    fire_blocked,
    grid_out,
    sensors_dark,
    shields_down,
    straight_line,
)
from engine.rulesets.fasa.values.state import (
    AFTERMATH,
    MOVE,
    POWER,
    RESOLVE,
    Allocation,
    FasaState,
    Hit,
    Shot,
    Stage,
    Weapon,
    replace,
)

# The crew of test_cc_officers: Spock (Science) DEX 50, sensors 70, shields 60, damage control 67;
# Sulu (Helm) DEX 60, helm 70, weaponry 65; Scott (Engineer) DEX 55, engineering 77.


def armed(state: FasaState, ship: str = "ent", movement: int = 12, shields: int = 8,
          weapons: int = 10, points: tuple[int, ...] = (16, 0, 0, 0, 0, 0)) -> FasaState:
    """`ship` allocated: 3 movement points at 4/1, 16 shield points at 1/2 on shield 1, two phaser
    banks at 5."""
    s = state.ship(ship)
    alloc = Allocation(movement, shields, weapons)
    guns = list(s.weapons)
    guns[0], guns[1] = Weapon(5), Weapon(5)
    return state.with_ship(replace(
        s, allocation=alloc, last_allocation=alloc, armed=True, shields_set=True,
        movement_points=s.cls.movement_points(movement), weapons=tuple(guns),
        shields=tuple(points), last_shields=tuple(points),
        shaken=replace(s.shaken, base=s.total_power)))


def ready_game() -> FasaState:
    state = game()
    return armed(armed(state), "kl", movement=12, shields=6, weapons=10, points=(6,) * 6)


def fire_over(state: FasaState, phase: int = 1) -> tuple[FasaState, list[Any]]:
    """Firing Phase `phase`'s shots are all resolved: run on to the next decision or roll."""
    state = replace(state, step=RESOLVE, phase=phase, shots=(), hit=None,
                    advantage=("kl", "ent"))
    state, events = advance(state)
    return state, events


def shaken(state: FasaState, ship: str = "ent", **fields: Any) -> FasaState:
    s = state.ship(ship)
    return state.with_ship(replace(s, shaken=replace(s.shaken, **fields)))


def moved_on(state: FasaState, phase: int = 0) -> bool:
    """The end of the Firing Phase is over: the next phase (or turn) is under way."""
    return state.step not in (AFTERMATH, RESOLVE) and (not phase or state.phase == phase)


def asked(state: FasaState) -> Any:
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None, prompt
    return prompt.roll


# -- Bridge hits (lines 1345-1391) --------------------------------------------------------------

def test_a_bridge_hit_waits_for_the_end_of_the_firing_phase_and_rolls_two_dice_per_5_points() -> None:
    """Lines 1347, 1351: the effect "takes place at the end of the current Firing Phase"; "For
    each 5 damage points taken or part thereof, the Science Officer will roll one die two times":
    7 points are two pairs."""
    state = ready_game()
    state = replace(state, step=RESOLVE, phase=1, shots=(Shot("kl", "d1", "ent"),),
                    hit=Hit(Stage.LOCATION, 7, 1, 7))
    state, _ = expert_damage.locate(state, state.ship("kl"), state.ship("ent"),
                                    Hit(Stage.LOCATION, 7, 1, 7), 10)  # C/1/10: BR/2C
    assert state.ship("ent").shaken.bridge == (7,)
    assert state.roll is None  # nothing rolled for it yet
    state, _ = fire_over(state)
    req = asked(state)
    assert req.station == "science" and req.kind == Die.D10 and "who is shaken" in req.purpose
    state, events = roll(state, 1, 10)  # nobody; no system
    assert any(isinstance(e, OfficerShaken) and e.verdict == "nobody" for e in events)
    req = asked(state)
    assert "who is shaken" in req.purpose  # the second pair
    state, _ = roll(state, 2, 10)
    assert moved_on(state, 2)
    assert state.ship("ent").shaken.systems == () and state.ship("ent").shaken.officers == ()


def test_an_uncrewed_ships_bridge_hit_is_superstructure_and_casualties_alone() -> None:
    """Expert (lines 841-845) for a ship without officers (line 949)."""
    state = ready_game()
    state = replace(state, step=RESOLVE, phase=1, shots=(Shot("ent", "ph1", "kl"),))
    state, _ = expert_damage.locate(state, state.ship("ent"), state.ship("kl"),
                                    Hit(Stage.LOCATION, 7, 1, 7), 10)
    assert state.ship("kl").shaken.bridge == ()
    state, _ = fire_over(state)
    assert moved_on(state)


@pytest.mark.parametrize(("die", "stations"), [(1, ()), (3, ()), (4, ("science",)),
                                               (6, ("science",)), (7, ("helm",)),
                                               (9, ("helm",)), (10, ("helm", "science"))])
def test_bridge_personnel_shaken_by_the_die(die: int, stations: tuple[str, ...]) -> None:
    """BRIDGE PERSONNEL SHAKEN (lines 1361-1367); each shaken officer then rolls percentile dice
    against his DEX (line 1353)."""
    state, _ = fire_over(shaken(ready_game(), bridge=(3,)))
    state, _ = roll(state, die, 10)
    for station in stations:
        req = asked(state)
        assert req.kind == Die.D100 and req.station == station and "DEX" in req.purpose
        state, _ = roll(state, 100)  # fails
    assert tuple(sorted(o.station for o in state.ship("ent").shaken.officers)) == \
        tuple(sorted(stations))
    assert moved_on(state)


@pytest.mark.parametrize(("die", "systems"), [(1, ("comms",)), (2, ("sensors",)),
                                              (3, ("shields",)), (4, ("helm",)),
                                              (5, ("weapons",)), (6, ("weapons",)), (10, ())])
def test_combat_systems_shaken_by_the_die(die: int, systems: tuple[str, ...]) -> None:
    """SYSTEM SHAKEN (lines 1379-1391)."""
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, _ = roll(state, 1, die)
    assert tuple(s.system for s in state.ship("ent").shaken.systems) == systems


def test_a_7_to_9_rerolls_two_to_four_times_each_halved_and_rounded_up() -> None:
    """Line 1369: "Reroll the number of times indicated, divide each roll by 2 and round up"; 9
    rolls four more: 1 -> 1 comms, 4 -> 2 sensors, 5 -> 3 shields, 10 -> 5 weapons."""
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, _ = roll(state, 1, 9)
    assert "one more system" in asked(state).purpose
    state, _ = roll(state, 1, 4, 5, 10)
    assert [s.system for s in state.ship("ent").shaken.systems] == \
        ["comms", "sensors", "shields", "weapons"]
    assert moved_on(state)


def test_a_dex_roll_at_or_under_dex_leaves_the_officer_steady() -> None:
    """Line 1353: "If his roll is less than or equal to his DEX (dexterity), he is unharmed"."""
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, _ = roll(state, 4, 10)  # Science
    state, events = roll(state, 50)  # Spock's DEX 50
    assert state.ship("ent").shaken.officers == ()
    assert any(isinstance(e, OfficerShaken) and e.verdict == "steady" for e in events)


def test_a_shaken_science_officer_asks_nothing_and_makes_no_lock() -> None:
    """Line 1355: "If the Science Officer cannot perform, he may ask no sensors questions";
    line 1357: nor "attempt a sensors lock"."""
    state = shaken(ready_game(), officers=(OfficerOut("science"),))
    assert sensors_dark(state, state.ship("ent"))
    assert not sensors_dark(state, state.ship("kl"))
    # As a ship whose sensors are out: its Sensor Phase use and each Movement Phase's question
    # and scan are spent at the phase's start, so another side sees no difference.
    started = sensors.start(state)
    assert started.ship("ent").sensed and not started.ship("kl").sensed
    moving = arc_scan.start_phase(replace(state, step=MOVE, phase=2, queue=("ent",)))
    assert moving.ship("ent").asked_phase == 2 and moving.ship("ent").arc_phase == 2


def test_a_shaken_helmsman_fires_nothing_and_moves_in_a_straight_line() -> None:
    """Line 1355: "If the Helmsman cannot perform, he may fire no weapons and the ship must move in
    a straight line"; the autopilot holds the course."""
    state = shaken(ready_game(), officers=(OfficerOut("helm"),))
    ent = state.ship("ent")
    assert fire_blocked(state, ent) and straight_line(state, ent)
    assert not combat.has_shot(state, ent)
    state = replace(state, step=MOVE, phase=1, queue=("ent",))
    assert "straight line" in (engine.problem(state, Move("helm", "ent", "PF")) or "")
    assert engine.problem(state, Move("helm", "ent", "F")) is None
    (prompt,) = engine.pending(state)
    choice = autopilot.decide(state, prompt)
    assert isinstance(choice, Move) and set(choice.steps) <= {"F"}


def test_a_failed_dex_roll_is_rolled_again_at_the_end_of_the_next_firing_phase() -> None:
    """Line 1353: "he may not perform his job in the next Movement/Firing Phase, and at the end of
    the next Firing Phase, he may reroll"; line 1359: each shaking its own roll."""
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, _ = roll(state, 7, 10, 99)  # Helm shaken, fails DEX 60
    assert [o.station for o in state.ship("ent").shaken.officers] == ["helm"]
    state, _ = fire_over(state, phase=2)
    req = asked(state)
    assert req.station == "helm" and "again" in req.purpose
    state, _ = roll(state, 60)
    assert state.ship("ent").shaken.officers == ()


def test_a_shaken_system_is_repaired_by_its_officer_and_each_retry_is_5_worse() -> None:
    """Line 1371: "At the end of the next Firing Phase, he will make a Skill Roll against his
    rating"; "he may reroll at the end of the following Firing Phase, but he has a 5% penalty
    added to his percentile dice roll". The weapons are Helm's (weaponry 65)."""
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, _ = roll(state, 1, 5)  # weapons
    assert fire_blocked(state, state.ship("ent"))
    assert moved_on(state)  # no repair roll in the phase it was shaken
    state, _ = fire_over(state, phase=2)
    req = asked(state)
    assert req.station == "helm" and "WEAPONRY TECHNOLOGY 65" in req.purpose and req.needs == (1, 65)
    state, events = roll(state, 66)
    assert any(isinstance(e, SystemShaken) and "still out" in e.detail for e in events)
    state, _ = fire_over(state, phase=3)
    req = asked(state)
    assert req.modifiers == (("+5 for 1 failed roll", 5),) and req.needs == (1, 60)
    state, _ = roll(state, 61)
    state, _ = fire_over(state, phase=4)
    assert asked(state).needs == (1, 55)
    state, _ = roll(state, 55)
    assert state.ship("ent").shaken.systems == ()
    assert not fire_blocked(state, state.ship("ent"))


def test_each_shaking_of_a_system_takes_its_own_repair_roll() -> None:
    """Line 1377: "If one system is affected several times, a separate Skill Roll must be made
    each time"."""
    state = shaken(ready_game(), systems=(SystemOut("shields"), SystemOut("shields")))
    state, _ = fire_over(state)
    state, _ = roll(state, 1)
    assert shields_down(state.ship("ent"))  # one still out
    state, _ = roll(state, 1)
    assert not shields_down(state.ship("ent"))


def test_shaken_shields_do_not_protect_but_keep_their_points() -> None:
    """Lines 1373-1375: "if the shields are affected, they do not protect the ship"."""
    state = shaken(ready_game(), systems=(SystemOut("shields"),))
    state = replace(state, step=RESOLVE, phase=1, shots=(Shot("kl", "d1", "ent"),))
    state, events = combat.strike_shield(state, state.ship("ent"), 1, 6)
    struck = next(e for e in events if isinstance(e, ShieldStruck))
    assert struck.absorbed == 0 and struck.penetrating == 6
    assert state.ship("ent").shields[0] == 16


def test_still_shaken_at_power_allocation_the_panels_keep_last_turns_settings() -> None:
    """Line 1357: "he may not reset his Command Control Panel, and the settings must remain the
    same as for the previous game turn ... a shaken Science Officer may power NO new shields ...
    a shaken Helmsman may power NO new weapons or change his ship's speed"."""
    state = ready_game()
    ent = state.ship("ent")
    state = state.with_ship(replace(
        ent, allocation=None, armed=False, shields_set=False, shields=(0,) * 6,
        weapons=tuple(Weapon() for _ in ent.weapons),
        record=(replace(_column(ent), weapons=tuple((5, True, False) if i < 2 else (0, False, False)
                                                   for i in range(len(ent.weapons)))),),
        shaken=Shaken(officers=(OfficerOut("helm"), OfficerOut("science"))),
        fire_order="at_will"))  # the Captain's standing order (line 1101)
    state = replace(state, step=POWER, phase=0, turn=2)
    assert engine.problem(state, SetWarp("helm", "ent", state.ship("ent").warp + 1)) is not None
    assert engine.problem(state, SetWarp("helm", "ent", state.ship("ent").warp)) is None
    state, _ = act(state, AllocatePower("engineer", "ent", 12, 8, 10))
    ent = state.ship("ent")
    assert ent.armed and ent.shields_set
    assert [w.power for w in ent.weapons[:2]] == [5, 5]
    assert ent.shields == (16, 0, 0, 0, 0, 0)


def _column(ship: Any) -> Any:
    from engine.rulesets.fasa.engineering.mcp import close_turn
    return close_turn(ship, 1).record[-1]


# -- Engineering out (lines 1393-1401) ----------------------------------------------------------

def test_engineering_out_takes_the_power_off_the_grid_until_an_engineering_roll() -> None:
    """Lines 1395-1399: the Chief Engineer's DEX roll; "all power is withdrawn from the grid for
    the next Movement/Firing Phase. No shields are energized, no weapons may fire, and no movement
    may be made until the power is restored. Movement points and sensors locks are lost"; at or
    under his STARSHIP ENGINEERING rating "he will be able to restore the power after only one
    phase". The points lost are the phase's (line 1397): the ship moves again in the next."""
    five = armed(ready_game(), movement=20)  # 5 movement points: 1 in each of the 5 phases
    state = replace(five, ships=tuple(replace(s, lock="kl") if s.id == "ent" else s
                                      for s in five.ships))
    state, events = fire_over(shaken(state, engineering=1))
    assert any(isinstance(e, GridPower) and e.off for e in events)
    req = asked(state)
    assert req.station == "engineer" and "DEX 55" in req.purpose
    state, events = roll(state, 10)
    req = asked(state)
    assert "STARSHIP ENGINEERING 77" in req.purpose
    state, _ = roll(state, 77)
    ent = state.ship("ent")
    assert grid_out(ent) and ent.lock == ""
    assert fire_blocked(state, ent) and shields_down(ent)
    assert moved_on(state) and movement.phase_points(state, state.ship("ent")) == 0
    state, events = fire_over(state, phase=2)
    assert any(isinstance(e, GridPower) and not e.off for e in events)
    assert not grid_out(state.ship("ent"))
    # Phase 2's movement points are lost, not the turn's: phase 3 moves as the table says.
    ent = state.ship("ent")
    per_phase = state.tables.movement_per_phase(ent.movement_points, state.phases)
    assert per_phase[1] > 0 and per_phase[2] > 0
    assert power_spent.mp_left(ent) == ent.movement_points - per_phase[1]
    assert state.phase == 3 and movement.phase_points(state, ent) == per_phase[2]
    # Weapons and shields are as they were.
    assert ent.shields[0] == 16 and ent.weapons[0].power == 5


def test_a_failed_engineering_roll_keeps_the_power_off_and_each_retry_is_5_worse() -> None:
    """Line 1399: "the power will remain out for the following Movement/Firing Phase. At the end
    of that Firing Phase, he may attempt to make another roll, at a penalty of 5%"."""
    state, _ = fire_over(shaken(ready_game(), engineering=1))
    state, _ = roll(state, 1, 78)  # DEX passes; engineering fails
    state, _ = fire_over(state, phase=2)
    assert grid_out(state.ship("ent")) and moved_on(state, 3)  # no roll at the end of phase 2
    state, _ = fire_over(state, phase=3)
    req = asked(state)
    assert req.modifiers == (("+5 for 1 failed roll", 5),) and req.needs == (1, 72)
    state, _ = roll(state, 73)
    state, _ = fire_over(state, phase=4)
    assert asked(state).needs == (1, 67)
    state, _ = roll(state, 67)
    assert not grid_out(state.ship("ent"))


def test_power_out_at_power_allocation_keeps_the_allocation_totals() -> None:
    """Line 1401: "the settings on the Engineering Panel may not be changed, and the same number
    of points will be given to movement, weapons, and shields"; Helm and Science set theirs."""
    state = ready_game()
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, allocation=None, armed=False, shields_set=False,
                                    shaken=Shaken(grid=2, grid_roll="later", grid_tries=1),
                                    fire_order="at_will"))
    state, _ = advance(replace(state, step=POWER, phase=0, turn=2))
    ent = state.ship("ent")
    assert ent.allocation == Allocation(12, 8, 10)
    # Helm arms (and may still set the warp speed, the phase's offer that waits for nothing)
    assert {p.action for p in engine.pending(state, Seat("helm", "ent"))} == \
        {"arm_weapons", "set_warp"}


def test_a_shaken_chief_engineers_power_cuts_are_made_at_random() -> None:
    """Line 1395: "any power cuts will be made randomly": a die (4-6: weapons first)."""
    state = shaken(ready_game(), officers=(OfficerOut("engineer"),))
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, engines=(1, 20, 4)))  # 5 below the 30 allocated
    state, _ = fire_over(state)
    state, _ = roll(state, 99)  # his DEX reroll fails
    req = asked(state)
    assert req.station == "captain" and "at random" in req.purpose
    state, events = roll(state, 5)
    assert [e.system for e in events if isinstance(e, PoweredDown)] == ["weapons"]
    assert state.ship("ent").shaken.cut_weapons == 5


# -- Power spent as it goes, powering down (lines 1079-1089, 1155-1159, 1295-1297) ---------------

def test_the_enterprises_power_spent_as_it_goes() -> None:
    """Line 1083: "if the Helmsman on the Enterprise uses 3 movement points in a Movement Phase,
    the Chief Engineer would record the power expended by moving the Power Counter 12 boxes to the
    left"; two beams "each powered to 5 points" fired take 10 off weapons; 16 points absorbed on
    the shields (at 1/2, 8 power)."""
    state = replace(ready_game(), step=MOVE, phase=1, queue=("ent",))
    assert power_spent.left(state.ship("ent")) == {"movement": 12, "weapons": 10, "shields": 8}
    state = count_moved(state, "ent", 3)
    ent = state.ship("ent")
    ent = replace(ent, weapons=(Weapon(5, fired=True), Weapon(5, fired=True), *ent.weapons[2:]),
                  shields=(0, 0, 0, 0, 0, 0))
    assert power_spent.spent(ent) == {"movement": 12, "weapons": 10, "shields": 8}
    assert power_spent.left(ent) == {"movement": 0, "weapons": 0, "shields": 0}
    view = engine.view(state.with_ship(ent), Seat("engineer", "ent"))
    mine = next(s for s in view["ships"] if s["id"] == "ent")
    assert mine["power_spent"] == {"movement": 12, "weapons": 10, "shields": 8}


def test_movement_points_are_spent_as_the_ship_moves() -> None:
    """Line 1081: "as power is expended in movement ... the appropriate Power Counter is moved to
    the left": each step of a Move spends a movement point's power (4 at 4/1)."""
    state = replace(ready_game(), step=MOVE, phase=1, queue=("ent",))
    assert movement.phase_points(state, state.ship("ent")) >= 1
    state, _ = act(state, Move("helm", "ent", "F"))
    ent = state.ship("ent")
    assert ent.shaken.used == 1 and power_spent.spent(ent)["movement"] == 4
    assert power_spent.left(ent)["movement"] == 8


def test_engine_damage_powers_down_at_the_end_of_the_firing_phase_by_three_officers() -> None:
    """Lines 1085-1089: "At the end of the Firing Phase in which the damage was taken, the Chief
    Engineer chooses the system or systems (movement, weapons, or shields) that must power down";
    "NOT a power reallocation, but merely a power reduction"; the Helmsman moves his Weapon
    Counters, the Science Officer his Shield Counters (line 1297: "The choice of shield is up to
    him, but the total power lost in the shields is up to the Chief Engineer")."""
    state = ready_game()
    ent = state.ship("ent")
    state = state.with_ship(replace(ent, engines=(0, 20, 4)))  # 6 below the 30 allocated
    state, _ = fire_over(state)
    assert state.step == AFTERMATH
    (prompt,) = engine.pending(state, Seat("engineer", "ent"))
    assert prompt.action == "power_down" and "6 power points" in prompt.what
    (decision,) = engine.controls(state, Seat("engineer", "ent"))
    assert (decision.budgets[0].minimum, decision.budgets[0].maximum) == (6, 6)   # exactly
    assert "reduction" in (engine.problem(state, PowerDown("engineer", "ent", 0, 0, 5)) or "")
    assert engine.problem(state, PowerDown("engineer", "ent", 13, 0, 0)) is not None
    state, _ = act(state, PowerDown("engineer", "ent", 0, 4, 2))
    prompts = {p.action: p.station for p in engine.pending(state)}
    assert prompts == {"cut_weapons": "helm", "cut_shields": "science"}
    cards = {d.action: d for st in ("helm", "science")
             for d in engine.controls(state, Seat(st, "ent"))}
    # no launcher armed: the weapons lose exactly their part; the shields 4 points (2 power at 1/2)
    assert [(b.minimum, b.maximum) for b in cards["cut_weapons"].budgets] == [(4, 4)]
    assert [(b.minimum, b.maximum) for b in cards["cut_shields"].budgets] == [(4, 4)]
    assert engine.problem(state, CutWeapons("helm", "ent", (WeaponPower("ph1", 3),))) is not None
    state, _ = act(state, CutWeapons("helm", "ent", (WeaponPower("ph1", 4),)))
    assert engine.problem(state, CutShields("science", "ent", (3, 0, 0, 0, 0, 0))) is not None
    state, _ = act(state, CutShields("science", "ent", (4, 0, 0, 0, 0, 0)))
    ent = state.ship("ent")
    assert ent.weapons[0].power == 1 and ent.shields[0] == 12
    assert moved_on(state, 2)


def test_power_never_allocated_takes_an_engine_loss_first() -> None:
    """Our reading of line 1085 (docs/rules-decisions.md): the Enterprise allocated 30 of its 44;
    6 lost leaves 38, more than the systems hold, so nothing powers down; at 24 six must."""
    state = ready_game()
    state = state.with_ship(replace(state.ship("ent"), engines=(14, 20, 4)))
    state, _ = fire_over(state)
    assert moved_on(state, 2)
    state = state.with_ship(replace(state.ship("ent"), engines=(0, 20, 4)))
    state, _ = fire_over(state, phase=2)
    assert state.ship("ent").shaken.cut == 6


def test_power_taken_off_movement_costs_whole_movement_points() -> None:
    """Line 1089: "the Helmsman must also move the Move Counter to the left on the Movement Points
    Available Track"; 5 power at 4/1 costs two movement points (a fraction cannot be kept)."""
    state = ready_game()
    state = state.with_ship(replace(state.ship("ent"), engines=(1, 20, 4)))
    state, _ = fire_over(state)
    state, _ = act(state, PowerDown("engineer", "ent", 5, 0, 0))
    assert power_spent.mp_left(state.ship("ent")) == 1


def test_the_autopilot_powers_down_every_station() -> None:
    state = ready_game()
    state = state.with_ship(replace(state.ship("ent"), engines=(0, 11, 4)))  # 15 below 30
    state, _ = fire_over(state)
    while state.step == AFTERMATH:
        (prompt,) = engine.pending(state)[:1]
        state, _ = act(state, autopilot.decide(state, prompt))
    assert moved_on(state)
    assert power_spent.loss_due(state.ship("ent")) == 0


def test_an_enemy_sees_nothing_of_the_shaken_bridge() -> None:
    """The shaken officers, systems out and power off the grid are the ship's side's (views.py)."""
    state = shaken(ready_game(), officers=(OfficerOut("helm"),), systems=(SystemOut("sensors"),),
                   grid=1)
    own = next(s for s in engine.view(state, Seat("science", "ent"))["ships"] if s["id"] == "ent")
    assert own["shaken_stations"]["helm"] and own["systems_out"]["sensors"] and own["grid_out"]
    enemy = next(s for s in engine.view(state, Seat("helm", "kl"))["ships"] if s["id"] == "ent")
    assert "shaken_stations" not in enemy and "grid_out" not in enemy
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    state, events = engine.apply(state, RollResult("science", 4, "script"))
    assert not engine.events_for(state, events, Seat("helm", "kl"))


def test_a_roll_is_asked_of_the_right_station_and_no_other() -> None:
    state, _ = fire_over(shaken(ready_game(), bridge=(5,)))
    with pytest.raises(IllegalAction):
        engine.apply(state, RollResult("helm", 4, "script"))
    assert bridge_hits.chunks(5) == 1 and bridge_hits.chunks(6) == 2 and bridge_hits.chunks(1) == 1


def test_in_a_crew_of_five_the_weapons_officer_and_the_navigator_place_the_cuts() -> None:
    """Each decision at the station of its duty (crew.ACTION_DUTY; Expanding For More Players,
    lines 1510-1518): in crew 5 the Weapons Officer fires and the Navigator holds the shields;
    a shaken "Helmsman" is the Captain who moves and the Weapons Officer who fires."""
    from engine.rulesets.fasa.values.officers import needs
    crew = {station: dict.fromkeys(keys, 60) for station, keys in needs("5").items()}
    state = game(crew, crew="5")
    state = armed(armed(state), "kl", movement=12, shields=6, weapons=10, points=(6,) * 6)
    assert bridge_hits.stations_of_role(state, state.ship("ent"), "helm") == ("captain",
                                                                              "weapons")
    state = state.with_ship(replace(state.ship("ent"), engines=(0, 20, 4)))
    state, _ = fire_over(state)
    state, _ = act(state, PowerDown("engineer", "ent", 0, 4, 2))
    assert {p.action: p.station for p in engine.pending(state)} == {
        "cut_weapons": "weapons", "cut_shields": "navigator"}
    with pytest.raises(IllegalAction, match="is for Navigator"):
        engine.apply(state, CutShields("science", "ent", (4, 0, 0, 0, 0, 0)))


def test_a_shaken_science_officer_does_not_roll_where_his_ships_hits_land() -> None:
    """Line 1355: a Science Officer who cannot perform may not "determine damage location on
    successful hits": the Instructor rolls it for his ship (hit_location.py)."""
    for shaken_science, station in ((False, "science"), (True, "instructor")):
        state = ready_game()
        if shaken_science:
            state = shaken(state, officers=(OfficerOut("science"),))
        state = replace(state, step=RESOLVE, phase=1, shots=(Shot("ent", "ph1", "kl"),))
        state, _ = combat.strike_shield(state, state.ship("kl"), 1, 20)
        req = asked(state)
        assert "damage location" in req.purpose and req.station == station


def test_a_launchers_whole_charge_lets_the_weapons_lose_more_than_their_part() -> None:
    """Line 1155: the Helmsman moves his Weapon Counters "so that the total power loss is
    recorded", a launcher all or none (line 1087: "perhaps causing some of the weapons to be
    disarmed"); more than the part only by less than the largest charge armed (ours), and the
    card's budget is exactly that range."""
    state = ready_game()
    ent = state.ship("ent")
    launcher = next(i for i, spec in enumerate(ent.cls.weapons) if spec.kind != "beam")
    guns = list(ent.weapons)
    charge = 4   # a launcher holding a set charge of 4
    guns[launcher] = Weapon(charge)
    state = state.with_ship(replace(ent, weapons=tuple(guns), engines=(0, 20, 4)))
    state, _ = fire_over(state)
    state, _ = act(state, PowerDown("engineer", "ent", 0, 1, 5))
    (card,) = [d for d in engine.controls(state, Seat("helm", "ent")) if d.action == "cut_weapons"]
    (budget,) = card.budgets
    assert (budget.minimum, budget.maximum) == (1, 1 + charge - 1)
    tid = ent.cls.weapons[launcher].id
    assert engine.problem(state, CutWeapons("helm", "ent", (WeaponPower(tid, charge),))) is None
    assert engine.problem(state, CutWeapons("helm", "ent", (WeaponPower("ph1", 1),))) is None
    assert engine.problem(state, CutWeapons("helm", "ent", (WeaponPower("ph1", charge),))) is None
    too_much = CutWeapons("helm", "ent", (WeaponPower("ph1", charge + 1),))
    assert "at most 4" in (engine.problem(state, too_much) or "")
