"""Idempotent moves (issue 19 item 1, migration 0008): a move's key is stored with it, one request acts once, and a
lost outcome is settled by looking the key up, live log or archived."""

from __future__ import annotations

import pytest
from storage_helpers import T0, play, raw_sql, started_game, user_of

from storage import AlreadyDone, StaleVersion, Store
from storage.errors import Conflict


async def test_a_repeated_key_is_already_done_and_writes_nothing(store: Store) -> None:
    game, state = await started_game(store)
    (first, s1, e1), (second, s2, e2) = play(state, 2)
    await store.append_move(game.id, 0, first, s1, e1, user_of(first), T0 + 1, key="k-first")
    assert await store.move_landed(game.id, "k-first") == 1
    assert await store.move_landed(game.id, "k-other") is None
    # The same request again, judged on the state it was made for: refused as done, not as overtaken.
    with pytest.raises(AlreadyDone) as done:
        await store.append_move(game.id, 0, first, s1, e1, user_of(first), T0 + 2, key="k-first")
    assert done.value.seq == 1
    # Another request from that state is overtaken as before.
    with pytest.raises(StaleVersion):
        await store.append_move(game.id, 0, first, s1, e1, user_of(first), T0 + 2, key="k-new")
    # The index refuses the key twice in one game even where the version check would let it through.
    with pytest.raises(Conflict):
        await store.append_move(game.id, 1, second, s2, e2, user_of(second), T0 + 3, key="k-first")
    assert (await store.game(game.id)).version == 1
    rows = await raw_sql(store, "SELECT seq, idem_key FROM moves WHERE game_id = ?", (game.id,))
    assert [tuple(row) for row in rows] == [(1, "k-first")]


async def test_keys_are_per_game_and_go_with_an_undo(store: Store) -> None:
    one, state_one = await started_game(store, channel_id=1)
    two, state_two = await started_game(store, channel_id=2)
    [(move, after, events)] = play(state_one, 1)
    await store.append_move(one.id, 0, move, after, events, user_of(move), T0 + 1, key="same")
    [(move2, after2, events2)] = play(state_two, 1)
    await store.append_move(two.id, 0, move2, after2, events2, user_of(move2), T0 + 1, key="same")
    await store.rollback(one.id, 0, T0 + 2, undone_by="Ann")
    assert await store.move_landed(one.id, "same") is None  # taken back: the same request may act again
    await store.append_move(one.id, 0, move, after, events, user_of(move), T0 + 3, key="same")
    assert await store.move_landed(two.id, "same") == 1


async def test_the_key_of_a_game_that_ended_is_found_in_its_archive(store: Store) -> None:
    game, state = await started_game(store)
    triples = play(state, 400, kind="heuristic")
    assert triples[-1][1].game_over
    for i, (move, new_state, events) in enumerate(triples):
        await store.append_move(game.id, i, move, new_state, events, user_of(move), T0 + i, key=f"k{i + 1}")
    assert (await store.game(game.id)).status == "finished"
    assert (await raw_sql(store, "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game.id,)))[0][0] == 0
    last = len(triples)
    assert await store.move_landed(game.id, f"k{last}") == last
    assert await store.move_landed(game.id, "k1") == 1
    move, new_state, events = triples[-1]
    with pytest.raises(AlreadyDone):  # the move that ended it, asked for again
        await store.append_move(game.id, last - 1, move, new_state, events, user_of(move), T0, key=f"k{last}")
    # An undo of the end takes the keys back out of the archive with the moves.
    await store.rollback(game.id, last - 1, T0 + 1000)
    assert await store.move_landed(game.id, f"k{last - 1}") == last - 1
    assert await store.move_landed(game.id, f"k{last}") is None
