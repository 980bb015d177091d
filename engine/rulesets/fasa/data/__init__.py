"""The data and its readers: FASA's tables, ship classes and scenarios as files, and the code that
reads and checks them.

- `tables/` (CSV), `ships/` and `scenarios/` (TOML): the packaged data pack; a user data folder
  may hold its own copies, which win (docs/ship-data.md, docs/scenarios.md).
- `datafiles.py`: where each file is read from (the user's copy, else the packaged one), read
  whole and capped.
- `tables.py`: the combat tables (firing charts, stress, damage location, plasma, cloak
  detection, casualties, movement per phase, explosions), checked on load.
- `ships.py`: ship classes, checked strictly and scaled for the level.
"""
