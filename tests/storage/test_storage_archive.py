"""Archived logs (migration 6, storage/archive.py): an ended game's moves become one compressed row in the transaction
that ends it, every reader finds them there as it found them in the moves table, damage is reported, and databases
from before migration 6 are archived by it."""

from __future__ import annotations

import json
import logging
import zlib
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import (
    T0,
    archive_rows,
    downgrade_to_5,
    logged_rows,
    play,
    raw_sql,
    record_all,
    same,
    started_game,
    unarchive,
    user_of,
)

import engine
from storage import AnyStore, LogCorrupt, MoveRecord, Store, archive, open_store, replay

GOLDEN = sorted((Path(__file__).parents[1] / "engine").glob("*/golden/*.json"))


async def finished_game(store: AnyStore, channel_id: int = 100, seed: int = 7) -> tuple[int, Any, list[MoveRecord]]:
    """A game played to its end through append_move: (game id, final state, the move records it returned)."""
    game, state = await started_game(store, channel_id=channel_id, seed=seed)
    records = []
    for i, (move, new_state, events) in enumerate(play(state, 1000)):
        actor = f"player {move.player}" if i % 3 else None
        record, _ = await store.append_move(
            game.id, state.version, move, new_state, events, user_of(move), T0 + i * 0.123456789, actor=actor
        )
        records.append(record)
        state = new_state
    assert state.game_over
    return game.id, state, records


async def what_readers_see(store: AnyStore, game_id: int) -> tuple[str, list[MoveRecord], list[MoveRecord], Any]:
    """Everything that reads the log: the state loaded, the log's records (whole, paged, newest), the saved game."""
    state = await store.load_state(game_id)
    pages = [
        *await store.moves(game_id, after=0, limit=5),
        *await store.moves(game_id, after=5, limit=50),
        *await store.moves(game_id, after=55),
    ]
    assert pages == await store.moves(game_id)
    return engine.state_to_json(state), pages, await store.recent_moves(game_id, 7), await store.saved_game(game_id)


async def test_an_ended_game_is_archived_by_the_move_that_ends_it(store: AnyStore) -> None:
    game_id, final, records = await finished_game(store)
    assert await logged_rows(store, game_id) == 0
    [row] = await archive_rows(store, game_id)
    assert row[0] == final.version == len(records)
    game = await store.game(game_id)
    assert game.status == "finished" and game.version == final.version  # the log's length stays on the games row
    assert row[1] == (await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game_id,)))[0][0]
    assert len(row[3]) < sum(len(json.dumps(r.events)) for r in records) / 3  # compressed
    assert await store.moves(game_id) == records  # times, actors and events exactly as recorded
    assert same(await store.load_state(game_id), final)


async def test_the_end_and_the_archive_are_one_transaction(store: AnyStore) -> None:
    """If archiving fails, the ending move is not recorded either (and nothing else changes)."""
    game, state = await started_game(store, seed=7)
    triples = play(state, 1000)
    state, _ = await record_all(store, game.id, state, len(triples) - 1)
    move, final, events = triples[-1]
    assert final.game_over
    # A stray archive row for the game makes the archive insert fail inside the ending transaction.
    await raw_sql(
        store,
        "INSERT INTO move_archives (game_id, moves, log_digest, digest, log) VALUES (?, 0, 'x', 'x', ?)",
        (game.id, b"x"),
    )
    with pytest.raises(Exception):  # noqa: B017 - the backend's own integrity error
        await store.append_move(game.id, state.version, move, final, events, user_of(move), T0 + 999)
    await raw_sql(store, "DELETE FROM move_archives WHERE game_id = ?", (game.id,))
    after = await store.game(game.id)
    assert after.status == "active" and after.version == state.version
    assert await logged_rows(store, game.id) == state.version
    assert same(await store.load_state(game.id), state)
    await store.append_move(game.id, state.version, move, final, events, user_of(move), T0 + 999)
    assert await logged_rows(store, game.id) == 0 and len(await archive_rows(store, game.id)) == 1


async def test_abandoning_archives_a_started_game_but_not_a_lobby(store: AnyStore) -> None:
    game, state = await started_game(store, seed=8)
    state, _ = await record_all(store, game.id, state, 5)
    await store.abandon_game(game.id, T0 + 50)
    assert await logged_rows(store, game.id) == 0 and (await archive_rows(store, game.id))[0][0] == 5
    assert same(await store.load_state(game.id), state)
    assert (await store.game(game.id)).version == 5
    lobby = await store.create_game(1, 101, "entdecker", {}, 5, 1, T0, host_name="Host")
    await store.abandon_game(lobby.id, T0 + 60)
    assert await archive_rows(store, lobby.id) == []
    stopped, _ = await started_game(store, channel_id=102, seed=9)
    await store.finish_game(stopped.id, T0 + 70)  # ended without a move: an empty archive
    assert (await archive_rows(store, stopped.id))[0][0] == 0 and await store.moves(stopped.id) == []


