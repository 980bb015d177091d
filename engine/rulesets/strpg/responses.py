"""Responsive actions (seed 004 lines 208 and 218-220): parry (2 AP), dodge (3 AP) and duck a
thrown weapon (2 AP), "declared after the attacker has announced his intention to attack but
before the attacker makes his To-Hit roll". "The responsive action consumes the defender's next
normally occurring action in the order. ... Responsive actions are not possible in response to
energy weapon or projectile attacks ... because there is not time to react", and parry and
dodge are not possible against "any attack from behind the defender"."""

from __future__ import annotations

from engine.rulesets.strpg.moving import held_by
from engine.rulesets.strpg.rolls import needs_words
from engine.rulesets.strpg.state import Attack, Character, Item, RPGState, Step
from engine.rulesets.strpg.tohit import average
from engine.squaregrid import from_behind

COSTS = {"parry": 8, "dodge": 12, "duck": 8}
"""Parry/defend 2, dodge 3, duck 2 AP (line 210), in quarters."""
LABELS = {"": "no response", "parry": "parry (2 AP)", "dodge": "dodge (3 AP)",
          "duck": "duck (2 AP)"}
CLOSE = ("punch", "strike", "grapple", "pinch", "tackle")


def thrown(state: RPGState, attack: Attack) -> bool:
    item = state.character(attack.attacker).item(attack.weapon)
    return item is not None and item.kind in state.tables.weapons and \
        state.tables.weapons[item.kind].kind == "thrown"


def parry_weapon(state: RPGState, c: Character) -> Item | None:
    """A ready weapon he can parry with (line 218: "a parrying weapon or some other maneuverable
    object")."""
    for item in c.ready:
        w = state.tables.weapons.get(item.kind)
        if w is not None and w.parry:
            return item
    return None


def parry_base(state: RPGState, c: Character, armed: bool) -> tuple[int, str]:
    """"the base To-Hit Number for the weapon he is using to parry ... (i.e., the average of DEX
    and the skill for armed or unarmed combat; 1/2 DEX if there is no such skill)"."""
    skill, name = (c.armed, "Armed Combat") if armed else (c.unarmed, "Unarmed Combat")
    if skill <= 0:
        return c.dexterity // 2, f"half DEX {c.dexterity}"
    return average(skill, c.dexterity), f"average of {name} {skill} and DEX {c.dexterity}"


def response_problem(state: RPGState, attack: Attack, response: str) -> str | None:
    """Why the defender cannot make `response` ("" never refused) to `attack` now."""
    if response == "":
        return None
    d, a = state.character(attack.target), state.character(attack.attacker)
    if response not in COSTS:
        return f"a response is parry, dodge, duck or none, not {response[:20]!r}"
    if not d.up or held_by(state, d):
        return f"{d.name} cannot respond (out of the fight, or held in a grapple)"
    if d.skip_next:
        return f"{d.name}'s next action is taken by a response already"
    if d.ap < COSTS[response]:
        return f"{d.name} has too few AP for that"
    if response == "duck":
        return None if attack.kind == "fire" and thrown(state, attack) else \
            "he ducks only a thrown weapon or object"
    if attack.kind not in CLOSE:
        return "no time to react to an energy weapon or a projectile"
    if a.pos != d.pos and from_behind(a.pos, d.pos, d.facing):
        return "not against an attack from behind"
    if response == "parry" and attack.weapon and parry_weapon(state, d) is None:
        return f"{d.name} has no weapon to parry a weapon with"
    return None


def responses_open(state: RPGState, attack: Attack) -> bool:
    """Whether the defender may respond at all: the game then asks him before the roll."""
    return any(response_problem(state, attack, r) is None for r in COSTS)


def parry_step(state: RPGState, attack: Attack) -> Step:
    """The defender's parry roll, after a hit: "If the roll is successful, no damage is taken;
    otherwise, damage accrues as usual" (line 218)."""
    d = state.character(attack.target)
    base, words = parry_base(state, d, parry_weapon(state, d) is not None)
    return Step("parry", d.id, f"{d.name}: parry, Target Roll against {words} = {base}, "
                f"{needs_words(base)}", base, attack=attack)
