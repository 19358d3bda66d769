"""The board picture as a Discord attachment: rendered off the event loop, within the channel's upload limit.

Pictures are drawn in threads of this process, or (`render_processes` > 0) in worker processes, so that drawing
never holds the event loop's GIL: each worker keeps its own tile and text caches, and only the view (plain data)
and the PNG bytes cross the process boundary.

A picture's words are in the language of whoever the picture is drawn for: the reader's language where a draw is
asked for (callers draw a game's board inside `speaking(<the game's language>)`) travels with each job and is set
around the draw (`speaking`), since a worker process does not share the asking task's context.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import discord

import engine
import render

from .lang import N_, language, speaking

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit since 2025
UPLOAD_MARGIN = 4096  # multipart headers and rounding: stay a little below the limit
RENDER_SLOTS = 4  # a little above the cores: a render releases the GIL for most of its work
TOO_LARGE = N_("(The board picture is too large for this server's upload limit.)")

log = logging.getLogger(__name__)


def _warm() -> bool:
    """Run in each worker as it starts: import the renderer and Pillow once, before the first board is due."""
    return render.png_for({}, False) is not None


PARENT_CHECK = 1.0  # seconds between a worker's looks at whether the bot process still exists


def _worker_start(parent: int) -> None:
    """Each worker's initializer: warm up, and end when the bot process is gone. A worker blocked on the pool's
    queue never learns that its parent was killed (kill -9, an out-of-memory kill): it would live on, and hold any
    pipe it inherited (a supervisor's log pipe) open."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    _warm()


WARM_POSITIONS = (0, 30, 120)  # moves into a seeded game: a new board, one under way, one well filled


def warm_views() -> list[tuple[dict[str, Any], bool]]:
    """(view, overlay) of a few positions of a seeded game of every registered game, played by its random AI (the
    quickest). Drawing them once fills a renderer's caches: a process's first board of a game costs 30-75 ms of
    CPU, the next ones 5-10 ms."""
    out: list[tuple[dict[str, Any], bool]] = []
    for info in engine.games():
        kind = "random" if info.ai_kind("random") is not None else info.default_ai
        state = engine.new_game(info.name, [f"Player {i + 1}" for i in range(max(2, info.min_players))], None, 1)
        played = 0
        for position in WARM_POSITIONS:
            while played < position and not state.game_over:
                state = engine.apply(state, engine.ai_move(state, kind))
                played += 1
            out.append((engine.view(state, None), position > 0))
    return out


def draw_all(views: list[tuple[dict[str, Any], bool]]) -> int:
    """Render every (view, overlay) and throw the pictures away; how many there were."""
    for view, overlay in views:
        render.png_for(view, overlay)
    return len(views)


def drawn_in(lang: str, draw: Callable[..., bytes | None], *args: Any) -> bytes | None:
    """draw(*args) with its words in `lang` (run where the draw runs: a worker process or a thread)."""
    with speaking(lang):
        return draw(*args)


def board_png(view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
    """The board PNG under the upload limit: smaller rather than failing, None if even that does not fit."""
    return render.png_for(view, overlay, max(limit - UPLOAD_MARGIN, 1))


class Boards:
    def __init__(self, client: discord.Client, processes: int = 0) -> None:
        self.client = client
        # Renders in threads: more of them at once than there are cores only makes each one slower and takes
        # the GIL from the event loop more often. Workers: the pool's size is the limit.
        self._slots = asyncio.Semaphore(RENDER_SLOTS)
        self._processes = processes
        self._pool = self._new_pool() if processes > 0 else None

    def _new_pool(self) -> ProcessPoolExecutor:
        # "spawn": a fork of a process with database and HTTP threads could inherit a held lock.
        return ProcessPoolExecutor(
            self._processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )

    def _replace_pool(self, broken: ProcessPoolExecutor) -> None:
        """A worker died (the system killed it, out of memory...): its pool refuses all further work, so start a new
        one. Only once for all the renders that found the same pool broken."""
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            log.warning("a render worker died; new render workers started")

    async def warm(self, draw: bool = True) -> None:
        """Start the workers (spawning one takes ~0.5 s) and fill the renderer's caches in each (`draw`), so that a
        burst of starts after a restart neither waits for a worker nor pays for first drawings."""
        views = await asyncio.to_thread(warm_views) if draw else []
        if self._pool is None:
            if views:
                await asyncio.to_thread(draw_all, views)  # the threads share one process's caches
            return
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            # One batch per worker: each is busy for a while, so the idle ones take the others.
            await asyncio.gather(*(loop.run_in_executor(pool, draw_all, views) for _worker in range(self._processes)))
        except (BrokenProcessPool, OSError, NotImplementedError) as exc:
            # A host where processes cannot be started (no semaphores, a sandbox): draw in threads instead.
            log.warning("render workers could not start (%s); drawing boards in threads", exc)
            pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            await asyncio.to_thread(draw_all, views)

    def upload_limit(self, channel_id: int, interaction: discord.Interaction | None = None) -> int:
        if interaction is not None:
            return interaction.filesize_limit
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        return guild.filesize_limit if guild is not None else DEFAULT_UPLOAD_LIMIT

    async def _draw(self, draw: Callable[..., bytes | None], *args: Any) -> bytes | None:
        """draw(*args) in a render worker, or in a thread when there are none, in the reader's language."""
        pool = self._pool
        lang = language()
        if pool is not None:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(pool, drawn_in, lang, draw, *args)
            except BrokenProcessPool:
                self._replace_pool(pool)
                assert self._pool is not None
                return await loop.run_in_executor(self._pool, drawn_in, lang, draw, *args)
        async with self._slots:
            return await asyncio.to_thread(drawn_in, lang, draw, *args)

    async def png(self, view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
        return await self._draw(board_png, view, overlay, limit)

    async def tiles_file(self, game: str, piles: list[dict[str, Any]], limit: int) -> discord.File | None:
        """The picture of what remains to be drawn (`engine.tiles_left`) as an attachment, under the upload limit."""
        data = await self._draw(render.tiles_png, game, piles, max(limit - UPLOAD_MARGIN, 1))
        return None if data is None else discord.File(io.BytesIO(data), filename="tiles.png")

    async def file(self, view: dict[str, Any], overlay: bool, limit: int) -> discord.File | None:
        data = await self.png(view, overlay, limit)
        if data is None:
            return None
        return discord.File(io.BytesIO(data), filename="board.png")

    async def replay_file(self, views: list[dict[str, Any]], limit: int) -> discord.File | None:
        """The animated replay of `views` (one frame each) as an attachment, drawn like the boards (a worker process
        or a thread), under the upload limit; None if it does not fit."""
        data = await self._draw(render.gif_for, views, max(limit - UPLOAD_MARGIN, 1))
        return None if data is None else discord.File(io.BytesIO(data), filename="replay.gif")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
