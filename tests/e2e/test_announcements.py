"""Announcements are idempotent (issue 14, item 7): a 502 that Discord acted on, a crash between posting a turn
message and recording it, a lobby lost in a crash; and an old turn message says that its turn has passed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot import create_bot
from bot.announcer import PASSED
from storage import StorageError
from tests.fakediscord import FAST_CLIENT_OPTIONS, FakeDiscord, FakeMessage, run_bot

from .helpers import ok, open_game, refused, running, settings, slash_move, started, table_of


def turn_messages_of(fake: FakeDiscord, channel: str, game_id: int, version: int) -> list[FakeMessage]:
    # The name also marks when the state was reached (a version comes back after an undo).
    mark = f"board-{game_id}-{version}-"
    return [m for m in fake.channel_messages(channel) if any(a.filename.startswith(mark) for a in m.attachments)]


async def test_a_502_after_discord_made_the_turn_message_posts_it_once(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        cid = fake.channel("game-1").id
        original = fake._channel
        failed: list[int] = []

        def flaky(method: str, p: list[str], request: Any, payload: Any, uploads: Any, route: str) -> Any:
            response = original(method, p, request, payload, uploads, route)
            if method == "POST" and p[1:] == [str(cid), "messages"] and not failed:
                failed.append(1)  # Discord made the message, then the gateway in front of it said 502
                return web.json_response({"message": "Bad Gateway"}, status=502)
            return response

        fake._channel = flaky  # type: ignore[method-assign]
        alice = fake.user("alice").id

        async def move(key: str) -> None:
            # Without an interaction (as an AI's move): the bot's own post with its nonce, the path this test is
            # about (a turn ended by a command or a click is that interaction's follow-up instead).
            await bot.announcer.announce(await bot.services.turns.play(cid, alice, key=key))

        for key in ("ship:A1N", "explore:1", "draw:1"):
            table = await table_of(bot, fake, "game-1")
            legal = [e["key"] for e in table.view(0)["legal"]] if table.current is not None else []
            if table.current is None or table.current.seat != 0 or key not in legal:
                break
            await move(key)
        table = await table_of(bot, fake, "game-1")
        while table.current is not None and fake.users[table.current.user_id].name == "alice":
            legal = [e["key"] for e in table.view(0)["legal"]]
            await move("stop" if "stop" in legal else legal[0])
            table = await table_of(bot, fake, "game-1")
        assert failed, "the turn never ended with a new message"
        assert len(turn_messages_of(fake, "game-1", table.game_id, table.version)) == 1


async def test_a_crash_between_posting_and_recording_is_not_posted_twice(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        store = bot.services.store
        real = store.set_announced_version
        broken: list[int] = []

        async def lost(game_id: int, version: int, **kwargs: Any) -> Any:
            if kwargs.get("turn_message_id") is not None and not broken:
                broken.append(version)
                raise StorageError("the process died here")
            return await real(game_id, version, **kwargs)

        store.set_announced_version = lost  # type: ignore[method-assign]
        table = await table_of(bot, fake, "game-1")
        # Bob's first turn starts when Alice's ends: a new turn message that cannot be recorded.
        while (table := await table_of(bot, fake, "game-1")).current.seat == 0:
            legal = [e["key"] for e in table.view(0)["legal"]]
            key = "stop" if "stop" in legal else ("explore:1" if "explore:1" in legal else legal[0])
            await (await slash_move(fake, "game-1", "alice", key)).final(timeout=15)
        assert broken == [table.version]
        assert await bot.announcer.catch_up() == 1  # after a restart: the state is unannounced
        shown = turn_messages_of(fake, "game-1", table.game_id, table.version)
        assert len(shown) == 1
        record = await store.game(table.game_id)
        assert record.announced_version == table.version and record.turn_message_id == shown[0].id


async def test_a_lobby_lost_in_a_crash_is_posted_once(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            cid = fake.channel("game-1").id
            alice = fake.user("alice")
            # `/game new` stored the lobby and the process died before posting it.
            table = await bot.services.lobby.new_game(cid, fake.guild_id, alice.id, "alice", None, None, 5)
            assert not fake.channel_messages("game-1")
            assert "already has a game" in await refused(await fake.slash("bob", "game-1", "game", "new"))
            assert await bot.announcer.post_lost_lobbies(grace=0) == 1
            assert await bot.announcer.post_lost_lobbies(grace=0) == 0
            lobbies = [m for m in fake.channel_messages("game-1") if any(c.startswith("edl:") for c in m.custom_ids())]
            assert len(lobbies) == 1 and f"game {table.game_id}" in lobbies[0].text
            await ok(await fake.slash("bob", "game-1", "game", "join"))
            assert "bob" in fake.message(lobbies[0].id).text
        fake.assert_no_violations()


async def test_an_old_turn_message_says_its_turn_has_passed(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        first = (await table_of(bot, fake, "game-1")).record.turn_message_id
        while (table := await table_of(bot, fake, "game-1")).current.seat == 0:
            legal = [e["key"] for e in table.view(0)["legal"]]
            key = "stop" if "stop" in legal else ("explore:1" if "explore:1" in legal else legal[0])
            await ok(await slash_move(fake, "game-1", "alice", key))
        old = fake.message(first)
        new = fake.channel_messages("game-1")[-1]
        # One line that points on, the picture it showed, no controls (issue 21).
        assert old.text == f"{PASSED}: https://discord.com/channels/{fake.guild_id}/{new.channel_id}/{new.id}"
        [picture] = old.pictures()
        assert picture.filename.startswith(f"board-{table.game_id}-") and picture.image().format == "PNG"
        assert not old.custom_ids()
        assert f"<@{fake.user('bob').id}>" in new.text


async def test_an_endless_number_is_an_ordinary_refusal(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        text = await refused(await fake.slash("alice", "game-1", "entdecker", "ship", position="9" * 5000))
        assert "Choose one of your options" in text
        text = await refused(await fake.slash("alice", "game-1", "play", move="#" + "7" * 4000))
        assert "Choose one of your options" in text
        assert (await table_of(bot, fake, "game-1")).version == 0


async def test_boards_drawn_in_worker_processes(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db", render_processes=1)) as (_bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            turn = fake.channel_messages("game-1")[-1]
            assert turn.attachments and turn.attachments[0].image().format == "PNG"
            board = await ok(await fake.slash("carol", "game-1", "game", "board"))
            assert board.attachments and board.attachments[0].image().size == turn.attachments[0].image().size
        fake.assert_no_violations()


@pytest.mark.parametrize(
    ("fault", "command"),
    [
        ("database moved away", "move"),
        ("its WAL deleted", "move"),
        ("database moved away", "abandon"),  # issue 19 item 8: these answered a generic error and kept running
        ("database moved away", "new"),
    ],
)
async def test_a_database_deleted_under_the_bot_stops_it_with_one_reason(
    tmp_path: Path, fault: str, command: str
) -> None:
    db = tmp_path / "g.db"
    async with FakeDiscord() as fake:
        bot = create_bot(settings(db), **FAST_CLIENT_OPTIONS)
        async with run_bot(fake, bot, loggers=("bot",), fail_on_errors=False) as run:
            await open_game(fake, "game-1", ["alice", "bob"])
            if fault == "database moved away":
                db.rename(tmp_path / "moved-away.db")  # an operator's slip: the file the bot writes is gone
            else:
                (tmp_path / "g.db-wal").unlink()  # the moves since the last checkpoint live only in the open WAL
            if command == "move":
                handle = await fake.slash("alice", "game-1", "entdecker", "ship", position="A1N")
            elif command == "abandon":
                handle = await fake.slash("alice", "game-1", "game", "abandon")
            else:
                handle = await fake.slash("carol", "game-2", "game", "new")
            text = await refused(handle)
            assert "database" in text and "nothing was saved" in text
            await fake.wait_for(lambda: bot.is_closed(), timeout=10)
            assert bot.fatal.reason is not None and "g.db" in bot.fatal.reason
            if fault == "its WAL deleted":
                assert "every move it held was copied into" in bot.fatal.reason  # before the bot stops
            assert any("stopping" in str(e) for e in run.errors)
        fake.assert_no_violations()
