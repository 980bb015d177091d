"""The named points where a higher level changes the basic game (python-chess's variants
override a few named methods of the board; here a level overrides a few named methods of the
basic game's `Hooks`).

The basic game (Book One's rules as Book Two restates them) reads without the higher levels:
its modules call `hooks.of(state).NAME(...)` where a higher level adds to or replaces what they
do, and each method here is the basic game's own answer (nothing hidden, no modifier, the target's
own station rolls, the Basic Game Damage Location Table). The advanced, expert and Command &
Control levels are subclasses, each overriding the methods its rules change and inheriting the
rest, in `layers/` (`layers/advanced_hooks.py`, `layers/expert_hooks.py`, `layers/command_hooks.py`), which
registers one instance per level when the ruleset is loaded. No module of a lower level imports a
higher level's: the import contracts in pyproject.toml ("FASA's levels are layers") say so.

An optional rule (the advanced game's Campaign Advancement and Rescues During Combat,
`layers/option_hooks.py`; a house rule's `Rule.hooks`) is a class of hooks too, registered with
what switches it on (`register_option`): a game whose options switch it on plays the level's
hooks over it (`Level, Option, Hooks` in Python's method order), so where the level answers a
hook itself (the expert game's ratings for Campaign Advancement's advantage roll, line 689) the
level's answer stands, and elsewhere the option's.

A hook is called only where the rule it stands for could change the outcome, and answers from
the state alone: a basic game pays for a dictionary lookup and a method call, nothing of the
higher levels' checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.controls import Choice, Field
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex
from engine.rulesets.fasa.values.actions import DeclareFire, Sense
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.options import Options
from engine.rulesets.fasa.values.state import FasaState, Hit, Ship, Shot

Located = tuple[FasaState, list[Event]]
"""A rule's answer to a roll or a step: the state after it and its events."""


