"""The data and its reader: Knight Hawks' tables, ship classes and scenarios as files, and the code
that reads and checks them.

- `tables/` (CSV), `ships/` and `scenarios/` (TOML): the packaged data pack; a user data folder
  may hold its own copies (`<user>/knighthawks/tables|ships|scenarios/`), which win.
- `datafiles.py`: where each file is read from, read whole and capped, and checked on load: a
  fault is a `DataError` naming the file, the entry and the field.
"""
