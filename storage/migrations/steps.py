"""The migrations' data steps (storage/migrations: STEPS names them): what SQL alone cannot do, written once against
the driver interface and run by each driver inside the migration's transaction."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from .. import archive, results, sql

if TYPE_CHECKING:
    from ..driver import Tx

log = logging.getLogger(__name__)

_ARCHIVE_BATCH = 250  # games archived per batch by migration 0006
_V6_COLUMNS = "seq, move, events, user_id, created_at, actor"  # the moves table as migration 0006 found it


async def archive_ended_games(tx: Tx) -> int:
    """Migration 0006's data step: archive every started game that has ended, in the migration's transaction (what
    _archive does, a batch of games at a time: a few statements per batch instead of five per game)."""
    ended = await tx.fetch(
        "SELECT id, setup FROM games WHERE status IN ('finished', 'abandoned') AND setup IS NOT NULL"
        " AND id NOT IN (SELECT game_id FROM move_archives) ORDER BY id"
    )
    setups = {row["id"]: row["setup"] for row in ended}
    ids = list(setups)
    done = 0
    for start in range(0, len(ids), _ARCHIVE_BATCH):
        batch = {game_id: setups[game_id] for game_id in ids[start : start + _ARCHIVE_BATCH]}
        span = {"lo": min(batch), "hi": max(batch)}
        rows = await tx.fetch(
            f"SELECT game_id, {_V6_COLUMNS} FROM moves WHERE game_id BETWEEN :lo AND :hi ORDER BY game_id, seq",
            span,
        )
        packed, problems = archive.pack_many(batch, [row for row in rows if row["game_id"] in batch])
        for problem in problems:
            log.warning("%s; its log stays in the moves table", problem)
        await tx.executemany(sql.INSERT_ARCHIVE, [dataclasses.asdict(p) for p in packed])
        # After the archive rows: with them present, games.version stays (games_version_after_undo).
        await tx.execute(
            "DELETE FROM moves WHERE game_id IN (SELECT game_id FROM move_archives WHERE game_id BETWEEN :lo AND :hi)",
            span,
        )
        done += len(packed)
    return done


STEPS: dict[str, Callable[[Any], Coroutine[Any, Any, int]]] = {
    "archive_ended_games": archive_ended_games,
    "write_results": results.backfill,  # migration 0009: the results of games that finished before it
}
