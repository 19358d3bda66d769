"""Carcassonne: The Discovery through the real discord.py client and fakediscord: a whole 3-player game by its
own slash commands with autocomplete, one by the turn message's buttons and menus, and the double-tile variant
whose hands stay private."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import helpers
from .helpers import (
    click_move,
    ok,
    pick,
    slash_move,
    started,
    table_of,
    turn_message,
    user_of,
)

GAME = "discovery"


@pytest.mark.usefixtures("sketched_boards")
async def test_whole_three_player_game_by_slash_commands(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob", "dave"], seed=3, game=GAME) as (fake, bot):
        first = fake.channel_messages("game-1")[-1]
        assert first.attachments and first.attachments[0].image().format == "PNG"
        verbs = set()
        moves = 0
        while (table := await table_of(bot, fake, "game-1")) is not None:
            key = pick(table)
            verbs.add(key.split(":", 1)[0])
            await ok(await slash_move(fake, "game-1", user_of(fake, table), key, game=GAME))
            moves += 1
            assert moves < 400
        assert {"place", "deploy", "score"} <= verbs
        last = fake.channel_messages("game-1")[-1]
        assert "Game over" in last.text and last.attachments and helpers.only_end_controls(last)
        status = await ok(await fake.slash("carol", "game-1", "game", "status"))
        assert "finished" in status.text


@pytest.mark.usefixtures("sketched_boards")
async def test_whole_game_by_buttons_and_menus(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob"], seed=4, game=GAME) as (fake, bot):
        clicked = slashed = 0
        while (table := await table_of(bot, fake, "game-1")) is not None:
            message = turn_message(fake, table)
            key = pick(table)
            on_message = key in {c.split(":", 3)[3] for c in message.custom_ids() if c.count(":") >= 3} or any(
                key in [o["value"] for o in s["options"]] for s in message.selects()
            )
            if on_message:
                handle = await click_move(fake, message, user_of(fake, table), key)
                await handle.acked()
                await ok(handle)
                clicked += 1
            else:  # a menu holds at most 25 placements: the rest are typed
                await ok(await slash_move(fake, "game-1", user_of(fake, table), key, game=GAME))
                slashed += 1
            assert clicked + slashed < 400
        assert clicked > slashed
        assert "Game over" in fake.channel_messages("game-1")[-1].text


async def test_double_tile_hands_are_private(tmp_path: Path) -> None:
    async with started(tmp_path, "game-1", ["alice", "bob", "dave"], seed=5, game=GAME, double_tile=True) as (
        fake,
        bot,
    ):
        table = await table_of(bot, fake, "game-1")
        assert table.record.options == {"double_tile": True}
        for _ in range(12):
            table = await table_of(bot, fake, "game-1")
            user = user_of(fake, table)
            if table.view(None)["phase"] == "place":
                mine = await fake.autocomplete(user, "game-1", "discovery", "place", focused="option", value="")
                assert mine and all(c["name"].split(" ")[1] == "tile" for c in mine)
                other = next(u for u in ("alice", "bob", "dave") if u != user)
                theirs = await fake.autocomplete(other, "game-1", "discovery", "place", focused="option", value="")
                assert not [c for c in theirs if c["value"] in {m["value"] for m in mine}]
                message = turn_message(fake, table)
                assert not any(":place:" in c for c in message.custom_ids())  # the public message shows no hand
            await ok(await slash_move(fake, "game-1", user, pick(table), game=GAME))
