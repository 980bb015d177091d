"""The Sequence of Play as data: every step the seed lists, named as it names it, with who may
act in it and what the referee does there. Seed 003 (shared/seeds/003_c342e9612d2f9605.txt),
cited by its `cat -n` line numbers.

The seed's list has six numbered steps, each started by a line with a dash (lines 97, 107, 114,
118, 181, 185): Step 4, "Each 'Impulse' or space of movement" (lines 118-180), is gone through
once for each space a unit moves (lines 189-199); Steps 1-3 come once before movement, Steps 5
and 6 once after it. The Drone and Plasma movement after each phase (lines 79-95, 194) is not in
the list: its steps are ours, each citing the lines it comes from.

The note in parentheses after a step (lines 200-213) says who may act in it (`Who`); a step
without one is for "anyone who is affected by it". A scenario names the steps it uses
(`DEFAULT_STEPS` when it names none): the others are passed over.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Who(StrEnum):
    """Who may act in a step (seed lines 200-220)."""

    AFFECTED = "affected"                # no note: "anyone who is affected by it" (l.201-202)
    ANYONE = "anyone"                    # "any ship in the game may participate" (l.202-204)
    MOVING = "moving player"             # the player taking his actions now (l.204-210)
    MOVING_OR_RESPONSE = "moving player or in response"   # the mover first, then the rest
    RESPONSE = "response"                # everyone but the moving player (l.169, l.213-220)


class Does(StrEnum):
    """What the referee does in a step: what its announcements are."""

    NOTE = "note"          # a unit does what the step says; the table plays it out (recorded)
    SPEEDS = "speeds"      # each player's speeds and initiative, revealed together
    MOVE = "move"          # the moving unit(s) move one space (or turn in place)
    MINES = "mines"        # the referee sets off the mines the space of movement triggered
    TARGET = "target"      # a unit fires (or beams, tractors...) at a unit: the target rules
    TRANSPORT = "transport"   # transporters at a unit, or a T-bomb laid by them in a hex
    LAUNCH = "launch"      # counters launched or laid from a unit's loads
    LAND = "land"          # small craft land on a ship in their hex
    REMOVE = "remove"      # units taken off the map (destroyed, impact, disengaged)
    DETECT = "detect"      # the moving unit finds the mines within a range the table gives


class Part(StrEnum):
    START = "start"        # Steps 1-3 (lines 97-117)
    IMPULSE = "impulse"    # Step 4 (lines 118-180), for each space of movement
    DRONES = "drones"      # Drone and Plasma movement, for each space (lines 79-95, 194)
    END = "end"            # Steps 5 and 6 (lines 181-188)


class Targets(StrEnum):
    """Whom a TARGET step's announcements may name."""

    MOVING = "moving"      # the moving unit anyone; the others only the moving unit (l.46-56)
    DRONES = "drones"      # only drones or plasmas (l.79-83, 88-90)
    SELF = "self"          # only the unit itself: the Displacement Device (l.90-95)


@dataclass(frozen=True, slots=True)
class Step:
    key: str
    title: str
    line: int
    who: Who
    part: Part
    does: Does = Does.NOTE
    group: str = ""
    """The heading a step falls under (line 160's or 169's fire), said before its title."""
    kinds: tuple[str, ...] = ()
    """LAUNCH: the kinds of counter it launches; REMOVE: why a unit leaves the map."""
    targets: Targets = Targets.MOVING
    secret: bool = False
    """Its announcements are told to the announcing player's side alone (what is plotted
    or allocated in secret)."""
    effect: str = ""
    """What the referee does beyond recording a NOTE ("stop": no more movement this turn)."""
    race: str = ""
    """Only a ship of this race may act (the Andromedans' PA mines, lines 83-87)."""

    @property
    def heading(self) -> str:
        """The title as a player reads it, under its group's heading where it has one."""
        return f"{self.group}: {self.title}" if self.group else self.title


