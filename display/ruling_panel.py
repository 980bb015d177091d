"""The Instructor's END GAME button: his ruling that the game is over (the engine's `end_game`,
Book Two, Command & Control, seed line 1453) in the overview's place on the INSTR tab.

The engine offers the decision to the Instructor's seat at every step of a game at the command
level (`controls`); the INSTR tab keeps its overview of every ship, with END GAME at its foot.
END GAME puts the decision (the winner, the result, the reason) in the overview's place, with
OVERVIEW in UNDO's place to take it away. The decision is irreversible, so CONFIRM is tapped twice
(held on a panel), as the self-destruct order is.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.game_link import Open
from display.paint import Painter, Widget

ACTION = "end_game"
GAP = 6


def shown(o: Open, ending: bool) -> bool:
    """Whether the open decision `o` is on its tab: the ruling only after END GAME is tapped."""
    return ending or o.decision.action != ACTION


def offered(opens: Sequence[Open]) -> bool:
    """Whether the Instructor may end the game now."""
    return any(o.decision.action == ACTION for o in opens)


def extras(usual: tuple[Widget, ...], opens: Sequence[Open], ending: bool,
           touch: int) -> tuple[Widget, ...]:
    """The INSTR tab's buttons beside CONFIRM: OVERVIEW alone while the ruling is shown."""
    if ending and offered(opens):
        return (Widget("end-game", pygame.Rect(0, 0, touch * 3, touch), "OVERVIEW"),)
    return usual


def overview_area(p: Painter, area: pygame.Rect, opens: Sequence[Open], touch: int,
                  focus: str | None) -> pygame.Rect:
    """The overview's area less a row at its foot, where END GAME is drawn when offered."""
    if not offered(opens) or area.height < touch * 2:
        return area
    p.region = "panel"   # at the overview's foot, inside the panel
    button = Widget("end-game", pygame.Rect(area.right - touch * 3, area.bottom - touch,
                                            touch * 3, touch), "END GAME")
    p.button(button, focused=focus == button.id, colour=theme.ALERT)
    return pygame.Rect(area.x, area.y, area.width, area.height - touch - GAP)
