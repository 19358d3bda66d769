"""Issue 21 through the real client: the turn message carries exactly the controls bench/clicks.py counts
(bot.components.public_controls, laid out by controls_view), a private choice is reached through its button, a
step with one legal move is made for the player and said in words (not with "Confirm every step")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from bot.components import controls_view, public_controls
from bot.service import Table, stamp
from tests.fakediscord import FakeDiscord, FakeMessage

from .helpers import catalog, click_move, ok, started, table_of, turn_message, user_of

PLAYERS = ["alice", "bob", "carol"]
MOVES = 14


def sent(message: FakeMessage) -> list[tuple[str, tuple[str, ...]]]:
    """A message's controls: each custom id with its select options' values."""
    out = []
    for row in message.components:
        for c in row.get("components", []):
            out.append((c["custom_id"], tuple(o["value"] for o in c.get("options", []))))
    return out


def built(table: Table) -> list[tuple[str, tuple[str, ...]]]:
    controls = public_controls(table, catalog().presenter(table.game))
    view = controls_view(table.game_id, table.version, controls, tag=stamp.tag_of(table))
    assert view is not None
    return [
        (c.to_component_dict()["custom_id"], tuple(o["value"] for o in c.to_component_dict().get("options", [])))
        for c in view.children
    ]


async def move_by_clicks(fake: FakeDiscord, message: FakeMessage, user: str, key: str) -> None:
    """The move through the turn message, or through the private copy its button opens."""
    if (
        any(key == c.split(":", 3)[-1] for c in message.custom_ids() if c.startswith("ed:"))
        or any(key in [o["value"] for o in s["options"]] for s in message.selects())
        or not any(c.startswith("edp:") for c in message.custom_ids())
    ):
        await ok(await click_move(fake, message, user, key))
        return
    private = next(b for b in message.buttons() if b["custom_id"].startswith("edp:"))
    answer = await ok(await fake.click(user, message, private["custom_id"]))
    assert answer.ephemeral
    done = await ok(await click_move(fake, answer, user, key))
    # The copy says what was done and loses its controls (one move old now): the turn message carries the rest.
    assert done.id == answer.id and done.text.startswith("✅ Done. ") and not done.custom_ids(), done.text


CASES: list[tuple[str, dict[str, Any]]] = [
    ("entdecker", {}),
    ("desert", {}),
    ("discovery", {}),
    ("discovery", {"double_tile": True}),
]


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}{'+' if o else ''}" for g, o in CASES])
async def test_the_turn_message_carries_the_controls_the_bench_counts(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    async with started(tmp_path, "general", PLAYERS, game=game, **options) as (fake, bot):
        for _ in range(MOVES):
            table = await table_of(bot, fake, "general")
            assert table is not None and table.active
            message = turn_message(fake, table)
            assert sent(message) == built(table)
            key = engine.ai_move(table.state, catalog().info(game).default_ai).key
            await move_by_clicks(fake, message, user_of(fake, table), key)


async def only_choice_reached(fake: FakeDiscord, bot: Any, confirm: bool) -> tuple[Table, list[str]]:
    """Play desert by clicks until the player to act faces one legal move (confirm) or one was made for them."""
    for _ in range(200):
        table = await table_of(bot, fake, "general")
        assert table is not None and table.active
        message = turn_message(fake, table)
        if confirm:
            mine = bot.services.legal.legal_of(table, table.current.seat)
            if len(mine) == 1:
                return table, [message.text]
        elif "(the only choice)" in message.text:
            return table, [message.text]
        key = engine.ai_move(table.state, "heuristic").key
        await move_by_clicks(fake, message, user_of(fake, table), key)
    raise AssertionError("no single choice came up")


async def test_a_single_choice_is_made_for_the_player_and_said(tmp_path: Path) -> None:
    async with started(tmp_path, "general", PLAYERS, game="desert") as (fake, bot):
        _, (content,) = await only_choice_reached(fake, bot, confirm=False)
        assert "(the only choice)" in content


async def test_confirm_every_step_asks_even_then(tmp_path: Path) -> None:
    async with started(tmp_path, "general", PLAYERS, game="desert", confirm_steps=True) as (fake, bot):
        table, (content,) = await only_choice_reached(fake, bot, confirm=True)
        assert "(the only choice)" not in content
        assert len(turn_message(fake, table).custom_ids()) == 1


async def test_a_bonus_turn_goes_on_in_the_same_turn_message(tmp_path: Path) -> None:
    """Wüstensöhne's bonus turn is a turn of the same seat: its message is edited, not posted again (one ping)."""
    async with started(tmp_path, "general", PLAYERS, game="desert") as (fake, bot):
        for _ in range(300):
            table = await table_of(bot, fake, "general")
            assert table is not None and table.active
            message = turn_message(fake, table)
            key = engine.ai_move(table.state, "heuristic").key
            posted = len(fake.channel_messages("general"))
            await move_by_clicks(fake, message, user_of(fake, table), key)
            if key == "bonus":
                after = await table_of(bot, fake, "general")
                assert after is not None and after.record.turn_message_id == message.id
                assert len(fake.channel_messages("general")) == posted
                assert "bonus turn" in fake.message(message.id).text
                return
        raise AssertionError("nobody took a bonus turn")
