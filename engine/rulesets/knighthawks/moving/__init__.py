"""Moving the ships (the Basic Game's movement with ADF and MR; seed 002's navigation hits and
drifting).

- `movement.py`: a course of F, P and S steps, its checks, and where it takes a ship.
"""
