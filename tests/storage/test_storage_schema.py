"""Opening the database: migrations, connection settings, clear errors."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from storage_helpers import T0, downgrade, raw_sql, record_all, same, started_game

import engine
from storage import AnyStore, StorageError, Store, WrongStatus, is_postgres, open_store, snapshots, sqlite_path
from storage.migrations import all_migrations


def test_migrations_are_numbered_without_gaps() -> None:
    versions = [m.version for m in all_migrations()]
    assert versions == list(range(1, len(versions) + 1))


def test_every_migration_has_both_dialects() -> None:
    # One numbering for both backends: a schema change is not done until PostgreSQL has it too.
    assert [m.name for m in all_migrations() if not m.statements or not m.postgres] == []


# What each released migration runs: its SQLite statements byte for byte (sqlite_master keeps each CREATE as written),
# then its PostgreSQL ones with white space folded (PostgreSQL keeps no statement text).
RELEASED = {
    "m0001_initial": "ce52b4c106a107a3",
    "m0002_announced_version": "a030f78a6d168c41",
    "m0003_version_digests_indexes": "1b35dbb0480d65d6",
    "m0004_players": "782d103b083d24ec",
    "m0005_sparse_snapshots": "31aa508b367eeac2",
    "m0006_archived_logs": "beb49addbfec0de6",
    "m0007_any_ai_kind": "79dd811849aaf00e",
    "m0008_move_keys": "ae04bde709e8a867",
    "m0009_results": "533763eab8876070",
    "m0010_user_time": "a0230ffbcf625833",
}


def test_released_migrations_never_change() -> None:
    # A migration's PostgreSQL tables are made from its SQLite ones (storage/migrations/dialect.py): each must still be
    # what the databases got when it was released.
    def digest(m: Any) -> str:
        text = repr([*m.statements, "|", *(" ".join(s.split()) for s in m.postgres or ())])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    assert {m.name: digest(m) for m in all_migrations() if m.name in RELEASED} == RELEASED


def test_both_drivers_offer_the_driver_interface() -> None:
    # The repository is written once against storage/driver.py: a driver lacking a call, or taking it otherwise, is a
    # backend the repository cannot use.
    import inspect

    from storage.driver import Driver
    from storage.postgres_driver import PostgresDriver
    from storage.sqlite_driver import SqliteDriver

    def public(cls: type) -> dict[str, str]:
        return {
            name: " ".join(inspect.signature(member).parameters)
            for name, member in inspect.getmembers(cls, inspect.isfunction)
            if not name.startswith("_") and name != "open"
        }

    wanted = public(Driver)  # type: ignore[type-abstract]
    assert wanted and all(public(driver) == wanted for driver in (SqliteDriver, PostgresDriver))


async def test_set_options_in_the_lobby_only(store: AnyStore) -> None:
    game = await store.create_game(1, 5, "entdecker", {"a": 1}, 3, 9, T0, host_name="Host")
    changed = await store.set_options(game.id, {"a": 2, "b": "x"}, T0 + 1)
    assert (changed.options, changed.updated_at) == ({"a": 2, "b": "x"}, T0 + 1)
    assert (await store.game(game.id)).options == {"a": 2, "b": "x"}


async def test_set_options_of_a_running_game_when_the_caller_allows_it(store: AnyStore) -> None:
    """A table option (the channel's language) changes during the game; the lobby's menus still cannot."""
    game, _state = await started_game(store)
    with pytest.raises(WrongStatus):
        await store.set_options(game.id, {"language": "fr"}, T0 + 1)
    changed = await store.set_options(game.id, {"language": "fr"}, T0 + 2, "lobby", "active")
    assert (changed.options, changed.status) == ({"language": "fr"}, "active")
    assert (await store.game(game.id)).options == {"language": "fr"}


def test_the_setting_picks_the_backend() -> None:
    assert is_postgres("postgresql://bot@db/entdecker") and is_postgres("postgres://x@/y?host=/tmp")
    assert not is_postgres("./entdecker.db") and not is_postgres("sqlite:///data/x.db")
    assert sqlite_path("./entdecker.db") == "./entdecker.db"
    assert sqlite_path("sqlite:data/x.db") == "data/x.db"
    assert sqlite_path("sqlite:///data/x.db") == "data/x.db"
    assert sqlite_path("sqlite:////abs/x.db") == "/abs/x.db"
    assert sqlite_path("sqlite://") == ":memory:"


async def test_open_store_opens_either_backend(store: AnyStore, backend: str) -> None:
    assert store.driver.name == backend
    game = await store.create_game(1, 5, "entdecker", {}, 3, 9, T0)
    tables = "SELECT COUNT(*) FROM games WHERE id = ?"
    assert (await raw_sql(store, tables, (game.id,)))[0][0] == 1


async def test_open_migrates_and_configures(db_path: Path) -> None:
    store = await Store.open(db_path)
    assert (await raw_sql(store, "PRAGMA user_version"))[0][0] == len(all_migrations())
    assert (await raw_sql(store, "PRAGMA journal_mode"))[0][0] == "wal"
    assert (await raw_sql(store, "PRAGMA foreign_keys"))[0][0] == 1
    assert (await raw_sql(store, "PRAGMA busy_timeout"))[0][0] >= 1000
    assert (await raw_sql(store, "PRAGMA page_size"))[0][0] == 2048  # a new file takes the smaller page
    tables = {row[0] for row in await raw_sql(store, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "players", "moves", "snapshots"} <= tables
    assert db_path.exists()  # the missing data/ directory was created
    await store.close()


async def test_postgres_open_migrates(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        assert (await raw_sql(store, "SELECT MAX(version) FROM schema_version"))[0][0] == len(all_migrations())
        rows = await raw_sql(store, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        assert {"games", "players", "moves", "snapshots"} <= {row[0] for row in rows}
    finally:
        await store.close()


async def test_reopen_is_idempotent(db_url: str) -> None:
    first = await open_store(db_url)
    game = await first.create_game(1, 5, "entdecker", {"variant": "x"}, 3, 9, T0)
    await first.close()
    for _ in range(2):
        again = await open_store(db_url)
        assert await again.game(game.id) == game
        assert len(await raw_sql(again, "SELECT * FROM games")) == 1
        await again.close()


async def test_two_processes_migrating_at_once_both_succeed(db_url: str) -> None:
    stores = await asyncio.gather(open_store(db_url), open_store(db_url))
    try:
        await stores[0].create_game(1, 5, "entdecker", {}, 3, 9, T0)
        assert len(await stores[1].active_games()) == 1
    finally:
        for store in stores:
            await store.close()


async def test_newer_schema_is_refused(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(StorageError, match="newer"):
        await Store.open(db_path)


async def test_newer_postgres_schema_is_refused(pg_url: str) -> None:
    await (await open_store(pg_url)).close()
    conn = await asyncpg.connect(pg_url)
    await conn.execute("UPDATE schema_version SET version = 999")
    await conn.close()
    with pytest.raises(StorageError, match="newer"):
        await open_store(pg_url)


async def test_unreachable_postgres_raises_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot open database at postgresql://"):
        await open_store(f"postgresql://nobody@/nothing?host={tmp_path}")


async def test_wrong_postgres_database_raises_storage_error(pg_url: str) -> None:
    with pytest.raises(StorageError, match="cannot open database at"):
        await open_store(pg_url.replace("/t", "/no_such_db_", 1))


async def test_password_is_not_shown_in_errors(tmp_path: Path) -> None:
    with pytest.raises(StorageError) as caught:
        await open_store(f"postgresql://bot:s3cret@/nothing?host={tmp_path}")
    assert "s3cret" not in str(caught.value)


async def test_path_below_a_file_raises_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(blocker / "games.db")


async def test_directory_as_path_raises_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(tmp_path)


async def test_not_a_database_raises_storage_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(path)


async def test_migration_3_keeps_old_games_playable(db_path: Path) -> None:
    store = await Store.open(db_path)
    game, state = await started_game(store, seed=12)
    final, _ = await record_all(store, game.id, state, 9)
    await store.close()
    # Back to schema 2 as the previous release left it: snapshots with the history and no digests.
    with sqlite3.connect(db_path) as raw:
        downgrade(raw, 2)
        raw.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (engine.state_to_json(final), game.id))
    store = await Store.open(db_path)
    try:
        assert (await store.game(game.id)).version == 9  # backfilled from the log
        assert same(await store.load_state(game.id), final)  # no digest yet: rebuilt once from the log
        rows = await raw_sql(store, "SELECT digest, state FROM snapshots WHERE game_id = ?", (game.id,))
        digest, text = next(iter(rows))
        assert digest is not None and snapshots.unpack(text) == engine.state_to_json(final, history=False)
        # The version column follows the log, whoever writes it.
        await store.rollback(game.id, 4, T0 + 100)
        assert (await store.game(game.id)).version == 4
    finally:
        await store.close()


async def query_plan(store: Store, sql: str, params: dict[str, object] | None = None) -> str:
    rows = await store.driver.fetch("EXPLAIN QUERY PLAN " + sql, params or {})
    return " | ".join(str(row[3]) for row in rows)


async def test_periodic_listings_do_not_read_finished_games(db_path: Path) -> None:
    import storage.repository as store_module

    store = await Store.open(db_path)
    try:
        await _check_plans(store, store_module)
    finally:
        await store.close()


async def _check_plans(store: Store, store_module: Any) -> None:

    unannounced = await query_plan(store, store._unannounced)
    assert "USING INDEX games_unannounced_finished" in unannounced
    assert "USING INDEX games_by_status (status=?)" in unannounced
    idle = await query_plan(store, store_module._IDLE_SELECT, {"cutoff": 0.0, "most": None})
    assert "SEARCH g USING INDEX games_by_status (status=?)" in idle and "SCAN" not in idle
