"""TableCache: pruning idle tables and locks."""

from __future__ import annotations

from bot.service import Services
from tests.bot.helpers import ALICE, CH, started, three_players


async def test_an_idle_game_leaves_the_cache_and_comes_back_on_use(svc: Services) -> None:
    await started(svc)
    await started(svc, channel=CH + 1)
    await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N")
    open_channels = {CH, CH + 1}
    svc.tables.prune(open_channels)
    assert svc.tables.cached_count() == 2  # both were used just now
    svc.clock.now += 3 * 3600  # type: ignore[attr-defined]
    await svc.tables.table(CH)  # CH is in use, CH + 1 rests
    svc.clock.now += 4 * 3600  # type: ignore[attr-defined]
    svc.tables.prune(open_channels)
    assert svc.tables.cached(CH) is not None and svc.tables.cached(CH + 1) is None
    table = await svc.tables.table(CH + 1)  # read back on use, exactly as it was
    assert table is not None and table.version == 0 and svc.tables.cached(CH + 1) is table


async def test_prune_keeps_open_channels_and_busy_locks(svc: Services) -> None:
    await three_players(svc)
    other = CH + 1
    async with svc.tables.lock(other):
        svc.tables.prune(set())
        assert other in svc.tables._locks  # held: kept
    await svc.tables.table(other)
    svc.tables.lock(CH)
    svc.tables.prune({CH})
    assert other not in svc.tables._locks and other not in svc.tables._tables
    assert CH in svc.tables._locks