class Hooks:
    """The basic game's answer at each point a higher level may change (Book Two, Basic rules as
    restated in the Advanced rules' Sequence Of Play). A level overrides the methods its rules
    change (`layers/`)."""

    level = "basic"

    # Firing: who may be fired at, what a shot needs, who rolls where it strikes.
    def unseen_problem(self, state: FasaState, firer: Ship, target: Ship) -> str:
        """Why `firer` may not fire at `target` for want of knowing where it is: "" (nothing is
        hidden in the basic game; the advanced game's cloaking device hides ships)."""
        return ""

    def cloaked_to_hit(self, target: Ship) -> int:
        """What a cloaked target adds to the to-hit number: no ship cloaks in the basic game."""
        return 0

    def die_bonus(self, state: FasaState, firer: Ship) -> int:
        """What the firer's crew adds to its to-hit die: nothing (the expert game's casualties
        add +1 per 10%)."""
        return 0

    def die_terms(self, state: FasaState, firer: Ship) -> tuple[tuple[str, int], ...]:
        """`die_bonus` as a roll request's `modifiers`: none."""
        return ()

    def die_words(self, state: FasaState, firer: Ship) -> str:
        """`die_bonus` in a roll's words: "" (the expert game's " (+2 on the die for ...'s
        casualties)")."""
        return ""

    def roller(self, state: FasaState, ship: str, duty: Duty) -> tuple[str, str]:
        """(ship, station) of the roll of `duty` asked about `ship`: that ship's own station
        (Command & Control has a player crew's Science Officer roll where its shots strike)."""
        return ship, state.station_for(ship, duty)

    def sensors_out_duty(self, state: FasaState, target: Ship) -> Duty:
        """Whose roll says how long a ship's sensors are out: "The captain of the damaged ship
        rolls one die in secret" (Expert: Sensors Out, line 837; Command & Control gives a crewed
        ship's roll to its Science Officer, line 1247)."""
        return Duty.COMMAND

    def struck_heading(self, shot: Shot, target: Ship) -> int:
        """The target's heading that decides which shield a shot strikes: its heading now (the
        advanced game's failed evasion keeps the heading before the turn)."""
        return target.heading

    def damage_control_cut(self, state: FasaState, target: Ship,
                           penetrating: int) -> tuple[FasaState, int]:
        """The points of the shot now landing that damage control takes off: none (Command &
        Control's Science Officer puts points on incoming shots)."""
        return state, 0

    def locate(self, state: FasaState, firer: Ship, target: Ship, hit: Hit,
               value: int) -> Located | None:
        """A damage location roll by another chart than the Basic Game Damage Location Table
        (the expert game's Detailed Damage Location Charts), or None: the basic table."""
        return None

    def engine_candidates(self, target: Ship, hit: Hit) -> list[int] | None:
        """The engines an engine hit awaiting its roll may strike by another chart than the
        basic table, or None: those nearest the shield (`combat.struck_engines`)."""
        return None

    def mine_roll(self, state: FasaState, shot: Shot, target: Ship) -> Located:
        """Ask the roll of a mine going off: the basic game has no mines (setup clears them)."""
        raise LookupError(f"no mines at the {self.level} level")

    def mine_result(self, state: FasaState, shot: Shot, target: Ship, value: int) -> Located:
        """Take the roll of a mine going off: the basic game has no mines."""
        raise LookupError(f"no mines at the {self.level} level")

    def bridge_struck(self, state: FasaState, ship: Ship, code: str, points: int) -> FasaState:
        """A bridge (BR) or engineering (ENG) result of the expert game's detailed charts: only
        its superstructure and casualties (Expert, lines 841-845); Command & Control keeps it for
        the end of the Firing Phase on a crewed ship."""
        return state

    def explosion_check(self, state: FasaState, ship: Ship) -> Located | None:
        """Another roll than the explosion die for a ship below 0 superstructure (Command &
        Control's Science Officer's damage control roll), or None: the die."""
        return None

    # Declaring targets (Command & Control's Captain's order and Helmsman's weaponry roll).
    def fire_problem(self, state: FasaState, firer: Ship) -> str:
        """Why `firer` may not declare a target now: "" (Command & Control's Helmsman fires only
        on his Captain's order, `command/orders.py`, line 1101)."""
        return ""

    def weaponry_problem(self, state: FasaState, firer: Ship, shots: int) -> str:
        """Why the Helmsman's weaponry roll may not be asked with `shots` shots declared: below
        Command & Control no ship has a player crew (`command/helm_rolls.py`, lines 1115,
        1461)."""
        return f"{firer.name} has no player crew: no weaponry roll"

    def weaponry_field(self, state: FasaState, firer: Ship) -> Field | None:
        """The fire decision's choice of the weaponry roll, or None: there is no roll to ask."""
        return None

    def declared(self, state: FasaState, firer: Ship, action: DeclareFire,
                 station: str) -> Located | None:
        """A declaration of targets by another rule than the basic game's (Command & Control's:
        on the Captain's order, with the weaponry roll), or None: the basic game's."""
        return None

    def captain_order(self, state: FasaState, ship: Ship, order: str,
                      who: str) -> Located | None:
        """The Captain's order of the turn when it is one an optional rule adds to hold and
        destruct (Rescues During Combat's abandon ship), or None: not one."""
        return None

    def more_orders(self, state: FasaState) -> str:
        """The orders an optional rule adds, in a refusal's words (" (or abandon ship)"): none."""
        return ""

    # Before the first Power Allocation Phase.
    def opening_roll(self, state: FasaState) -> Located | None:
        """The next roll asked before the first Power Allocation Phase (Campaign Advancement's
        initial points, line 517; the expert game's ratings, Expert: Creating The Ratings), or
        None: none is left (the basic game asks none)."""
        return None

    def opening_words(self, state: FasaState) -> str:
        """What the rolls before the first Power Allocation Phase are, in a note, while one is
        still to come; "": none."""
        return ""

    def opening_notes(self, state: FasaState) -> list[Event]:
        """What the table is told as the first turn begins: nothing (Campaign Advancement's
        points, line 517)."""
        return []

    # The Power Allocation Phase.
    def awaits_order(self, state: FasaState) -> bool:
        """Whether the phase waits for a disabled ship's Captain's order of the turn: no (the
        advanced game's self-destruction, line 1269)."""
        return False

    def self_destruct(self, state: FasaState, ship: Ship, order: str, who: str) -> Located:
        """The Captain's order of the turn: the basic game has none (Advanced: Ship
        Explosions)."""
        raise IllegalAction(f"{who}: self-destruction is an advanced rule")

    def skill_phase(self, state: FasaState) -> str:
        """The note that opens a crew's roll for a bonus after the allocation, or "": none (the
        expert game's Skill Roll Phase; Campaign Advancement's crew roll, line 506)."""
        return ""

    # The Tactical Advantage Phase.
    def advantage_order(self, state: FasaState) -> tuple[str, ...] | None:
        """The order of the tactical advantage decided without a roll (the expert game's
        Captains' ratings), or None: each Captain rolls (Advanced: Sequence Of Play step 2)."""
        return None

    def advantage_added(self, state: FasaState, ship: Ship) -> int:
        """What a Captain adds to his tactical advantage roll: nothing (Campaign Advancement's
        captain's points, line 504)."""
        return 0

    def advantage_request(self, state: FasaState, ship: Ship) -> Located | None:
        """A Captain's tactical advantage roll asked by another die than the d10 (Campaign
        Advancement's percentile dice and the captain's points, line 504), or None: the d10."""
        return None

    # The Sensor Phase.
    def sensor_phase(self, state: FasaState) -> FasaState | None:
        """The Sensor Phase begun (Advanced: Sequence Of Play step 3), or None: the basic game
        has none."""
        return None

    # The crew's roll (the expert game's Skill Roll Phase; Campaign Advancement's crew roll).
    def crew_roll_target(self, state: FasaState, ship: Ship) -> int:
        """What a crew's percentile roll for a bonus is made against: 0, no roll (the expert
        game's Crew Efficiency Rating, Campaign Advancement's crew points, line 506)."""
        return 0

    # The end of the game.
    def victory_notes(self, state: FasaState, winner: str) -> list[Event]:
        """What the game's end tells besides its verdict: nothing (Campaign Advancement's
        Victory Points and totals, line 521)."""
        return []

    def sensors_open(self, state: FasaState) -> bool:
        """Whether a ship has its sensors still to use in this Sensor Phase: the basic game has
        no Sensor Phase."""
        return False

    def sense(self, state: FasaState, ship: Ship, action: Sense, who: str) -> Located:
        """A ship's lock or scan in the Sensor Phase: the basic game has none."""
        raise IllegalAction(f"{who}: the basic game has no Sensor Phase")

    # Sensing (the expert game's arc scan and sensor questions).
    def crewed_scan_offered(self, state: FasaState, ship: Ship) -> bool | None:
        """Whether a player crew's Science Officer is offered the arc scan, or None: the expert
        rule (Command & Control's scan by his rating, `sensors_rating.py`)."""
        return None

    def crewed_scan(self, state: FasaState, ship: Ship, arc: str) -> Located | None:
        """A player crew's arc scan (his sensors Skill Roll), or None: the expert game's d10."""
        return None

    def question_left(self, state: FasaState, ship: Ship) -> bool:
        """Whether the ship has a sensor question left to ask in this Movement Phase, which
        gives it a place in the movement order though it has no movement points in the phase:
        no (the expert game's questions, `sensing/sensor_ask.py`, lines 707, 777)."""
        return False

    def crewed_question(self, state: FasaState, ship: Ship) -> bool | None:
        """Whether a player crew's ship has a sensor question left in this Movement Phase, or
        None: the expert rule."""
        return None

    def relock_open(self, state: FasaState, ship: Ship) -> bool:
        """Whether the ship, its sensors working again this turn, may try a lock in place of
        this Movement Phase's question: no (Command & Control, line 1249)."""
        return False

    def crewed_ask(self, state: FasaState, ship: Ship, question: int, detail: str,
                   station: str) -> Located | None:
        """A player crew's sensor question (a roll against his rating), or None: the expert
        rule."""
        return None

    # Moving.
    def heading_stress(self, state: FasaState, ship: Ship) -> Located:
        """An emergency heading change's stress: the basic game has no emergency heading change
        (its course letters are F, P and S)."""
        return state, []

    def entered(self, state: FasaState, ship: Ship, hexes: list[Hex]) -> Located:
        """What `ship` set off entering `hexes`: nothing (the advanced game's mines)."""
        return state, []

    def course(self, state: FasaState, ship: Ship, steps: str, who: str) -> Located | None:
        """A course flown otherwise than at once, or None: at once (Command & Control's helm
        operation roll before a crewed ship's first emergency heading change of the turn, lines
        1121, 1503, `command/helm_rolls.py`)."""
        return None

    # The end of the game turn.
    def turn_closed(self, ship: Ship, turn: int) -> Ship:
        """A ship in play as its turn ends, before its panel resets: as it is (the expert game
        keeps the Master Control Panel's column of the turn, `engineering/mcp.py`)."""
        return ship

    # Power.
    def has_cloak(self, state: FasaState, ship: Ship) -> bool:
        """Whether the ship's cloaking device is in play: not in the basic game."""
        return False

    def arming_waits(self, state: FasaState, ship: Ship) -> bool:
        """Whether the ship's arming waits for an order first: no (Command & Control's
        Helmsman waits for his Captain's fire order, `command/orders.py`, line 1101)."""
        return False

    def arm_problem(self, state: FasaState, ship: Ship, powered: bool) -> str:
        """Why the ship may not arm now (`powered`: power put into a weapon), or "": nothing
        forbids it in the basic game (Command & Control's Captain's hold fire, line 1101)."""
        return ""

    def arming_note(self, state: FasaState, ship: Ship) -> str:
        """What the arming's title adds (" (Captain: hold fire)"): nothing in the basic game
        (Command & Control's Captain's fire order, line 1101, `command/orders.note`)."""
        return ""

    # The rules' declarations (`*_rule.py`): where a lower level's declaration asks what a higher
    # level or an optional rule adds, so that it imports none of their modules.
    def hidden(self, state: FasaState, ship: Ship, side: str | None,
               viewer: str | None = None) -> bool:
        """Whether `side` (and `viewer`, a ship of it) does not know where `ship` is: no (nothing
        is hidden in the basic game; the advanced game's cloaking device, `firing/hiding.py`)."""
        return False

    def after_declaration(self, state: FasaState, shots: tuple[Shot, ...]) -> FasaState:
        """The state once `shots` are declared: as it is (the advanced game offers each missile's
        target its evasion, `firing/evasion.py`)."""
        return state

    def question_open(self, state: FasaState, ship: Ship) -> bool:
        """Whether the ship first in the movement order has its sensor question to ask before it
        moves: no (the expert game's questions, `sensing/sensor_ask.py`, lines 707, 777)."""
        return False

    def relock(self, state: FasaState, ship: Ship, action: Sense, station: str) -> Located:
        """A lock tried again in a Movement Phase: none below Command & Control (line 1249,
        `sensing/sensors_rating.py`)."""
        raise IllegalAction(f"{station}: {ship.name} has no sensor lock to try now")

    def cloak_target(self, state: FasaState, ship: Ship, target: Ship) -> bool:
        """Whether a player crew's Science Officer may name `target`'s movement, a cloaked
        enemy's: no (Command & Control, line 1213; no ship has a player crew below it)."""
        return False

    def opening_result(self, state: FasaState, value: int) -> Located | None:
        """What a roll before the first Power Allocation Phase does (the roll `opening_roll`
        asked), or None: the basic game asks none (Campaign Advancement's initial points, line
        517; the expert game's ratings)."""
        return None

    def more_order_choices(self, state: FasaState, ship: Ship) -> tuple[Choice, ...]:
        """The Captain's orders of the turn an optional rule adds to hold and destruct, as a
        panel's choices (each with why it may not be given now): none (Rescues During Combat's
        abandon ship, `campaigns/rescues.py`)."""
        return ()

    def order_label(self, state: FasaState) -> str:
        """The Captain's order of the turn's field, in a panel's words."""
        return "Self-destruct (no undo)"


    # The turn's flow (`phases/`): what a higher level adds where one step of the turn hands over
    # to the next. The basic game's answer at each is to add nothing.
    def team_rolls(self, state: FasaState) -> Located | None:
        """The turn's team rolls, asked before the power is allocated, or None: none are due (an
        optional rule's, Team Communications, line 447)."""
        return None

    def panels_kept(self, state: FasaState) -> Located:
        """The panels that keep last turn's settings, set before the allocation is awaited:
        none (Command & Control's frozen panels, lines 1357, 1401)."""
        return state, []

    def power_allocated(self, state: FasaState) -> Located:
        """What follows the Power Allocation Phase's last allocation: nothing (the advanced
        game's cloaking device engages, `sensing/cloak.py`)."""
        return state, []

    def start_skill_phase(self, state: FasaState) -> FasaState:
        """The crews' rolls begun, when `skill_phase` names them: the basic game has none (the
        expert game's Skill Roll Phase, Campaign Advancement's crew roll)."""
        return state

    def officers_rolls(self, state: FasaState) -> tuple[FasaState, list[Event], bool]:
        """The officers' rolls of the Skill Roll Phase once the crews' are made, and whether the
        phase waits for one: none (Command & Control's Chief Engineer and Science Officer)."""
        return state, [], False

    def start_of_movement(self, state: FasaState) -> FasaState:
        """The turn's Movement Phases begin: nothing to note (Command & Control's running power
        totals, `engineering/power_spent.py`, line 1093)."""
        return state

    def movement_phase_begins(self, state: FasaState) -> FasaState:
        """A Movement Phase begins, its order made: the moves (the expert game's arc scan step
        first, `sensing/arc_scan.py`)."""
        return state

    def fire_waits(self, state: FasaState) -> bool:
        """Whether the fire's dice wait for a decision first: no (Command & Control's damage
        control, decided before the dice, line 1193)."""
        return False

    def after_barrage(self, state: FasaState) -> Located:
        """What follows a Firing Phase's last shot or a blast: nothing (the advanced game's ship
        explosions, `firing/explosions.py`)."""
        return state, []

    def firing_aftermath(self, state: FasaState) -> Located | None:
        """The step the fire's end leads to before the Firing Phase ends, begun, or None: the
        phase ends (Command & Control's bridge hits, repairs and powering down, `command/
        aftermath.py`)."""
        return None

    def end_of_phase(self, state: FasaState) -> Located:
        """A Firing Phase ends: nothing of it lasts (the advanced game's evasion and emergency
        heading change; Command & Control's Sensors Counter and weaponry bonus)."""
        return state, []

    def turn_over(self, state: FasaState,
                  ships: tuple[Ship, ...]) -> tuple[tuple[Ship, ...], list[Event]]:
        """The ships as the game turn ends, their panels reset: as they are (the advanced game's
        locks lost; Command & Control's orders, officers' rolls, repairs and counters)."""
        return ships, []

    def new_turn(self, state: FasaState) -> FasaState:
        """A new game turn begins: nothing of the last is kept to forget (the advanced game's
        detections of cloaked ships end, `sensing/cloak.py`)."""
        return state


