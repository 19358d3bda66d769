"""What every registered game must do through the real discord.py client: lobby, a whole game through `/play`
alone, refusals, stale clicks, a restart and two channels. A new game in engine/games.py is tested here without
a line of test code of its own."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot.service import Table
from engine.games import registered
from tests.fakediscord import FakeDiscord
from tests.toygame import GAME as TOY

from . import helpers
from .helpers import (
    catalog,
    click_old,
    lobby_message,
    ok,
    open_game,
    play_move,
    refused,
    running,
    settings,
    started,
    table_of,
    turn_message,
    wait_for_human,
)

PACKAGED = list(engine.GAMES)


@pytest.fixture(params=[*PACKAGED, TOY.name])
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each game of engine/games.py, and the toy game of tests/toygame registered (before the bot is built) for the
    test's length: the bot serves a game registered at run time like a built-in one."""
    if request.param in PACKAGED:
        yield request.param
    else:
        with registered(TOY):
            yield request.param


MAX_MOVES = 2000


def acting_user(fake: FakeDiscord, table: Table) -> str:
    current = table.current
    assert current is not None and current.user_id is not None
    return fake.users[current.user_id].name


def sensible(table: Table) -> str:
    """The choice for the first seat to act (helpers.pick: a game of reasonable length)."""
    return helpers.pick(table)


def players_for(game: str) -> list[str]:
    return ["alice", "bob", "dora", "emil", "fred", "gina"][: catalog().info(game).min_players]


async def test_lobby_menus_seats_and_start(game: str, tmp_path: Path) -> None:
    info = catalog().info(game)
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new", game=info.title.lower()))
            lobby = lobby_message(fake, "game-1")
            assert info.title in lobby.text
            assert f"({info.min_players}–{info.max_players} players)" in lobby.text
            switches = [o for o in info.options if o.is_switch]
            menus = {s["custom_id"].split(":")[0] for s in lobby.selects()}
            assert ("edv" in menus) == bool(switches)
            if switches:
                menu = next(s for s in lobby.selects() if s["custom_id"].startswith("edv:"))
                text = await refused(await fake.select("bob", lobby, menu["custom_id"], [switches[0].name]))
                assert "Only the host" in text
                await ok(await fake.select("alice", lobby, menu["custom_id"], [switches[0].name]))
                table = await table_of(bot, fake, "game-1")
                assert table.record.options == {switches[0].name: True}
                assert switches[0].label in fake.message(lobby.id).text
            join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
            for user in players_for(game)[1 : info.max_players - 1]:  # a seat left for the AI
                await ok(await fake.click(user, lobby, join))
            await ok(await fake.slash("alice", "game-1", "game", "addbot"))
            table = await table_of(bot, fake, "game-1")
            assert table.players[-1].is_ai and table.players[-1].ai_kind == info.default_ai
            assert "Only the host" in await refused(await fake.slash("bob", "game-1", "game", "start"))
            await ok(await fake.slash("alice", "game-1", "game", "start"))
            turn = next(m for m in reversed(fake.channel_messages("game-1")) if m.attachments)
            assert turn.attachments[0].image().format == "PNG"
        fake.assert_no_violations()


async def test_a_whole_game_through_play_alone(game: str, tmp_path: Path) -> None:
    seed = helpers.short_game_seed(game)
    async with started(tmp_path, "game-1", players_for(game), game=game, seed=seed) as (fake, bot):
        moves = 0
        while (table := await table_of(bot, fake, "game-1")) is not None:
            await ok(await play_move(fake, "game-1", acting_user(fake, table), sensible(table)))
            moves += 1
            assert moves < MAX_MOVES
        last = fake.channel_messages("game-1")[-1]
        assert "Game over" in last.text and last.attachments and helpers.only_end_controls(last)
        status = await ok(await fake.slash("carol", "game-1", "game", "status"))
        assert "finished" in status.text
        # Each player's score by source ends in the score itself (a game without sources says nothing of them).
        record, players, state = await bot.services.accounts.last_game(fake.channel("game-1").id) or (None, [], None)
        assert record is not None and state is not None and state.result is not None
        presenter = engine.presenter(game)
        assert ("Points by source:" in status.text) == bool(presenter.score_sources)
        parts = [line for line in status.text.split("\n") if line.startswith("• **") and " = " in line]
        for player, score in zip(players, state.result["scores"], strict=True):
            if presenter.score_sources and score:
                assert any(
                    line.startswith(f"• **{player.display_name}**:") and line.endswith(f"= {presenter.score_of(score)}")
                    for line in parts
                ), (player.display_name, score, parts)


async def test_refusals_say_why_in_words(game: str, tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            text = await refused(await fake.slash("alice", "game-1", "game", "new", game="no such game"))
            assert all(i.title in text for i in catalog().infos.values())
            await open_game(fake, "game-1", players_for(game), game=game)
            table = await table_of(bot, fake, "game-1")
            mover = acting_user(fake, table)
            other = next(u for u in players_for(game) if u != mover)
            key = sensible(table)
            assert "not yours" in await refused(await fake.slash(other, "game-1", "play", move=key))
            assert "not playing" in await refused(await fake.slash("carol", "game-1", "play", move=key))
            text = await refused(await fake.slash(mover, "game-1", "play", move="zz not a move"))
            assert "You can:" in text
            foreign = [(g.name, v) for g in catalog().groups.values() if g.name != game for v in g.verbs]
            for group, verb in foreign[:1]:
                text = await refused(
                    await fake.slash(mover, "game-1", group, verb.name, **({verb.option: "x"} if verb.option else {}))
                )
                assert "is not a command of" in text and "/play move:" in text
            assert (await table_of(bot, fake, "game-1")).version == 0
        fake.assert_no_violations()


async def test_a_stale_click_is_refused_and_a_restart_keeps_the_game(game: str, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    async with FakeDiscord() as fake:
        async with running(fake, settings(db)) as (bot, _):
            await open_game(fake, "game-1", players_for(game), game=game)
            table = await table_of(bot, fake, "game-1")
            old = copy.deepcopy(turn_message(fake, table))
            user, key = acting_user(fake, table), sensible(table)
            await ok(await play_move(fake, "game-1", user, key))
            table = await wait_for_human(bot, fake, "game-1")
            assert table is not None
            if table.current is not None and fake.users[table.current.user_id].name == user:
                text = await refused(await click_old(fake, "game-1", old, user, key))
                assert "earlier turn" in text
            before = engine.state_to_json(table.state)
        async with running(fake, settings(db)) as (bot, _):
            table = await table_of(bot, fake, "game-1")
            assert engine.state_to_json(table.state) == before
            await ok(await play_move(fake, "game-1", acting_user(fake, table), sensible(table)))
            assert (await table_of(bot, fake, "game-1")).version == table.version + 1
        fake.assert_no_violations()


async def test_two_channels_are_two_games(game: str, tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", players_for(game), game=game, seed=1) as (fake, bot):
        await open_game(fake, "game-2", players_for(game), game=game, seed=2)
        one = await table_of(bot, fake, "game-1")
        await ok(await play_move(fake, "game-1", acting_user(fake, one), sensible(one)))
        assert (await table_of(bot, fake, "game-1")).version == 1
        assert (await table_of(bot, fake, "game-2")).version == 0
