"""Helpers for the storage tests: real engine move sequences and started games."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import engine
from storage import AnyStore, GameRecord, Store, archive, snapshots
from storage.migrations import m0003_version_digests_indexes as m0003

T0 = 1_700_000_000.0  # a fixed "now"; tests add seconds to it
HERE = Path(__file__).resolve().parent


def child_env() -> dict[str, str]:
    """The environment of a Python child that imports what these tests import (storage, these helpers)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), *sys.path])}


def open_in_another_process(db_path: Path) -> subprocess.CompletedProcess[str]:
    """Store.open of the same file in a second Python process; prints the outcome."""
    script = textwrap.dedent(
        f"""
        import asyncio
        from storage import Store, StorageError

        async def main():
            try:
                store = await Store.open({str(db_path)!r})
            except StorageError as exc:
                print(type(exc).__name__, exc)
                return
            await store.close()
            print("opened")

        asyncio.run(main())
        """
    )
    return subprocess.run([sys.executable, "-c", script], env=child_env(), capture_output=True, text=True, timeout=60)


def play(state: Any, n: int, kind: str = "random") -> list[tuple[Any, Any, list[dict[str, Any]]]]:
    """Up to n (move, state after, events) triples of engine self-play from state."""
    out = []
    for _ in range(n):
        if state.game_over:
            break
        move = engine.ai_move(state, kind=kind)
        state, events = engine.step(state, move)
        out.append((move, state, events))
    return out


def user_of(move: Any) -> int:
    """The user id started_game seats at the move's seat (seat 0: user 1, ...)."""
    return int(move.player) + 1


def snapshot_text(state: Any) -> str:
    """What a snapshot stores: the state without its history (the move log holds it)."""
    return engine.state_to_json(state, history=False)


