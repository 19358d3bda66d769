"""Copying every game, seat, move (live or archived) and snapshot from one database to another (SQLite ->
PostgreSQL, or back), then checking that each copied game replays to the same state and logs the same moves as the
original.

    report = await copy_database("data/entdecker.db", "postgresql://bot@db/entdecker")

The target must be empty (freshly migrated); the copy is one transaction on the target, so a failure leaves it
empty. Ids are kept, so game numbers players have seen stay valid. The bot must not be running on the source
meanwhile (moves made during the copy would be lost); see docs/scaling.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import AnyStore, open_store, replay, snapshots
from .driver import Tx
from .errors import LogCorrupt, StorageError

# Parents before children: the foreign keys and the move log's trigger (seq in order) hold on every insert.
TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"),
    ("players", "game_id, seat"),
    ("moves", "game_id, seq"),
    # Ended games' logs (migration 0006), copied as they are: the same bytes and digests on either backend.
    ("move_archives", "game_id"),
    ("snapshots", "game_id"),
    ("undos", "game_id, created_at, seq"),
    ("user_settings", "user_id"),
    # Finished games' results (migration 0009), which the ratings are computed from.
    ("results", "game_id"),
    ("result_seats", "game_id, seat"),
    ("user_time", "user_id"),  # migration 0010
)
BATCH = 2000


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    games_checked: int = 0  # started games whose copy replayed to the original's state
    mismatches: list[str] = field(default_factory=list)  # one line per game that did not

    @property
    def ok(self) -> bool:
        return not self.mismatches


class _Side:
    """Raw table access on either backend, for this module only (named parameters, as everywhere in storage)."""

    def __init__(self, store: AnyStore) -> None:
        self.store = store
        self.sqlite = store.driver.name == "sqlite"

    async def fetch(self, sql: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.store.driver.fetch(sql, params or {})]

    async def copy(self, batches: Callable[[Callable[..., Any]], Any]) -> None:
        """One transaction: `batches(insert)` calls insert(table, columns, rows) for each batch of rows."""

        async def body(tx: Tx) -> None:
            async def insert(table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
                marks = ", ".join(f":{column}" for column in columns)
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
                await tx.executemany(sql, [dict(zip(columns, row, strict=True)) for row in rows])

            await batches(insert)
            if not self.sqlite:
                # Ids were copied explicitly: move the identity on, or the next new game would collide.
                await tx.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE((SELECT MAX(id) FROM games), 0)"
                    " + 1, false)"
                )

        await self.store.driver.write(body)


def _convert(table: str, row: dict[str, Any], to_sqlite: bool) -> dict[str, Any]:
    if table == "players":  # INTEGER 0/1 in SQLite, BOOLEAN in PostgreSQL
        row = {**row, "is_ai": int(bool(row["is_ai"])) if to_sqlite else bool(row["is_ai"])}
    if table == "snapshots" and not to_sqlite and isinstance(row["state"], str):
        # A SQLite snapshot from before migration 5 is plain text; PostgreSQL's column is BYTEA (storage/snapshots.py
        # reads those bytes as the text they are).
        row = {**row, "state": row["state"].encode()}
    return row


async def copy_database(
    source_url: str, target_url: str, progress: Callable[[str], None] = lambda _: None
) -> CopyReport:
    """Copy everything from source to an empty target and check each game's replay; StorageError if impossible."""
    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            return await _copy(_Side(source), _Side(target), progress)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: _Side, target: _Side, progress: Callable[[str], None]) -> CopyReport:
    existing = (await target.fetch("SELECT COUNT(*) AS n FROM games"))[0]["n"]
    if existing:
        raise StorageError(f"the target already holds {existing} games; copy only into an empty database")
    report = CopyReport()
    # Read first, then write in one transaction: a SQLite transaction body runs whole on its connection's thread and
    # cannot wait for the other database meanwhile (storage/sqlite_driver.py).
    tables = {table: await source.fetch(f"SELECT * FROM {table} ORDER BY {order}") for table, order in TABLES}

    async def batches(insert: Callable[..., Any]) -> None:
        for table, rows in tables.items():
            report.rows[table] = len(rows)
            if not rows:
                continue
            columns = list(rows[0])
            for start in range(0, len(rows), BATCH):
                batch = [_convert(table, row, target.sqlite) for row in rows[start : start + BATCH]]
                await insert(table, columns, [tuple(row[c] for c in columns) for row in batch])

    await target.copy(batches)
    for table, rows in tables.items():
        progress(f"copied {len(rows)} {table}")
    await _check(source, target, report, progress)
    return report


async def _check(source: _Side, target: _Side, report: CopyReport, progress: Callable[[str], None]) -> None:
    """Each started game: the copy's log replays to the same state as the original's, and the snapshot and the
    seats came across unchanged."""
    games = await source.fetch("SELECT id FROM games WHERE setup IS NOT NULL ORDER BY id")
    for row in games:
        game_id = int(row["id"])
        try:
            original = replay.state_to_json(replay.replay(game_id, await source.store.saved_game(game_id)))
        except LogCorrupt as exc:
            report.mismatches.append(f"game {game_id}: the original does not replay ({exc}); copied as it is")
            continue
        try:
            copied = replay.state_to_json(replay.replay(game_id, await target.store.saved_game(game_id)))
        except LogCorrupt as exc:
            report.mismatches.append(f"game {game_id}: the copy does not replay: {exc}")
            continue
        if copied != original:
            report.mismatches.append(f"game {game_id}: the copy replays to another state than the original")
            continue
        query, at = "SELECT version, state, log_digest, digest FROM snapshots WHERE game_id = :id", {"id": game_id}
        if _snapshot(await source.fetch(query, at)) != _snapshot(await target.fetch(query, at)):
            report.mismatches.append(f"game {game_id}: the snapshot differs from the original's")
            continue
        if await source.store.players(game_id) != await target.store.players(game_id):
            report.mismatches.append(f"game {game_id}: the seats differ from the original's")
            continue
        # The log as /game log shows it (events, actors, times), whether live or archived on either side.
        if await source.store.moves(game_id) != await target.store.moves(game_id):
            report.mismatches.append(f"game {game_id}: the logged moves differ from the original's")
            continue
        report.games_checked += 1
    progress(f"checked {report.games_checked} of {len(games)} started games")


def _snapshot(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """A snapshot as its text: its stored bytes may differ between the backends (see _convert)."""
    return [(r["version"], snapshots.unpack(r["state"]), r["log_digest"], r["digest"]) for r in rows]


def summary(report: CopyReport) -> str:
    rows = ", ".join(f"{count} {table}" for table, count in report.rows.items())
    lines = [f"copied {rows}; {report.games_checked} started games replay to the same state"]
    lines.extend(report.mismatches)
    return "\n".join(lines)
