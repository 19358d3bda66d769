"""Results (migration 0009): one per finished game, written with its last move, gone with an undone end, none for an
abandoned game, backfilled for games that finished before the migration."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import T0, downgrade, raw_sql

import engine
from engine.games import registered
from storage import ChannelBusy, ResultSeat, Store, WrongStatus
from tests.toygame import GAME as NIM

GUILD = 1


@pytest.fixture(autouse=True)
def nim() -> Iterator[None]:
    with registered(NIM):
        yield


async def nim_game(
    store: Store, channel: int = 100, stones: int = 7, seed: int = 3, ai: bool = False
) -> tuple[int, Any]:
    """A started Nim game: Ann (user 1) at seat 0, Bob (user 2) or a perfect AI at seat 1."""
    game = await store.create_game(GUILD, channel, "nim", {"stones": stones}, seed, 1, T0, host_name="Ann")
    if ai:
        await store.add_ai(game.id, "Bouton", "perfect", 2, T0)
    else:
        await store.join(game.id, 2, "Bob", 2, T0)
    state = engine.new_game("nim", ["Ann", "Bob"], {"stones": stones}, seed)
    await store.start_game(game.id, state, T0)
    return game.id, state


async def play_out(store: Store, game_id: int, state: Any, now: float = T0, ai: bool = False) -> Any:
    """Moves of the perfect AI for both seats, one a second, until the game ends."""
    while not state.game_over:
        move = engine.ai_move(state, "perfect")
        state, events = engine.step(state, move)
        human = not (ai and move.player == 1)
        await store.append_move(game_id, state.version - 1, move, state, events, move.player + 1 if human else None,
                                now + state.version)  # fmt: skip
    return state


async def test_a_finished_game_writes_its_result(store: Store) -> None:
    game_id, state = await nim_game(store)
    final = await play_out(store, game_id, state)
    [result] = await store.results(GUILD)
    winner = final.result["winners"][0]
    assert (result.game_id, result.game, result.options, result.guild_id) == (game_id, "nim", {"stones": 7}, GUILD)
    assert result.ended_at == (await store.game(game_id)).ended_at
    assert result.seats == (
        ResultSeat(0, 1, None, "Ann", final.result["scores"][0], 1 if winner == 0 else 2),
        ResultSeat(1, 2, None, "Bob", final.result["scores"][1], 1 if winner == 1 else 2),
    )
    assert await store.results(GUILD, "entdecker") == [] and await store.results(GUILD + 1) == []


async def test_an_ai_seat_is_kept_by_its_kind(store: Store) -> None:
    game_id, state = await nim_game(store, ai=True)
    await play_out(store, game_id, state, ai=True)
    [result] = await store.results(GUILD, "nim")
    assert [(s.user_id, s.ai_kind, s.name) for s in result.seats] == [(1, None, "Ann"), (None, "perfect", "Bouton")]
    assert [r.game_id for r in await store.results(GUILD, user_id=1)] == [game_id]
    assert await store.results(GUILD, user_id=2) == []


async def test_an_undone_end_leaves_no_result_and_a_new_end_writes_one(store: Store) -> None:
    game_id, state = await nim_game(store)
    final = await play_out(store, game_id, state)
    before = await store.rollback(game_id, final.version - 1, T0 + 100)
    assert await store.results(GUILD) == []
    await play_out(store, game_id, before, now=T0 + 200)
    [result] = await store.results(GUILD)
    assert result.ended_at == T0 + 200 + final.version


async def test_a_rollback_to_the_end_keeps_the_result(store: Store) -> None:
    game_id, state = await nim_game(store)
    final = await play_out(store, game_id, state)
    kept = await store.results(GUILD)
    await store.rollback(game_id, final.version, T0 + 100)
    assert await store.results(GUILD) == kept


async def test_an_abandoned_game_leaves_no_result(store: Store) -> None:
    game_id, state = await nim_game(store)
    move = engine.ai_move(state, "perfect")
    after, events = engine.step(state, move)
    await store.append_move(game_id, 0, move, after, events, move.player + 1, T0 + 1)
    await store.abandon_game(game_id, T0 + 2)
    assert await store.results(GUILD) == []
    assert [row[0] for row in await raw_sql(store, "SELECT COUNT(*) FROM result_seats")] == [0]


async def test_results_come_oldest_first_across_channels(store: Store) -> None:
    ids = []
    for channel in (100, 101, 102):
        game_id, state = await nim_game(store, channel=channel, seed=channel)
        await play_out(store, game_id, state, now=T0 + 1000 * (103 - channel))  # the last channel ends first
        ids.append(game_id)
    assert [r.game_id for r in await store.results(GUILD)] == ids[::-1]


async def test_migration_9_writes_the_results_of_finished_games(db_path: Path) -> None:
    store = await Store.open(db_path)
    done_id, state = await nim_game(store, channel=100)
    final = await play_out(store, done_id, state)
    open_id, _ = await nim_game(store, channel=101)
    damaged_id, state = await nim_game(store, channel=102)
    await play_out(store, damaged_id, state)
    await store.close()
    with sqlite3.connect(db_path) as raw:
        downgrade(raw, 8)
        # A game whose final snapshot is gone gets its result by replaying its archived log.
        raw.execute("DELETE FROM snapshots WHERE game_id = ?", (damaged_id,))
    store = await Store.open(db_path)
    try:
        results = await store.results(GUILD)
        assert [r.game_id for r in results] == [done_id, damaged_id]
        assert [s.score for s in results[0].seats] == final.result["scores"]
        assert open_id not in [r.game_id for r in results]
    finally:
        await store.close()


async def test_a_rematch_opens_a_lobby_with_the_same_seats(store: Store) -> None:
    game_id, state = await nim_game(store, ai=True, stones=10)
    with pytest.raises(WrongStatus):  # not while the game is on
        await store.open_rematch(game_id, 99, 2, T0)
    await play_out(store, game_id, state, ai=True)
    lobby = await store.open_rematch(game_id, 99, 1, T0 + 500)
    assert (lobby.status, lobby.channel_id, lobby.guild_id, lobby.options) == ("lobby", 100, GUILD, {"stones": 10})
    assert (lobby.seed, lobby.seed_public, lobby.host_user_id) == (99, False, 1)
    old, new = await store.players(game_id), await store.players(lobby.id)
    assert [(p.seat, p.user_id, p.display_name, p.is_ai, p.ai_kind) for p in new] == [
        (p.seat, p.user_id, p.display_name, p.is_ai, p.ai_kind) for p in old
    ]
    with pytest.raises(ChannelBusy):
        await store.open_rematch(game_id, 98, 1, T0 + 501)
