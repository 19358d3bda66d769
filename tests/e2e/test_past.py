"""`/game board turn:` and `/game replay` (and the end message's Replay button) through the real discord.py client
and the fake Discord, on a Nim game (tests/toygame): the board after any turn, the game as an animated GIF."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

import engine
from engine.games import registered
from tests.fakediscord import FakeDiscord
from tests.toygame import GAME as NIM

from . import helpers
from .helpers import ok, play_move, refused, running, table_of, user_of


@pytest.fixture(autouse=True)
def nim() -> Iterator[None]:
    with registered(NIM):
        yield


def frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "GIF" and im.is_animated
        return int(im.n_frames)


async def test_the_board_at_any_turn_and_the_replay(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, helpers.settings(tmp_path / "g.db")) as (bot, _):
            nothing = await fake.slash("alice", "game-1", "game", "replay")
            assert "No game was played" in await refused(nothing)
            await helpers.open_game(fake, "game-1", ["alice", "bob"], seed=2, game=NIM.name, stones=10)
            for _ in range(2):
                table = await table_of(bot, fake, "game-1")
                assert table is not None
                await ok(await play_move(fake, "game-1", user_of(fake, table), engine.legal_moves(table.state)[0].key))
            # A game under way: the boards so far.
            start = await ok(await fake.slash("carol", "game-1", "game", "board", turn=0))
            assert start.ephemeral and "at the start" in start.text and start.attachments
            assert start.attachments[0].image().format == "PNG"
            second = await ok(await fake.slash("alice", "game-1", "game", "board", turn=2))
            assert "after turn 2 of 2" in second.text, second.text
            assert second.attachments[0].image().format == "PNG"
            too_far = await fake.slash("alice", "game-1", "game", "board", turn=3)
            assert "has had 2 turns so far" in await refused(too_far)
            while (table := await table_of(bot, fake, "game-1")) is not None:
                await ok(await play_move(fake, "game-1", user_of(fake, table), engine.legal_moves(table.state)[0].key))
            [record] = await bot.services.store.history(fake.channel("game-1").id)
            turns = max(await bot.services.rewind.turn_ends(record.id))
            assert turns >= 3
            last = await ok(await fake.slash("alice", "game-1", "game", "board", turn=turns))
            assert "(the end)" in last.text
            # The replay: one frame for the start and one after each turn.
            replay = await ok(await fake.slash("bob", "game-1", "game", "replay"))
            assert replay.ephemeral and replay.attachments[0].filename == "replay.gif"
            assert frames(replay.attachments[0].data) == turns + 1
            later = await ok(await fake.slash("bob", "game-1", "game", "replay", from_turn=2, public=True))
            assert not later.ephemeral and frames(later.attachments[0].data) == turns - 1
            assert "after turn 2" in later.text
            # The end message offers it too.
            end = await fake.wait_for_message("game-1", lambda m: "Game over" in m.text, timeout=10)
            [button] = [c for c in end.custom_ids() if c.startswith("edg:")]
            clicked = await ok(await fake.click("carol", end, button))
            assert clicked.ephemeral and frames(clicked.attachments[0].data) == turns + 1
        fake.assert_no_violations()


async def test_a_finished_game_shows_all_of_any_turn_and_a_running_one_only_the_askers_own(tmp_path: Path) -> None:
    """Entdecker with personal tiles: while the game runs `/game board turn:` reveals nobody's tiles in words; once it
    is over every player's personal tiles of that turn are listed, in the asker's language."""
    async with FakeDiscord() as fake:
        async with running(fake, helpers.settings(tmp_path / "g.db")) as (bot, _):
            await helpers.open_game(fake, "game-1", ["alice", "bob"], seed=3, personal_tiles=True)
            channel = fake.channel("game-1").id
            for _ in range(8):  # a few moves played for the seats (as /game skip would)
                await bot.services.turns.ai_step(channel, force=True)
            running_board = await ok(await fake.slash("alice", "game-1", "game", "board", turn=1))
            assert running_board.ephemeral and "shows all" not in running_board.text
            assert "personal tiles" not in running_board.text
            [record] = await bot.services.store.history(channel)
            ends = await bot.services.rewind.turn_ends(record.id)
            seen = engine.view(ends[1], 0)["players"]
            assert seen[0]["personal_tiles"] and seen[1]["personal_tiles"] is None  # alice's own only
            while (await table_of(bot, fake, "game-1")) is not None:
                await bot.services.turns.ai_step(channel, force=True)
            finished = await ok(await fake.slash("carol", "game-1", "game", "board", turn=1))
            assert "A finished game shows all:" in finished.text, finished.text
            assert "• alice's personal tiles: " in finished.text and "• bob's personal tiles: " in finished.text
            everyone = engine.view(ends[1], engine.EVERYONE)["players"]
            assert all(p["personal_tiles"] for p in everyone)
            fake.user("dave").locale = "de"
            german = await ok(await fake.slash("dave", "game-1", "game", "board", turn=1))
            assert "Ein beendetes Spiel zeigt alles:" in german.text and "Eigene Plättchen von alice" in german.text
        fake.assert_no_violations()
