"""A move acts once, and its answer is true (issue 19 items 1-3), with the faults made the real way: a connection to
PostgreSQL cut at COMMIT by a TCP proxy, the same command sent twice at once, an old button clicked after /undo."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from bot.app import EntdeckerBot
from bot.service import Table, recorder, stamp
from storage import open_store
from tests.fakediscord import FakeDiscord
from tests.pgproxy import CommitCutter, Mode
from tests.pgserver import PgServer

from . import helpers
from .helpers import ok, refused, table_of, turn_message

CHANNEL = "game-1"


async def to_a_repeatable_draw(bot: EntdeckerBot, fake: FakeDiscord) -> tuple[Table, str, str]:
    """Play on (the heuristic AI's choices, through the services) until the player to act may draw from a pile and,
    having drawn, may draw from it again: a repeat of that command would still be legal. The table, the player,
    the draw."""
    channel_id = fake.channel(CHANNEL).id
    for _ in range(300):
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.current is not None
        for entry in table.view(None)["legal"]:
            move = engine.move_from_key(table.state, entry["key"])
            if move.kind == "draw":
                after, _ = engine.step(table.state, move)
                again = [e for e in engine.view(after, None)["legal"] if e["key"] == move.key]
                if again and again[0]["player"] == move.player:
                    return table, helpers.user_of(fake, table), move.key
        await bot.services.turns.play(channel_id, table.current.user_id, key=helpers.pick(table))
    raise AssertionError("no draw that could be repeated")


async def chosen(fake: FakeDiscord, user: str, key: str) -> str:
    """The autocomplete choice of `/play move:` for `key`, as Discord sends it (with the state it was offered at)."""
    choices = await fake.autocomplete(user, CHANNEL, "play", focused="move", value=key)
    return next(c["value"] for c in choices if stamp.untagged(c["value"])[0] == key)


async def both(fake: FakeDiscord, user: str, value: str) -> list[str]:
    """`/play move:value` sent twice at once by one user: the two answers, the one that moved first."""
    handles = await asyncio.gather(*(fake.slash(user, CHANNEL, "play", move=value) for _ in range(2)))
    answers = [(await handle.final(timeout=15)).content for handle in handles]
    return sorted(answers, key=lambda text: not text.startswith("✅"))


async def test_the_same_command_sent_twice_at_once_acts_once(tmp_path: Path) -> None:
    async with helpers.started(tmp_path, CHANNEL, ["alice", "bob"]) as (fake, bot):
        table, user, key = await to_a_repeatable_draw(bot, fake)
        version = table.version
        # Typed (no state of its own): the second finds the first one's move, made from the state both arrived at.
        done, repeat = await both(fake, user, key)
        assert done.startswith("✅") and repeat.startswith("⚠️ Already done"), (done, repeat)
        assert f"(move {version + 1})" in repeat
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == version + 1
        # Chosen from the list: the value carries the state it was offered at; the draw is legal once more here.
        value = await chosen(fake, user, key)
        done, repeat = await both(fake, user, value)
        assert done.startswith("✅") and repeat.startswith("⚠️ Already done"), (done, repeat)
        # The same choice sent once more, later, is still that request: done already, and nothing is done again.
        assert "Already done" in await refused(await fake.slash(user, CHANNEL, "play", move=value))
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == version + 2
        logged = await bot.services.store.moves(table.game_id, after=version)
        assert [engine.move_from_json(m.move).key for m in logged] == [key, key]


async def test_an_old_button_of_the_same_version_after_undo_is_refused(tmp_path: Path) -> None:
    async with helpers.started(tmp_path, CHANNEL, ["alice", "bob"]) as (fake, bot):
        await ok(await helpers.play_move(fake, CHANNEL, "alice", "ship:A1N"))
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == 1
        old = copy.deepcopy(turn_message(fake, table))  # its buttons, as they were made for version 1
        await ok(await helpers.click_move(fake, turn_message(fake, table), "alice", "explore:2"))
        await ok(await fake.slash("alice", CHANNEL, "undo"))  # declaring showed nothing: alone
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == 1
        # Version 1 again, but not the state that button was made for.
        text = await refused(await helpers.click_old(fake, CHANNEL, old, "alice", "explore:4"))
        assert "earlier turn" in text and "/entdecker explore tiles:" in text, text
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == 1
        # The restored turn's own buttons act.
        await ok(await helpers.click_move(fake, turn_message(fake, table), "alice", "explore:4"))
        table = await table_of(bot, fake, CHANNEL)
        assert table is not None and table.version == 2
        assert table.view(None)["legal"][0]["key"].startswith("draw:")


@pytest.fixture
async def cutter(pg_server: PgServer) -> AsyncIterator[CommitCutter]:
    proxy = await CommitCutter.start(pg_server.folder)
    yield proxy
    await proxy.stop()


@pytest.mark.parametrize("mode", ["answer_lost", "commit_lost"])
async def test_a_connection_cut_at_commit_is_answered_truly_and_a_retry_acts_once(
    mode: Mode, pg_url: str, cutter: CommitCutter, tmp_path: Path
) -> None:
    """`answer_lost`: PostgreSQL commits the move and the connection drops before its answer arrives (the bot used to
    say it was not saved, and the retry drew twice). `commit_lost`: the COMMIT never arrives, nothing is stored."""
    observer = await open_store(pg_url)  # straight to the server, not through the proxy
    try:
        async with FakeDiscord() as fake:
            async with helpers.running(fake, helpers.settings(tmp_path / "unused.db", db_path=cutter.url(pg_url))) as (
                bot,
                _,
            ):
                await helpers.open_game(fake, CHANNEL, ["alice", "bob"])
                table, user, key = await to_a_repeatable_draw(bot, fake)
                version = table.version
                value = await chosen(fake, user, key)
                cutter.arm(mode)
                handle = await fake.slash(user, CHANNEL, "play", move=value)
                answer = (await handle.final(timeout=30)).content
                assert cutter.cuts == 1
                stored = (await observer.game(table.game_id)).version
                if mode == "answer_lost":
                    assert stored == version + 1
                    assert answer.startswith("✅ Done, and saved"), answer
                else:
                    assert stored == version
                    assert answer.startswith("⚠️") and "it was not made, and nothing changed" in answer, answer
                # The player sends it again, as they were told (or to be sure): it acts once in all.
                again = (await (await fake.slash(user, CHANNEL, "play", move=value)).final(timeout=15)).content
                if mode == "answer_lost":
                    assert again.startswith("⚠️ Already done"), again
                else:
                    assert again.startswith("✅"), again
                assert (await observer.game(table.game_id)).version == version + 1
                moves = await observer.moves(table.game_id, after=version)
                assert [engine.move_from_json(m.move).key for m in moves] == [key]
            fake.assert_no_violations()
    finally:
        await observer.close()


async def test_an_outcome_that_cannot_be_read_is_told_so_and_the_retry_as_told_acts_once(
    pg_url: str, cutter: CommitCutter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer to COMMIT is lost and the server stays out of reach while the bot tries to read what happened: the
    player is told it is not known, and that sending the same (typed) command again is safe; it is."""
    # The same tries with shorter pauses: the bot's ~8 s of them were the test's wall time, spent waiting.
    monkeypatch.setattr(recorder, "SETTLE_WAITS", (0.05, 0.1, 0.2))
    observer = await open_store(pg_url)
    try:
        async with FakeDiscord() as fake:
            config = helpers.settings(tmp_path / "unused.db", db_path=cutter.url(pg_url))
            async with helpers.running(fake, config) as (bot, _):
                await helpers.open_game(fake, CHANNEL, ["alice", "bob"])
                table, user, key = await to_a_repeatable_draw(bot, fake)
                version = table.version
                cutter.arm("answer_lost", block=True)
                answer = await refused(await fake.slash(user, CHANNEL, "play", move=key))
                assert "cannot be reached to tell whether" in answer and "again is safe" in answer, answer
                assert (await observer.game(table.game_id)).version == version + 1  # it was stored
                cutter.unblock()
                again = await refused(await fake.slash(user, CHANNEL, "play", move=key))
                assert again.startswith("⚠️ Already done") and f"(move {version + 1})" in again, again
                assert (await observer.game(table.game_id)).version == version + 1
                # The move the lost answer hid is shown in the channel now (the repeat repaired the turn message).
                for _ in range(100):
                    if (await observer.game(table.game_id)).announced_version == version + 1:
                        break
                    await asyncio.sleep(0.1)
                assert (await observer.game(table.game_id)).announced_version == version + 1
            fake.assert_no_violations()
    finally:
        await observer.close()
