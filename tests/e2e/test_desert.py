"""Im Reich der Wüstensöhne through the real discord.py client: a whole three-player game played with the game's
own commands and their autocomplete, and an oasis scoring in which a player whose turn it is not chooses."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import engine
from tests.fakediscord import FakeDiscord, InteractionHandle

from .helpers import catalog, choose, ok, open_game, refused, running, settings, table_of, values

GAME = "desert"
PLAYERS = ["alice", "bob", "dave"]


async def verb_move(fake: FakeDiscord, channel: str, user: str, table, key: str) -> InteractionHandle:  # type: ignore[no-untyped-def]
    """Play `key` as a user would: the game's verb, the autocomplete choice the presenter gives for it, send."""
    presenter = catalog().presenters[GAME]
    entry = next(e for e in table.view(None)["legal"] if e["key"] == key)
    verb = catalog().verb(GAME, entry["kind"])
    assert verb is not None, key
    if not verb.option:
        return await fake.slash(user, channel, GAME, verb.name)
    return await choose(fake, channel, user, f"{GAME} {verb.name}", verb.option, presenter.value_of(entry))


def user_to_act(fake: FakeDiscord, table) -> str:  # type: ignore[no-untyped-def]
    return fake.users[table.current.user_id].name


@pytest.mark.usefixtures("sketched_boards")
async def test_a_whole_game_by_the_games_commands_with_a_scoring_chosen_out_of_turn(tmp_path: Path) -> None:
    started = time.perf_counter()
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "d.db")) as (bot, _):
            # A seed whose heuristic game has an oasis shared by two players (issue 20 made them rarer).
            await open_game(fake, "game-1", PLAYERS, seed=7, game=GAME)
            out_of_turn = 0
            verbs_used: set[str] = set()
            moves = 0
            while (table := await table_of(bot, fake, "game-1")) is not None:
                key = engine.ai_move(table.state, "heuristic").key
                user = user_to_act(fake, table)
                turn_player = fake.users[table.players[table.state.current].user_id].name
                if table.state.phase == "action" and user != turn_player and out_of_turn < 3:
                    # The player whose turn it is is offered nothing and may not choose for the explorer's owner.
                    entry = next(e for e in table.view(None)["legal"] if e["key"] == key)
                    value = catalog().presenters[GAME].value_of(entry)
                    offered = await fake.autocomplete(turn_player, "game-1", GAME, "action", focused="space", value="")
                    assert value not in values(offered)
                    text = await refused(await fake.slash(turn_player, "game-1", GAME, "action", space=value))
                    assert "not yours" in text
                    out_of_turn += 1
                await ok(await verb_move(fake, "game-1", user, table, key))
                verbs_used.add(catalog().verb(GAME, key.split(":", 1)[0]).name)
                moves += 1
                assert moves < 1500
            assert out_of_turn >= 1, "no oasis scoring chosen by a player whose turn it was not"
            assert {"caravan", "discover", "explorer", "action"} <= verbs_used
            last = fake.channel_messages("game-1")[-1]
            assert "Game over" in last.text and last.attachments
        fake.assert_no_violations()
    assert time.perf_counter() - started < 300
