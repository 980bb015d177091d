"""Skills and Skill Rolls (Book Two, Expert: Simple Skill Rolls, Skill Roll Phase; Command &
Control: Skills And Skill Rolls): the rolls against an officer's or a crew's rating, and what
modifies them. Fire and explosions ask some of these, so they sit below `firing/`; the
officers' part in the turn is in `command/`.

- `ratings.py`: the Captain's Skill and Crew Efficiency Ratings and the tactical advantage.
- `skill_roll.py`: the Skill Roll Phase and its bonus; `bonus_place.py`: placing its point, with
  its fields in `controls_bonus.py`.
- `ratings_rule.py`, `skill_roll_rule.py`, `bonus_place_rule.py`, `engineer_roll_rule.py`: those
  rules declared once (`rule.Rule`: their step, roll, prompts, decisions, legal actions, fields,
  autopilot choice and disclosure), registered in `rules.RULES`.
- `officer_roll.py`: an officer's Skill Roll; `science_dice.py`: the Science Officer's
  percentile rolls, asked and read; `engineer_roll.py`: the Chief Engineer's.
- `casualties.py`: casualties and the die-roll modifier they give.
- `explosion_roll.py`: the Science Officer's roll that may prevent an explosion;
  `hard_comms.py`: his roll for a difficult communications task.
- `skill_words.py`: what each Skill Roll choice of Command & Control does and takes, in a
  sentence for the screen and a panel's display before it is chosen (a choice's `explain`).
"""
