"""A TCP proxy on 127.0.0.1 in front of the test PostgreSQL server's Unix socket, which cuts a connection at COMMIT.

    proxy = await CommitCutter.start(server.folder)    # then connect to proxy.url(schema_url)
    proxy.arm("answer_lost")   # the next COMMIT reaches the server; the connection is cut before its answer comes back
    proxy.arm("commit_lost")   # the next COMMIT is not passed on: the connection is cut instead (the server rolls back)
    proxy.arm(mode, block=True)  # and from then on the server is out of reach (every connection cut) until unblock()
    await proxy.stop()

It reads PostgreSQL's wire protocol only as far as it must: a client's simple query (`Q`) whose text is COMMIT, and
the server's CommandComplete for it (`C` ... `COMMIT`). Everything else passes unchanged, both ways.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

Mode = Literal["answer_lost", "commit_lost"]
SOCKET = ".s.PGSQL.5432"
_COMMIT_ANSWER = b"C\x00\x00\x00\x0bCOMMIT\x00"  # CommandComplete, length 4 + 7


class CommitCutter:
    def __init__(self, socket_dir: Path) -> None:
        self.socket = str(Path(socket_dir) / SOCKET)
        self.mode: Mode | None = None
        self.block_after = False
        self.blocked = False
        self.cuts = 0
        self._open: set[asyncio.Event] = set()  # each open connection's cut
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def start(cls, socket_dir: Path) -> CommitCutter:
        proxy = cls(socket_dir)
        proxy._server = await asyncio.start_server(proxy._serve, "127.0.0.1", 0)
        proxy.port = proxy._server.sockets[0].getsockname()[1]
        return proxy

    def url(self, url: str) -> str:
        """The same database reached through the proxy: TCP to 127.0.0.1 instead of the socket folder."""
        parts = urlsplit(url)
        query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "host"])
        netloc = f"{parts.username}@127.0.0.1:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc, query=query))

    def arm(self, mode: Mode, *, block: bool = False) -> None:
        """Cut the next connection that commits, as `mode` says; once. `block`: then cut every connection and
        refuse new ones until unblock()."""
        self.mode, self.block_after = mode, block

    def unblock(self) -> None:
        self.blocked = False

    def _cut(self, cut: asyncio.Event) -> None:
        cut.set()
        if self.block_after:
            self.blocked, self.block_after = True, False
            for other in self._open:
                other.set()

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self.blocked:
            client_w.close()
            return
        server_r, server_w = await asyncio.open_unix_connection(self.socket)
        committing = asyncio.Event()  # a COMMIT of an armed cut went to the server
        cut = asyncio.Event()
        self._open.add(cut)

        async def upstream() -> None:
            while data := await client_r.read(65536):
                mode = self.mode
                if mode is not None and data[:1] == b"Q" and b"COMMIT" in data.upper():
                    self.mode = None
                    self.cuts += 1
                    if mode == "commit_lost":
                        self._cut(cut)
                        return
                    committing.set()
                server_w.write(data)
                await server_w.drain()

        async def downstream() -> None:
            while data := await server_r.read(65536):
                if committing.is_set() and _COMMIT_ANSWER in data:
                    self._cut(cut)  # the server has committed and said so: its answer never reaches the client
                    return
                client_w.write(data)
                await client_w.drain()

        pumps = [asyncio.ensure_future(upstream()), asyncio.ensure_future(downstream())]
        waiter = asyncio.ensure_future(cut.wait())
        for task in (*pumps, waiter):
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            await asyncio.wait([*pumps, waiter], return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._open.discard(cut)
            for task in (*pumps, waiter):
                task.cancel()
            for writer in (client_w, server_w):
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
