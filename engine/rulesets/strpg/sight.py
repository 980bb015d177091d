"""Line of sight and concealment (seed 004 lines 222-224, Target Concealment): "draw a straight
line from the center of the attacker's square to the center of the target's square. If no
physical object intervenes, then there is a clear line of sight to the target; otherwise, the
target is concealed. The position ... of the target should be considered, along with the height
of obstacles."

How much an obstacle hides is the seed's: "a human standing behind a waist-level console would
have a -10 concealment modifier. A human standing behind a shoulder-high instrument bank, or
peeking around a door, or standing behind a partition would have a -30 ... a human peering from
a gun slit would have a -50"; "someone prone behind a console cannot be fired on (or seen), but
neither can that character fire! ... kneeling behind the console, peeking over the top, he can
fire freely and still remain somewhat concealed". So an obstacle counts for whoever it is
nearer: behind it the target is concealed by it, the attacker fires over it (or, lying behind
it, cannot); one halfway counts at both ends (ours, so that sight is the same both ways).

A character sees another when a line between them is not completely concealed, and the other
is not hidden from him (Hide, line 220; ours: docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.rulesets.strpg.ground import COVER_RANK, cover
from engine.rulesets.strpg.state import KNEELING, PRONE, SITTING, STANDING, Character, RPGState
from engine.squaregrid import Square, adjacent, crossing

COMPLETE = None

BEHIND: dict[str, dict[str, int | None]] = {
    # the target is behind the obstacle: its concealment modifier (None: completely concealed)
    "none": {STANDING: 0, KNEELING: 0, SITTING: 0, PRONE: 0},
    "low": {STANDING: 10, KNEELING: 30, SITTING: 30, PRONE: None},
    "high": {STANDING: 30, KNEELING: None, SITTING: None, PRONE: None},
    "slit": {STANDING: 50, KNEELING: 50, SITTING: 50, PRONE: None},
    "full": {STANDING: None, KNEELING: None, SITTING: None, PRONE: None},
}
"""Line 224: the concealment of a target behind cover of each height, by its position."""

OVER: dict[str, dict[str, bool]] = {
    # the attacker is behind the obstacle: whether he fires over (or through) it
    "none": {STANDING: True, KNEELING: True, SITTING: True, PRONE: True},
    "low": {STANDING: True, KNEELING: True, SITTING: True, PRONE: False},
    "high": {STANDING: True, KNEELING: False, SITTING: False, PRONE: False},
    "slit": {STANDING: True, KNEELING: True, SITTING: True, PRONE: False},
    "full": {STANDING: False, KNEELING: False, SITTING: False, PRONE: False},
}


def _nearness(point: tuple[int, int], a: Square, b: Square) -> int:
    """< 0 when the doubled `point` is nearer `a`'s centre, > 0 nearer `b`'s, 0 halfway."""
    ax, ay = 2 * a[0] + 1, 2 * a[1] + 1
    bx, by = 2 * b[0] + 1, 2 * b[1] + 1
    da = (point[0] - ax) ** 2 + (point[1] - ay) ** 2
    db = (point[0] - bx) ** 2 + (point[1] - by) ** 2
    return (da > db) - (da < db)


def _obstacles(state: RPGState, a: Square, b: Square) -> list[tuple[str, tuple[int, int]]]:
    """Each obstacle the line from `a` to `b` passes: its cover and its doubled centre. At a
    corner the line passes exactly through, the lower of the two squares' covers."""
    line = crossing(a, b)
    found = []
    for sq in line.squares:
        level = cover(state, sq)
        if level != "none":
            found.append((level, (2 * sq[0] + 1, 2 * sq[1] + 1)))
    for p, q in line.corners:
        level = min(cover(state, p), cover(state, q), key=COVER_RANK.__getitem__)
        if level != "none":
            found.append((level, (p[0] + q[0] + 1, p[1] + q[1] + 1)))
    return found


def concealment(state: RPGState, a: Square, a_posture: str, b: Square,
                b_posture: str) -> int | None:
    """The concealment modifier (0, 10, 30, 50: subtracted from the To-Hit Number) of a target
    in `b` at `b_posture` from an attacker in `a` at `a_posture`; None when completely
    concealed (no line of sight: "Complete: miss")."""
    worst = 0
    for level, point in _obstacles(state, a, b):
        near = _nearness(point, a, b)
        if near <= 0 and not OVER[level][a_posture]:
            return COMPLETE
        if near >= 0:
            hide = BEHIND[level][b_posture]
            if hide is None:
                return COMPLETE
            worst = max(worst, hide)
    return worst


def sees(state: RPGState, viewer: Character, other: Character) -> bool:
    """Whether `viewer` sees `other` now: himself, and anybody of his own side, always (a party
    keeps in touch); an enemy when a line of sight joins them and the enemy is not hidden from
    him (one hidden is seen next to him, or once he has spotted him). A character out of the
    fight sees nobody of another side."""
    if viewer.id == other.id or viewer.side == other.side:
        return True
    if not viewer.up:
        return False
    if other.hidden and viewer.id not in other.spotted_by and \
            not (viewer.pos == other.pos or adjacent(viewer.pos, other.pos)):
        return False
    return concealment(state, viewer.pos, viewer.posture, other.pos, other.posture) is not None


def seen_by(state: RPGState, viewer: Character) -> frozenset[str]:
    """The ids of every character `viewer` sees."""
    return frozenset(c.id for c in state.characters if sees(state, viewer, c))


def witnesses(state: RPGState, *about: Character) -> frozenset[str]:
    """Everybody who sees any of `about` now (their own sides included)."""
    return frozenset(c.id for c in state.characters
                     if any(sees(state, c, x) for x in about))


def blocking(state: RPGState, a: Square, b: Square, skip: tuple[str, ...] = ()) -> Character | None:
    """A standing character in a square between `a` and `b` (line 224: "Characters in
    intervening squares block attacks if they are standing, but kneeling or prone characters do
    not"); `skip`: characters not counted (the attacker, the target)."""
    between = set(crossing(a, b).squares)
    return next((c for c in state.characters if c.pos in between and c.up
                 and c.posture == STANDING and c.id not in skip), None)
