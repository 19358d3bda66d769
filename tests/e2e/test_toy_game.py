"""The toy game of tests/toygame, registered through the registry alone before the bot is built, plays through the
real discord.py client and the fake Discord from `/game new` to the end message, on SQLite and on PostgreSQL: the
bot, storage and the render core serve a game they have never heard of like a built-in one (tests/test_seam.py
checks that none of them names it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot import Settings
from bot.service import Table
from engine.games import registered
from tests.fakediscord import FakeDiscord
from tests.toygame import GAME as TOY

from . import helpers
from .helpers import ok, play_move, refused, running, table_of, turn_message, user_of, wait_for_human

PLAYERS = ["alice", "bob"]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """The toy is in the registry for the whole test, as a game of engine/games.py is for the bot's whole life."""
    with registered(TOY):
        yield


@pytest.fixture(params=["sqlite", "postgres"])
def config(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """SQLite with boards drawn in threads; PostgreSQL with a render worker process, which knows nothing of the
    toy (the registration lives in this process) and draws the plain picture from the view alone."""
    if request.param == "sqlite":
        return helpers.settings(tmp_path / "g.db")
    url: str = request.getfixturevalue("pg_url")
    return helpers.settings(tmp_path / "unused.db", db_path=url, render_processes=1)


def perfect_key(table: Table) -> str:
    return engine.ai_move(table.state, "perfect").key


async def test_the_toy_game_plays_to_the_end_by_play_and_by_buttons(config: Settings) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            await helpers.open_game(fake, "game-1", PLAYERS, seed=3, game=TOY.name, stones=10)
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.game == TOY.name and table.state.pile == 10
            turn = turn_message(fake, table)
            assert turn.attachments and turn.attachments[0].image().format == "PNG", "the plain picture is drawn"
            assert {b["custom_id"].split(":", 3)[3] for b in turn.buttons()} >= {"take:1", "take:2", "take:3"}
            waiting = next(u for u in PLAYERS if u != user_of(fake, table))
            text = await refused(await fake.slash(waiting, "game-1", "play", move="take:1"))
            assert "turn" in text.lower(), text
            # moves alternate between `/play move:` and the turn message's buttons until the last stone is taken
            moves = 0
            while (table := await table_of(bot, fake, "game-1")) is not None:
                user, key = user_of(fake, table), perfect_key(table)
                if moves % 2 == 0:
                    await ok(await play_move(fake, "game-1", user, key))
                else:
                    await ok(await helpers.click_move(fake, turn_message(fake, table), user, key))
                moves += 1
                assert moves <= 10
            assert moves >= 4
            last = fake.channel_messages("game-1")[-1]
            assert "Game over" in last.text and last.attachments and helpers.only_end_controls(last)
            assert "takes the last stone and wins" in "\n".join(m.text for m in fake.channel_messages("game-1"))
            status = await ok(await fake.slash("carol", "game-1", "game", "status"))
            assert "finished" in status.text
        fake.assert_no_violations()


@pytest.mark.parametrize("kind", [k.name for k in TOY.info.ai_kinds])
async def test_the_toy_games_ais_are_seated_and_play_it_out(config: Settings, kind: str) -> None:
    """Its AI kinds, which neither the bot nor the schema names, take a seat by `/game addbot kind:`."""
    async with FakeDiscord() as fake:
        async with running(fake, config) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new", game=TOY.name, seed=4))
            await ok(await fake.slash("alice", "game-1", "game", "addbot", kind=kind))
            await ok(await fake.slash("alice", "game-1", "game", "start"))
            moves = 0
            while (table := await wait_for_human(bot, fake, "game-1")) is not None:
                assert [p.ai_kind for p in table.players if p.is_ai] == [kind]
                await ok(await play_move(fake, "game-1", "alice", perfect_key(table)))
                moves += 1
                assert moves <= 10
            # the end message may follow the AI's last move a moment after the table closes
            end = await fake.wait_for_message("game-1", lambda m: "Game over" in m.text, timeout=10)
            assert end.attachments and helpers.only_end_controls(end)
            assert "takes the last stone and wins" in "\n".join(m.text for m in fake.channel_messages("game-1"))
        fake.assert_no_violations()