@dataclass(frozen=True)
class OptionHooks:
    """An optional rule's hooks and what switches them on."""

    name: str
    hooks: type[Hooks]
    on: Callable[[str, Options], bool]
    """Whether a game of this level with these options plays the rule."""


_BY_LEVEL: dict[str, Hooks] = {"basic": Hooks()}
_OPTIONS: list[OptionHooks] = []
_COMPOSED: dict[tuple[str, Options], Hooks] = {}
_last: tuple[str, Options, Hooks] | None = None


def register(hooks: Hooks) -> None:
    """Make `hooks` the hooks of its level (`layers/` registers each level once, on loading)."""
    _BY_LEVEL[hooks.level] = hooks
    _COMPOSED.clear()


def register_option(option: OptionHooks) -> None:
    """Add an optional rule's hooks (`layers/` and `rules.py` register them once, on loading)."""
    if any(o.name == option.name for o in _OPTIONS):
        raise ValueError(f"the hooks of {option.name} are registered twice")
    _OPTIONS.append(option)
    _COMPOSED.clear()


def _compose(level: str, options: Options) -> Hooks:
    """The level's hooks over those of each optional rule the options switch on."""
    own = _BY_LEVEL[level]
    on = tuple(o for o in _OPTIONS if o.on(level, options))
    if not on:
        return own
    # The basic game's own hooks are the optional rules' base class already.
    level_class = () if type(own) is Hooks else (type(own),)
    bases = (*level_class, *(o.hooks for o in on))
    composed: type[Hooks] = type(f"{type(own).__name__}With"
                                 f"{''.join(o.hooks.__name__ for o in on)}", bases, {})
    return composed()


def of(state: FasaState) -> Hooks:
    """The hooks of the state's level and options (the last game's kept at hand: a game's
    level and options are the same objects from its first state to its last)."""
    global _last
    level, options = state.level, state.setup.options
    last = _last
    if last is not None and last[0] is level and last[1] is options:
        return last[2]
    key = (level, options)
    found = _COMPOSED.get(key)
    if found is None:
        found = _COMPOSED[key] = _compose(level, options)
    _last = (level, options, found)
    return found
