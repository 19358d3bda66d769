"""Migration 0003 on both backends: who made each move, undos kept for the log, fair seeds, DM reminder choices."""

from __future__ import annotations

from storage_helpers import T0, play, started_game

from storage import AnyStore


async def test_moves_keep_their_actor_and_undos_keep_the_undone_move(store: AnyStore) -> None:
    game, state = await started_game(store)
    triples = play(state, 3)
    for i, (move, new_state, events) in enumerate(triples):
        actor = "Ann" if i < 2 else "AI for Bob"
        await store.append_move(game.id, new_state.version - 1, move, new_state, events, 1, T0 + i, actor=actor)
    assert [m.actor for m in await store.moves(game.id)] == ["Ann", "Ann", "AI for Bob"]
    assert [m.seq for m in await store.moves(game.id, limit=2)] == [1, 2]
    await store.set_announced_version(game.id, 3)
    back = await store.rollback(game.id, 2, T0 + 10, expected_version=3, undone_by="Ann (Bob agreed)")
    assert back.version == 2
    [undo] = await store.undos(game.id)
    assert (undo.seq, undo.actor, undo.undone_by, undo.move) == (
        3,
        "AI for Bob",
        "Ann (Bob agreed)",
        triples[2][0].to_json(),
    )
    # The restored state was not shown yet, nor will the next move at version 3 count as shown.
    assert (await store.game(game.id)).announced_version == 1
    assert [m.seq for m in await store.moves(game.id)] == [1, 2]
    # A rollback without undone_by (repair, tests) keeps nothing.
    await store.rollback(game.id, 1, T0 + 11, expected_version=2)
    assert len(await store.undos(game.id)) == 1


async def test_a_chosen_seed_is_marked_public(store: AnyStore) -> None:
    secret = await store.create_game(1, 10, "entdecker", {}, 123, 1, T0)
    chosen = await store.create_game(1, 11, "entdecker", {}, 42, 1, T0, seed_public=True)
    assert not (await store.game(secret.id)).seed_public
    assert (await store.game(chosen.id)).seed_public


async def test_dm_reminders_are_off_until_asked(store: AnyStore) -> None:
    assert not await store.dm_reminders(5)
    await store.set_dm_reminders(5, True, T0)
    assert await store.dm_reminders(5) and not await store.dm_reminders(6)
    await store.set_dm_reminders(5, False, T0 + 1)
    assert not await store.dm_reminders(5)
