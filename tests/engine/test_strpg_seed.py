"""The seed's worked examples and its sentences that say what happens in a given case (seed 004,
*Star Trek: The Role Playing Game*, Revised Rules for Tactical Movement and Combat, lines
204-226), each played through the engine; test_strpg_rules.py holds the others (the graze of
Mr. Sterling's Phaser I, the waist-level console, the dive roll, the nerve pinch from behind)."""

from __future__ import annotations

import pytest
from strpg_arena import act, arena, roll, texts

import engine
from engine import IllegalAction, Seat
from engine.rulesets.strpg.datafiles import class_dicts
from engine.rulesets.strpg.sight import blocking, concealment
from engine.rulesets.strpg.state import DEAD, KNEELING, PRONE, STANDING, UNCONSCIOUS, replace

ONE_AP = 4
KLINGON = {"class": "klingon-warrior", "side": "klingon"}


@pytest.mark.parametrize(("mine", "his"), [(50, 40), (40, 50), (30, 31), (31, 30), (45, 45),
                                           (1, 100), (99, 2)])
def test_the_competitive_roll_by_totals_or_by_the_difference_alike(mine: int, his: int) -> None:
    """Line 206: "have each character add his Target score to the result (alternatively, you may
    add the positive difference between the scores to the die roll of the character with the
    higher score; this produces identical results). The winner of the contest is the character
    with the higher total" (for grappling, "use STR"). A grappled guard (STR 62) breaks the
    Klingon's hold (STR 70) exactly when his die beats the Klingon's by more than 8."""
    state = arena([{"id": "a", "at": [2, 1]}, {"id": "k", **KLINGON, "at": [2, 1]}])
    state = replace(state, grapples=(("k", "a"),))
    state, _ = act(state, "break", target="k")
    state, _ = roll(state, mine, his)
    broke = ("k", "a") not in state.grapples
    assert broke == (mine + 62 > his + 70) == (mine > his + (70 - 62))


def test_going_prone_from_standing_takes_two_actions_and_dropping_one() -> None:
    """Line 212: "Going prone from a standing position requires two actions, stand to kneel and
    kneel to prone"; line 220: "Drop suddenly (1 AP). This action is used when a standing
    character wants to drop to a prone position and remain in the same square"."""
    state = arena([{"id": "a", "at": [1, 1]}, {"id": "b", "at": [1, 2]},
                   {"id": "k", **KLINGON, "at": [9, 8]}])
    with pytest.raises(IllegalAction):
        act(state, "prone")   # kneel to prone only
    state, _ = act(state, "kneel")
    assert state.character("a").posture == KNEELING
    state, _ = act(state, "drop")   # b drops at once
    b = state.character("b")
    assert b.posture == PRONE and b.pos == (1, 2) and b.ap_full - b.ap == ONE_AP
    state, _ = act(state, "wait")   # the Klingon
    state, _ = act(state, "prone")
    a = state.character("a")
    assert a.posture == PRONE and a.ap_full - a.ap == 2 * ONE_AP


def test_the_unarmed_man_next_to_his_opponent_moves_in_and_strikes_in_one_action() -> None:
    """Line 216: "an unarmed character in a square adjacent to an opponent could move into the
    opponent's square and strike with his fists, all as one action" (3 AP + the move's); "if the
    opponent is armed (e.g., with a knife), the opponent will likely to be able to attack first,
    as the armed opponent can attack into an adjacent square"."""
    state = arena([{"id": "a", "at": [1, 1], "ready": ""},
                   {"id": "k", **KLINGON, "at": [2, 1], "ready": "dagger"}])
    with pytest.raises(IllegalAction, match="not in his square"):
        act(state, "punch", target="k")
    state, _ = act(state, "move_attack", direction="E", attack="punch", target="k", hand="main")
    a = state.character("a")
    assert a.pos == (2, 1) and a.ap_full - a.ap == 3 * ONE_AP + ONE_AP
    (d,) = engine.controls(state, Seat("captain", "k"))   # the Klingon does not respond
    state, _ = engine.apply(state, d.make({"response": ""}))
    req = engine.pending(state)[0].roll
    assert req is not None and ("attacker moving", -5) in req.modifiers
    assert ("bare hand or striking weapon", 15) in req.modifiers
    knife = arena([{"id": "k", **KLINGON, "at": [2, 1], "ready": "dagger"},
                   {"id": "a", "at": [1, 1], "ready": ""}])
    knife, _ = act(knife, "strike", target="a", hand="main")   # from the next square
    assert engine.pending(knife)[0].action == "rpg_respond"   # a may dodge: the blow is coming