A, N, M, MR, R = Who.AFFECTED, Who.ANYONE, Who.MOVING, Who.MOVING_OR_RESPONSE, Who.RESPONSE
START, IMPULSE, DRONES, END = Part.START, Part.IMPULSE, Part.DRONES, Part.END
FIRST = "Initiative player fires first"      # line 160
ANSWER = "Non-initiative players may fire in response to movement or fire"   # line 169
SMALL_CRAFT = ("shuttle", "fighter", "pf")


def _fire(group: str, who: Who, prefix: str, lines: tuple[int, ...]) -> tuple[Step, ...]:
    """The fire steps under line 160 (the moving player) or 169 (the others, in response)."""
    titles = (("ppd", "PPD fire", Does.TARGET), ("hellbore_1", "First Hellbore fire option",
                                                 Does.TARGET),
              ("direct_fire", "All other direct fire weapons may fire", Does.TARGET),
              ("aegis", "Aegis fire may continue", Does.TARGET),
              ("hellbore_2", "Second Hellbore fire option", Does.TARGET))
    out = [Step(f"{prefix}_{k}", t, line, who, IMPULSE, does, group)
           for (k, t, does), line in zip(titles, lines[:5], strict=True)]
    if prefix == "moving":   # line 166, under the moving player's fire only
        out.append(Step("webs_solidify", "Previous free standing webs solidify", 166, A, IMPULSE,
                        group=group))
    out.append(Step(f"{prefix}_web_casters", "Web Casters fire", lines[5], who, IMPULSE,
                    Does.TARGET, group))
    out.append(Step(f"{prefix}_allocate_damage", "Allocate damage" if prefix == "moving"
                    else "Allocate Damage", lines[6], A, IMPULSE, Does.REMOVE, group,
                    ("destroyed",)))
    return tuple(out)


