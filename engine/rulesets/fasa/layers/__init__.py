"""The levels as layers on the basic game: each level's `Hooks` (`hooks.py`), overriding the
named points its rules change and inheriting the rest of the level below (`advanced_hooks.py` on the
basic game, `expert_hooks.py` on the advanced, `command_hooks.py` on the expert), and the advanced
game's optional rules' hooks (`option_hooks.py`: Campaign Advancement, Rescues During Combat),
which a game's options switch on under its level's. Loading this package registers one instance
per level and each optional rule's hooks; the turn's flow (`flow/turn.py`) loads it.

Which module belongs to which layer is declared in pyproject.toml ("FASA's levels are layers")
and drawn in docs/engine.md ("Levels and options as layers")."""

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.layers.advanced_hooks import Advanced
from engine.rulesets.fasa.layers.command_hooks import Command
from engine.rulesets.fasa.layers.expert_hooks import Expert
from engine.rulesets.fasa.layers.option_hooks import OPTIONS

for _layer in (Advanced(), Expert(), Command()):
    hooks.register(_layer)
for _option in OPTIONS:
    hooks.register_option(_option)
