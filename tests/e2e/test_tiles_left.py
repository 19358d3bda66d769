"""`/game tiles` through the real discord.py client: what remains to be drawn, for every registered game, through
the registry (the bot names no game); a game without tiles says so."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine.games import registered
from tests.toygame import GAME as TOY

from .helpers import ok, started, table_of


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_tiles_shows_every_pile_by_kind(game: str, tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"], game=game, seed=2) as (fake, bot):
        table = await table_of(bot, fake, "game-1")
        assert table is not None and table.state is not None
        piles = engine.tiles_left(table.state)
        total = sum(p["count"] for p in piles)
        answer = await ok(await fake.slash("carol", "game-1", "game", "tiles"))
        assert answer.ephemeral
        assert f"Tiles left to draw: {total}" in answer.content
        for p in piles:
            assert f"{p['name']}: {p['count']}" in answer.content
        picture = answer.attachments[0].image()
        assert picture.format == "PNG" and picture.width == 960
        shared = await ok(await fake.slash("alice", "game-1", "game", "tiles", public=True))
        assert not shared.ephemeral and shared.attachments


async def test_a_game_without_tiles_says_so(tmp_path: Path) -> None:
    with registered(TOY):
        async with started(tmp_path, "game-1", ["alice", "bob"], game=TOY.name) as (fake, _bot):
            answer = await ok(await fake.slash("alice", "game-1", "game", "tiles"))
            assert "no tiles to draw" in answer.content and not answer.attachments


async def test_tiles_without_a_game_points_to_game_new(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"]) as (fake, _bot):
        answer = await ok(await fake.slash("alice", "game-2", "game", "tiles"))
        assert "/game new" in answer.content