@pytest.mark.parametrize(("symbol", "standing", "kneeling"), [
    ("c", 10, 30),     # "a human standing behind a waist-level console would have a -10"
    ("b", 30, None),   # "standing behind a shoulder-high instrument bank ... -30"
    ("s", 50, 50),     # "a human peering from a gun slit would have a -50"
    ("#", None, None),  # behind a wall: complete
])
def test_the_seed_s_concealment_examples(symbol: str, standing: int | None,
                                         kneeling: int | None) -> None:
    """Line 224: "a human standing behind a waist-level console would have a -10 concealment
    modifier. A human standing behind a shoulder-high instrument bank, or peeking around a door,
    or standing behind a partition would have a -30 concealment modifier, and a human peering
    from a gun slit would have a -50 concealment modifier"."""
    rows = ["##########", "#........#", f"#......{symbol}.#", "#........#", "##########"]
    state = arena([{"id": "a", "at": [1, 2]}, {"id": "k", **KLINGON, "at": [8, 2]}], rows)
    assert concealment(state, (1, 2), STANDING, (8, 2), STANDING) == standing
    if symbol == "c":
        assert concealment(state, (1, 2), STANDING, (8, 2), KNEELING) == kneeling


def test_characters_in_between_block_when_standing_and_not_when_down() -> None:
    """Line 224: "Characters in intervening squares block attacks if they are standing, but
    kneeling or prone characters do not"; "More than one possible target in a square does not
    block an attack"."""
    state = arena([{"id": "a", "at": [1, 1]}, {"id": "f", "at": [4, 1]},
                   {"id": "k", **KLINGON, "at": [8, 1]}, {"id": "j", **KLINGON, "at": [8, 1]}])
    found = blocking(state, (1, 1), (8, 1), ("a", "k"))
    assert found is not None and found.id == "f"
    for posture in (KNEELING, PRONE):
        down = state.with_character(replace(state.character("f"), posture=posture))
        assert blocking(down, (1, 1), (8, 1), ("a", "k")) is None
    assert blocking(state, (4, 1), (8, 1), ("f", "k")) is None   # j shares k's square


def test_the_phaser_one_on_stun_does_75_and_on_disintegrate_vaporizes() -> None:
    """Line 226: "the Phaser I, when set on stun, does a standard 75 damage points with each
    successful hit. On the other hand, when set on disintegrate, no damage roll is necessary;
    the disintegrate setting totally vaporizes any man-sized or smaller target it hits
    solidly"."""
    chars = [{"id": "d", "class": "starfleet-doctor", "at": [1, 1]},
             {"id": "k", **KLINGON, "at": [3, 1]}]
    state = arena(chars)
    state, _ = act(state, "fire", item="d:phaser-1", hand="main", target="k")
    state, _ = roll(state, 2)   # solid: far under the To-Hit Number
    assert state.character("k").temporary == 75 and state.character("k").status == UNCONSCIOUS
    state = arena([{**chars[0], "setting": "disintegrate"}, chars[1]])
    state, events = act(state, "fire", item="d:phaser-1", hand="main", target="k")
    state, events = roll(state, 2)
    assert state.character("k").status == DEAD and "disintegrate" in texts(events)
    assert not any(p.roll is not None for p in engine.pending(state))   # no damage roll


def test_a_gorn_s_hide_is_too_tough_for_the_nerve_pinch() -> None:
    """Line 216: "The defender must be a humanoid who is not protected by natural or body armor.
    For example, Humans, Vulcans, Andorians, Klingons, Edoans, and the like may be affected, but
    a Gorn's hide is too tough"."""
    gorn = {**class_dicts(None)["klingon-warrior"], "id": "gorn", "name": "Gorn", "armor": 3,
            "species": "Gorn"}
    classes = {**class_dicts(None), "gorn": gorn}
    state = arena([{"id": "spock", "class": "vulcan-officer", "at": [2, 1]},
                   {"id": "g", "class": "gorn", "side": "klingon", "at": [3, 1]},
                   {"id": "k", **KLINGON, "at": [2, 3], "facing": "S"}], classes=classes)
    with pytest.raises(IllegalAction, match="cannot be pinched"):
        act(state, "pinch", target="g")
    state = replace(state, characters=tuple(
        replace(c, pos=(2, 2)) if c.id == "spock" else c for c in state.characters))
    state, _ = act(state, "pinch", target="k")   # a Klingon may be pinched, from behind
    assert any(p.roll is not None for p in engine.pending(state))


