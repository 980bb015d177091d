"""Command and the officers in the turn (Book Two, Command & Control; the Admiral and Team
Communications of the advanced game's optional rules): the Captain's orders, each officer's
part in the turn, the aftermath of a Firing Phase on a crewed bridge, the Instructor's ruling.

- `orders.py`: the Captain's general orders, declared in `orders_rule.py`; `cc_turn.py`: where
  the officers' rules join the turn.
- `helm_rolls.py`: the Helmsman's Skill Rolls in fire and emergency heading changes;
  `officer_roll_rule.py`: an officer's Skill Roll's owner at any step, declared once.
- `science.py`: the Science Officer in the turn; `science_roll.py`: his Skill Roll and its
  uses; `science_controls.py`: the fields of his decisions; `science_rule.py`: his decisions
  declared once.
- `aftermath.py`: the end of a Firing Phase on a crewed bridge, declared in `aftermath_rule.py`,
  with powering down's fields (`power_down_controls.py`), legal actions and autopilot choice
  (`power_down_options.py`); `frozen_panels.py`: panels that keep last turn's settings.
- `ruling.py`: the Instructor ends the game.
- `admiral.py`: the Admiral's fleet orders; `comms.py`: Team Communications; `admiral_rule.py`,
  `comms_rule.py`: their parts in the game, declared once (`rule.Rule`).
"""
