"""The outputs the room owns: WLED strips and lamps (JSON API), DMX by sACN, sound (pygame's
mixer), lit by a lights file's rules (the `lights` package).

    room = Room(load_rules(path))      # room.room
    room.follow(state, events, t)

Each device is fed from a thread of its own and may drop and come back without stopping the
game (room.link). Knows no display, panel, dice link, consoles or app.
"""
