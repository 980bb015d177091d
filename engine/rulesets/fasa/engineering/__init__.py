"""Power (Book Two, Advanced: Power Allocation Phase; Command & Control: Using The Engineering
Panel, Recording Power Expended, Engineering Out; Expert: Master Control Panels).

- `power.py`: the Power Allocation Phase: allocating, arming, setting shields;
  `power_rule.py`: its part in the game, declared once (`rule.Rule`); `arming.py`: the
  autopilot's arming, which it declares; `power_controls.py`, the phase's
  decisions' fields, and `power_presets.py`, their quick fills, which it declares too.
- `power_spent.py`: power spent as it goes and powering down after engine damage.
- `engineering_out.py`: engineering out after a bridge hit.
- `mcp.py`: the Master Control Panel's record of each turn (the expert game's).
"""
