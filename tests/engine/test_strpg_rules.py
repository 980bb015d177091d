"""The away team's rules, each against the seed's words (seed 004, *Star Trek: The Role Playing
Game*, Revised Rules for Tactical Movement and Combat, lines 204-226) and its worked example."""

from __future__ import annotations

import pytest
from strpg_arena import act, arena, asked, roll, texts

import engine
from engine import IllegalAction, Seat
from engine.rulesets.strpg.catalog import KINDS
from engine.rulesets.strpg.resolve import is_graze
from engine.rulesets.strpg.rolls import succeeds
from engine.rulesets.strpg.sight import concealment
from engine.rulesets.strpg.state import (
    COLLAPSED,
    DEAD,
    KNEELING,
    PRONE,
    STANDING,
    UNCONSCIOUS,
    Attack,
    replace,
)
from engine.squaregrid import crossing, range_between

ONE_AP = 4


def test_the_target_roll_01_always_succeeds_and_00_always_fails() -> None:
    """Line 214: "because 01 always hits, it is possible to hit a target even with a modified
    To-Hit Number that is zero or less ... because 00 always misses, it is possible to miss a
    target with a modified To-Hit Number of 100 or greater"."""
    assert succeeds(1, -20) and succeeds(40, 40) and not succeeds(41, 40)
    assert not succeeds(100, 130) and succeeds(99, 130)


def test_range_counts_diagonals_as_one_and_a_half_and_the_target_s_square() -> None:
    """Line 222: "counting each diagonal step as 1.5 squares. Count the target's square but not
    the attacker's"."""
    assert range_between((0, 0), (1, 0)) == 1
    assert range_between((0, 0), (1, 1)) == 1.5
    assert range_between((0, 0), (3, 2)) == 4
    assert range_between((2, 2), (2, 2)) == 0


def test_the_graze_of_the_seed_s_example() -> None:
    """Line 226: "if Mr. Sterling were shooting his Phaser I at a Klingon and his adjusted To-Hit
    Number were 40, any To-Hit Roll of 31 to 40 would graze the Klingon ... If the modified
    To-Hit Number is 110 or greater, no hit will be a graze ... If the adjusted To-Hit Number is
    10 or less, any hit will be a graze"."""
    state = arena([{"id": "sterling", "class": "starfleet-doctor", "at": [1, 1]},
                   {"id": "klingon", "class": "klingon-warrior", "side": "klingon",
                    "at": [5, 1]}])
    phaser = state.character("sterling").main
    assert phaser is not None and phaser.kind == "phaser-1"
    shot = Attack("sterling", "klingon", "fire", phaser.id, "stun", 40)
    assert [f for f in range(1, 41) if is_graze(state, shot, f)] == list(range(31, 41))
    assert not any(is_graze(state, replace(shot, number=110), f) for f in range(1, 100))
    assert all(is_graze(state, replace(shot, number=10), f) for f in range(1, 11))
    dagger = Attack("klingon", "sterling", "strike", "klingon:dagger", "blade", 40)
    assert not is_graze(state, dagger, 35)   # no graze entry: a striking weapon