def test_a_successful_parry_may_strike_back_at_minus_20_for_3_ap() -> None:
    """Line 218: "A defender who successfully parries may go on the offensive and immediately
    strike the original attacker with a to-hit penalty of -20. This attack costs 3 AP ... it
    occurs as part of the parrying action and before the original attacker can take any other
    action"."""
    state = arena([{"id": "k", **KLINGON, "at": [2, 1], "ready": "dagger"},
                   {"id": "a", "at": [2, 1], "ready": ""}])
    state, _ = act(state, "punch", target="a")
    (d,) = engine.controls(state, Seat("captain", "a"))
    state, _ = engine.apply(state, d.make({"response": "parry"}))
    before = state.character("a").ap
    assert state.character("a").ap_full - before == 2 * ONE_AP   # the parry's 2 AP
    state, events = roll(state, 1, 1)   # the Klingon's fist would hit; the parry holds
    assert "parr" in texts(events) and state.character("a").temporary == 0
    assert state.character("a").wounds == 0
    (d,) = engine.controls(state, Seat("captain", "a"))
    state, _ = engine.apply(state, d.make({"strike": "yes"}))
    assert before - state.character("a").ap == 3 * ONE_AP
    req = next(p.roll for p in engine.pending(state) if p.roll is not None)
    assert ("riposte", -20) in req.modifiers and req.station == "captain"


def test_beyond_extreme_range_there_is_no_hit() -> None:
    """Line 222: "If the range is beyond the Extreme range given for the weapon, the attack
    automatically misses": the shot is not offered, and the reason is told."""
    rows = ["#" * 42] + ["#" + "." * 40 + "#"] * 3 + ["#" * 42]
    state = arena([{"id": "d", "class": "starfleet-doctor", "at": [1, 1]},
                   {"id": "k", **KLINGON, "at": [40, 1]}], rows)   # Phaser I extreme: 30
    with pytest.raises(IllegalAction, match=r"beyond the .*extreme range"):
        act(state, "fire", item="d:phaser-1", hand="main", target="k")


@pytest.mark.parametrize(("face", "a_at", "k_down"), [(1, (4, 1), True), (99, (5, 1), False)])
def test_the_flying_tackle_brings_both_down_or_the_attacker_beyond(
        face: int, a_at: tuple[int, int], k_down: bool) -> None:
    """Line 216: "If successful, this action places the attacker and his target prone, in the
    square occupied by the target. If unsuccessful, the attacker is prone in the square beyond
    the defender's square"."""
    state = arena([{"id": "a", "at": [1, 1], "ready": ""}, {"id": "k", **KLINGON, "at": [4, 1]}])
    state, _ = act(state, "tackle", target="k")   # from behind the Klingon: no response
    a = state.character("a")
    assert a.ap_full - a.ap == 4 * ONE_AP
    state, _ = roll(state, face)
    a, k = state.character("a"), state.character("k")
    assert (a.pos, a.posture) == (a_at, PRONE)
    assert (k.posture == PRONE) == k_down and k.pos == (4, 1)


def test_a_ducked_throw_flies_on_at_whoever_is_next_in_its_path() -> None:
    """Line 220: "If the roll succeeds, the character has dodged the object, which continues on
    for 1D10 squares, and anyone or anything else in this path may be hit if they do not
    duck"."""
    state = arena([{"id": "o", "class": "orion-brute", "side": "klingon", "at": [6, 1],
                    "ready": "throwing-knife", "facing": "W"},
                   {"id": "a", "at": [4, 1]}, {"id": "b", "at": [2, 1]}])
    knife = state.character("o").main
    assert knife is not None
    state, _ = act(state, "fire", item=knife.id, hand="main", target="a")
    (d,) = engine.controls(state, Seat("captain", "a"))
    assert d.prompt.what == "A: O throws at him: respond?"
    state, _ = engine.apply(state, d.make({"response": "duck"}))
    state, events = roll(state, 30, 5)   # ducked (DEX 62); it flies 5 squares on
    assert "A ducks O's throw" in texts(events)
    assert "O's throw flies on at B" in texts(events)
    assert engine.pending(state)[0].what == "B: O's throw flies on at him: respond?"


