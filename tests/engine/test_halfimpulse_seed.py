"""The seed's worked examples, as the referee plays them (seed 003,
shared/seeds/003_c342e9612d2f9605.txt, cited by `cat -n` line): the fighter launch (lines
5-19), the stacks of drones and the mine (lines 20-37), initiative at equal speed (lines
38-45), and the Brief Replay's order of movement (lines 354-471)."""

from __future__ import annotations

import pytest
from halfimpulse_play import at, drive, scenario, ship, start, step_is, texts

import engine
from companion.dice import VirtualDice
from engine import RollResult, Seat
from engine.rulesets.halfimpulse.actions import Launch, Move, UnitMove
from engine.rulesets.halfimpulse.state import HalfState


def after_movement(state: HalfState) -> bool:
    return state.stage == "end" or state.over


def carrier_game(fighter_speed: int) -> tuple[HalfState, list[engine.Event]]:
    """A carrier at speed 3 launches 2 fighters at `fighter_speed` after moving 1 of its 2
    spaces of the First Phase (lines 8-9); a raider far off at speed 5."""
    state = start(scenario([
        ship("carrier", "Blue", (3, 8), 1, [3],
             loads=[{"name": "Fighter", "kind": "fighter", "count": 2, "speed": 7}]),
        ship("raider", "Red", (28, 28), 0, [5])]))

    def launch_moment(s: HalfState) -> bool:
        return (s.phase == 1 and s.slot is not None and s.slot.units == ("carrier",)
                and step_is("launch_shuttles")(s) and s.unit("carrier").moved == 1)

    state, told = drive(state, launch_moment)
    state, events = engine.apply(state, Launch("captain", "carrier", "carrier", "Fighter", 2,
                                               fighter_speed))
    assert isinstance(state, HalfState)
    return state, told + list(events)


def test_fighters_faster_than_their_carrier_do_not_move_in_that_phase() -> None:
    """Lines 5-11: "if a ship is moving SLOWER than the speed of the shuttle or fighter being
    launched, then the launched vessel may not move during that phase"."""
    state, told = carrier_game(7)
    assert "may not move in this phase (lines 5-11)" in told[-1].text
    fighters = [u.id for u in state.units if u.kind == "fighter"]
    where = {f: at(state, f) for f in fighters}
    assert where[fighters[0]] == at(state, "carrier")   # launched from the carrier's hex
    state, told = drive(state, lambda s: s.phase == 2)
    assert {f: at(state, f) for f in fighters} == where   # not a space in the First Phase
    assert state.unit("carrier").first == 2               # "1 of 2 spaces" (line 9)
    assert not any(line.startswith("Fighter") and " to [" in line for line in texts(told))


def test_in_the_second_phase_the_fighters_move_half_their_speed_before_the_carrier() -> None:
    """Lines 15-19: "During Second Phase, when Speed 7 comes around, the fighters may move half
    of their speed (either 3 or 4). The fighter's movement will occur before the carrier's
    movement, as the carrier moves during Speed 3." The referee gives them 4 (the larger half,
    as the replay's PFs at speed 5 move 3, line 447)."""
    state, _ = carrier_game(7)
    state, before = drive(state, lambda s: s.phase == 2)
    chart = engine.view(state, Seat("instructor"))["chart"]["rows"]
    assert [(r["speed"], r["units"], r["spaces"]) for r in chart] == [
        (7, ["Fighter 1", "Fighter 2"], 4), (5, ["Raider"], 2), (3, ["Carrier"], 1)]
    state, told = drive(state, lambda s: s.phase == 2 and s.stage == "zero")
    order = [line for line in texts(before + told) if line.startswith("Second Phase, speed")]
    assert order == ["Second Phase, speed 7: Fighter 1, Fighter 2 (Carrier) moves 4 spaces",
                     "Second Phase, speed 5: Raider (Raider) moves 2 spaces",
                     "Second Phase, speed 3: Carrier (Carrier) moves 1 space"]


def test_fighters_set_at_the_carrier_speed_move_in_that_phase_and_keep_it_all_turn() -> None:
    """Lines 11-14: "The player launching the fighters may elect to put the speed of the
    fighters at 3 or less in order to move them during the First Phase, however the fighters
    would be stuck at that speed for the entire turn." They move after their carrier, at the
    same speed (ours: one player's ship before his counters)."""
    state, told = carrier_game(3)
    assert "move when speed 3 comes around" in told[-1].text
    state, told = drive(state, after_movement)
    lines = texts(told)
    first = [n for n, line in enumerate(lines) if line.startswith("First Phase, speed 3")]
    assert [lines[n] for n in first] == [
        "First Phase, speed 3: Fighter 1, Fighter 2 (Carrier) moves 2 spaces"]
    assert any(line == "Second Phase, speed 3: Fighter 1, Fighter 2 (Carrier) moves 1 space"
               for line in lines)
    second = [line for line in lines if line.startswith("Second Phase, speed")]
    assert second.index("Second Phase, speed 3: Carrier (Carrier) moves 1 space") < \
        second.index("Second Phase, speed 3: Fighter 1, Fighter 2 (Carrier) moves 1 space")
    assert all(u.speed == 3 for u in state.units if u.kind == "fighter")


