"""Issue 21, "the way back" and "one message carries the turn": a turn message in components v2 edited in place,
reminders and `/game mine` that link to it, and `/game board` that gives the player to move the controls privately."""

from __future__ import annotations

from pathlib import Path

from tests.fakediscord import FakeDiscord

from .helpers import click_move, ok, open_game, pick, running, settings, started, table_of, turn_message, user_of


def link_to(fake: FakeDiscord, channel: str, message_id: int | None) -> str:
    return f"https://discord.com/channels/{fake.guild_id}/{fake.channel(channel).id}/{message_id}"


async def test_the_turn_is_one_message_edited_in_place(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        table = await table_of(bot, fake, "game-1")
        message = turn_message(fake, table)
        assert message.v2 and message.content == "" and f"<@{fake.user('alice').id}>" in message.text
        [board] = message.pictures()
        assert board.image().format == "PNG" and message.custom_ids()
        posted = len(fake.channel_messages("game-1"))
        while (table := await table_of(bot, fake, "game-1")).current.seat == 0:
            await ok(await click_move(fake, turn_message(fake, table), "alice", pick(table)))
            if (await table_of(bot, fake, "game-1")).current.seat == 0:
                # Mid-turn: the same message, new controls; no new message in the channel.
                assert turn_message(fake, await table_of(bot, fake, "game-1")).id == message.id
                assert len(fake.channel_messages("game-1")) == posted
        assert len(fake.channel_messages("game-1")) == posted + 1  # the next turn: one message more
        await fake.wait_for(lambda: not fake.message(message.id).custom_ids())  # just after the next turn's
        assert fake.message(message.id).pictures()


async def test_reminders_and_games_link_to_the_live_turn_message(tmp_path: Path) -> None:
    config = settings(tmp_path / "g.db", reminder_after=0.0, reminder_max=5)
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            table = await table_of(bot, fake, "game-1")
            link = link_to(fake, "game-1", table.record.turn_message_id)
            await ok(await fake.slash("alice", "game-1", "game", "remind", dm=True))
            await bot.reminders.tick()
            [reminder] = [m for m in fake.channel_messages("game-1") if m.text.startswith("⏰")]
            assert link in reminder.text
            assert link in fake.direct_messages[0][1]
            games = await ok(await fake.slash("alice", "game-1", "game", "mine"))
            assert f"▶ {fake.channel('game-1').mention}: Entdecker, your turn ([open the game]({link}))" in games.text
        fake.assert_no_violations()


async def test_game_board_gives_the_player_to_move_the_controls_privately(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        table = await table_of(bot, fake, "game-1")
        mover = user_of(fake, table)
        other = "bob" if mover == "alice" else "alice"
        mine = await ok(await fake.slash(mover, "game-1", "game", "board"))
        assert mine.ephemeral and mine.v2 and mine.pictures() and mine.custom_ids()
        assert set(mine.custom_ids()) == set(turn_message(fake, table).custom_ids())
        theirs = await ok(await fake.slash(other, "game-1", "game", "board"))
        assert theirs.ephemeral and theirs.attachments and not theirs.custom_ids()
        # A move from the private copy is a move like any other: the public turn message follows it.
        key = pick(table)
        done = await ok(await click_move(fake, mine, mover, key))
        after = await table_of(bot, fake, "game-1")
        assert done.id == mine.id and done.text.startswith("✅ Done.") and not done.custom_ids()
        assert after.version == table.version + 1
        assert all(f":{after.version}." in c for c in turn_message(fake, after).custom_ids())