@pytest.mark.parametrize(("kind", "details", "quarters"), [
    ("turn", {"direction": "N"}, 4), ("kneel", {}, 4), ("sit", {}, 4),
    ("move", {"direction": "E"}, 4), ("move", {"direction": "SE"}, 6),
    ("run", {"direction": "E"}, 2), ("run", {"direction": "SE"}, 3),
    ("evade", {"direction": "E"}, 8), ("evade", {"direction": "SE"}, 12),
    ("dive_roll", {"direction": "E", "ending": "prone"}, 16),
    ("dive_roll", {"direction": "SE", "ending": "prone"}, 18),
    ("device", {"item": "a:communicator", "hand": "off"}, 8),
    ("draw", {"item": "a:phaser-2", "hand": "main"}, 8),
    ("adjust", {"item": "a:phaser-2", "setting": "disrupt"}, 8),
    ("talk", {"message": "stun"}, 4), ("hide", {"direction": "here"}, 4),
    ("hide", {"direction": "W"}, 16), ("drop", {}, 4), ("dive", {}, 8), ("wait", {}, 0),
])
def test_the_table_s_ap_costs(kind: str, details: dict[str, str], quarters: int) -> None:
    """Line 208-210: Turn in place 1; stand to kneel 1; Move one square 1 straight, 1.5
    diagonal; Run 1/2 x move; Evade one square 2 straight, 3 diagonal; Dive roll 4 straight, 4.5
    diagonal; Draw and ready device 2; Adjust weapon settings 2; Short communication 1; Hide 1
    same square, 4 adjacent square; Drop suddenly 1; Dive to prone 2."""
    rows = ["#########", "#..k....#", "#.......#", "#.......#", "#.......#", "#########"]
    state = arena([{"id": "a", "at": [3, 2]},
                   {"id": "b", "class": "klingon-warrior", "side": "klingon", "at": [7, 4]}],
                  rows)
    before = state.character("a").ap
    state, _ = act(state, kind, **details)
    while engine.pending(state) and engine.pending(state)[0].roll is not None:
        state, _ = roll(state, 1)
    assert before - state.character("a").ap == quarters


def test_terrain_multiplies_a_move_and_crawling_costs_double() -> None:
    """Line 212: "hilly or light vegetation, 2x; swampy, rocky, or heavy vegetation, 3x";
    "Crawl one square (2 AP up, down, or sideways; 3 AP diagonally)"."""
    rows = ["#######", "#.hr..#", "#.....#", "#######"]
    state = arena([{"id": "a", "at": [1, 1], "posture": "standing"},
                   {"id": "b", "class": "klingon-warrior", "side": "klingon", "at": [5, 2]}],
                  rows)
    kind = KINDS["move"]
    a = state.character("a")
    assert kind.cost(state, a, {"direction": "E"}) == 2 * ONE_AP
    moved = replace(a, pos=(2, 1))
    assert kind.cost(state, moved, {"direction": "E"}) == 3 * ONE_AP
    assert KINDS["crawl"].cost(state, a, {"direction": "SE"}) == 3 * ONE_AP


def test_no_movement_while_kneeling_and_four_to_a_square() -> None:
    """Line 208: "No movement while kneeling"; line 210: "there may be no more than four
    characters in the same square"."""
    state = arena([{"id": "a", "at": [1, 1], "posture": "kneeling"},
                   *({"id": f"f{n}", "at": [2, 1]} for n in range(4)),
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [9, 8]}])
    with pytest.raises(IllegalAction, match="no movement while sitting, kneeling or prone"):
        act(state, "move", direction="E")
    state, _ = act(state, "kneel")
    assert state.character("a").posture == STANDING
    state = replace(state, slot=0)
    with pytest.raises(IllegalAction, match="holds four already"):
        act(state, "move", direction="E")


def test_concealment_behind_a_waist_high_console() -> None:
    """Line 224: "a human standing behind a waist-level console would have a -10 concealment
    modifier ... someone prone behind a console cannot be fired on (or seen), but neither can
    that character fire! ... kneeling behind the console, peeking over the top, he can fire
    freely and still remain somewhat concealed"."""
    rows = ["##########", "#........#", "#......c.#", "#........#", "##########"]
    state = arena([{"id": "a", "at": [1, 2]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [8, 2]}],
                  rows)
    shooter, behind = (1, 2), (8, 2)
    assert concealment(state, shooter, STANDING, behind, STANDING) == 10
    assert concealment(state, shooter, STANDING, behind, KNEELING) == 30
    assert concealment(state, shooter, STANDING, behind, PRONE) is None
    # the kneeling Klingon fires over his console freely; prone, he cannot
    assert concealment(state, behind, KNEELING, shooter, STANDING) == 0
    assert concealment(state, behind, PRONE, shooter, STANDING) is None


