"""The away team's actions, each a line of the game log.

A character's action slot is answered in two steps: `Choose` names the action from the seed's
table (a move, an aimed shot, a hide...), then `Do` gives what it needs (which way, at whom,
with what); an action that needs nothing is done when chosen. `Do` with `back` set chooses
again. Both are the character's seat's (or the Instructor's)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type


@action_type("rpg_order")
@dataclass(frozen=True, slots=True)
class SetOrder(Action):
    """The Instructor's election (seed 004 line 208): action order by `method` "characters"
    (each rolls D10 + AP) or "sides" (each side rolls D10 + its highest AP and orders its own),
    determined `when` "once" (at the start of combat) or each "turn"."""

    method: str
    when: str


@action_type("rpg_side_order")
@dataclass(frozen=True, slots=True)
class SideOrder(Action):
    """A side's order of its own members (line 208), given by its leader `ship`: every member
    once, first to act first."""

    ship: str
    order: tuple[str, ...]


@action_type("rpg_choose")
@dataclass(frozen=True, slots=True)
class Choose(Action):
    """In his action slot, character `ship` chooses an action `kind` (one of the table's keys,
    or "wait": no action this round, saving AP for a later one)."""

    ship: str
    kind: str


@action_type("rpg_do")
@dataclass(frozen=True, slots=True)
class Do(Action):
    """What the chosen action needs; a field it does not use is left "". `back`: choose another
    action instead."""

    ship: str
    direction: str = ""       # N, NE, ... NW: which way he moves (or rolls, or turns to)
    facing: str = ""          # which way he faces after a move ("" the way he moved)
    target: str = ""          # a character
    item: str = ""            # an item he carries, has in hand, or finds at his feet
    setting: str = ""         # a weapon's setting
    hand: str = ""            # main, off or both (two weapons at once)
    ending: str = ""          # kneeling or prone (a dive roll); down (wrestling to the floor)
    message: str = ""         # a short communication
    pattern: str = ""         # the squares a wide-angle stun takes ("c,r c,r c,r")
    attack: str = ""          # the attack a move and attack makes
    device: str = ""          # a door or console and what he does with it ("door:5,3:open")
    back: bool = False


@action_type("rpg_respond")
@dataclass(frozen=True, slots=True)
class Respond(Action):
    """A defender's responsive action to the attack announced at him (line 218), declared before
    the To-Hit roll: "" none, parry, dodge or duck."""

    ship: str
    response: str


@action_type("rpg_riposte")
@dataclass(frozen=True, slots=True)
class Riposte(Action):
    """After a successful parry or dodge: strike the attacker at once at -20 (line 218)?"""

    ship: str
    strike: bool


@action_type("rpg_block")
@dataclass(frozen=True, slots=True)
class Block(Action):
    """An enemy who came into his square: keep him from passing through (line 210)?"""

    ship: str
    mover: str
    block: bool
