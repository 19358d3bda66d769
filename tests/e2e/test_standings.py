"""`/stats player` and `/stats leaderboard` through the real discord.py client and the fake Discord: Nim games
played to the end (tests/toygame), a person's figures, the server's ratings with the AI apart, private unless
public:true."""

from __future__ import annotations

import engine
from bot import Settings
from tests.fakediscord import FakeDiscord
from tests.toygame import GAME as NIM

from . import helpers, test_toy_game
from .helpers import ok, play_move, running, user_of, wait_for_human

# Its fixtures: Nim registered for each test (autouse), and the bot's settings on SQLite and on PostgreSQL.
toy, config = test_toy_game.toy, test_toy_game.config


async def play_out(bot: object, fake: FakeDiscord, channel: str, winner: str) -> None:
    """Both seats move; `winner` plays the perfect AI's moves, the other always takes one stone."""
    while (table := await wait_for_human(bot, fake, channel)) is not None:
        user = user_of(fake, table)
        moves = engine.legal_moves(table.state)
        move = engine.ai_move(table.state, "perfect") if user == winner else moves[0]
        await ok(await play_move(fake, channel, user, move.key))
    await fake.wait_for_message(channel, lambda m: "Game over" in m.text, timeout=10)


async def test_stats_and_leaderboard_after_finished_games(config: Settings) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            nothing = await ok(await fake.slash("alice", "game-1", "stats", "player"))
            assert nothing.ephemeral and "finished no game" in nothing.text
            for seed in (1, 2):  # alice plays perfectly, bob takes one stone: from 7 stones alice wins, whoever begins
                await helpers.open_game(fake, "game-1", ["alice", "bob"], seed=seed, game=NIM.name, stones=7)
                await play_out(bot, fake, "game-1", "alice")
            await ok(await fake.slash("alice", "game-1", "game", "new", game=NIM.name, seed=3))
            await ok(await fake.slash("alice", "game-1", "game", "addbot", kind="perfect"))
            await ok(await fake.slash("alice", "game-1", "game", "start"))
            await play_out(bot, fake, "game-1", "nobody")  # alice takes one stone a turn: the perfect AI wins

            mine = await ok(await fake.slash("alice", "game-1", "stats", "player"))
            assert mine.ephemeral and "Your results" in mine.text and "**Nim**: 3 played" in mine.text, mine.text
            bobs = await ok(await fake.slash("carol", "game-1", "stats", "player", player="bob", public=True))
            assert not bobs.ephemeral and "bob's results" in bobs.text and "2 played, 0 won" in bobs.text, bobs.text
            assert "longest winning streak 0" in bobs.text

            board = await ok(await fake.slash("carol", "game-1", "stats", "leaderboard", game="nim"))
            assert board.ephemeral and "3 finished games" in board.text, board.text
            lines = board.text.splitlines()
            assert lines[1].startswith("1. alice") and lines[2].startswith("2. bob"), board.text
            assert "(2 rated games)" in lines[1]  # the game against the AI is not rated
            assert "AI seats, not rated with people: perfect:" in board.text
            other = await ok(await fake.slash("carol", "game-1", "stats", "leaderboard", game="Entdecker"))
            assert "No game of Entdecker has finished" in other.text
            unknown = await ok(await fake.slash("carol", "game-1", "stats", "leaderboard", game="chess"))
            assert unknown.ephemeral and "no game called" in unknown.text
            told = await ok(await fake.slash("carol", "game-1", "stats", "leaderboard", game="chess", public=True))
            assert told.ephemeral and "no game called" in told.text  # a refusal stays private
            choices = await fake.autocomplete("carol", "game-1", "stats", "leaderboard", focused="game", value="ni")
            assert [c["value"] for c in choices] == ["nim"]
        fake.assert_no_violations()


async def test_rematch_opens_a_lobby_with_the_same_seats_once(config: Settings) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new", game=NIM.name, seed=5))
            await helpers.set_options(fake, "game-1", "alice", NIM.name, stones=15)
            await ok(await fake.slash("bob", "game-1", "game", "join"))
            await ok(await fake.slash("alice", "game-1", "game", "start"))
            first = (await bot.services.store.history(fake.channel("game-1").id))[0]
            await play_out(bot, fake, "game-1", "bob")
            end = await fake.wait_for_message("game-1", lambda m: "Game over" in m.text, timeout=10)
            assert end.custom_ids() == [f"edr:{first.id}", f"edg:{first.id}"]
            stranger = await fake.click("carol", end, f"edr:{first.id}")
            assert "Only someone who played" in (await helpers.refused(stranger))
            answer = await ok(await fake.click("bob", end, f"edr:{first.id}"))
            assert answer.ephemeral and "rematch" in answer.text.lower()
            lobby = helpers.lobby_message(fake, "game-1")
            rematch = await bot.services.store.active_game(fake.channel("game-1").id)
            assert rematch is not None and rematch.status == "lobby" and rematch.id != first.id
            assert (rematch.options, rematch.host_user_id, rematch.seed_public) == (
                {"stones": 15},
                fake.user("bob").id,
                False,
            )
            assert rematch.seed != first.seed
            seats = await bot.services.store.players(rematch.id)
            assert [p.display_name for p in seats] == ["alice", "bob"] and "alice" in lobby.text
            again = await fake.click("alice", end, f"edr:{first.id}")
            assert "already has a lobby or a game" in (await helpers.refused(again))
            await ok(await fake.slash("bob", "game-1", "game", "start"))
        fake.assert_no_violations()
