"""Snapshots every few moves (storage/snapshots.py): a game loads exactly wherever it stands between two snapshots,
damaged or foreign snapshots are noticed, and databases written before migration 5 keep loading."""

from __future__ import annotations

import logging
import sqlite3
import zlib
from pathlib import Path

import pytest
from storage_helpers import (
    T0,
    downgrade,
    play,
    raw_sql,
    record_all,
    same,
    snapshot_text,
    started_game,
    stored_snapshot,
    user_of,
)

import engine
from storage import AnyStore, LogCorrupt, Store, snapshots

EVERY = snapshots.EVERY


@pytest.mark.parametrize("past", [0, 1, EVERY - 1])
@pytest.mark.parametrize("snapshot_at", [0, EVERY, 2 * EVERY])
async def test_a_game_loads_exactly_at_any_distance_from_its_snapshot(
    store: AnyStore, snapshot_at: int, past: int, caplog: pytest.LogCaptureFixture
) -> None:
    game, state = await started_game(store, seed=21)
    final, _ = await record_all(store, game.id, state, snapshot_at + past)
    assert final.version == snapshot_at + past and not final.game_over
    assert (await stored_snapshot(store, game.id) or (None,))[0] == snapshot_at
    with caplog.at_level(logging.INFO, logger="storage"):
        loaded = await store.load_state(game.id)
    assert same(loaded, final) and loaded.history == final.history
    assert "rebuilding" not in caplog.text  # from the snapshot and the moves after it, not by a replay
    assert same(await store.rebuild_state(game.id), final)


async def test_each_move_of_a_game_loads_as_played(store: AnyStore) -> None:
    """Every version from 0 to 2 * EVERY + 1, each loaded right after its move (N - 1, N, N + 1 included)."""
    game, state = await started_game(store, seed=22)
    for move, new_state, events in play(state, 2 * EVERY + 2):
        await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + new_state.version)
        state = new_state
        assert same(await store.load_state(game.id), state), f"version {state.version}"
    assert state.version == 2 * EVERY + 2


async def test_a_finished_game_has_its_final_snapshot(store: AnyStore) -> None:
    game, state = await started_game(store, seed=23)
    final, _ = await record_all(store, game.id, state, 1000)
    assert final.game_over
    assert await stored_snapshot(store, game.id) == (final.version, snapshot_text(final))
    assert same(await store.load_state(game.id), final)


@pytest.mark.parametrize("damage", ["bitflip", "truncated", "foreign_bytes"])
async def test_a_damaged_compressed_snapshot_is_replaced_by_a_replay(
    store: AnyStore, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    game, state = await started_game(store, seed=24)
    final, _ = await record_all(store, game.id, state, EVERY + 3)
    rows = await raw_sql(store, "SELECT state FROM snapshots WHERE game_id = ?", (game.id,))
    packed = bytes(rows[0][0])
    if damage == "bitflip":
        broken = packed[:20] + bytes([packed[20] ^ 0x10]) + packed[21:]
    elif damage == "truncated":
        broken = packed[: len(packed) // 2]
    else:  # valid compressed data of a state of another game
        other = engine.new_game("entdecker", players=["X", "Y"], options={}, seed=99)
        broken = zlib.compress(snapshot_text(play(other, EVERY)[-1][1]).encode())
    await raw_sql(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", (broken, game.id))
    with caplog.at_level(logging.WARNING, logger="storage"):
        loaded = await store.load_state(game.id)
    assert same(loaded, final)
    assert f"game {game.id}: snapshot" in caplog.text and "rebuilding by replay" in caplog.text
    assert await stored_snapshot(store, game.id) == (final.version, snapshot_text(final))


async def test_a_move_rewritten_after_the_snapshot_is_refused(store: AnyStore) -> None:
    """The log is the evidence: a move replaced behind the store's back (after the last snapshot, so the snapshot
    alone would not notice) disagrees with the game's running digest, so the game is refused (LogCorrupt), neither
    replayed nor repaired, and the rows stay as they are."""
    game, state = await started_game(store, seed=25)
    final, triples = await record_all(store, game.id, state, EVERY + 2)
    before = triples[-2][1]
    other = next(m for m in engine.legal_moves(before) if m != triples[-1][0])
    await raw_sql(store, "DELETE FROM moves WHERE game_id = ? AND seq = ?", (game.id, final.version))
    await raw_sql(
        store,
        "INSERT INTO moves (game_id, seq, move, events, user_id, created_at) VALUES (?, ?, ?, '[]', NULL, 0)",
        (game.id, final.version, engine.json.dumps(engine.move_to_json(other))),
    )
    stored = await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,))
    snapshot = await stored_snapshot(store, game.id)
    for load in (store.load_state, store.rebuild_state):
        with pytest.raises(LogCorrupt, match="does not match the game's log digest"):
            await load(game.id)
    assert await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,)) == stored
    assert await stored_snapshot(store, game.id) == snapshot


