"""`/game addbot` seats every AI kind of every registered game, through the real discord.py client, on both storage
backends (issue 18): which kinds exist is the engine registry's business, and the schema names none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from storage import open_store

from .helpers import catalog, ok, refused, running, settings, table_of

BACKENDS = ("sqlite", "postgres")


@pytest.mark.parametrize("backend", BACKENDS)
async def test_addbot_seats_every_ai_kind_of_every_game(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from tests.fakediscord import FakeDiscord

    if backend == "sqlite":
        db = str(tmp_path / "kinds.db")
    else:
        db = await request.getfixturevalue("pg_server").new_schema()
    async with FakeDiscord() as fake:
        async with running(fake, settings(db)) as (bot, _):  # type: ignore[arg-type]
            for number, game in enumerate(engine.GAMES):
                info = catalog().info(game)
                channel = f"game-{number + 1}"
                await ok(await fake.slash("alice", channel, "game", "new", game=info.title.lower()))
                kinds = [kind.name for kind in info.ai_kinds]
                assert len(kinds) < info.max_players, "every kind must fit beside the host"
                for kind in kinds:
                    await ok(await fake.slash("alice", channel, "game", "addbot", kind=kind))
                table = await table_of(bot, fake, channel)
                assert table is not None
                assert [p.ai_kind for p in table.players if p.is_ai] == kinds
                # A kind the game does not have is refused in words, before storage is asked.
                text = await refused(await fake.slash("alice", channel, "game", "addbot", kind="nonesuch"))
                assert "has no AI called" in text
        fake.assert_no_violations()
    store = await open_store(db)
    try:
        seated = {p.ai_kind for g in await store.active_games() for p in await store.players(g.id) if p.is_ai}
        assert seated == {kind.name for game in engine.GAMES for kind in catalog().info(game).ai_kinds}
    finally:
        await store.close()
