"""A TCP proxy on 127.0.0.1 in front of the test PostgreSQL server's Unix socket, which cuts a connection at COMMIT.

    proxy = await CommitCutter.start(server.folder)    # then connect to proxy.url(schema_url)
    proxy.arm("answer_lost")   # the next COMMIT reaches the server; the connection is cut before its answer comes back
    proxy.arm("commit_lost")   # the next COMMIT is not passed on: the connection is cut instead (the server rolls back)
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
        self.cuts = 0
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

    def arm(self, mode: Mode) -> None:
        """Cut the next connection that commits, as `mode` says; once."""
        self.mode = mode

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_unix_connection(self.socket)
        committing = asyncio.Event()  # a COMMIT of an armed cut went to the server
        cut = asyncio.Event()

        async def upstream() -> None:
            while data := await client_r.read(65536):
                mode = self.mode
                if mode is not None and data[:1] == b"Q" and b"COMMIT" in data.upper():
                    self.mode = None
                    self.cuts += 1
                    if mode == "commit_lost":
                        cut.set()
                        return
                    committing.set()
                server_w.write(data)
                await server_w.drain()

        async def downstream() -> None:
            while data := await server_r.read(65536):
                if committing.is_set() and _COMMIT_ANSWER in data:
                    cut.set()  # the server has committed and said so: its answer never reaches the client
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
            for task in (*pumps, waiter):
                task.cancel()
            for writer in (client_w, server_w):
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