def test_a_line_through_a_wall_corner_is_blocked() -> None:
    assert crossing((0, 0), (2, 2)).corners == (((1, 0), (0, 1)), ((2, 1), (1, 2)))
    rows = ["#####", "#...#", "#.#.#", "#...#", "#####"]
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [3, 3]}],
                  rows)
    assert concealment(state, (1, 1), STANDING, (3, 3), STANDING) is None   # through the pillar
    assert concealment(state, (1, 1), STANDING, (3, 1), STANDING) == 0


def test_aim_then_fire_is_plus_25_and_the_modifiers_are_named() -> None:
    """Line 214: "if the weapon is optionally be aimed, as a separate preceding action, there is
    a +25 bonus To Hit"; line 224: a stationary target +15; medium range -15."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [9, 8]}])
    state, _ = act(state, "aim", target="k")
    state, _ = act(state, "wait")
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    req = engine.pending(state)[0].roll
    assert req is not None
    mods = dict((why, v) for why, v in req.modifiers)
    assert mods["aimed"] == 25 and mods["target stationary"] == 15
    assert mods["medium range 11.5"] == -15
    base = (60 + 62) // 2
    assert req.needs == (1, base + 25 + 15 - 15)


def test_a_quick_draw_is_minus_25_and_readies_the_weapon() -> None:
    """Line 218: "The To-Hit Number is adjusted by -25 because of the rapid action"."""
    state = arena([{"id": "a", "at": [1, 1], "ready": ""},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [4, 1]}])
    assert state.character("a").main is None
    state, _ = act(state, "quick_fire", item="a:phaser-2", target="k")
    req = engine.pending(state)[0].roll
    assert req is not None and ("quick draw", -25) in req.modifiers
    assert state.character("a").main is not None


def test_an_attack_after_a_move_is_at_minus_5_and_after_evading_at_minus_30() -> None:
    """Line 212: "If the character's next action after a move is an attack, it is at a -5
    penalty"; line 220: "If the character's next action is an attack, it is at a -30"."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [6, 1]}])
    state, _ = act(state, "move", direction="S")
    state, _ = act(state, "wait")
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    assert ("attacker moving", -5) in engine.pending(state)[0].roll.modifiers  # type: ignore[union-attr]
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [6, 1]}])
    state, _ = act(state, "evade", direction="S")
    state, _ = roll(state) if engine.pending(state)[0].roll is None else roll(state, 1)
    state, _ = act(state, "wait")
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    assert ("attacker evading", -30) in engine.pending(state)[0].roll.modifiers  # type: ignore[union-attr]


