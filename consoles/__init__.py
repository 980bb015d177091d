"""Station consoles: each seat's console on a phone, tablet or laptop, served by the table.

    server = StationServer(inputs.put, host="0.0.0.0", port=8765)   # consoles/server.py
    server.start()                     # aiohttp on its own event loop, in a daemon thread
    token = server.tokens.issue("enterprise/helm")
    server.publish("enterprise/helm", payload_of_that_seat)          # from the main thread
    server.stop()

The server only checks and forwards: a console's input goes on the app's queue as a
`ConsoleInput`; the app (companion/table/consoles.py) applies it on the main thread the one way every
action goes and publishes each connected seat's payload (consoles/payload.py). The protocol is
docs/stations.md.
"""

from consoles.protocol import PROTOCOL, ConsoleInput, Limits
from consoles.server import StationServer
from consoles.tokens import INSTRUCTOR_SEAT, VIEW_SEAT, TokenBook

__all__ = ["INSTRUCTOR_SEAT", "PROTOCOL", "VIEW_SEAT", "ConsoleInput", "Limits", "StationServer",
           "TokenBook"]
