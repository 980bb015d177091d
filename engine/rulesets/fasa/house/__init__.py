"""House rules: rules that are not FASA's, which a table switches on by name in the scenario's
`[options] house_rules` (or the app's `[game] house_rules`). Each is a `Rule` with a
`house_rule` name, registered in `rules.RULES`, and changes the game through the lower levels'
named hooks (`hooks.py`), the seat's view and the explanations; docs/rules-decisions.md ("House
rules") says what each does and why.

- `alternating_advantage.py`: Alternating Advantage, no Tactical Advantage roll: the advantage
  passes from side to side each game turn.
"""