def test_an_evader_is_harder_to_hit_until_his_next_action_comes_up() -> None:
    """Line 220: "attacks against him incur a -15 penalty until the his next action comes up
    in the action order"."""
    state = arena([{"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [6, 1]},
                   {"id": "a", "at": [1, 1]}])
    state, _ = act(state, "evade", direction="S")
    state, _ = roll(state, 1)   # tiring: every 2 AP evading, a Saving Roll against MAX OP END
    assert state.character("k").evading
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    assert ("target evading", -15) in engine.pending(state)[0].roll.modifiers  # type: ignore[union-attr]
    state, _ = roll(state, 99)   # a miss, and nobody else there to strike
    assert state.acting() is not None and state.acting().id == "k"  # type: ignore[union-attr]
    assert not state.character("k").evading


def test_no_response_to_a_phaser_and_a_parry_takes_the_next_slot() -> None:
    """Line 208: "Responsive actions are not possible in response to energy weapon or projectile
    attacks"; "after taking a responsive action, the defender may take no action in his next
    normal action slot"."""
    state = arena([{"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [2, 1]},
                   {"id": "a", "at": [1, 1]}])
    state, _ = act(state, "fire", item="k:disruptor", hand="main", target="a")
    assert engine.pending(state)[0].roll is not None   # straight to the To-Hit roll
    state, _ = roll(state, 99)
    state, _ = act(state, "wait")   # a's slot
    state, _ = act(state, "draw", item="k:dagger", hand="main")   # exchange: the disruptor away
    state, _ = act(state, "draw", item="a:phaser-2", hand="main")   # a puts the phaser away
    state, _ = act(state, "strike", target="a", hand="main")
    assert engine.pending(state)[0].action == "rpg_respond"
    (d,) = engine.controls(state, Seat("captain", "a"))
    choices = {c.value: c.problem for c in d.fields[0].choices}
    assert choices["dodge"] is None and choices["duck"] is not None
    assert "no weapon to parry" in str(choices["parry"])
    state, events = engine.apply(state, d.make({"response": "dodge"}))
    assert state.character("a").skip_next
    state, events = roll(state, 1)   # the dodge succeeds: the attack misses
    assert "dodges" in texts(events)
    # "if the original attacker is using a striking weapon to attack into an adjacent square,
    # and the defender is unarmed, this attack is not possible" (line 220): no counter-strike
    assert engine.pending(state)[0].action == "rpg_choose"


def test_damage_to_20_may_collapse_and_to_5_knocks_out() -> None:
    """Line 224-226: "When this total reaches 20, the character may collapse; when it reaches 5,
    the character will fall unconscious; and when it reaches zero or lower, the character may
    die"."""
    from engine.rulesets.strpg.damage import take
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [6, 1]}])
    a = state.character("a")   # END 65
    state, _ = take(state, a, 45, False, "a test")
    assert state.queue[0].kind == "collapse" and state.queue[0].target == 65
    state, _ = roll(state, 90)
    assert state.character("a").status == COLLAPSED and state.character("a").posture == PRONE
    state, _ = take(state, state.character("a"), 15, True, "a stun")
    assert state.character("a").status == UNCONSCIOUS
    state, _ = take(state, state.character("a"), 20, False, "a wound")
    assert state.queue[0].kind == "death"
    state, _ = roll(state, 99)
    assert state.character("a").status == DEAD


def test_stun_never_kills() -> None:
    """Ours (docs/rules-decisions.md): the Phaser I's stun "does a standard 75 damage points"
    (line 226) as temporary damage; MAX OP END is untouched."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [3, 1]}])
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    state, _ = roll(state, 5)
    k = state.character("k")
    assert k.status == UNCONSCIOUS and k.wounds == 0 and k.temporary == 75
    assert engine.pending(state) == () and "victory to Federation" in state.outcome


def test_action_order_is_d10_plus_ap_ties_by_ap_then_a_roll_off() -> None:
    """Line 208: "each character roll D10 and add the result to his AP score ... break ties by
    highest unmodified AP score or randomly"."""
    state = engine.new_game(engine.rulesets.get("strpg").example_scenario())
    state, _ = engine.apply(state, engine.controls(state, Seat("instructor"))[0].make())
    # Giotto 10 AP, Galloway 10, Kras 10, Kell 10: 5+10, 7+10, 5+10, 3+10; Giotto and Kras tie
    state, _ = roll(state, 5, 7, 5, 3)
    assert "roll-off" in asked(state)
    state, _ = roll(state, 2, 9)
    assert state.order == ("galloway", "kras", "giotto", "kell")


def test_by_sides_the_sides_interleave_and_each_orders_its_own() -> None:
    """Line 208: "Each side rolls D10 and adds the result to the highest AP score of its
    members; the side with the highest result acts first ... interleaved by side"."""
    state = engine.new_game(engine.rulesets.get("strpg").example_scenario())
    (d,) = engine.controls(state, Seat("instructor"))
    state, _ = engine.apply(state, d.make({"order": "sides/once"}))
    state, _ = roll(state, 3, 8)   # the Federation 3 + 10, the Klingons 8 + 10
    assert engine.pending(state)[0].action == "rpg_side_order"
    order = engine.legal_actions(state, Seat("captain", "kras"))[1]
    state, _ = engine.apply(state, order)
    state, _ = engine.apply(state, engine.legal_actions(state, Seat("weapons", "giotto"))[0])
    assert [state.character(c).side for c in state.order] == \
        ["klingon", "federation", "klingon", "federation"]


