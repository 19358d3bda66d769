"""The renderer's warm-up at start: a few positions of every registered game, drawn once."""

from __future__ import annotations

import os
import signal
import time

import pytest

import engine
from bot.boards import WARM_POSITIONS, Boards, draw_all, warm_views
from tests.bot.helpers import alive, python_process


def test_warm_views_cover_every_game_new_and_under_way() -> None:
    views = warm_views()
    games = [info.name for info in engine.games()]
    assert [view["game"] for view, _ in views] == [g for g in games for _ in WARM_POSITIONS]
    for game in games:
        of_game = [(view, overlay) for view, overlay in views if view["game"] == game]
        versions = [view["version"] for view, _ in of_game]
        assert versions[0] == 0 and versions == sorted(versions) and versions[-1] > versions[0], (game, versions)
        assert [overlay for _, overlay in of_game] == [False] + [True] * (len(WARM_POSITIONS) - 1)


def test_the_same_positions_every_time() -> None:
    assert [(v["game"], v["version"]) for v, _ in warm_views()] == [(v["game"], v["version"]) for v, _ in warm_views()]


async def test_warming_draws_them_all_in_threads() -> None:
    boards = Boards(None, processes=0)  # type: ignore[arg-type]
    await boards.warm()
    assert draw_all(warm_views()[:1]) == 1
    await boards.warm(draw=False)  # only starts what it needs (nothing, with threads)


async def test_a_render_worker_that_dies_is_replaced() -> None:
    """A worker killed by the system (out of memory...) breaks its pool for good: the next board starts new ones."""

    boards = Boards(None, processes=1)  # type: ignore[arg-type]
    try:
        await boards.warm(draw=False)
        first = boards._pool
        assert first is not None
        (worker,) = list(first._processes)
        assert (await boards.png({}, False, 10_000_000) or b"")[:4] == b"\x89PNG"
        os.kill(worker, signal.SIGKILL)
        # The pool notices the death on its own thread; the next board must come out all the same.
        png = await boards.png({}, False, 10_000_000)
        assert png is not None and png[:4] == b"\x89PNG"
        assert boards._pool is not first and worker not in boards._pool._processes
    finally:
        boards.close()


async def test_a_host_that_cannot_start_workers_draws_in_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoProcesses:
        def submit(self, *args: object, **kwargs: object) -> None:
            raise OSError("no semaphores here")

        def shutdown(self, *args: object, **kwargs: object) -> None:
            pass

    monkeypatch.setattr(Boards, "_new_pool", lambda self: NoProcesses())
    boards = Boards(None, processes=2)  # type: ignore[arg-type]
    await boards.warm(draw=False)
    assert boards._pool is None
    png = await boards.png({}, False, 10_000_000)
    assert png is not None and png[:4] == b"\x89PNG"


def test_render_workers_end_when_the_bot_process_is_killed() -> None:
    proc = python_process(
        """
        import asyncio, time
        from bot.boards import Boards

        async def main():
            boards = Boards(None, processes=2)
            await boards.warm()
            print(" ".join(str(pid) for pid in boards._pool._processes), flush=True)
            png = await boards.png({}, False, 10_000_000)  # the workers draw
            print("drawn" if png is None or png[:4] == b"\\x89PNG" else "bad", flush=True)
            time.sleep(60)

        asyncio.run(main())
        """
    )
    assert proc.stdout is not None
    workers = [int(pid) for pid in proc.stdout.readline().split()]
    assert len(workers) == 2 and all(alive(pid) for pid in workers)
    assert proc.stdout.readline().strip() == "drawn"
    proc.kill()  # no chance to shut the pool down
    proc.wait(timeout=30)
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "a render worker outlived the killed bot"
