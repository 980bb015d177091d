"""Sensors and the cloak (Book Two, Advanced: Sensors; Romulan Cloaking Device; Expert: Sensors;
Command & Control: Using Sensors).

- `sensors.py`: the Sensor Phase, sensor locks, the five facts and the ten questions.
- `sensor_ask.py`: the expert game's sensor question before a ship moves.
- `sensors_rating.py`: sensors by a crewed ship's Science Officer's rating.
- `cloak.py`: the cloaking device and the detection roll; `arc_scan.py`: the expert game's
  scan by arcs. Who knows where a cloaked ship is lives in `firing/hiding.py`.
- `sensors_rule.py`, `sensor_ask_rule.py`, `arc_scan_rule.py`, `sensors_out_rule.py` (a crewed
  ship's sensors out by phases): each rule's part in the game, declared once (`rule.Rule`,
  registered in `rules.RULES`).
"""
