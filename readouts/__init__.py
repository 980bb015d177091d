"""What each seat's screens read out, as pure data: the view-models shared by the bridge display
(`display/`), the phones' consoles (`consoles/`) and whatever else shows a seat its game.

Each is built from the engine's per-seat API (`view`, `pending`, `controls`, `events_for`) and
says what to show, never how: the phase bar (`status_model`), the map (`map_model`, with
`counters_model`, `shield_marks`, `square_model`), a station's panel (`panel_model`, with
`fact`, `command_facts`), the rolls (`roll_log`, `roll_result`) and the Instructor's seats
(`seats_model`). No pygame, no display, no consoles' server beneath it (pyproject.toml's import
contracts).
"""