STEPS: tuple[Step, ...] = (
    # Step 1 (lines 97-106)
    Step("activation", "Roll for activation of ships", 97, A, START),
    Step("computer_failure", "Roll for computer failure", 98, A, START),
    Step("ion_storms", "Roll for Ion storms", 99, A, START),
    Step("pinwheels", "Pinwheels formed/dissolved", 100, A, START),
    Step("allocate_energy", "Allocate energy", 101, A, START, secret=True),
    Step("allocate_repair", "Allocate repair points", 102, A, START, secret=True),
    Step("drop_warp_engine", "Ships drop warp engine/ PFs drop warp packs", 103, A, START),
    Step("plot_self_destruction", "Plot self destruction", 104, A, START, secret=True),
    Step("orions_double", "Orions announce if they are doubling engines", 105, A, START),
    Step("shields_unpowered", "Announce if shields are unpowered", 106, A, START),
    # Step 2 (lines 107-113)
    Step("announce_speeds", "Announce speeds", 107, A, START, Does.SPEEDS),
    Step("announce_self_destruction", "Announce self destructions", 108, A, START),
    Step("intent_to_dock", "Announce intent to dock", 109, A, START),
    Step("intent_to_separate", "Announce intent to seperate sections of ship", 110, A, START),
    Step("resolve_self_destruction", "Resolve self destruction", 111, A, START, Does.REMOVE,
         kinds=("destroyed",)),
    Step("reacquire_lock_on", "Attempt to reacquire lock-on to cloaked ships", 112, A, START),
    Step("death_riders", "Release Death Riders to self guidance", 113, A, START),
    # Step 3 (lines 114-117)
    Step("tractor_rotation", "Tractor rotation", 114, A, START),
    Step("guards", "Assign boarding parties as guards", 115, A, START),
    Step("balcony", "Transfer shuttles to balcony and vice versa", 116, A, START),
    Step("computer_ships", "Computer controlled ships now do all of the above steps", 117, A,
         START),
    # Step 4, for each space of movement (lines 118-180)
    Step("black_holes", "Ships moved by black holes or nebulas", 119, A, IMPULSE),
    Step("gravity_waves", "Gravity waves advance and damage is applied immediately", 120, A,
         IMPULSE),
    Step("move", "Fastest speed moves 1 space of 1/2 total movement for the turn", 121, M,
         IMPULSE, Does.MOVE),
    Step("esg_damage", "Resolve damage from ESGs", 122, A, IMPULSE),
    Step("asteroid_damage", "Resolve damage from asteroids", 123, A, IMPULSE),
    Step("planet_damage", "Resolve damage from collisions with planets", 124, A, IMPULSE),
    Step("mine_damage", "Resolve damage from mines", 125, A, IMPULSE, Does.MINES),
    Step("exploding_units", "Resolve damage from exploding units", 126, A, IMPULSE),
    Step("breakdowns", "Resolve breakdowns", 127, A, IMPULSE),
    Step("emergency_deceleration", "Announce emergency deceleration", 128, N, IMPULSE,
         effect="stop"),
    Step("erratic_maneuvers", "Announce start/stop of erractic maneuvers", 129, N, IMPULSE),
    Step("fire_control", "Turn fire control on or off", 130, N, IMPULSE),
    Step("cloaking_device", "Activate/deactivate cloaking device", 131, N, IMPULSE),
    Step("cloak_lock_on", "Roll for lock on against cloaked ships", 132, N, IMPULSE),
    Step("detect_mines", "Detect individual mines", 133, M, IMPULSE, Does.DETECT),
    Step("reinforce_web", "Reinforce web", 134, N, IMPULSE),
    Step("lay_web", "Lay web", 135, M, IMPULSE),
    Step("tractor_beam", "Operate tractor beam", 136, MR, IMPULSE, Does.TARGET),
    Step("lab", "Utilize lab", 137, MR, IMPULSE, Does.TARGET),
    Step("ew_pods", "Drop EW pods from fighters", 138, M, IMPULSE),
    Step("launch_plasma", "Launch plasma torpedos", 139, MR, IMPULSE, Does.LAUNCH,
         kinds=("plasma",)),
    Step("launch_drones", "Launch drones", 140, MR, IMPULSE, Does.LAUNCH, kinds=("drone",)),
    Step("launch_probes", "Launch probes", 141, MR, IMPULSE),
    Step("chaff", "Drop chaff", 142, N, IMPULSE),
    Step("esg", "Activate/deactivate ESG", 143, N, IMPULSE),
    Step("shock", "Roll for shock", 144, A, IMPULSE),
    Step("mutiny", "Roll for mutiny", 145, A, IMPULSE),
    Step("shields", "Raise/lower shields", 146, N, IMPULSE),
    Step("transporters", "Operate transporters", 147, MR, IMPULSE, Does.TRANSPORT),
    Step("hit_and_run", "Resolve Hit and Run raids", 148, A, IMPULSE),
    Step("reactive_guards", "Reactive guard assignments", 149, A, IMPULSE),
    Step("transfers", "Crew and cargo transfers", 150, A, IMPULSE),
    Step("booster_packs", "Fighters may drop booster packs", 151, M, IMPULSE),
    Step("land_shuttles", "Land shuttles on ship", 152, M, IMPULSE, Does.LAND),
    Step("launch_shuttles", "Launch shuttles", 153, M, IMPULSE, Does.LAUNCH, kinds=SMALL_CRAFT),
    Step("recover_satellites", "Recover satellite ships by transporter", 154, M, IMPULSE),
    Step("launch_satellites", "Launch satellite ships by transporter", 155, M, IMPULSE),
    Step("e_module", "Transfer energy to E-module", 156, N, IMPULSE),
    Step("tug_pods", "Drop pods from tugs", 157, N, IMPULSE),
    Step("lay_mines", "Lay mines", 158, M, IMPULSE, Does.LAUNCH, kinds=("mine",)),
    Step("tumbling", "Roll for new facing of tumbling ships", 159, A, IMPULSE),
    *_fire(FIRST, M, "moving", (161, 162, 163, 164, 165, 167, 168)),
    *_fire(ANSWER, R, "response", (170, 171, 172, 173, 174, 175, 176)),
    Step("ship_explosions", "Resolve explosion of ships", 177, A, IMPULSE, Does.REMOVE,
         kinds=("destroyed",)),
    Step("displacement", "Use Displacement Devices", 178, MR, IMPULSE, Does.TARGET),
    Step("uim_breakdown", "Roll for UIM breakdown", 179, A, IMPULSE),
    Step("erratic_end", "Start/stop erratic maneuvering", 180, N, IMPULSE),
    # Drone and Plasma movement after each phase (lines 79-95, 194): ours, from the text
    Step("dp_move", "Drones and plasmas move 1 space", 194, M, DRONES, Does.MOVE),
    Step("dp_mines", "Resolve damage from mines", 125, A, DRONES, Does.MINES),
    Step("dp_fire", "Fire at the drones or plasmas", 88, N, DRONES, Does.TARGET,
         targets=Targets.DRONES),
    Step("dp_tractors", "Tractor beams grab drones", 82, N, DRONES, Does.TARGET,
         targets=Targets.DRONES),
    Step("dp_displacement", "Displacement Device on the ship itself", 91, N, DRONES,
         Does.TARGET, targets=Targets.SELF),
    Step("dp_pa_mines", "Andromedans lay PA mines by transporter in the path of plasmas", 84, N,
         DRONES, Does.LAUNCH, kinds=("mine",), race="Andromedan"),
    Step("dp_impacts", "Drones and plasmas strike their targets", 459, A, DRONES, Does.REMOVE,
         kinds=("impact", "destroyed")),
    # Step 5 (lines 181-184)
    Step("end_mutiny", "Roll for mutiny", 181, A, END),
    Step("dock", "Ships dock at bases", 182, A, END),
    Step("end_drop_warp_engines", "Ships drop warp engines", 183, A, END),
    Step("disengage", "Disengage by evasion", 184, A, END, Does.REMOVE, kinds=("disengaged",)),
    # Step 6 (lines 185-188)
    Step("shield_repair", "Resolve repair of shields by damage control", 185, A, END),
    Step("pa_to_batteries", "Transfer power from PA panels to batteries", 186, A, END),
    Step("pa_dissipate", "PA panels dissipate power to space", 187, A, END),
    Step("orions_record", "Orions record loss of engines from double output", 188, A, END),
)