@pytest.mark.parametrize("speed", [4, 7])
def test_any_speed_above_the_carrier_s_keeps_the_fighters_in_their_bay_hex(speed: int) -> None:
    state, _ = carrier_game(speed)
    assert all(u.held for u in state.units if u.kind == "fighter")
    assert "held" in [r["status"] for r in engine.view(state, Seat("instructor"))["chart"]["rows"]]


# -- the stacks of drones and the mine (lines 20-37) --------------------------------------------
def drone_game(stack_b: tuple[int, int], facing_b: int, speed_b: int = 6) -> HalfState:
    """Two stacks of Kzinti drones facing north: stack A at [10, 10] (two drones), stack B at
    `stack_b`; a Red mine at [10, 7] that goes off when a unit enters its hex and catches every
    unit within 1 hex. The ships sit far off at speed 0."""
    return start(scenario(
        [ship("kzinti", "Kzinti", (1, 1), 0, [0]), ship("red", "Red", (28, 28), 0, [0])],
        counters=[
            {"id": "a1", "name": "Drone A1", "kind": "drone", "player": "kzinti",
             "at": [10, 10], "facing": 0, "speed": 6},
            {"id": "a2", "name": "Drone A2", "kind": "drone", "player": "kzinti",
             "at": [10, 10], "facing": 0, "speed": 6},
            {"id": "b1", "name": "Drone B1", "kind": "drone", "player": "kzinti",
             "at": list(stack_b), "facing": facing_b, "speed": speed_b},
            {"id": "b2", "name": "Drone B2", "kind": "drone", "player": "kzinti",
             "at": list(stack_b), "facing": facing_b, "speed": speed_b}],
        mines=[{"name": "Red mine", "player": "red", "at": [10, 7], "trigger": 0, "blast": 1}]))


def blast(state: HalfState) -> str:
    state, told = drive(state, after_movement)
    (line,) = [t for t in texts(told) if "goes off" in t]
    return line


def test_a_stack_moving_at_the_same_speed_is_caught_where_it_would_have_been() -> None:
    """Lines 23-27: "if one stack causes the trigger of a mine ..., and the second stack would
    have been in the blast zone if it had been moving simultaneously, then both stacks are
    affected by the explosion". Stack A enters the mine's hex on its 3rd space; stack B, at the
    same speed, is then in the next hex."""
    line = blast(drone_game((11, 10), 0))
    assert "set off by Drone A1" in line
    assert "caught Drone A1, Drone A2, Drone B1, Drone B2" in line


def test_a_stack_at_another_speed_is_not_moved_with_the_first() -> None:
    """The same drones, stack B one speed slower: it moves after stack A (lines 35-37), so it
    is still 4 hexes off when the mine goes off."""
    line = blast(drone_game((11, 10), 0, speed_b=5))
    assert "caught Drone A1, Drone A2 (" in line


def test_a_stack_leaving_the_blast_zone_at_the_same_speed_is_not_caught() -> None:
    """Lines 27-30: "a stack moving the same speed as the first stack, is leaving the explosion
    zone of the mine. The second stack would be unaffected, and the first stack would take the
    damage." Stack B starts next to the mine's hex and moves away as stack A enters it."""
    line = blast(drone_game((11, 7), 3))
    assert "caught Drone A1, Drone A2 (" in line


def test_fighters_at_one_speed_move_together_no_minesweeper() -> None:
    """Lines 31-37: fighters at the same speed are under the same restriction, "so that a
    person does not move a single fighter forward as a 'minesweeper'": the space moves them
    all, and a move of one alone is refused."""
    state = start(scenario(
        [ship("kzinti", "Kzinti", (1, 1), 0, [0]), ship("red", "Red", (28, 28), 0, [0])],
        counters=[{"id": f"f{n}", "kind": "fighter", "player": "kzinti", "at": [10, 10],
                   "facing": 0, "speeds": [4]} for n in (1, 2, 3)]))
    state, _ = drive(state, step_is("move"))
    assert state.slot is not None and state.slot.units == ("f1", "f2", "f3")
    alone = Move("captain", "kzinti", (UnitMove("f1", "F"),))
    assert "this space moves f1, f2, f3, each one space (lines 20-37, 121)" in str(
        engine.problem(state, alone))
    state = engine.apply(state, Move("captain", "kzinti", tuple(
        UnitMove(f, "F") for f in ("f1", "f2", "f3"))))[0]
    assert at(state, "f1") == at(state, "f2") == at(state, "f3") == (10, 9)