async def stored_snapshot(store: AnyStore, game_id: int) -> tuple[int, str] | None:
    """(version, text) of the game's snapshot as stored (unpacked), or None if it has none."""
    rows = await raw_sql(store, "SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,))
    return (rows[0][0], snapshots.unpack(rows[0][1])) if rows else None


def same(a: Any, b: Any) -> bool:
    return engine.state_to_json(a) == engine.state_to_json(b)


async def started_game(
    store: Store,
    channel_id: int = 100,
    names: tuple[str, ...] = ("Ann", "Bob"),
    seed: int = 7,
    now: float = T0,
) -> tuple[GameRecord, Any]:
    """An active game with one human per name (user ids 1, 2, ...) and its initial state."""
    game = await store.create_game(1, channel_id, "entdecker", {}, seed, 1, now)
    for i, name in enumerate(names, start=1):
        await store.join(game.id, i, name, max_seats=len(names), now=now)
    state = engine.new_game("entdecker", players=list(names), options={}, seed=seed)
    game = await store.start_game(game.id, state, now)
    return game, state


async def record_all(
    store: Store, game_id: int, state: Any, n: int, now: float = T0
) -> tuple[Any, list[tuple[Any, Any, list[dict[str, Any]]]]]:
    """Play and record n moves (one second apart); returns the final state and the triples."""
    triples = play(state, n)
    for i, (move, new_state, events) in enumerate(triples):
        await store.append_move(game_id, new_state.version - 1, move, new_state, events, user_of(move), now + i + 1)
        state = new_state
    return state, triples


async def raw_sql(store: AnyStore, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Run SQL behind the store's back (to damage data on purpose), with `?` placeholders on either backend."""
    named = sql
    for i in range(len(params)):
        named = named.replace("?", f":p{i}", 1)
    return list(await store.driver.write_one(named, {f"p{i}": value for i, value in enumerate(params)}))


# Migration 0009 undone: the results.
_NO_RESULTS = ("DROP TABLE result_seats", "DROP TABLE results")
# Migration 0008 undone: the moves' idempotency keys.
_NO_MOVE_KEYS = ("DROP INDEX moves_by_key", "ALTER TABLE moves DROP COLUMN idem_key")


def downgrade(raw: sqlite3.Connection, to: int) -> None:
    """Turn a database of the current schema back into what schema `to` looked like (for migration tests)."""
    current = raw.execute("PRAGMA user_version").fetchone()[0]
    if current >= 10 > to:  # migration 0010: each person's time
        raw.execute("DROP TABLE user_time")
    if current >= 9 > to:
        for statement in _NO_RESULTS:
            raw.execute(statement)
    if current >= 8 > to:
        for statement in _NO_MOVE_KEYS:
            raw.execute(statement)
    if current >= 6 > to:
        # Archived logs back into the moves table, as every log was kept before migration 6.
        for game_id, setup, *row in raw.execute(
            "SELECT a.game_id, g.setup, a.moves, a.log_digest, a.digest, a.log FROM move_archives a"
            " JOIN games g ON g.id = a.game_id"
        ).fetchall():
            log = archive.unpack(game_id, setup, *row)
            raw.execute("DELETE FROM move_archives WHERE game_id = ?", (game_id,))
            raw.executemany(
                "INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor)"
                " VALUES (:game_id, :seq, :move, :events, :user_id, :created_at, :actor)",
                log.rows(),
            )
        for statement in (*_OLD_VERSION_TRIGGER, "DROP TABLE move_archives"):
            raw.execute(statement)
    if current >= 5 > to:
        raw.execute("ALTER TABLE games DROP COLUMN log_digest")
        # Snapshots went back to plain text (only rows written as text can be unpacked by an older program).
        for game_id, state in raw.execute("SELECT game_id, state FROM snapshots").fetchall():
            raw.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (snapshots.unpack(state), game_id))
    if current >= 4 > to:
        for statement in (
            "ALTER TABLE games DROP COLUMN seed_public",
            "ALTER TABLE moves DROP COLUMN actor",
            "DROP TABLE undos",
            "DROP TABLE user_settings",
        ):
            raw.execute(statement)
    if current >= 3 > to:
        for statement in (
            "DROP INDEX games_unannounced_finished",
            "DROP TRIGGER games_version_after_move",
            "DROP TRIGGER games_version_after_undo",
            "ALTER TABLE games DROP COLUMN version",
            "ALTER TABLE snapshots DROP COLUMN log_digest",
            "ALTER TABLE snapshots DROP COLUMN digest",
        ):
            raw.execute(statement)
    if current >= 2 > to:
        raw.execute("ALTER TABLE games DROP COLUMN announced_version")
    raw.execute(f"PRAGMA user_version = {to}")


# games_version_after_undo as migration 3 made it (migration 6 lets it skip games with an archive row).
_OLD_VERSION_TRIGGER = (
    "DROP TRIGGER games_version_after_undo",
    next(statement for statement in m0003.STATEMENTS if "TRIGGER games_version_after_undo" in statement),
)
_OLD_VERSION_FUNCTION = next(statement for statement in m0003.POSTGRES if "FUNCTION games_version_sync" in statement)
_OLD_VERSION_FUNCTION = _OLD_VERSION_FUNCTION.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")


async def unarchive(store: AnyStore, game_id: int) -> None:
    """Put an archived log back into the moves table, as the game's log was kept before migration 6."""
    from storage.repository import _unarchive

    async def body(tx: Any) -> None:
        await _unarchive(tx, game_id)

    await store.driver.write(body)


async def downgrade_to_5(store: AnyStore) -> None:
    """Either backend's database back to schema 5: no archive table, every log in the moves table."""
    for (game_id,) in await raw_sql(store, "SELECT game_id FROM move_archives"):
        await unarchive(store, game_id)
    if store.driver.name == "sqlite":
        statements: tuple[str, ...] = (*_OLD_VERSION_TRIGGER, "DROP TABLE move_archives", "PRAGMA user_version = 5")
    else:
        statements = (_OLD_VERSION_FUNCTION, "DROP TABLE move_archives", "UPDATE schema_version SET version = 5")
    statements = ("DROP TABLE user_time", *_NO_RESULTS, *_NO_MOVE_KEYS, *statements)
    for statement in statements:
        await store.driver.write_one(statement)


async def archive_rows(store: AnyStore, game_id: int) -> list[Any]:
    """The game's archive row as stored (moves, log_digest, digest, log), [] if it has none."""
    return await raw_sql(
        store, "SELECT moves, log_digest, digest, log FROM move_archives WHERE game_id = ?", (game_id,)
    )


async def logged_rows(store: AnyStore, game_id: int) -> int:
    """How many rows the game has in the moves table."""
    return int((await raw_sql(store, "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)))[0][0])