async def test_a_wrong_running_digest_is_refused_on_load(store: AnyStore, caplog: pytest.LogCaptureFixture) -> None:
    game, state = await started_game(store, seed=26)
    await record_all(store, game.id, state, 3)
    await raw_sql(store, "UPDATE games SET log_digest = 'forged' WHERE id = ?", (game.id,))
    with caplog.at_level(logging.ERROR, logger="storage"), pytest.raises(LogCorrupt):
        await store.load_state(game.id)
    assert "does not match the game's log digest" in caplog.text
    assert (await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,)))[0][0] == "forged"


async def test_rollback_between_snapshots(store: AnyStore) -> None:
    game, state = await started_game(store, seed=27)
    final, triples = await record_all(store, game.id, state, EVERY + 5)
    target = EVERY + 2
    restored = await store.rollback(game.id, target, T0 + 100, expected_version=final.version)
    assert same(restored, triples[target - 1][1])
    assert await stored_snapshot(store, game.id) == (target, snapshot_text(restored))
    state = restored
    for move, new_state, events in play(restored, EVERY):
        await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 200)
        state = new_state
        assert same(await store.load_state(game.id), state)


async def test_a_database_from_before_migration_5_still_loads(db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Schema 4: a plain-text snapshot written with every move and no running digest on the games row."""
    store = await Store.open(db_path)
    game, state = await started_game(store, seed=28)
    final, _ = await record_all(store, game.id, state, EVERY + 3)
    finished, fstate = await started_game(store, channel_id=101, seed=29)
    done, _ = await record_all(store, finished.id, fstate, 1000)
    assert done.game_over
    await store.close()
    with sqlite3.connect(db_path) as raw:
        downgrade(raw, 4)
        # As schema 4 left them: the snapshot at the log's version, as text, with that version's digests.
        from storage import replay

        for gid, st in ((game.id, final), (finished.id, done)):
            setup = raw.execute("SELECT setup FROM games WHERE id = ?", (gid,)).fetchone()[0]
            moves = [r[0] for r in raw.execute("SELECT move FROM moves WHERE game_id = ? ORDER BY seq", (gid,))]
            digest = replay.log_digest(setup, moves)
            text = snapshot_text(st)
            raw.execute(
                "UPDATE snapshots SET version = ?, state = ?, log_digest = ?, digest = ? WHERE game_id = ?",
                (st.version, text, digest, replay.chain_digest(digest, text), gid),
            )
        assert raw.execute("SELECT typeof(state) FROM snapshots").fetchall() == [("text",), ("text",)]
    store = await Store.open(db_path)
    try:
        with caplog.at_level(logging.INFO, logger="storage"):
            assert same(await store.load_state(game.id), final)
            assert same(await store.load_state(finished.id), done)
        assert "rebuilding" not in caplog.text  # the migration carried the running digest over
        state = final
        for move, new_state, events in play(final, EVERY):
            await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 300)
            state = new_state
        assert same(await store.load_state(game.id), state)
        assert "rebuilding" not in caplog.text
    finally:
        await store.close()


def test_packing() -> None:
    text = '{"a": ' + "1, " * 500 + "2}"
    packed = snapshots.pack(text)
    assert len(packed) < len(text) / 10 and snapshots.unpack(packed) == text
    assert snapshots.unpack(text) == text  # SQLite text from before migration 5
    assert snapshots.unpack(text.encode()) == text  # PostgreSQL's BYTEA of such a text
    for damaged in (packed[:-3], b"\x78\x9c garbage", b"\x00"):
        with pytest.raises(ValueError):
            snapshots.unpack(damaged)
    assert [v for v in range(3 * EVERY) if snapshots.due(v, False)] == [0, EVERY, 2 * EVERY]
    assert snapshots.due(EVERY + 1, True)


async def test_a_move_stored_as_bytes_is_a_corrupt_log_not_a_crash(db_path: Path) -> None:
    """SQLite only: PostgreSQL's column is TEXT and cannot hold bytes at all."""
    from storage import LogCorrupt

    store = await Store.open(db_path)
    try:
        game, state = await started_game(store, seed=30)
        await record_all(store, game.id, state, 3)
        await raw_sql(store, "DELETE FROM moves WHERE game_id = ? AND seq = 3", (game.id,))
        await raw_sql(
            store,
            "INSERT INTO moves (game_id, seq, move, events, user_id, created_at) VALUES (?, 3, ?, '[]', NULL, 0)",
            (game.id, b"\x00\x01"),
        )
        with pytest.raises(LogCorrupt):
            await store.load_state(game.id)
    finally:
        await store.close()
