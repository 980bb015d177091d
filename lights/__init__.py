"""The lights file: the room and the panels play along with the game, as rules a table writes.

    rules = load_rules(Path("lights.toml"))   # lights.load: every mistake with its line and key
    lit = Lit(rules, outputs)                 # lights.evaluate: which rule lights each output
    lit.update(seat_context(state, seat), told, t)

Pure: the standard library and the engine's kernel only (no pygame, no network, no GPIO). The
outputs that people own (WLED, sACN, sound) are `room`'s; the panels' LEDs are `hardware`'s.
"""