BY_KEY: dict[str, Step] = {s.key: s for s in STEPS}
REQUIRED = ("announce_speeds", "move", "dp_move")
"""Steps no scenario may leave out: without them nothing moves (lines 107, 121, 194)."""
DEFAULT_STEPS: tuple[str, ...] = (
    "announce_speeds", "move", "mine_damage", "launch_plasma", "launch_drones",
    "launch_shuttles", "lay_mines", "moving_direct_fire", "response_direct_fire",
    "ship_explosions", "dp_move", "dp_mines", "dp_fire", "dp_impacts")
"""The steps of a scenario that names none: those the seed's Brief Replay plays (lines
354-471: speeds, movement, launches, fire and response, drones and plasmas), and mines."""

NUMBERED = ((1, 97), (2, 107), (3, 114), (4, 118), (5, 181), (6, 185))
"""Each numbered step of the list and its first line (the lines with a dash)."""


def step_number(step: Step) -> int:
    """Which of the seed's six numbered steps `step` is part of (0: Drone and Plasma
    movement, not in the list)."""
    if step.part == DRONES:
        return 0
    return max(n for n, line in NUMBERED if line <= step.line)


def used(keys: tuple[str, ...], part: Part) -> tuple[Step, ...]:
    """The steps of `part` a scenario uses, in the seed's order."""
    chosen = set(keys)
    return tuple(s for s in STEPS if s.part == part and s.key in chosen)
