"""Whole games through the real discord.py client and fakediscord: slash commands, buttons, AI seats."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.service.accounts import made_mark
from tests.fakediscord import FakeDiscord

from . import helpers
from .helpers import (
    click_move,
    ok,
    open_game,
    pick,
    running,
    settings,
    slash_move,
    started,
    table_of,
    turn_message,
    user_of,
    values,
    wait_for_human,
)


@pytest.mark.usefixtures("sketched_boards")
async def test_whole_game_by_slash_commands(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"], seed=helpers.short_game_seed("entdecker")) as (fake, bot):
        first = fake.channel_messages("game-1")[-1]
        assert first.attachments and first.attachments[0].image().format == "PNG"
        assert f"<@{fake.user('alice').id}>" in first.text
        moves = 0
        while (table := await table_of(bot, fake, "game-1")) is not None:
            await ok(await slash_move(fake, "game-1", user_of(fake, table), pick(table)))
            moves += 1
            assert moves < 600
        last = fake.channel_messages("game-1")[-1]
        assert "Game over" in last.text and last.attachments
        assert helpers.only_end_controls(last)  # nothing left to click but the end message's own
        status = await ok(await fake.slash("carol", "game-1", "game", "status"))
        assert "finished" in status.text and "points" in status.text
        record = (await bot.services.store.history(fake.channel("game-1").id))[0]
        made = [m for m in await bot.services.store.moves(record.id) if made_mark(m.actor or "")]
        assert record.status == "finished" and record.version == moves + len(made)  # the steps made for them
        assert made  # Entdecker's first draws from piles that look alike, at least


@pytest.mark.usefixtures("sketched_boards")
async def test_whole_game_by_buttons(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new", game="entdecker", seed=30))  # 197 moves
            lobby = fake.channel_messages("game-1")[-1]
            join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
            await ok(await fake.click("bob", lobby, join))
            assert "bob" in fake.message(lobby.id).text
            start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
            await ok(await fake.click("alice", lobby, start))
            moves = 0
            while (table := await table_of(bot, fake, "game-1")) is not None:
                message = turn_message(fake, table)
                # Rows and sizes are checked by the fake; here: buttons carry the state version.
                assert all(f":{table.version}." in c for c in message.custom_ids())
                handle = await click_move(fake, message, user_of(fake, table), pick(table))
                await handle.acked()
                await ok(handle)
                moves += 1
                assert moves < 600
            assert "Game over" in fake.channel_messages("game-1")[-1].text
        fake.assert_no_violations()


@pytest.mark.usefixtures("sketched_boards")
async def test_ai_seat_plays_its_own_turns(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new", game="entdecker", seed=4))
            await ok(await fake.slash("alice", "game-1", "game", "addbot"))
            await ok(await fake.slash("alice", "game-1", "game", "start"))
            turns = 0
            while (table := await wait_for_human(bot, fake, "game-1")) is not None:
                assert user_of(fake, table) == "alice"
                await ok(await slash_move(fake, "game-1", "alice", pick(table)))
                turns += 1
                assert turns < 400
            history = (await bot.services.store.history(fake.channel("game-1").id))[0]
            saved = await bot.services.store.saved_game(history.id)
            users = {m.user_id for m in await bot.services.store.moves(history.id)}
            assert users == {fake.user("alice").id, None}  # None: the AI's moves
            assert engine.replay(saved).game_over
            # The database says "finished" before the AI's task has posted the final message: wait for it.
            await fake.wait_for_message("game-1", lambda m: "Game over" in m.text, timeout=15)
            texts = [m.text for m in fake.channel_messages("game-1")]
            assert any("(AI)" in t for t in texts) and "Game over" in texts[-1]
        fake.assert_no_violations()


async def test_two_channels_play_at_once(tmp_path: Path) -> None:
    import asyncio

    async with started(tmp_path, "game-1", ["alice", "bob"], seed=5) as (fake, bot):
        await open_game(fake, "game-2", ["carol", "dave"], seed=6)

        async def play(channel: str, turns: int) -> int:
            done = 0
            while done < turns and (table := await table_of(bot, fake, channel)) is not None:
                await ok(await slash_move(fake, channel, user_of(fake, table), pick(table)))
                done += 1
            return done

        # Interleaved interactions in two channels: each game goes on as if alone.
        assert await asyncio.gather(play("game-1", 30), play("game-2", 30)) == [30, 30]
        for channel, seed in (("game-1", 5), ("game-2", 6)):
            table = await table_of(bot, fake, channel)
            assert table is not None and table.record.seed == seed
            made = [m for m in await bot.services.store.moves(table.game_id) if made_mark(m.actor or "")]
            assert table.version == 30 + len(made)  # and the steps made for the players
            saved = await bot.services.store.saved_game(table.game_id)
            assert engine.state_to_json(engine.replay(saved)) == engine.state_to_json(table.state)


async def test_variants_and_private_personal_tiles(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            options = {"personal_tiles": True, "rotating_first_player": True, "keep_unplayable": True}
            await open_game(fake, "game-1", ["alice", "bob"], seed=8, plant_draw="bag", **options)
            table = await table_of(bot, fake, "game-1")
            assert table.record.options == {**options, "plant_draw": "bag"}
            seen_personal = False
            for _ in range(60):
                table = await table_of(bot, fake, "game-1")
                user = user_of(fake, table)
                if table.view(None)["phase"] == "voyage":
                    choices = await fake.autocomplete(user, "game-1", "entdecker", "draw", focused="pile", value="")
                    personal = [
                        c for c, v in zip(choices, values(choices), strict=True) if not v.isdigit() and v != "-"
                    ]
                    seen_personal |= bool(personal)
                    # Personal tiles are secret: never on the public turn message.
                    message = turn_message(fake, table)
                    assert not any(":personal:" in c for c in message.custom_ids())
                    if personal:
                        await ok(await fake.slash(user, "game-1", "entdecker", "draw", pile=personal[0]["value"]))
                        continue
                await ok(await slash_move(fake, "game-1", user, pick(table)))
            assert seen_personal
        fake.assert_no_violations()
