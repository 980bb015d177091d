"""The toy duel's rules: values, actions, events and the sequence of play.

Two ships (or more, on two sides) stand a `range` apart. Each turn:

1. Plot: every ship's Helm secretly chooses to close in, hold or open out (`toy_plot`); when
   all have plotted, the moves are shown together and the range changes by one for each
   "in" or "out" (1 to 9).
2. Fire: ship by ship, in the scenario's order, Engineering puts 0 to 3 of the ship's energy
   into its gun (`toy_fire`); with any, a public d6 roll hits when roll + power exceeds the
   range, and a hit takes one hull point off the first enemy still in play.

The game ends when a side has no ship with hull left, or after `turns` turns (the side with
more hull left wins; level: a draw). A ship's energy and its plotted move are its side's
secrets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, RollResult, action_type
from engine.dice import Die, RollRequest
from engine.errors import DataError, IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.stations import ENGINEER, HELM, INSTRUCTOR, title

NAME = "toy"
MOVES: dict[str, int] = {"in": -1, "hold": 0, "out": 1}
MAX_POWER = 3
MIN_RANGE, MAX_RANGE = 1, 9
PLOT, FIRE, OVER = "plot", "fire", "over"


# -- values ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ship:
    id: str
    name: str
    side: str
    hull: int
    energy: int            # secret: its side's
    plot: str = ""         # secret until every ship has plotted
    fired: bool = False


@dataclass(frozen=True, slots=True)
class ToyState:
    scenario: str
    name: str
    turn: int
    max_turns: int
    range: int
    step: str
    ships: tuple[Ship, ...]
    shot: tuple[str, int] | None = None   # (ship, power): the roll asked for
    outcome: str = ""
    ruleset: str = NAME

    @property
    def over(self) -> bool:
        return self.step == OVER

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def with_ship(self, ship: Ship) -> ToyState:
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.side for s in self.ships))


# -- actions -----------------------------------------------------------------------------------
@action_type("toy_plot")
@dataclass(frozen=True, slots=True)
class Plot(Action):
    """`ship`'s Helm plots its move: "in", "hold" or "out"."""

    ship: str
    move: str


@action_type("toy_fire")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """`ship`'s Engineering puts `power` (0 to 3) of its energy into the gun; 0 holds fire."""

    ship: str
    power: int


# -- events ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Plotted(Event):
    """A ship's plotted move: its own side's alone."""

    ship: str
    side: str
    move: str

    @property
    def text(self) -> str:
        return f"{self.ship} plots: {self.move}"


@dataclass(frozen=True, slots=True)
class Closed(Event):
    moves: tuple[tuple[str, str], ...]
    range: int

    @property
    def text(self) -> str:
        shown = ", ".join(f"{s} {m}" for s, m in self.moves)
        return f"Moves shown: {shown}; the range is {self.range}"


@dataclass(frozen=True, slots=True)
class Fired(Event):
    ship: str
    power: int
    need: int

    @property
    def text(self) -> str:
        if not self.power:
            return f"{self.ship} holds fire"
        return f"{self.ship} fires with power {self.power}: needs {self.need}+ on a d6"


