"""FASA's variants: sets of rules laid over FASA's own levels, one folder each.

- `battlestations/`: *Battlestations!*, "A Rules Variant for FASA's Star Trek Starship Tactical
  Combat Simulator" (seed 001).

A variant's modules may import FASA's; nothing of FASA's imports a variant's at run time but
the scenario reader, which reads the data a variant adds to a scenario.
"""