async def test_readers_see_the_same_before_and_after_archiving(store: AnyStore) -> None:
    game_id, final, records = await finished_game(store, seed=11)
    archived = await what_readers_see(store, game_id)
    await unarchive(store, game_id)  # the log as it was kept before migration 6
    assert len(await archive_rows(store, game_id)) == 0 and await logged_rows(store, game_id) == final.version
    assert await what_readers_see(store, game_id) == archived
    assert archived[1] == records and archived[2] == records[-7:]
    assert same(replay.replay(game_id, archived[3]), final)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
async def test_golden_games_load_identically_when_archived(db_path: Path, path: Path) -> None:
    """Every golden playthrough of every game, recorded move by move (SQLite: the readers are shared code)."""
    saved = json.loads(path.read_text(encoding="utf-8"))["saved"]
    names = saved["players"]
    async with await open_store(str(db_path)) as store:
        game = await store.create_game(1, 10, saved["game"], saved["options"], saved["seed"], 1, T0)
        for i, name in enumerate(names, start=1):
            await store.join(game.id, i, name, max_seats=len(names), now=T0)
        state = engine.new_game(saved["game"], names, saved["options"], saved["seed"])
        await store.start_game(game.id, state, T0)
        for i, data in enumerate(saved["moves"]):
            move = engine.move_from_json(data)
            new_state, events = engine.step(state, move)
            user = None if move.player is None else move.player + 1
            await store.append_move(game.id, state.version, move, new_state, events, user, T0 + i)
            state = new_state
        assert state.game_over and await logged_rows(store, game.id) == 0
        archived = await what_readers_see(store, game.id)
        assert archived[0] == engine.state_to_json(state) and archived[3]["moves"] == saved["moves"]
        await unarchive(store, game.id)
        assert await what_readers_see(store, game.id) == archived


async def test_rolling_back_an_archived_game_brings_its_log_back(store: AnyStore) -> None:
    game_id, final, records = await finished_game(store, seed=12)
    before = await store.rollback(game_id, final.version - 1, T0 + 5000, expected_version=final.version, undone_by="A")
    assert await archive_rows(store, game_id) == [] and await logged_rows(store, game_id) == final.version - 1
    game = await store.game(game_id)
    assert game.status == "active" and game.version == final.version - 1
    assert same(await store.load_state(game_id), before) and await store.moves(game_id) == records[:-1]
    move = engine.move_from_json(records[-1].move)  # the move that ended it, again
    again, events = engine.step(before, move)
    assert again.game_over
    await store.append_move(game_id, before.version, move, again, events, user_of(move), T0 + 6000)
    assert await logged_rows(store, game_id) == 0 and (await archive_rows(store, game_id))[0][0] == final.version
    # A rollback to where it ended changes nothing: the log goes back into the archive in the same transaction.
    await store.rollback(game_id, final.version, T0 + 7000, expected_version=final.version)
    assert await logged_rows(store, game_id) == 0 and (await store.game(game_id)).status == "finished"
    assert same(await store.load_state(game_id), again)


def _damaged(row: Any, game_id: int, other: Any) -> dict[str, tuple[Any, ...]]:
    """Ways an archive row (moves, log_digest, digest, log) can be damaged, each as the row's new values."""
    moves, log_digest, digest, log = row
    packed = bytes(log)
    text = zlib.decompress(packed).decode()
    edited = text.replace('"events":["[', '"events":["[{\\"x\\":1},', 1)
    assert edited != text
    return {
        "bytes flipped": (moves, log_digest, digest, packed[:40] + bytes([packed[40] ^ 0xFF]) + packed[41:]),
        "cut short": (moves, log_digest, digest, packed[: len(packed) // 2]),
        "an event edited": (moves, log_digest, digest, zlib.compress(edited.encode())),
        "a move fewer": (moves - 1, log_digest, digest, packed),
        "another game's log": tuple(other),
        "another digest": (moves, log_digest, "0" * 64, packed),
    }


async def test_a_damaged_archive_row_is_reported_never_accepted(
    store: AnyStore, caplog: pytest.LogCaptureFixture
) -> None:
    game_id, final, _ = await finished_game(store, seed=13)
    other_id, _, _ = await finished_game(store, channel_id=101, seed=14)
    [row] = await archive_rows(store, game_id)
    [other] = await archive_rows(store, other_id)
    for what, values in _damaged(row, game_id, other).items():
        await raw_sql(
            store,
            "UPDATE move_archives SET moves = ?, log_digest = ?, digest = ?, log = ? WHERE game_id = ?",
            (*values, game_id),
        )
        for read in (store.load_state, store.moves, store.recent_moves, store.saved_game, store.rebuild_state):
            with caplog.at_level(logging.ERROR, logger="storage"), pytest.raises(LogCorrupt, match="archived"):
                await read(game_id)
            assert f"game {game_id}: its archived move log" in caplog.text, what
            caplog.clear()
        with pytest.raises(LogCorrupt):
            await store.rollback(game_id, 1, T0 + 9000)
    await raw_sql(
        store,
        "UPDATE move_archives SET moves = ?, log_digest = ?, digest = ?, log = ? WHERE game_id = ?",
        (*row, game_id),
    )
    assert same(await store.load_state(game_id), final)  # nothing was "repaired" meanwhile


async def test_a_wrong_running_digest_on_an_archived_game_is_refused_like_a_live_one(
    store: AnyStore, caplog: pytest.LogCaptureFixture
) -> None:
    game_id, _, _ = await finished_game(store, seed=15)
    await raw_sql(store, "UPDATE games SET log_digest = 'bogus' WHERE id = ?", (game_id,))
    with caplog.at_level(logging.ERROR, logger="storage"), pytest.raises(LogCorrupt, match="kept as stored"):
        await store.load_state(game_id)
    assert "does not match the game's log digest" in caplog.text
    with pytest.raises(LogCorrupt):
        await store.rebuild_state(game_id)
    assert (await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game_id,)))[0][0] == "bogus"