@dataclass(frozen=True, slots=True)
class RollAsked(Event):
    request: RollRequest

    @property
    def text(self) -> str:
        return self.request.purpose

    @property
    def quiet(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """A shot and its outcome. The name and the fields `firer`, `target`, `hit` and `damage`
    are what the display's after-action report counts (docs/engine.md, Adding a ruleset)."""

    firer: str
    target: str
    roll: int
    hit: bool
    damage: int

    @property
    def text(self) -> str:
        return f"{self.firer} rolls {self.roll}: " \
               f"{'hits ' + self.target if self.hit else 'misses'}"

    @property
    def alerts(self) -> str | None:
        return self.target if self.hit else None


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: str

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"


# -- the scenario ------------------------------------------------------------------------------
EXAMPLE: dict[str, Any] = {
    "ruleset": NAME, "id": "toy-duel", "name": "Toy duel", "range": 6, "turns": 4,
    "ships": [{"id": "kite", "name": "Red Kite", "side": "Red", "hull": 3, "energy": 6},
              {"id": "heron", "name": "Blue Heron", "side": "Blue", "hull": 3, "energy": 6}],
}


def new_game(scenario: Mapping[str, Any]) -> ToyState:
    """The starting state; DataError naming the field when the scenario is not a toy duel."""
    def whole(key: str, low: int, high: int, where: Mapping[str, Any], name: str) -> int:
        value = where.get(key)
        if type(value) is not int or not low <= value <= high:
            raise DataError(f"toy scenario: {name}{key} must be a whole number from {low} to "
                            f"{high}, not {value!r}")
        return value

    ships = scenario.get("ships")
    if not isinstance(ships, list) or len(ships) < 2:
        raise DataError("toy scenario: ships must be a list of at least two ships")
    made: list[Ship] = []
    for n, entry in enumerate(ships, 1):
        if not isinstance(entry, Mapping):
            raise DataError(f"toy scenario: ship {n} must be a table of id, name, side, hull")
        texts = [entry.get(k) for k in ("id", "name", "side")]
        if not all(isinstance(t, str) and t for t in texts):
            raise DataError(f"toy scenario: ship {n} needs an id, a name and a side (text)")
        hull = whole("hull", 1, 9, entry, f"ship {n}'s ")
        energy = whole("energy", 0, 30, entry, f"ship {n}'s ")
        made.append(Ship(str(entry["id"]), str(entry["name"]), str(entry["side"]), hull, energy))
    if len({s.id for s in made}) != len(made) or len({s.side for s in made}) != 2:
        raise DataError("toy scenario: ship ids must differ, and there must be two sides")
    return ToyState(str(scenario.get("id", "toy")), str(scenario.get("name", "Toy duel")), 1,
                    whole("turns", 1, 20, scenario, ""), whole("range", MIN_RANGE, MAX_RANGE,
                                                              scenario, ""), PLOT, tuple(made))


# -- the sequence of play ----------------------------------------------------------------------
def need(state: ToyState, power: int) -> int:
    """The lowest d6 face that hits with `power` at the current range (7: none can)."""
    return max(1, state.range - power + 1)


def request(state: ToyState, ship: Ship, power: int) -> RollRequest:
    lowest = need(state, power)
    return RollRequest(Die.D6, ship.id, ENGINEER, f"{ship.name}: the gun, power {power} at range "
                       f"{state.range}: needs {lowest} or more", (lowest, 6) if lowest <= 6
                       else None, public=True)


def shooter(state: ToyState) -> Ship | None:
    """The ship whose turn it is to fire (None outside the fire step)."""
    if state.step != FIRE:
        return None
    return next((s for s in state.ships if not s.fired and s.hull > 0), None)


def prompts(state: ToyState) -> tuple[Prompt, ...]:
    if state.step == PLOT:
        return tuple(Prompt(s.id, HELM, f"{s.name}: plot a move", action="toy_plot")
                     for s in state.ships if s.hull > 0 and not s.plot)
    ship = shooter(state)
    if ship is None:
        return ()
    if state.shot is not None:
        return (Prompt(ship.id, ENGINEER, "roll for the gun",
                       request(state, ship, state.shot[1]), "roll"),)
    return (Prompt(ship.id, ENGINEER, f"{ship.name}: power to the gun", action="toy_fire"),)


def apply(state: ToyState, action: Action) -> tuple[ToyState, tuple[Event, ...]]:
    """The state after `action`; IllegalAction (starting with the station's title) if the rules
    refuse it now."""
    who = title(action.station)
    if state.over:
        raise IllegalAction(f"{who}: the game is over")
    if isinstance(action, RollResult):
        return _roll(state, action, who)
    ship_id = getattr(action, "ship", None)
    try:
        ship = state.ship(str(ship_id))
    except KeyError:
        raise IllegalAction(f"{who}: no ship {ship_id!r} in this game") from None
    for p in prompts(state):
        if p.ship == ship.id and p.action == action.type_name:
            if action.station not in (p.station, INSTRUCTOR):
                raise IllegalAction(f"{who}: {p.what} is for {title(p.station)}")
            break
    else:
        raise IllegalAction(f"{who}: {ship.name} has no {action.type_name} to make now")
    if isinstance(action, Plot):
        return _plot(state, ship, action.move, who)
    if isinstance(action, Fire):
        return _fire(state, ship, action.power, who)
    raise IllegalAction(f"{who}: a {action.type_name} action is not part of the toy duel")


def _plot(state: ToyState, ship: Ship, move: str, who: str) -> tuple[ToyState, tuple[Event, ...]]:
    if move not in MOVES:
        raise IllegalAction(f"{who}: a move is one of {', '.join(MOVES)}, not {move!r}")
    state = state.with_ship(replace(ship, plot=move))
    events: list[Event] = [Plotted(ship.id, ship.side, move)]
    if any(s.hull > 0 and not s.plot for s in state.ships):
        return state, tuple(events)
    moved = state.range + sum(MOVES[s.plot] for s in state.ships if s.hull > 0)
    shown = tuple((s.id, s.plot) for s in state.ships if s.plot)
    state = replace(state, range=min(MAX_RANGE, max(MIN_RANGE, moved)), step=FIRE,
                    ships=tuple(replace(s, plot="") for s in state.ships))
    events.append(Closed(shown, state.range))
    return state, tuple(events)


def _fire(state: ToyState, ship: Ship, power: int, who: str) -> tuple[ToyState,
                                                                      tuple[Event, ...]]:
    if not 0 <= power <= min(MAX_POWER, ship.energy):
        raise IllegalAction(f"{who}: power to the gun is 0 to {min(MAX_POWER, ship.energy)} "
                            f"({ship.energy} energy left), not {power}")
    fired = Fired(ship.id, power, need(state, power))
    if power == 0:
        return _next(state.with_ship(replace(ship, fired=True)), [fired])
    state = replace(state.with_ship(replace(ship, energy=ship.energy - power)),
                    shot=(ship.id, power))
    return state, (fired, RollAsked(request(state, ship, power)))


def _roll(state: ToyState, roll: RollResult, who: str) -> tuple[ToyState, tuple[Event, ...]]:
    ship = shooter(state)
    if ship is None or state.shot is None:
        raise IllegalAction(f"{who}: no roll is asked for now")
    if roll.station not in (ENGINEER, INSTRUCTOR):
        raise IllegalAction(f"{who}: the roll for {ship.name}'s gun is Engineering's")
    if not 1 <= roll.value <= 6:
        raise IllegalAction(f"{who}: a d6 shows 1 to 6, not {roll.value}")
    target = next(s for s in state.ships if s.side != ship.side and s.hull > 0)
    hit = roll.value + state.shot[1] > state.range
    if hit:
        state = state.with_ship(replace(target, hull=target.hull - 1))
    state = replace(state.with_ship(replace(state.ship(ship.id), fired=True)), shot=None)
    return _next(state, [ShotResolved(ship.id, target.id, roll.value, hit, int(hit))])


def _next(state: ToyState, events: list[Event]) -> tuple[ToyState, tuple[Event, ...]]:
    """After a ship's fire: the game's end, the next turn, or the next ship."""
    alive = {s.side for s in state.ships if s.hull > 0}
    if len(alive) < 2:
        outcome = f"{alive.pop()} wins" if alive else "both sides lost"
        return _end(state, outcome, events)
    if shooter(state) is not None:
        return state, tuple(events)
    if state.turn >= state.max_turns:
        hull = {side: sum(s.hull for s in state.ships if s.side == side)
                for side in state.sides()}
        best = max(hull.values())
        leaders = [side for side, h in hull.items() if h == best]
        return _end(state, f"{leaders[0]} wins on hull" if len(leaders) == 1 else "a draw",
                     events)
    state = replace(state, turn=state.turn + 1, step=PLOT,
                    ships=tuple(replace(s, fired=False) for s in state.ships))
    return state, tuple(events)


def _end(state: ToyState, outcome: str, events: list[Event]) -> tuple[ToyState,
                                                                      tuple[Event, ...]]:
    return replace(state, step=OVER, outcome=outcome), (*events, GameOver(outcome))


def to_json(state: ToyState) -> dict[str, Any]:
    return {"ruleset": NAME, "scenario": state.scenario, "turn": state.turn,
            "range": state.range, "step": state.step, "outcome": state.outcome,
            "shot": list(state.shot) if state.shot else None,
            "ships": [{"id": s.id, "name": s.name, "side": s.side, "hull": s.hull,
                       "energy": s.energy, "plot": s.plot, "fired": s.fired}
                      for s in state.ships]}