# -- initiative at equal speed (lines 38-45) -----------------------------------------------------
def initiative_game(a: int, b: int) -> HalfState:
    """Ships A and B of opposing sides at speed 4, facing north, B two hexes behind A; a mine
    of a third side in the hex ahead of A."""
    return start(scenario(
        [ship("a", "Gold", (10, 10), 0, [4], initiative=a),
         ship("b", "Grey", (10, 12), 0, [4], initiative=b),
         ship("c", "Green", (28, 28), 0, [0])],
        mines=[{"name": "Green mine", "player": "c", "at": [10, 9], "trigger": 0,
                "blast": 1}]))


def test_the_higher_initiative_takes_all_its_actions_for_the_phase_first() -> None:
    """Lines 38-41: "two opposing ships may have the same speed but have different initiatives.
    The highest would take all of his actions for the phase first, then the second player
    would take all of his actions." """
    _, told = drive(initiative_game(2, 1), lambda s: s.phase == 1 and s.stage == "zero")
    moves = [t for t in texts(told) if " moves ahead to " in t]
    assert moves == ["A moves ahead to [10, 9], space 1 of 2",
                     "A moves ahead to [10, 8], space 2 of 2",
                     "B moves ahead to [10, 11], space 1 of 2",
                     "B moves ahead to [10, 10], space 2 of 2"]


def test_the_ship_with_initiative_hits_the_mine_and_the_other_does_not() -> None:
    """Lines 41-45: "If both ships were facing the same direction, but Player A had the
    initiative and moved first, only to hit a mine, Player B would not have to hit the mine
    when it was his turn to move." """
    state, told = drive(initiative_game(2, 1), after_movement)
    (line,) = [t for t in texts(told) if "goes off" in t]
    assert line.startswith("Green mine at [10, 9] goes off, set off by A (blast 1): caught A (")
    assert at(state, "b") == (10, 8)   # B went through [10, 9] in the Second Phase: no mine
    assert not state.mines


def test_equal_initiative_at_equal_speed_is_rolled_off() -> None:
    """The seed does not say how a tie of initiative is broken; the referee asks the two
    players for a d6 each, the higher moving first, again while they tie (ours)."""
    state, _ = drive(initiative_game(1, 1), lambda s: s.rolloff is not None)
    (prompt,) = engine.pending(state)
    assert prompt.roll is not None and prompt.roll.kind == "d6" and prompt.ship == "a"
    for value, who in ((3, "a"), (3, "b"), (2, "a"), (5, "b")):
        (prompt,) = engine.pending(state)
        assert prompt.ship == who
        state = engine.apply(state, RollResult("captain", value, "script"))[0]
    assert state.rolloff is None and state.slot is not None and state.slot.units == ("b",)


# -- the Brief Replay (lines 354-471) -----------------------------------------------------------
@pytest.mark.slow
def test_the_brief_replay_s_order_of_movement() -> None:
    """Lines 358-447: the Tiger (speed 8) moves 4 spaces, then the Regalhawk (speed 6) 3, in
    each phase; the Plasma R moves 8 spaces in the Drone and Plasma movement (lines 386-392);
    the two PFs dropped at speed 5 on the Tiger's 3rd space of the Second Phase move 3 spaces
    "when speed 5 comes around", after the Regalhawk (lines 410-413, 442-447)."""
    ruleset = engine.game.ruleset_named("halfimpulse")
    state = engine.new_game(ruleset.load_scenario("replay"))
    dice, told = VirtualDice(2), []
    while prompts := engine.pending(state):
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll is not None else engine.decide(state, p)
        state, events = engine.apply(state, action)
        told += [e.text for e in events if not e.quiet]
    slots = [t for t in told if t.startswith(("First Phase, ", "Second Phase, "))
             and " moves " in t]
    assert slots == [
        "First Phase, speed 8: Tiger (Lyran) moves 4 spaces",
        "First Phase, speed 6: Regalhawk (Romulan) moves 3 spaces",
        "First Phase, drones and plasmas, speed 16: Plasma R 1 (Romulan) moves 8 spaces",
        "Second Phase, speed 8: Tiger (Lyran) moves 4 spaces",
        "Second Phase, speed 6: Regalhawk (Romulan) moves 3 spaces",
        "Second Phase, speed 5: PF 1, PF 2 (Lyran) moves 3 spaces",
        "Second Phase, drones and plasmas, speed 16: Plasma R 1, Plasma F 1, Plasma F 2, "
        "Plasma R 2 (Romulan) moves 8 spaces"]
    dropped = next(n for n, t in enumerate(told) if t.startswith("Tiger launches 2 PFs"))
    assert told[dropped - 1].startswith("Regalhawk launches")
    assert "Tiger moves ahead to [7, 16], space 3 of 4" in told[:dropped]
