"""The consoles' web server: aiohttp on its own event loop, in a daemon thread.

    server = StationServer(app_queue.put, host="0.0.0.0", port=8765).start()
    server.tokens.issue("enterprise/helm")       # the seat's secret, for its link
    server.publish("enterprise/helm", payload)   # main thread: a seat's new state
    server.answer("enterprise/helm", client, "a1", {"type": "result", ...})
    server.stop()                                # every connection closed, the thread joined

The main thread never waits on the network: `publish` and `answer` serialise on the caller's
thread and hand the text to the loop (`call_soon_threadsafe`). Each connection has a bounded
send queue and one writer task. A state replaces an older state still waiting in the queue (each
is whole: a slow phone skips to the newest); a client that does not read is dropped when one
send waits longer than `Limits.send_timeout` or its queue holds `Limits.send_queue` messages, and
never slows the others or the game. What a client sends is checked here (size, rate, JSON,
version, type, token) before it goes on the app's queue as a `ConsoleInput`; docs/stations.md
says why each limit is what it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from consoles.http_guard import (
    GuardedHandler,
    own_names,
    own_origin,
    security_headers,
    static_files,
)
from consoles.protocol import (
    GAME_ENDED,
    REFUSED_TOKEN,
    REMEMBERED_IDS,
    ConsoleInput,
    Limits,
    dumps,
    parse,
)
from consoles.tokens import INSTRUCTOR_SEAT, VIEW_SEAT, TokenBook

log = logging.getLogger("starbridge.stations")

STATIC = Path(__file__).resolve().parent / "static"
PAGES = {"/": "join.html", "/console": "console.html", "/instructor": "instructor.html",
         "/view": "view.html"}
"""The pages, each a file of consoles/static/ (the Instructor's falls back to the console's)."""
FALLBACK = ("<!doctype html><meta charset=utf-8><meta name=viewport "
            "content='width=device-width,initial-scale=1'><title>starbridge</title>"
            "<body style='font:20px sans-serif;padding:1em'><h1>starbridge</h1>"
            "<p>Scan the code of your seat at the table to open its console.</p>")
CLOSE = ""   # the writer's sentinel: close the connection after what is queued
HIGH_WATER = 64 * 1024      # bytes waiting in the transport: the client is behind
MAX_UNSENT = 1024 * 1024    # bytes waiting: the client is gone (the kernel holds more still)
STATE_HEAD = '{"v":1,"type":"state"'   # how a state message begins (protocol.dumps)


def seat_label(seat: str) -> dict[str, Any]:
    """The `seat` of a welcome: station and ship from the seat key."""
    if seat in (INSTRUCTOR_SEAT, VIEW_SEAT):
        return {"station": seat, "ship": None}
    ship, _, station = seat.partition("/")
    return {"station": station, "ship": ship}


class _Conn:
    """One WebSocket connection and its writer."""

    def __init__(self, cid: int, ws: web.WebSocketResponse, request: web.Request,
                 limits: Limits, now: float) -> None:
        self.id, self.ws, self.request = cid, ws, request
        self.seat: str | None = None
        self.queue: deque[str] = deque()
        self.ready = asyncio.Event()
        self.allowance, self.checked = float(limits.burst), now
        self.writer: asyncio.Task[None] | None = None
        self.dropped = False
        self.stuck_since: float | None = None   # since when its bytes wait above HIGH_WATER
        self.closing = False         # refused: what it sends now is not looked at
        self.generation: int | None = None   # the tokens' generation at its hello

    def abort(self) -> None:
        """Cut the connection at once (a client that does not read gets no goodbye)."""
        self.dropped = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()


class StationServer:
    """The consoles' server (module docstring)."""

    def __init__(self, inputs: Callable[[ConsoleInput], None], host: str = "127.0.0.1",
                 port: int = 0, limits: Limits | None = None, tokens: TokenBook | None = None,
                 static: Path = STATIC,
                 names: Callable[[], Iterable[str]] | None = None) -> None:
        self.inputs, self.host, self.port = inputs, host, port
        self.names = names or own_names   # this table's addresses and names, for Origin
        self.limits = limits or Limits()
        self.tokens = tokens or TokenBook()
        self.static = static
        self._titles: Mapping[str, str] = {}         # seat key -> "Helm · USS Enterprise"
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._conns: dict[int, _Conn] = {}
        self._ids = itertools.count(1)
        self._answers: dict[str, OrderedDict[str, str | None]] = {}
        self._waiting: dict[tuple[str, str], list[int]] = {}
        self._latest: dict[str, str] = {}
        self._held: deque[tuple[str, int, str, str]] = deque()   # answer_later's, in order
        self._lock = threading.Lock()
        self._seats: dict[str, int] = {}             # seat -> consoles connected (said hello)
        self._emptied: asyncio.Event | None = None   # set when the last connection has gone
        self._files: dict[str, Path] = {}            # /static/NAME -> the file it serves
        self.refusals = 0                            # counted for tests and the bench
        self.drops = 0

    # -- the main thread's side ------------------------------------------------------------
    def set_titles(self, titles: Mapping[str, str]) -> None:
        """Each seat's title (seat key -> "Helm · USS Enterprise"), told to its console when it
        joins: the game's, set when a game starts at the table (a copy is kept, swapped whole
        for the server's thread)."""
        self._titles = dict(titles)

    def start(self, timeout: float = 10.0) -> StationServer:
        """Listen and serve; returns once the port is bound (OSError when it cannot be)."""
        self._thread = threading.Thread(target=self._run, name="stations", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError(f"the consoles' server did not start within {timeout:g} s")
        if self._failed is not None:
            self._thread.join(timeout)
            raise self._failed
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and the port; the thread is gone when this returns."""
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):   # the loop already ended
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def connected(self) -> frozenset[str]:
        """The seats with at least one console connected now."""
        with self._lock:
            return frozenset(s for s, n in self._seats.items() if n > 0)

    def connections(self) -> int:
        """Connections open now, those not yet past hello too."""
        return len(self._conns)

    def publish(self, seat: str, message: dict[str, Any]) -> None:
        """Send a seat's consoles a message (a `state`); kept as the seat's latest, which a
        console connecting later gets at once."""
        self._call(self._deliver, seat, dumps(message))

    def publish_many(self, messages: Mapping[str, dict[str, Any]]) -> None:
        """`publish` for each seat's message, then the answers held back (`answer_later`): one
        wake-up of the server's loop for all."""
        self.publish_texts({seat: dumps(m) for seat, m in messages.items()})

    def publish_texts(self, texts: Mapping[str, str]) -> None:
        """`publish_many` of messages already serialised (each seat's, once for all its
        consoles): each seat's text, then the answers held back, in one wake-up of the loop."""
        if texts or self._held:
            self._call(self._deliver_many, dict(texts))

    def answer_later(self, seat: str, client: int, mid: str, message: dict[str, Any]) -> None:
        """`answer`, sent with the next `publish_many` (in the same wake-up of the loop)."""
        self._held.append((seat, client, mid, dumps(message)))

    def answer(self, seat: str, client: int, mid: str, message: dict[str, Any]) -> None:
        """The answer to message `mid` of a seat's console: remembered for a repeat."""
        self._call(self._answered, seat, client, mid, dumps(message))

    def send(self, client: int, message: dict[str, Any]) -> None:
        """A message to one connection (a `result` with no id to remember)."""
        self._call(self._send_one, client, dumps(message))

    def close_seat(self, seat: str, reason: str) -> None:
        """Refuse and close every console of a seat (its link was revoked)."""
        self._call(self._close_where, lambda c: c.seat == seat, reason, False)

    def goodbye(self, reason: str, timeout: float = 3.0) -> None:
        """The table is closing (a game over, the Instructor's end, the program stopped): every
        console is sent what is queued for it, then a `goodbye` with `reason` and a close frame,
        so a page says so instead of "reconnecting…". Returns once each has closed, or after
        `timeout` seconds (a phone that does not answer is cut by `stop`)."""
        loop = self.loop
        if loop is None or not self.running:
            return
        gone = threading.Event()

        async def farewell() -> None:
            for conn in list(self._conns.values()):
                if conn.seat is None:   # not past hello: nothing to say
                    self._conns.pop(conn.id, None)
                    conn.abort()
                else:
                    conn.closing = True
                    self._offer(conn, dumps({"type": "goodbye", "reason": reason}))
                    self._offer(conn, CLOSE)
            self._emptied = asyncio.Event()
            self._gone()
            await self._emptied.wait()
            gone.set()

        with contextlib.suppress(RuntimeError):   # the loop ended meanwhile: nobody to tell
            asyncio.run_coroutine_threadsafe(farewell(), loop)
            gone.wait(timeout)

    def close_all(self, reason: str = GAME_ENDED) -> None:
        """Refuse and close every console (a new game: every link died); forget the answers
        and states of the old game."""
        self._call(self._close_where, lambda c: c.seat is not None, reason, True)

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self.loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):   # stopped meanwhile: nobody to send to
            loop.call_soon_threadsafe(fn, *args)

    # -- the loop's side -------------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:   # reported to start(), or logged: never a silent thread
            if not self._ready.is_set():
                self._failed = exc
                self._ready.set()
            else:
                log.exception("stations: the server stopped")
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        app = web.Application(middlewares=[security_headers])
        for path in PAGES:
            app.router.add_get(path, self._page)
        app.router.add_get("/ws", self._websocket)
        self._files = static_files(self.static)
        app.router.add_get("/static/{name:.*}", self._static_file)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        loop = asyncio.get_running_loop()
        listening: asyncio.Server | None = None
        try:   # aiohttp's own answers (a request it cannot parse) carry the headers too
            listening = await loop.create_server(
                lambda: GuardedHandler(runner.server, loop=loop, access_log=None),  # type: ignore[arg-type]
                self.host, self.port, reuse_address=True)
            if listening.sockets:
                self.port = int(listening.sockets[0].getsockname()[1])
            self._ready.set()
            await self._stop.wait()
            for conn in list(self._conns.values()):
                conn.abort()
        finally:
            if listening is not None:
                listening.close()
            await runner.cleanup()

    async def _page(self, request: web.Request) -> web.StreamResponse:
        name = PAGES.get(request.path, "join.html")
        path = self.static / name
        if not path.is_file() and name == "instructor.html":
            path = self.static / "console.html"
        if path.is_file():
            return web.FileResponse(path)
        return web.Response(text=FALLBACK, content_type="text/html")

    async def _static_file(self, request: web.Request) -> web.StreamResponse:
        """A file of consoles/static by its name, from the list made at start: nothing else of
        the file system is looked at, whatever the name (a long one, dots, escapes)."""
        path = self._files.get(request.match_info.get("name", ""))
        if path is None:
            raise web.HTTPNotFound(text="No such file.\n")
        return web.FileResponse(path)

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and not own_origin(origin, self.names(), self.port):
            self.refusals += 1
            return web.Response(status=403, text="This console's page came from another "
                                                 "address: open the link from the table.\n")
        ws = web.WebSocketResponse(max_msg_size=self.limits.max_frame, compress=False,
                                   heartbeat=self.limits.heartbeat or None,
                                   writer_limit=64 * 1024)
        await ws.prepare(request)
        loop = asyncio.get_running_loop()
        if len(self._conns) >= self.limits.max_connections:
            # full: the oldest connection that has not said hello makes room (idle connections
            # cannot keep the table's consoles out); all past hello: the newcomer is refused
            idle = min((c for c in self._conns.values() if c.seat is None),
                       key=lambda c: c.id, default=None)
            if idle is not None:
                self._conns.pop(idle.id, None)
                idle.abort()
        if len(self._conns) >= self.limits.max_connections:
            self.refusals += 1
            await ws.send_str(dumps({"type": "refused", "reason": (
                f"The table has {self.limits.max_connections} consoles connected, its most: "
                "close one and try again.")}))
            await ws.close()
            return ws
        conn = _Conn(next(self._ids), ws, request, self.limits, loop.time())
        self._conns[conn.id] = conn
        conn.writer = loop.create_task(self._write(conn))
        try:
            await self._serve(conn)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._conns.pop(conn.id, None)
            self._gone()
            if conn.seat is not None:
                with self._lock:
                    self._seats[conn.seat] = self._seats.get(conn.seat, 1) - 1
            if not conn.dropped:
                conn.queue.append(CLOSE)
                conn.ready.set()
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(asyncio.shield(conn.writer), 1.0)
            conn.writer.cancel()
            if not ws.closed:
                conn.abort()
        return ws

    async def _write(self, conn: _Conn) -> None:
        """The connection's one writer: sends what is queued, in order."""
        while True:
            if not conn.queue:
                conn.ready.clear()
                await conn.ready.wait()
                continue
            if self._unread(conn):
                self._drop(conn, "it does not read")
                return
            text = conn.queue.popleft()
            if text == CLOSE:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.ws.close(), self.limits.send_timeout)
                return
            try:
                await asyncio.wait_for(conn.ws.send_str(text), self.limits.send_timeout)
            except TimeoutError:
                self._drop(conn, "it does not read")
                return
            except (ConnectionError, RuntimeError):
                return
            except Exception as exc:   # never a silent console: said in a line, then dropped
                self._drop(conn, f"a message could not be sent ({type(exc).__name__}: {exc})")
                return

    def _unread(self, conn: _Conn) -> bool:
        """Whether the client has left what was sent unread too long: the bytes waiting to go
        out stayed above the high-water mark for `send_timeout`, or passed `MAX_UNSENT`."""
        transport = conn.request.transport
        waiting = transport.get_write_buffer_size() if transport is not None else 0
        now = asyncio.get_running_loop().time()
        if waiting <= HIGH_WATER:
            conn.stuck_since = None
            return False
        if conn.stuck_since is None:
            conn.stuck_since = now
        return waiting > MAX_UNSENT or now - conn.stuck_since > self.limits.send_timeout

    def _offer(self, conn: _Conn, text: str) -> None:
        """Queue a message; a client whose queue is full does not read: it is dropped."""
        if conn.dropped:
            return
        older = [n for n, t in enumerate(conn.queue) if t.startswith(STATE_HEAD)] \
            if text.startswith(STATE_HEAD) else []
        if older:   # a newer whole state takes the place of the oldest waiting (the others go):
            conn.queue[older[0]] = text   # still before the answers that came with it
            for n in reversed(older[1:]):
                del conn.queue[n]
        else:
            conn.queue.append(text)
        conn.ready.set()
        if len(conn.queue) > self.limits.send_queue:
            self._drop(conn, "its messages pile up unread")

    def _drop(self, conn: _Conn, why: str) -> None:
        self.drops += 1
        log.info("stations: console %d of %s dropped: %s", conn.id, conn.seat, why)
        conn.queue.clear()
        self._conns.pop(conn.id, None)
        self._gone()
        conn.abort()

    def _gone(self) -> None:
        """A connection has gone: the goodbye waiting for the last one hears of it."""
        if not self._conns and self._emptied is not None:
            self._emptied.set()

    def _refuse(self, conn: _Conn, reason: str) -> None:
        """Say why, then close (after what is already queued)."""
        self.refusals += 1
        conn.closing = True
        self._offer(conn, dumps({"type": "refused", "reason": reason}))
        self._offer(conn, CLOSE)

    async def _serve(self, conn: _Conn) -> None:
        ws, limits = conn.ws, self.limits
        try:
            first = await ws.receive(timeout=limits.hello_timeout)
        except TimeoutError:
            self._refuse(conn, f"No hello within {limits.hello_timeout:g} seconds: reload the page.")
            return
        message = self._check(conn, first)
        if message is None:
            return
        if message["type"] != "hello":
            self._refuse(conn, "The first message must be hello, with the seat's link: reload "
                               "the page.")
            return
        seat, conn.generation = self.tokens.lookup(message.get("token"))
        if seat is None:
            self._refuse(conn, REFUSED_TOKEN)
            return
        conn.seat = seat
        with self._lock:
            self._seats[seat] = self._seats.get(seat, 0) + 1
        self._make_room(conn)
        self._welcome(conn)
        self.inputs(ConsoleInput(seat, conn.id, {"type": "join"}, conn.generation))
        while not ws.closed and not conn.dropped:
            msg = await ws.receive()
            message = self._check(conn, msg)
            if message is None or conn.closing:
                return
            self._dispatch(conn, seat, message)

    def _make_room(self, conn: _Conn) -> None:
        """A seat has at most `per_seat` consoles: its newest closes its oldest, so one seat's
        link, however often it is opened, never takes the Instructor's or another seat's place
        (the table's `max_connections` is more than every seat's share)."""
        mine = sorted((c for c in self._conns.values()
                       if c.seat == conn.seat and c is not conn and not c.closing),
                      key=lambda c: c.id)
        for old in mine[:max(0, len(mine) + 1 - self.limits.per_seat)]:
            self._refuse(old, "This seat was opened on another console: this one closed. "
                              "Reload the page to take it back.")

    def _welcome(self, conn: _Conn) -> None:
        seat = conn.seat or ""
        self._offer(conn, dumps({"type": "welcome", "seat": seat_label(seat),
                                 "title": self._titles.get(seat, seat), "protocol": 1}))
        latest = self._latest.get(seat)
        if latest is not None:
            self._offer(conn, latest)

    def _check(self, conn: _Conn, msg: Any) -> dict[str, Any] | None:
        """The client's message as a checked object, or None (refused, or the connection
        ended)."""
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            return None
        if msg.type == WSMsgType.ERROR:   # a frame over max_frame: aiohttp closes it (1009)
            self.refusals += 1
            return None
        if msg.type != WSMsgType.TEXT:
            self._refuse(conn, "Only text messages (JSON) are understood: reload the page.")
            return None
        now = asyncio.get_running_loop().time()
        rate, burst = self.limits.rate, self.limits.burst
        conn.allowance = min(float(burst), conn.allowance + (now - conn.checked) * rate)
        conn.checked = now
        if conn.allowance < 1:
            self._refuse(conn, "Too many messages at once: this console was disconnected. "
                               "Reload the page.")
            return None
        conn.allowance -= 1
        text = str(msg.data)
        if len(text) > self.limits.max_message or \
                len(text.encode("utf-8", "replace")) > self.limits.max_message:
            self._refuse(conn, f"A message larger than {self.limits.max_message} bytes: "
                               "reload the page.")
            return None
        message, problem = parse(text)
        if problem is not None:
            self._refuse(conn, problem)
        return message

    def _dispatch(self, conn: _Conn, seat: str, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            self._offer(conn, dumps({"type": "pong"}))
            return
        if kind == "hello":   # said again: the same welcome and latest state
            self._welcome(conn)
            return
        mid = str(message["id"])
        answers = self._answers.setdefault(seat, OrderedDict())
        if mid in answers:
            done = answers[mid]
            if done is None:
                self._waiting.setdefault((seat, mid), []).append(conn.id)
            else:
                self._offer(conn, done)
            return
        answers[mid] = None
        while len(answers) > REMEMBERED_IDS:
            old, _ = answers.popitem(last=False)
            self._waiting.pop((seat, old), None)
        self._waiting[seat, mid] = [conn.id]
        self.inputs(ConsoleInput(seat, conn.id, message, conn.generation))

    def _deliver(self, seat: str, text: str) -> None:
        self._latest[seat] = text
        for conn in list(self._conns.values()):
            if conn.seat == seat:
                self._offer(conn, text)

    def _deliver_many(self, texts: Mapping[str, str]) -> None:
        """Each seat's state, then the answers held back: a console learns that its action was
        taken once it shows the state the action made (never a closed card after "done")."""
        for seat, text in texts.items():
            self._deliver(seat, text)
        while self._held:
            self._answered(*self._held.popleft())

    def _answered(self, seat: str, client: int, mid: str, text: str) -> None:
        answers = self._answers.setdefault(seat, OrderedDict())
        answers[mid] = text
        while len(answers) > REMEMBERED_IDS:
            answers.popitem(last=False)
        for cid in self._waiting.pop((seat, mid), [client]):   # each asking gets it
            conn = self._conns.get(cid)
            if conn is not None and conn.seat == seat:
                self._offer(conn, text)

    def _send_one(self, client: int, text: str) -> None:
        conn = self._conns.get(client)
        if conn is not None:
            self._offer(conn, text)

    def _close_where(self, which: Callable[[_Conn], bool], reason: str, forget: bool) -> None:
        for conn in list(self._conns.values()):
            if which(conn):
                self._refuse(conn, reason)
        if forget:
            self._answers.clear()
            self._waiting.clear()
            self._latest.clear()
