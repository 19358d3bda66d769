"""Never act on stale or wrong state (issue 14): one process per file, seats re-checked in the move's transaction,
a database file deleted or replaced under a running store, no silent fresh start, damaged files, snapshots that do
not match the log, one bad row among many."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from storage_helpers import (
    T0,
    open_in_another_process,
    play,
    raw_sql,
    record_all,
    same,
    started_game,
    stored_snapshot,
    user_of,
)

import engine
from storage import (
    AnyStore,
    DatabaseDamaged,
    DatabaseInUse,
    DatabaseMissing,
    DatabaseMoved,
    DatabaseUnusable,
    LogCorrupt,
    RecordCorrupt,
    SeatChanged,
    StorageError,
    Store,
    snapshots,
)


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[Store]:
    """The file-level guarantees are SQLite's (a PostgreSQL database is shared by design and no file)."""
    s = await Store.open(db_path)
    yield s
    await s.close()


# ---------------------------------------------------------------------- 1. two processes on one database


async def test_a_second_process_is_refused_while_the_store_is_open(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    proc = open_in_another_process(db_path)
    assert proc.stdout.startswith("DatabaseInUse"), proc.stdout + proc.stderr
    assert f"pid {os.getpid()}" in proc.stdout and "stop the other bot" in proc.stdout
    await store.close()
    # The lock lives as long as the store: once closed, the next process may start.
    assert open_in_another_process(db_path).stdout.strip() == "opened"


async def test_in_use_is_a_database_unusable_error(db_path: Path) -> None:
    assert issubclass(DatabaseInUse, DatabaseUnusable) and issubclass(DatabaseUnusable, StorageError)
    # Within one process a second Store shares the lock (tools, tests), and closing one keeps it for the other.
    a = await Store.open(db_path)
    b = await Store.open(db_path)
    await a.close()
    assert open_in_another_process(db_path).stdout.startswith("DatabaseInUse")
    await b.close()


async def test_a_move_for_a_seat_handed_away_meanwhile_is_refused(store: Store) -> None:
    game, state = await started_game(store)
    [(move, new_state, events)] = play(state, 1)
    seat = move.player
    # Another process (or interaction) hands the seat to someone else after this one read the seats.
    await store.replace_seat(game.id, seat, 99, "Sub", None, T0 + 1)
    with pytest.raises(SeatChanged, match=f"seat {seat} is held by user 99, not by user {user_of(move)}"):
        await store.append_move(game.id, 0, move, new_state, events, user_of(move), T0 + 2)
    assert (await store.game(game.id)).version == 0 and await store.moves(game.id) == []
    await store.append_move(game.id, 0, move, new_state, events, 99, T0 + 3)
    assert (await store.game(game.id)).version == 1


async def test_ai_moves_need_an_ai_seat_or_the_absent_player_named(store: Store) -> None:
    game, state = await started_game(store)
    triples = play(state, 2)
    (m1, s1, e1), (m2, s2, e2) = triples
    # The AI may not move a person's seat unless the caller says whose turn it plays (/game skip) ...
    with pytest.raises(SeatChanged, match="not by an AI"):
        await store.append_move(game.id, 0, m1, s1, e1, None, T0 + 1)
    await store.append_move(game.id, 0, m1, s1, e1, None, T0 + 1, seat_holder=user_of(m1))
    # ... and that person must still hold it: given to an AI meanwhile, the skip's move is refused.
    await store.replace_seat(game.id, m2.player, None, "Robot", "heuristic", T0 + 2)
    with pytest.raises(SeatChanged, match="held by an AI"):
        await store.append_move(game.id, 1, m2, s2, e2, None, T0 + 3, seat_holder=user_of(m2))
    await store.append_move(game.id, 1, m2, s2, e2, None, T0 + 4)
    assert (await store.game(game.id)).version == 2
    with pytest.raises(ValueError):  # a person moving a seat the caller says someone else holds
        await store.append_move(game.id, 2, *play(s2, 1)[0], 1, T0 + 5, seat_holder=2)


# ---------------------------------------------------------------------- 3. the file deleted or replaced


async def test_deleting_the_file_under_a_running_store_stops_writes(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    game, state = await started_game(store)
    state, _ = await record_all(store, game.id, state, 2)
    db_path.unlink()
    [(move, new_state, events)] = play(state, 1)
    with pytest.raises(DatabaseMoved, match="was deleted"):
        await store.append_move(game.id, 2, move, new_state, events, user_of(move), T0 + 9)
    with pytest.raises(DatabaseMoved):  # every later write too, and the periodic check
        await store.create_game(1, 555, "entdecker", {}, 1, 1, T0)
    with pytest.raises(DatabaseMoved):
        store.check_file()


async def test_replacing_the_file_under_a_running_store_stops_writes(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    await store.create_game(1, 5, "entdecker", {}, 1, 1, T0)
    other = db_path.with_name("other.db")
    other.write_bytes(db_path.read_bytes())
    os.replace(other, db_path)
    with pytest.raises(DatabaseMoved, match="replaced"):
        await store.create_game(1, 6, "entdecker", {}, 1, 1, T0)


async def test_no_fresh_database_where_one_existed(db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="storage"):
        first = await Store.open(db_path)
    assert first.created and "created a new, empty database" in caplog.text
    await first.create_game(1, 5, "entdecker", {}, 1, 1, T0)
    await first.close()
    again = await Store.open(db_path)
    assert not again.created
    await again.close()
    db_path.unlink()  # e.g. an operator cleaning up the wrong file
    with pytest.raises(DatabaseMissing, match=r"is missing but .*games\.db-lock"):
        await Store.open(db_path)
    assert not db_path.exists()  # and nothing was created in its place


async def test_a_leftover_wal_is_evidence_too(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.with_name("x.db-wal").write_bytes(b"")
    with pytest.raises(DatabaseMissing, match=r"x\.db-wal"):
        await Store.open(path)


async def test_a_damaged_file_is_refused_at_start_up(db_path: Path) -> None:
    store = await Store.open(db_path)
    for channel in range(300):  # enough rows for several b-tree pages
        game = await store.create_game(1, channel, "entdecker", {"pad": "x" * 200}, 1, 1, T0)
        await store.abandon_game(game.id, T0)
    await store.close()
    with sqlite3.connect(db_path) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_by_channel'").fetchone()[0]
    data = bytearray(db_path.read_bytes())
    start = (root - 1) * page_size
    data[start + 8 : start + page_size] = b"\xa5" * (page_size - 8)  # the index's root page: garbage cells
    db_path.write_bytes(bytes(data))
    with pytest.raises(DatabaseDamaged, match="damaged"):
        await Store.open(db_path)


# ---------------------------------------------------------------------- 4. a snapshot that differs from the log


async def snapshot_state(store: AnyStore, game_id: int) -> str:
    found = await stored_snapshot(store, game_id)
    assert found is not None
    return found[1]


@pytest.mark.parametrize("damage", ["other_game", "edited", "log_rewritten"])
async def test_a_snapshot_that_parses_but_differs_from_the_log_is_not_trusted(store: AnyStore, damage: str) -> None:
    game, state = await started_game(store, seed=4)
    final, triples = await record_all(store, game.id, state, 6)
    if damage == "other_game":  # same version, valid text, another game's position
        other = engine.new_game("entdecker", players=["X", "Y"], options={}, seed=99)
        wrong = engine.state_to_json(play(other, 6)[-1][1], history=False)
        await raw_sql(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", (snapshots.pack(wrong), game.id))
    elif damage == "edited":  # one number changed
        text = await snapshot_state(store, game.id)
        edited = text.replace('"rng":', '"rng":1', 1)
        await raw_sql(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", (snapshots.pack(edited), game.id))
    else:  # the log's last move replaced behind the snapshot's back: the snapshot is of another log
        before = triples[-2][1]
        alternatives = [m for m in engine.legal_moves(before) if m != triples[-1][0]]
        assert alternatives, "the position should offer another move"
        final = engine.apply(before, alternatives[0])
        await raw_sql(store, "DELETE FROM moves WHERE game_id = ? AND seq = 6", (game.id,))
        await raw_sql(
            store,
            "INSERT INTO moves (game_id, seq, move, events, user_id, created_at) VALUES (?, 6, ?, '[]', NULL, 0)",
            (game.id, engine.json.dumps(engine.move_to_json(alternatives[0]))),
        )
        # The running digest on the games row tells: the log itself was changed, and is refused (issue 19 item 9).
        with pytest.raises(LogCorrupt):
            await store.load_state(game.id)
        return
    loaded = await store.load_state(game.id)
    assert same(loaded, final)
    assert await snapshot_state(store, game.id) == engine.state_to_json(final, history=False)
    # Play goes on from the true state and the log still replays.
    [(move, nxt, events)] = play(loaded, 1)
    await store.append_move(game.id, 6, move, nxt, events, user_of(move), T0 + 100)
    assert same(engine.replay(await store.saved_game(game.id)), nxt)
    assert same(await store.load_state(game.id), nxt)


async def test_snapshots_leave_the_history_to_the_log(store: Store) -> None:
    game, state = await started_game(store, seed=6)
    final, _ = await record_all(store, game.id, state, 20)
    text = await snapshot_state(store, game.id)
    assert len(final.history) == 20 and engine.state_from_json(text).history == []
    loaded = await store.load_state(game.id)
    assert loaded.history == final.history and same(loaded, final)


# ---------------------------------------------------------------------- 5. one malformed row


@pytest.mark.parametrize("options", ["{not json", "[1, 2]", "null"])
async def test_one_malformed_row_does_not_hide_the_others(
    store: AnyStore, options: str, caplog: pytest.LogCaptureFixture
) -> None:
    bad, _ = await started_game(store, channel_id=1)
    good, _ = await started_game(store, channel_id=2)
    lobby = await store.create_game(1, 3, "entdecker", {}, 1, 1, T0)
    await raw_sql(store, "UPDATE games SET options = ? WHERE id = ?", (options, bad.id))
    with caplog.at_level(logging.ERROR, logger="storage"):
        for _ in range(2):
            assert [g.id for g in await store.active_games()] == [good.id, lobby.id]
            assert [g.id for g in await store.unannounced_games()] == [good.id]
            assert [i.game.id for i in await store.idle_games(T0 + 10, 0)] == [good.id]
            assert [g.id for g in await store.history(1)] == []
            assert [g.id for g in await store.games_of_user(1)] == [good.id]
    assert caplog.text.count(f"game {bad.id}: its stored record is damaged") == 1  # logged once
    with pytest.raises(RecordCorrupt):
        await store.game(bad.id)
    with pytest.raises(RecordCorrupt):
        await store.active_game(1)
