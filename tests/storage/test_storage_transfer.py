"""`python -m storage migrate`: copying a server's games between backends, and the check that they replay alike."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from storage_helpers import T0, play, raw_sql, record_all, same, started_game, user_of

import engine
from storage import AnyStore, StorageError, open_store
from storage.__main__ import main
from storage.transfer import CopyReport, _check, _Side, copy_database
from tests.pgserver import PgServer


async def fill(store: AnyStore) -> dict[int, object]:
    """Games of every kind: a lobby with an AI, an active game with moves, an abandoned one, a reminded one and a
    finished one (the ended two with their logs archived)."""
    lobby = await store.create_game(1, 10, "entdecker", {"x": 1}, 5, 1, T0, host_name="Host")
    await store.add_ai(lobby.id, "Robo", "heuristic", 4, T0 + 1)
    active, state = await started_game(store, channel_id=11, seed=12)
    await record_all(store, active.id, state, 10)
    final = await store.rollback(active.id, 9, T0 + 20, expected_version=10, undone_by="Ann")  # kept in undos
    await store.set_dm_reminders(77, True, T0 + 21)
    await store.set_user_time(77, T0 + 21, timezone="Europe/Berlin", quiet_from=1320, quiet_to=420, digest=True)
    await store.set_announced_version(active.id, 8, board_message_id=555, turn_message_id=666)
    gone, gone_state = await started_game(store, channel_id=12, seed=13)
    await record_all(store, gone.id, gone_state, 3)
    await store.abandon_game(gone.id, T0 + 50)
    quiet, _ = await started_game(store, channel_id=13, seed=14, names=("A", "B", "C"))
    await store.mark_reminded(quiet.id, T0 + 60)
    done, done_state = await started_game(store, channel_id=14, seed=15)
    await record_all(store, done.id, done_state, 1000)
    return {active.id: final}


async def assert_same_content(a: AnyStore, b: AnyStore) -> None:
    games_a = await raw_sql(a, "SELECT id FROM games ORDER BY id")
    assert [r[0] for r in games_a] == [r[0] for r in await raw_sql(b, "SELECT id FROM games ORDER BY id")]
    for (game_id,) in games_a:
        assert await a.game(game_id) == await b.game(game_id)
        assert await a.players(game_id) == await b.players(game_id)
        assert await a.moves(game_id) == await b.moves(game_id)
        assert await a.undos(game_id) == await b.undos(game_id)
        if (await a.game(game_id)).status != "lobby":
            assert same(await a.load_state(game_id), await b.load_state(game_id))
    assert await a.dm_reminders(77) and await b.dm_reminders(77)
    assert await a.results(1) == await b.results(1) and len(await a.results(1)) == 1


@pytest.mark.parametrize("direction", ["sqlite_to_postgres", "postgres_to_sqlite"])
async def test_copy_keeps_every_game_and_replays_alike(db_path: Path, pg_url: str, direction: str) -> None:
    source_url, target_url = (str(db_path), pg_url) if direction == "sqlite_to_postgres" else (pg_url, str(db_path))
    source = await open_store(source_url)
    finals = await fill(source)
    await source.close()

    report = await copy_database(source_url, target_url)
    assert report.ok, report.mismatches
    assert report.rows == {
        "games": 5,
        "players": 11,
        "moves": 9,  # the active game's; the abandoned and the finished games' logs are archived
        "move_archives": 2,
        "snapshots": 4,
        "undos": 1,
        "user_settings": 1,
        "results": 1,  # the finished game's
        "result_seats": 2,
        "user_time": 1,
    }
    assert report.games_checked == 4

    source, target = await open_store(source_url), await open_store(target_url)
    try:
        await assert_same_content(source, target)
        for game_id, final in finals.items():
            assert same(await target.load_state(game_id), final)
            # Play goes on in the copy from where it was.
            [(move, nxt, events)] = play(final, 1)
            await target.append_move(game_id, final.version, move, nxt, events, user_of(move), T0 + 100)
            assert same(await target.rebuild_state(game_id), nxt)
        # New games get new numbers, after the copied ones.
        fresh = await target.create_game(1, 99, "entdecker", {}, 1, 1, T0)
        assert fresh.id == 6
        # The archived logs came across as they were stored, and read back the same (assert_same_content).
        query = "SELECT game_id, moves, log_digest, digest, log FROM move_archives ORDER BY game_id"
        archived = [
            tuple(bytes(v) if isinstance(v, memoryview) else v for v in r) for r in await raw_sql(source, query)
        ]
        assert archived == [tuple(r) for r in await raw_sql(target, query)] and len(archived) == 2
    finally:
        await source.close()
        await target.close()


async def test_copy_refuses_a_target_with_games(db_path: Path, pg_url: str) -> None:
    for url in (str(db_path), pg_url):
        store = await open_store(url)
        await store.create_game(1, 10, "entdecker", {}, 5, 1, T0)
        await store.close()
    with pytest.raises(StorageError, match="already holds 1 games"):
        await copy_database(str(db_path), pg_url)


async def test_check_reports_a_copy_that_replays_differently(db_path: Path, pg_url: str) -> None:
    source = await open_store(str(db_path))
    finals = await fill(source)
    await source.close()
    await copy_database(str(db_path), pg_url)
    [game_id] = finals
    source, target = await open_store(str(db_path)), await open_store(pg_url)
    try:
        # Swap the copy's setup for another seed's: its log no longer gives the original's state.
        other = engine.saved_game(engine.new_game("entdecker", players=["Ann", "Bob"], options={}, seed=999))
        setup = {k: v for k, v in other.items() if k != "moves"}
        await raw_sql(target, "UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), game_id))
        report = CopyReport()
        await _check(_Side(source), _Side(target), report, lambda _: None)
        assert not report.ok and len(report.mismatches) == 1
        assert report.mismatches[0].startswith(f"game {game_id}:")
    finally:
        await source.close()
        await target.close()


def test_the_command_copies_and_says_so(db_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str]) -> None:
    async def prepare() -> str:
        store = await open_store(str(db_path))
        await fill(store)
        await store.close()
        return await pg_server.new_schema()

    target = asyncio.run(prepare())
    assert main(["migrate", "--from", str(db_path), "--to", target]) == 0
    out = capsys.readouterr().out
    copied = (
        "copied 5 games, 11 players, 9 moves, 2 move_archives, 4 snapshots, 1 undos, 1 user_settings, 1 results,"
        " 2 result_seats, 1 user_time"
    )
    assert f"{copied}; 4 started games replay" in out
    # A second run finds the target full and says why, without a traceback.
    assert main(["migrate", "--from", str(db_path), "--to", target]) == 2
    assert "already holds 5 games" in capsys.readouterr().err
