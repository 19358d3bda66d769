"""The move log: one transaction per move, optimistic concurrency, snapshot repair, rollback, reminders."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import T0, play, raw_sql, record_all, same, snapshot_text, started_game, stored_snapshot, user_of

import engine
from storage import ChannelBusy, GameNotFound, LogCorrupt, StaleVersion, Store, WrongStatus, open_store, snapshots


async def count_moves(store: Store, game_id: int) -> int:
    return len(await store.moves(game_id))


snapshot_row = stored_snapshot


async def test_append_move_writes_move_snapshot_and_game(store: Store) -> None:
    game, state = await started_game(store)
    await store.mark_reminded(game.id, T0 + 50)
    [(move, new_state, events)] = play(state, 1)
    record, _ = await store.append_move(game.id, 0, move, new_state, events, user_of(move), T0 + 60)
    assert (record.seq, record.user_id, record.created_at) == (1, user_of(move), T0 + 60)
    assert record.move == engine.move_to_json(move) and record.events == events
    assert engine.move_from_json(record.move) == move
    # No snapshot is due after one move (storage/snapshots.py): the one of the start stays.
    assert await snapshot_row(store, game.id) == (0, snapshot_text(state))
    after = await store.game(game.id)
    assert (after.version, after.updated_at, after.last_move_at) == (1, T0 + 60, T0 + 60)
    assert (after.reminders_sent, after.last_reminder_at) == (0, None)
    assert after.current_seat == new_state.current_player
    assert same(await store.load_state(game.id), new_state)
    # The move that makes the version a multiple of snapshots.EVERY writes one.
    final, _ = await record_all(store, game.id, new_state, snapshots.EVERY - 1, now=T0 + 100)
    assert final.version == snapshots.EVERY
    assert await snapshot_row(store, game.id) == (snapshots.EVERY, snapshot_text(final))


async def test_stale_version_writes_nothing(store: Store) -> None:
    game, state = await started_game(store)
    state, _ = await record_all(store, game.id, state, 3)
    before = (await store.game(game.id), await snapshot_row(store, game.id))
    [(move, new_state, events)] = play(state, 1)
    # Another interaction computed its move from version 2, but the game is at 3 by now.
    saved = await store.saved_game(game.id)
    older = engine.replay({**saved, "moves": saved["moves"][:2]})
    older_move = engine.ai_move(older, kind="random")
    older_next, older_events = engine.step(older, older_move)
    with pytest.raises(StaleVersion) as caught:
        await store.append_move(game.id, 2, older_move, older_next, older_events, user_of(older_move), T0 + 99)
    assert (caught.value.expected, caught.value.actual) == (2, 3)
    assert await count_moves(store, game.id) == 3
    assert (await store.game(game.id), await snapshot_row(store, game.id)) == before
    assert same(await store.load_state(game.id), state)
    # The right version still goes through afterwards.
    await store.append_move(game.id, 3, move, new_state, events, user_of(move), T0 + 100)
    assert await count_moves(store, game.id) == 4


async def test_append_move_checks_its_arguments(store: Store) -> None:
    game, state = await started_game(store)
    [(move, new_state, events)] = play(state, 1)
    with pytest.raises(ValueError):
        await store.append_move(game.id, 1, move, new_state, events, 1, T0)
    with pytest.raises(GameNotFound):
        await store.append_move(game.id + 100, 0, move, new_state, events, 1, T0)
    lobby = await store.create_game(1, 999, "entdecker", {}, 1, 1, T0)
    with pytest.raises(WrongStatus):
        await store.append_move(lobby.id, 0, move, new_state, events, 1, T0)
    assert await count_moves(store, game.id) == 0


async def two_different_next_states(state: Any) -> list[tuple[Any, Any, list[dict[str, Any]]]]:
    legal = engine.legal_moves(state)
    assert len(legal) >= 2, "the opening position should offer a choice"
    return [(m, *engine.step(state, m)) for m in legal[:2]]


async def test_concurrent_moves_in_one_store_exactly_one_wins(store: Store) -> None:
    game, state = await started_game(store)
    (m1, s1, e1), (m2, s2, e2) = await two_different_next_states(state)
    results = await asyncio.gather(
        store.append_move(game.id, 0, m1, s1, e1, user_of(m1), T0 + 1),
        store.append_move(game.id, 0, m2, s2, e2, user_of(m2), T0 + 1),
        return_exceptions=True,
    )
    winners = [r for r in results if not isinstance(r, BaseException)]
    assert len(winners) == 1 and sum(isinstance(r, StaleVersion) for r in results) == 1
    won_state = s1 if winners[0][0].user_id == 1 else s2
    assert await count_moves(store, game.id) == 1
    assert same(await store.load_state(game.id), won_state)
    assert same(await store.rebuild_state(game.id), won_state)


async def test_concurrent_moves_in_two_processes_exactly_one_wins(db_url: str) -> None:
    a = await open_store(db_url)
    b = await open_store(db_url)
    try:
        game, state = await started_game(a)
        (m1, s1, e1), (m2, s2, e2) = await two_different_next_states(state)
        for _ in range(5):  # repeat the race a few times, each time from the current version
            results = await asyncio.gather(
                a.append_move(game.id, s1.version - 1, m1, s1, e1, user_of(m1), T0 + 1),
                b.append_move(game.id, s2.version - 1, m2, s2, e2, user_of(m2), T0 + 1),
                return_exceptions=True,
            )
            assert sum(isinstance(r, StaleVersion) for r in results) == 1, results
            state = await b.load_state(game.id)
            if state.game_over:
                break
            (m1, s1, e1), (m2, s2, e2) = await two_different_next_states(state)
        assert await count_moves(a, game.id) == state.version
        assert same(await a.rebuild_state(game.id), state)
    finally:
        await a.close()
        await b.close()


@pytest.mark.parametrize("damage", ["garbage", "delete", "behind", "wrong_version_column"])
async def test_damaged_snapshot_is_rebuilt_by_replay(store: Store, damage: str) -> None:
    game, state = await started_game(store, seed=3)
    final, triples = await record_all(store, game.id, state, 12)
    if damage == "garbage":
        await raw_sql(store, "UPDATE snapshots SET state = '{not json' WHERE game_id = ?", (game.id,))
    elif damage == "delete":
        await raw_sql(store, "DELETE FROM snapshots WHERE game_id = ?", (game.id,))
    elif damage == "behind":  # e.g. a snapshot write lost by a bug: an older, valid state
        old = snapshot_text(triples[4][1])
        await raw_sql(
            store, "UPDATE snapshots SET version = 5, state = ? WHERE game_id = ?", (snapshots.pack(old), game.id)
        )
    else:
        await raw_sql(store, "UPDATE snapshots SET version = version - 1 WHERE game_id = ?", (game.id,))
    loaded = await store.load_state(game.id)
    assert same(loaded, final) and loaded.version == len(triples)
    assert await snapshot_row(store, game.id) == (final.version, snapshot_text(final))


async def test_rebuild_fixes_a_snapshot_that_disagrees_with_the_log(store: Store) -> None:
    game, state = await started_game(store, seed=4)
    final, _ = await record_all(store, game.id, state, 6)
    # Same version number, different content: only a replay can notice.
    other_game = engine.new_game("entdecker", players=["X", "Y"], options={}, seed=99)
    wrong = snapshot_text(play(other_game, 6)[-1][1])
    await raw_sql(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", (snapshots.pack(wrong), game.id))
    assert same(await store.rebuild_state(game.id), final)
    assert await snapshot_row(store, game.id) == (final.version, snapshot_text(final))


async def test_unreplayable_log_raises_log_corrupt(store: Store) -> None:
    game, state = await started_game(store)
    await record_all(store, game.id, state, 2)
    await raw_sql(store, "DELETE FROM moves WHERE game_id = ? AND seq = 2", (game.id,))
    await raw_sql(
        store,
        "INSERT INTO moves (game_id, seq, move, events, user_id, created_at) VALUES (?, 2, ?, '[]', NULL, 0)",
        (game.id, '{"kind": "no-such-move", "player": 0}'),
    )
    with pytest.raises(LogCorrupt):
        await store.rebuild_state(game.id)


async def test_log_is_append_only(store: Store) -> None:
    game, state = await started_game(store)
    await record_all(store, game.id, state, 2)
    with pytest.raises(Exception, match="append-only"):
        await raw_sql(store, "UPDATE moves SET user_id = 5 WHERE game_id = ?", (game.id,))
    with pytest.raises(Exception, match="next version"):
        await raw_sql(store, "INSERT INTO moves (game_id, seq, move, created_at) VALUES (?, 7, '{}', 0)", (game.id,))


async def test_reopen_gives_the_same_state(db_url: str) -> None:
    first = await open_store(db_url)
    game, state = await started_game(first, seed=21)
    final, _ = await record_all(first, game.id, state, 10)
    await first.close()
    second = await open_store(db_url)
    try:
        assert same(await second.load_state(game.id), final)
        assert same(await second.rebuild_state(game.id), final)
    finally:
        await second.close()


async def test_killed_process_loses_no_accepted_move(db_url: str) -> None:
    """A writer SIGKILLed right after its last commit: a new Store sees every recorded move."""
    script = textwrap.dedent(
        f"""
        import asyncio, os, signal, sys
        sys.path[:0] = {sys.path!r}
        from storage import open_store
        from storage_helpers import record_all, started_game

        async def main():
            store = await open_store({db_url!r})
            game, state = await started_game(store, seed=33)
            await record_all(store, game.id, state, 15)
            os.kill(os.getpid(), signal.SIGKILL)  # no close(), no checkpoint: the WAL must carry it

        asyncio.run(main())
        """
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), *sys.path])}
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, timeout=120)
    assert proc.returncode == -9, proc.stderr.decode()
    state = engine.new_game("entdecker", players=["Ann", "Bob"], options={}, seed=33)
    expected = play(state, 15)[-1][1]
    store = await open_store(db_url)
    try:
        game = await store.active_game(100) or (await store.history(100))[0]
        assert game.version == expected.version
        assert same(await store.load_state(game.id), expected)
    finally:
        await store.close()


async def test_rollback(store: Store) -> None:
    game, state = await started_game(store, seed=8)
    _, triples = await record_all(store, game.id, state, 10)
    with pytest.raises(StaleVersion):
        await store.rollback(game.id, 7, T0 + 500, expected_version=9)
    back = await store.rollback(game.id, 7, T0 + 500, expected_version=10)
    assert same(back, triples[6][1]) and back.version == 7
    assert await count_moves(store, game.id) == 7
    assert same(await store.load_state(game.id), triples[6][1])
    after = await store.game(game.id)
    assert (after.version, after.last_move_at, after.current_seat) == (7, T0 + 500, back.current_player)
    # Play continues from the rolled-back version (seq 8 is free again).
    [(move, nxt, events)] = play(back, 1)
    await store.append_move(game.id, 7, move, nxt, events, user_of(move), T0 + 501)
    assert same(await store.rebuild_state(game.id), nxt)
    assert same(await store.rollback(game.id, 0, T0 + 502), state)
    assert await count_moves(store, game.id) == 0
    with pytest.raises(ValueError):
        await store.rollback(game.id, 3, T0 + 503)


async def test_recent_moves_newest_n_in_order(store: Store) -> None:
    game, state = await started_game(store)
    _, triples = await record_all(store, game.id, state, 8)
    recent = await store.recent_moves(game.id, limit=3)
    assert [m.seq for m in recent] == [6, 7, 8]
    assert [m.created_at for m in recent] == [T0 + 6, T0 + 7, T0 + 8]
    assert [m.events for m in recent] == [t[2] for t in triples[5:8]]
    assert [m.seq for m in await store.moves(game.id, after=6)] == [7, 8]


async def test_idle_games_and_reminders(store: Store) -> None:
    hour = 3600.0
    quiet, state = await started_game(store, channel_id=1, now=T0)
    busy, busy_state = await started_game(store, channel_id=2, now=T0)
    await store.create_game(1, 3, "entdecker", {}, 1, 1, T0)  # lobbies are never idle
    [(move, nxt, events)] = play(busy_state, 1)
    await store.append_move(busy.id, 0, move, nxt, events, user_of(move), T0 + 20 * hour)

    idle = await store.idle_games(now=T0 + 25 * hour, idle_seconds=24 * hour)
    assert [i.game.id for i in idle] == [quiet.id]
    entry = idle[0]
    assert (entry.game.channel_id, entry.idle_since, entry.game.reminders_sent) == (1, T0, 0)
    assert entry.player is not None and entry.player.seat == state.current_player

    await store.mark_reminded(quiet.id, T0 + 25 * hour)
    assert await store.idle_games(now=T0 + 30 * hour, idle_seconds=24 * hour) == []
    again = await store.idle_games(now=T0 + 49 * hour, idle_seconds=24 * hour)
    assert [(i.game.id, i.game.reminders_sent) for i in again] == [(quiet.id, 1), (busy.id, 0)]
    capped = await store.idle_games(now=T0 + 49 * hour, idle_seconds=24 * hour, max_reminders=1)
    assert [i.game.id for i in capped] == [busy.id]
    # Moving resets the count and the clock.
    [(move, nxt, events)] = play(state, 1)
    await store.append_move(quiet.id, 0, move, nxt, events, user_of(move), T0 + 50 * hour)
    assert (await store.game(quiet.id)).reminders_sent == 0
    idle = await store.idle_games(now=T0 + 75 * hour, idle_seconds=24 * hour)
    assert sorted(i.game.id for i in idle) == sorted([quiet.id, busy.id])


async def test_game_over_finishes_the_game_and_rollback_reopens_it(store: Store) -> None:
    game, state = await started_game(store, seed=5)
    moves = 0
    while not state.game_over and moves < 5000:
        state, _ = await record_all(store, game.id, state, 50, now=T0 + moves)
        moves += 50
    if not state.game_over:
        pytest.skip("self-play did not finish within 5000 moves")
    done = await store.game(game.id)
    assert (done.status, done.current_seat, done.version) == ("finished", None, state.version)
    assert done.ended_at == done.last_move_at
    assert await store.active_game(100) is None
    # Undo is refused while the channel hosts a newer game, and changes nothing.
    newer = await store.create_game(1, 100, "entdecker", {}, 1, 1, T0 + 10**6)
    with pytest.raises(ChannelBusy):
        await store.rollback(game.id, state.version - 1, T0 + 10**6)
    assert await count_moves(store, game.id) == state.version
    await store.abandon_game(newer.id, T0 + 10**6)
    [(move, nxt, events)] = play(await store.rollback(game.id, state.version - 1, T0 + 10**6), 1)
    reopened = await store.game(game.id)
    assert (reopened.status, reopened.ended_at) == ("active", None)
    await store.append_move(game.id, state.version - 1, move, nxt, events, user_of(move), T0 + 10**6 + 1)
    assert (await store.game(game.id)).status == "finished"
