"""The table and its loop: the one game loop that runs a table whatever its inputs (panels,
keys, dice, phones) and outputs (the bridge display, the panels' lights, the consoles, the
room), and the small typed interfaces its parts are handed."""
