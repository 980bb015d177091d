"""What each seat may know and see (an enemy's mines and idle seekers are its only secrets), and
what a seat's map shows of a decision being entered.

- `views.py`: `view`, `events_for` and the state as JSON.
- `preview.py`: a course being entered and a weapon's reach, from a seat's view (`Previewing`).
"""
