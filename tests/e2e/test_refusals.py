"""Wrong player, bad values, stale and double clicks, restarts, spectators and upload limits, through Discord."""

from __future__ import annotations

import asyncio
from pathlib import Path

import engine
from bot.service import stamp
from tests.fakediscord import FakeDiscord

from .helpers import click_move, ok, open_game, refused, running, settings, slash_move, started, table_of, turn_message


async def test_wrong_player_and_spectators_get_private_answers(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        # Only the player to move is offered moves; the others get one note saying whose turn it is.
        for user in ("bob", "carol"):
            note = await fake.autocomplete(user, "game-1", "entdecker", "ship", focused="position", value="")
            assert [c["value"] for c in note] == ["-"] and "alice's turn" in note[0]["name"], note
        text = await refused(await fake.slash("bob", "game-1", "entdecker", "ship", position="-"))
        assert "alice's turn, not yours" in text
        assert len(await fake.autocomplete("alice", "game-1", "entdecker", "ship", focused="position", value="")) == 25
        offered = await fake.autocomplete("alice", "game-1", "entdecker", "ship", focused="position", value="J7")
        assert [stamp.untagged(c["value"])[0] for c in offered] == [
            "J7E",
            "J7S",
        ]
        text = await refused(await fake.slash("bob", "game-1", "entdecker", "ship", position="A1N"))
        assert "alice's turn, not yours" in text
        text = await refused(await fake.slash("carol", "game-1", "entdecker", "ship", position="A1N"))
        assert "not playing" in text
        table = await table_of(bot, fake, "game-1")
        message = turn_message(fake, table)
        text = await refused(await click_move(fake, message, "bob", "ship:A1N"))
        assert "alice's turn" in text
        # Spectators may look at everything public.
        board = await ok(await fake.slash("carol", "game-1", "game", "board", overlay=True))
        assert board.ephemeral and board.attachments[0].image().format == "PNG"
        for sub in ("status", "log", "rules"):
            reply = await ok(await fake.slash("carol", "game-1", "game", sub))
            assert reply.ephemeral and reply.text
        assert "alice" in (await ok(await fake.slash("carol", "game-1", "game", "status"))).text
        assert (await table_of(bot, fake, "game-1")).version == 0


async def test_bad_values_name_what_is_legal(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        text = await refused(await fake.slash("alice", "game-1", "entdecker", "ship", position="Z99"))
        assert "not one of your choices" in text and "A1N" in text and "ship:" not in text
        await ok(await slash_move(fake, "game-1", "alice", "ship:A1N"))
        text = await refused(await fake.slash("alice", "game-1", "entdecker", "draw", pile="9"))
        assert "/entdecker explore tiles:" in text
        await ok(await slash_move(fake, "game-1", "alice", "explore:2"))
        text = await refused(await fake.slash("alice", "game-1", "entdecker", "draw", pile="9"))
        assert "Pile 1" in text and "Pile 5" in text and "draw:" not in text
        text = await refused(await fake.slash("alice", "game-1", "entdecker", "explore", tiles="3"))
        assert "You cannot `/entdecker explore` now" in text and "/entdecker draw pile:" in text
        assert (await table_of(bot, fake, "game-1")).version == 2


async def test_stale_and_double_clicks_act_once(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        table = await table_of(bot, fake, "game-1")
        message = turn_message(fake, table)
        select = message.selects()[0]["custom_id"]
        # A double click: two interactions for the same button at once.
        first, second = await asyncio.gather(
            fake.select("alice", message, select, ["ship:A1N"]), fake.select("alice", message, select, ["ship:A1N"])
        )
        answers = [await first.final(timeout=15), await second.final(timeout=15)]
        refusals = [a for a in answers if a.ephemeral and a.text.startswith("⚠️")]
        assert len(refusals) == 1 and "earlier turn" in refusals[0].text
        assert "/entdecker explore tiles:" in refusals[0].text
        table = await table_of(bot, fake, "game-1")
        assert table.version == 1
        # The turn message now offers the next step, under the new version and the tag of its state.
        assert all(c.startswith(f"ed:1:1.{stamp.tag_of(table)}:") for c in fake.message(message.id).custom_ids())


async def test_restart_in_the_middle_of_a_turn(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    async with FakeDiscord() as fake:
        async with running(fake, settings(db)) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], seed=3)
            await ok(await slash_move(fake, "game-1", "alice", "ship:A1N"))
            await ok(await slash_move(fake, "game-1", "alice", "explore:3"))
            table = await table_of(bot, fake, "game-1")
            before = engine.state_to_json(table.state)
            message_id = table.record.turn_message_id
        # A new process on the same database file: the same state, and the old message's buttons still work.
        async with running(fake, settings(db)) as (bot, _):
            table = await table_of(bot, fake, "game-1")
            assert engine.state_to_json(table.state) == before
            message = fake.message(message_id)
            await ok(await click_move(fake, message, "alice", "draw:1"))
            assert (await table_of(bot, fake, "game-1")).version == 3
        fake.assert_no_violations()


async def test_board_is_sent_smaller_under_a_small_upload_limit(tmp_path: Path) -> None:
    async with FakeDiscord(attachment_size_limit=60_000) as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (_bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            turn = fake.channel_messages("game-1")[-1]
            assert turn.attachments and turn.attachments[0].size <= 60_000
            board = await ok(await fake.slash("carol", "game-1", "game", "board"))
            assert board.attachments and board.attachments[0].size <= 60_000
        fake.assert_no_violations()


async def test_abandon_and_history(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        assert "already has a game" in await refused(await fake.slash("bob", "game-1", "game", "new"))
        assert "Only the host" in await refused(await fake.slash("bob", "game-1", "game", "abandon"))
        await ok(await fake.slash("mod", "game-1", "game", "abandon"))  # Manage Channels
        assert "abandoned" in fake.channel_messages("game-1")[-1].text
        assert "no game" in await refused(await fake.slash("alice", "game-1", "entdecker", "ship", position="A1N"))
        await ok(await fake.slash("bob", "game-1", "game", "new"))
        history = await bot.services.store.history(fake.channel("game-1").id)
        assert [g.status for g in history] == ["lobby", "abandoned"]


async def test_reminders_and_absent_players(tmp_path: Path) -> None:
    config = settings(tmp_path / "g.db", reminder_after=0.3, reminder_max=2, idle_after=0.5, check_interval=0.05)
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            alice = f"<@{fake.user('alice').id}>"

            def reminders() -> list[str]:
                return [m.text for m in fake.channel_messages("game-1") if m.text.startswith("⏰")]

            await fake.wait_for(lambda: len(reminders()) >= 2, timeout=5)
            await asyncio.sleep(0.5)
            assert len(reminders()) == 2  # bounded
            assert alice in reminders()[0] and "/game skip" in reminders()[-1]
            # Alice is away: bob has the AI play her turn; her seat stays hers.
            await ok(await fake.slash("bob", "game-1", "game", "skip"))
            table = await table_of(bot, fake, "game-1")
            assert table.current.user_id == fake.user("bob").id and not table.players[0].is_ai
            # Bob hands his own seat to an AI: it plays on by itself, and Alice is to move again.
            await ok(await fake.slash("bob", "game-1", "game", "handover"))
            for _ in range(500):
                table = await table_of(bot, fake, "game-1")
                if table.current.seat == 0:
                    break
                await asyncio.sleep(0.01)
            assert table.current.user_id == fake.user("alice").id and table.players[1].is_ai
        fake.assert_no_violations()


async def test_a_lost_announcement_is_repaired_by_the_next_click(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, bot):
        table = await table_of(bot, fake, "game-1")
        message = turn_message(fake, table)
        # As if the process died after storing the move and before updating the channel.
        await bot.services.turns.play(fake.channel("game-1").id, fake.user("alice").id, key="ship:A1N")
        text = await refused(await click_move(fake, message, "alice", "ship:B1N"))
        assert "earlier turn" in text and "/entdecker explore tiles:" in text
        after = await table_of(bot, fake, "game-1")
        repaired = f"ed:1:1.{stamp.tag_of(after)}:explore:1"
        await fake.wait_for(lambda: repaired in fake.message(message.id).custom_ids(), timeout=5)
        await ok(await click_move(fake, fake.message(message.id), "alice", "explore:1"))
