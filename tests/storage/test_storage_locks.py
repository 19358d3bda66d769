"""store.exclusive(key): periodic work runs once even when two processes were given the same shard."""

from __future__ import annotations

import asyncio

from storage import open_store


async def test_a_lock_is_held_by_one_process_at_a_time(db_url: str, backend: str) -> None:
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        async with a.exclusive("shard-3") as held_a:
            assert held_a
            async with b.exclusive("shard-3") as held_b, b.exclusive("shard-4") as other:
                # One SQLite file has one process (there the lock is always held); PostgreSQL refuses the second.
                assert held_b == (backend == "sqlite")
                assert other
        async with b.exclusive("shard-3") as again:
            assert again  # released on exit
    finally:
        await a.close()
        await b.close()


async def test_a_dead_holder_releases_the_lock(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        lock = a.exclusive("reminders")
        assert await lock.__aenter__()
        await a.close()  # the process dies holding it: the server drops its session and the lock
        for _ in range(100):  # the server notices the closed socket within moments
            async with b.exclusive("reminders") as held:
                if held:
                    break
            await asyncio.sleep(0.05)
        assert held
    finally:
        await b.close()