async def test_a_database_from_before_migration_6_is_archived_by_it(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import storage.migrations.steps

    # One game per batch, so that the migration's batches are gone through several times.
    monkeypatch.setattr(storage.migrations.steps, "_ARCHIVE_BATCH", 1)
    store = await open_store(db_url)
    finished_id, final, records = await finished_game(store, seed=16)
    active, state = await started_game(store, channel_id=101, seed=17)
    state, _ = await record_all(store, active.id, state, 9)
    gone, gone_state = await started_game(store, channel_id=102, seed=18)
    gone_state, _ = await record_all(store, gone.id, gone_state, 4)
    await store.abandon_game(gone.id, T0 + 50)
    seen = {gid: await what_readers_see(store, gid) for gid in (finished_id, active.id, gone.id)}
    await downgrade_to_5(store)
    assert await logged_rows(store, finished_id) == final.version
    await store.close()

    store = await open_store(db_url)  # migration 6 archives both ended games in its transaction
    try:
        assert await logged_rows(store, finished_id) == 0 and await logged_rows(store, gone.id) == 0
        assert await logged_rows(store, active.id) == 9 and await archive_rows(store, active.id) == []
        assert (await archive_rows(store, gone.id))[0][0] == 4
        for gid, want in seen.items():
            assert await what_readers_see(store, gid) == want
            assert (await store.game(gid)).version == len(want[1])
        assert await store.moves(finished_id) == records
        # Play goes on in the active game, and it is archived when it ends.
        for move, new_state, events in play(state, 1000):
            await store.append_move(active.id, state.version, move, new_state, events, user_of(move), T0 + 500)
            state = new_state
        assert await logged_rows(store, active.id) == 0 and same(await store.load_state(active.id), state)
    finally:
        await store.close()


async def test_a_log_that_cannot_be_packed_stays_live_and_the_game_still_ends(db_path: Path) -> None:
    """SQLite only (PostgreSQL's TEXT column cannot hold bytes): a damaged row does not stop the game's end."""
    store = await Store.open(db_path)
    try:
        game, state = await started_game(store, seed=19)
        state, _ = await record_all(store, game.id, state, 3)
        await raw_sql(store, "DROP TRIGGER moves_append_only")
        await raw_sql(store, "UPDATE moves SET move = CAST(move AS BLOB) WHERE game_id = ? AND seq = 2", (game.id,))
        ended = await store.abandon_game(game.id, T0 + 10)
        assert ended.status == "abandoned" and await logged_rows(store, game.id) == 3
        assert await archive_rows(store, game.id) == []
    finally:
        await store.close()


def test_packing_keeps_texts_and_times_exactly() -> None:
    setup = '{"game": "x"}'
    rows = [
        {
            "seq": 1,
            "move": '{"a": 1}',
            "events": "[]",
            "user_id": 2**62,
            "created_at": 1700000000.123456789,
            "actor": None,
        },
        {
            "seq": 2,
            "move": '{"b":"\\u00e9\\n"}',
            "events": '[{"k":"é"}]',
            "user_id": None,
            "created_at": 0.1,
            "actor": "é",
        },
    ]
    packed = archive.pack(5, setup, rows)
    assert packed.moves == 2 and packed.log_digest == replay.log_digest(setup, [r["move"] for r in rows])
    log = archive.unpack(5, setup, packed.moves, packed.log_digest, packed.digest, packed.log)
    assert log.move == [r["move"] for r in rows] and log.rows() == [{"game_id": 5, "idem_key": None, **r} for r in rows]
    assert [r.seq for r in log.records(after=1)] == [2] and [r.seq for r in log.recent(5)] == [1, 2]
    with pytest.raises(LogCorrupt, match="gap"):
        archive.pack(5, setup, [rows[1]])
    with pytest.raises(LogCorrupt, match="does not belong"):
        archive.unpack(5, '{"game": "y"}', packed.moves, packed.log_digest, packed.digest, packed.log)
