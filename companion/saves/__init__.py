"""The saves: every game an append-only log of actions in one SQLite file (the store), the game
being played and saved (`SavedGame`), snapshots that make a resume fast, and the resume itself."""