def test_an_enemy_may_keep_a_mover_from_passing() -> None:
    """Line 210: "He must, however, end his movement immediately if the enemy wants to keep him
    from passing through the square ... the enemy must declare his intention during his first
    available action after the character moves into his square"."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [2, 1]}])
    state, _ = act(state, "move", direction="E")
    assert engine.pending(state)[0].action == "rpg_block"
    (d,) = engine.controls(state, Seat("captain", "k"))
    state, _ = engine.apply(state, d.make({"block": "yes"}))
    state, _ = act(state, "wait")
    with pytest.raises(IllegalAction, match="keeps him from passing"):
        act(state, "move", direction="E")


def test_an_automatic_door_opens_to_whoever_stands_by_it_and_a_security_door_does_not() -> None:
    """Line 212: automatic doors open "whenever someone steps into the space adjacent to the
    door"; others "will not open unless an appropriate ID card is inserted ... an Operate
    Familiar Device action"."""
    rows = ["#######", "#..+..#", "#######"]
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [5, 1]}],
                  rows)
    from engine.rulesets.strpg.ground import door_open
    assert not door_open(state, state.doors[0])
    state, _ = act(state, "move", direction="E")
    assert door_open(state, state.doors[0])
    secure = arena([{"id": "a", "at": [2, 1]},
                    {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [5, 1]}],
                   rows, doors=[{"at": [3, 1], "kind": "security", "side": "klingon",
                                 "work": 2}])
    assert not door_open(secure, secure.doors[0])
    secure, events = act(secure, "operate", device="door:3,1:open")
    assert "1 of 2" in texts(events) and not door_open(secure, secure.doors[0])
    secure, _ = act(secure, "wait")
    secure, events = act(secure, "operate", device="door:3,1:open")
    assert door_open(secure, secure.doors[0])


def test_the_vulcan_nerve_pinch_from_behind() -> None:
    """Line 216: "This attack may be made from the same square as or the square immediately
    behind the target ... victim totally unaware +30 ... the victim is almost instantly rendered
    unconscious ... for 2D10+10 minutes"."""
    state = arena([{"id": "spock", "class": "vulcan-officer", "at": [2, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [3, 1],
                    "facing": "E"}])
    state, _ = act(state, "pinch", target="k")
    req = engine.pending(state)[0].roll
    assert req is not None and ("victim unaware", 30) in req.modifiers
    state, events = roll(state, 10, 4, 7)
    assert state.character("k").status == UNCONSCIOUS
    assert "unconscious for 21 minutes" in texts(events)


def test_a_miss_into_a_crowded_square_may_strike_another() -> None:
    """Line 224: "require a second To-Hit roll if the first one misses; a second miss hits a
    random target other than the intended target"."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [4, 1]},
                   {"id": "j", "class": "klingon-warrior", "side": "klingon", "at": [4, 1]},
                   {"id": "f", "at": [4, 1]}])
    state, _ = act(state, "fire", item="a:phaser-2", hand="main", target="k")
    state, _ = roll(state, 99, 99)
    assert "which of" in asked(state) and "1-5 J" in asked(state)
    state, _ = roll(state, 6)   # 6-10: F, his own side's
    assert state.character("f").status == UNCONSCIOUS
    assert state.character("k").status != UNCONSCIOUS


def test_a_failed_dive_roll_goes_one_square_prone() -> None:
    """Line 220: "If the roll fails, the counter is moved only one square, and the character is
    prone"."""
    state = arena([{"id": "a", "at": [1, 1]},
                   {"id": "k", "class": "klingon-warrior", "side": "klingon", "at": [9, 8]}])
    state, _ = act(state, "dive_roll", direction="E", ending="kneeling")
    state, _ = roll(state, 99)
    a = state.character("a")
    assert a.pos == (2, 1) and a.posture == PRONE
