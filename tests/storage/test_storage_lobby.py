"""Lobbies: one open game per channel, seats, start, substitutes, history."""

from __future__ import annotations

import asyncio

import pytest
from storage_helpers import T0, same, started_game

import engine
from storage import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    NotJoined,
    SeatNotFound,
    StorageError,
    Store,
    WrongStatus,
    open_store,
)


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await store.create_game(1, 100, "entdecker", {}, 1, 10, T0)
    assert first.status == "lobby" and first.version == 0
    with pytest.raises(ChannelBusy):
        await store.create_game(1, 100, "entdecker", {}, 2, 11, T0 + 1)
    other = await store.create_game(1, 200, "entdecker", {}, 3, 11, T0 + 1)  # another channel is free
    assert await store.active_game(100) == first
    assert (await store.active_game(200)).id == other.id

    ended = await store.abandon_game(first.id, T0 + 2)
    assert ended.status == "abandoned" and ended.ended_at == T0 + 2
    assert await store.active_game(100) is None
    second = await store.create_game(1, 100, "entdecker", {"v": 1}, 4, 12, T0 + 3)
    assert [g.id for g in await store.history(100)] == [second.id, first.id]
    assert (await store.history(100, limit=1))[0].options == {"v": 1}


async def test_finished_game_frees_the_channel(store: Store) -> None:
    game, _ = await started_game(store, channel_id=100)
    with pytest.raises(ChannelBusy):
        await store.create_game(1, 100, "entdecker", {}, 2, 11, T0)
    await store.finish_game(game.id, T0 + 5)
    assert (await store.game(game.id)).status == "finished"
    assert (await store.create_game(1, 100, "entdecker", {}, 2, 11, T0 + 6)).status == "lobby"


async def test_racing_creates_in_two_processes_leave_one_game(db_url: str) -> None:
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        results = await asyncio.gather(
            a.create_game(1, 100, "entdecker", {}, 1, 10, T0),
            b.create_game(1, 100, "entdecker", {}, 2, 11, T0),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["ChannelBusy", "GameRecord"]
    finally:
        await a.close()
        await b.close()


async def test_join_leave_and_ai_seats(store: Store) -> None:
    game = await store.create_game(1, 100, "entdecker", {}, 1, 10, T0, host_name="Host")
    assert [(p.seat, p.user_id) for p in await store.players(game.id)] == [(0, 10)]
    ann = await store.join(game.id, 20, "Ann", max_seats=4, now=T0 + 1)
    assert ann.seat == 1 and not ann.is_ai and ann.joined_at == T0 + 1
    with pytest.raises(AlreadyJoined):
        await store.join(game.id, 20, "Ann again", max_seats=4, now=T0 + 2)
    bot = await store.add_ai(game.id, "Robo", "heuristic", max_seats=4, now=T0 + 2)
    assert bot.seat == 2 and bot.is_ai and bot.ai_kind == "heuristic" and bot.user_id is None
    await store.add_ai(game.id, "Dice", "random", max_seats=4, now=T0 + 3)
    with pytest.raises(GameFull):
        await store.join(game.id, 30, "Cid", max_seats=4, now=T0 + 4)

    removed = await store.leave(game.id, 20, T0 + 5)
    assert removed.display_name == "Ann"
    with pytest.raises(NotJoined):
        await store.leave(game.id, 20, T0 + 5)
    # Later seats moved up: seats stay 0..n-1 in join order.
    assert [(p.seat, p.display_name) for p in await store.players(game.id)] == [(0, "Host"), (1, "Robo"), (2, "Dice")]
    await store.remove_seat(game.id, 1, T0 + 6)
    assert [(p.seat, p.display_name) for p in await store.players(game.id)] == [(0, "Host"), (1, "Dice")]
    with pytest.raises(SeatNotFound):
        await store.remove_seat(game.id, 7, T0 + 6)
    joined = await store.join(game.id, 20, "Ann", max_seats=4, now=T0 + 7)
    assert joined.seat == 2


async def test_start_game(store: Store) -> None:
    game, state = await started_game(store, names=("Ann", "Bob", "Cid"), seed=11)
    assert game.status == "active" and game.started_at == T0 and game.version == 0
    assert game.current_seat == state.current_player
    assert same(await store.load_state(game.id), state)
    with pytest.raises(WrongStatus):
        await store.join(game.id, 99, "Late", max_seats=4, now=T0)
    with pytest.raises(WrongStatus):
        await store.leave(game.id, 1, T0)
    with pytest.raises(WrongStatus):
        await store.start_game(game.id, state, T0)


async def test_start_game_needs_one_player_per_seat(store: Store) -> None:
    game = await store.create_game(1, 100, "entdecker", {}, 5, 1, T0, host_name="Ann")
    state = engine.new_game("entdecker", players=["Ann", "Bob"], options={}, seed=5)
    with pytest.raises(StorageError, match="seats"):
        await store.start_game(game.id, state, T0)
    assert (await store.game(game.id)).status == "lobby"
    with pytest.raises(WrongStatus):
        await store.load_state(game.id)


async def test_replace_seat_keeps_the_seat(store: Store) -> None:
    game, _ = await started_game(store, names=("Ann", "Bob"))
    ai = await store.replace_seat(game.id, 1, None, "Robo", "heuristic", T0 + 10)
    assert (ai.seat, ai.user_id, ai.is_ai, ai.ai_kind) == (1, None, True, "heuristic")
    with pytest.raises(AlreadyJoined):  # user 1 already holds seat 0
        await store.replace_seat(game.id, 1, 1, "Ann twice", None, T0 + 11)
    sub = await store.replace_seat(game.id, 1, 77, "Sub", None, T0 + 12)
    assert (sub.seat, sub.user_id, sub.is_ai, sub.ai_kind) == (1, 77, False, None)
    assert [p.user_id for p in await store.players(game.id)] == [1, 77]
    assert [g.id for g in await store.games_of_user(77)] == [game.id]
    with pytest.raises(SeatNotFound):
        await store.replace_seat(game.id, 5, 78, "Nobody", None, T0)


async def test_message_ids(store: Store) -> None:
    game, _ = await started_game(store)
    updated = await store.set_message_ids(game.id, board_message_id=555)
    assert (updated.board_message_id, updated.turn_message_id) == (555, None)
    updated = await store.set_message_ids(game.id, turn_message_id=666)
    assert (updated.board_message_id, updated.turn_message_id) == (555, 666)
    updated = await store.set_message_ids(game.id, board_message_id=None)
    assert (updated.board_message_id, updated.turn_message_id) == (None, 666)