def test_a_wide_angle_stun_catches_three_connected_squares_each_rolled_for() -> None:
    """Line 216: "A wide angle stun shot affects all targets in three connected squares. The
    squares may be in any pattern chosen by the attacker, within the weapon's short range area
    ... a separate to-hit and damage roll must be made for each target"."""
    state = arena([{"id": "a", "at": [1, 2], "setting": "wide"},
                   {"id": "k", **KLINGON, "at": [4, 2]}, {"id": "j", **KLINGON, "at": [4, 3]},
                   {"id": "m", **KLINGON, "at": [8, 8]}])
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", pattern="4,1 4,2 4,3")
    state, events = roll(state, 5, 5)   # K hit (60 stun), and he keeps his feet
    assert "A hits K" in texts(events)
    assert "to-hit, Phaser II at J" in engine.pending(state)[0].what   # a roll of its own
    state, events = roll(state, 99)
    assert "A misses J" in texts(events) and state.character("m").temporary == 0


def test_a_dive_into_deep_water_goes_two_squares() -> None:
    """Line 220: "If the dive is made into sufficiently deep water, the character moves forward
    two squares and assumes a prone position"."""
    rows = ["#########", "#..~~~..#", "#########"]
    state = arena([{"id": "a", "at": [2, 1]}, {"id": "k", **KLINGON, "at": [7, 1]}], rows)
    state, _ = act(state, "dive")
    a = state.character("a")
    assert (a.pos, a.posture) == ((4, 1), PRONE)


def test_every_two_ap_of_running_tires_on_a_failed_saving_roll() -> None:
    """Line 212: "For every two AP spent on running, the character must make a Saving Roll
    against MAX OP END. If the roll is unsuccessful, then the character takes 1 point of
    temporary damage"."""
    state = arena([{"id": "a", "at": [1, 1]}, {"id": "k", **KLINGON, "at": [9, 8]}])
    for n in range(4):   # half an AP a square: the fourth square makes two AP
        state, _ = act(state, "run", direction="E")
        rolls = [p for p in engine.pending(state) if p.roll is not None]
        assert bool(rolls) == (n == 3)
        if not rolls:
            state, _ = act(state, "wait")   # the Klingon
    assert "against MAX OP END 65" in rolls[0].what
    state, events = roll(state, 99)
    assert state.character("a").temporary == 1
    assert "takes 1 temporary damage from tiring (running)" in texts(events)


def test_the_grappled_can_do_nothing_but_move_in_the_grapple_or_break_it() -> None:
    """Line 214: "the opponent is grappled and can do nothing but move while grappled ... or
    attempt to break the grapple ... until the grapple is broken" (a wait and a short word are
    ours: docs/rules-decisions.md)."""
    state = arena([{"id": "k", **KLINGON, "at": [2, 1]}, {"id": "a", "at": [2, 1]}])
    state, _ = act(state, "grapple", target="a")
    (d,) = engine.controls(state, Seat("captain", "a"))
    assert d.prompt.what == "A: K grapples him: respond?"
    state, _ = engine.apply(state, d.make({"response": ""}))
    state, events = roll(state, 1)
    assert state.grapples == (("k", "a"),) and "K grapples A" in texts(events)
    (d,) = engine.controls(state, Seat("captain", "a"))
    why = {c.value: c.problem for c in d.fields[0].choices}
    held = "he is held in a grapple: only Move while grappling or Break a grapple"
    assert all(why[part] is not None and held in str(why[part])
               for part in ("attacks", "weapons", "position", "evasion"))
    assert why["movement"] is None and why["other"] is None and why["wait"] is None
    with pytest.raises(IllegalAction, match="held in a grapple"):
        act(state, "turn", direction="N")
    state, _ = act(state, "break", target="k")
    state, _ = roll(state, 99, 1)   # 99 + 62 against 1 + 70: free
    assert state.grapples == ()
