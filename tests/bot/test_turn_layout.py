"""bot/turn_layout.py and bot/editors.py: the turn message within Discord's components-v2 limits, and which
interaction token may still edit it."""

from __future__ import annotations

import datetime
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.components import MoveButton, MoveSelect
from bot.editors import Editors
from bot.turn_layout import MAX_COMPONENTS, passed_layout, rows_of, turn_layout
from tests.fakediscord import limits


def buttons(n: int, start: int = 0) -> list[discord.ui.Item[Any]]:
    return [MoveButton(1, 2, f"draw:{i}", f"Draw {i}") for i in range(start, start + n)]


def test_the_controls_are_laid_out_row_by_row_with_the_picture_between_words_and_controls() -> None:
    view = discord.ui.View(timeout=None)
    for i, item in enumerate(buttons(7)):
        item.row = i // 5
        view.add_item(item)
    layout, left_out = turn_layout("alice, your move", "board-1-2-3.png", rows_of(view))
    payload = layout.to_components()
    assert [c["type"] for c in payload] == [limits.TEXT_DISPLAY, limits.MEDIA_GALLERY, 1, 1]
    assert [len(c["components"]) for c in payload[2:]] == [5, 2] and left_out == 0
    assert payload[1]["items"][0]["media"]["url"] == "attachment://board-1-2-3.png"
    assert not limits.check_components(payload, limits.FLAG_COMPONENTS_V2)


def test_rows_past_forty_components_are_left_out_and_counted() -> None:
    options = [discord.SelectOption(label=str(i), value=f"ship:{i}") for i in range(25)]
    rows = [[MoveSelect(1, 2, n, options, "Where")] for n in range(20)]  # 20 rows of 2 components
    layout, left_out = turn_layout("words", "b.png", rows)
    assert layout._total_children <= MAX_COMPONENTS
    assert left_out == (20 - (MAX_COMPONENTS - 2) // 2) * 25
    assert not limits.check_components(layout.to_components(), limits.FLAG_COMPONENTS_V2)


def test_a_passed_turn_keeps_one_line_and_its_picture() -> None:
    payload = passed_layout("⏭️ This turn is over", "b.png").to_components()
    assert limits.text_of(payload) == ["⏭️ This turn is over"] and limits.media_of(payload) == [
        {"url": "attachment://b.png"}
    ]
    assert [c["type"] for c in passed_layout("over", None).to_components()] == [limits.TEXT_DISPLAY]


def test_an_editor_serves_its_message_while_its_token_lives() -> None:
    now = discord.utils.utcnow()

    def click(message_id: int, age: float) -> discord.Interaction:
        return cast(
            discord.Interaction,
            SimpleNamespace(
                type=discord.InteractionType.component,
                message=SimpleNamespace(id=message_id),
                expires_at=now - datetime.timedelta(seconds=age) + datetime.timedelta(minutes=15),
            ),
        )

    editors = Editors()
    editors.clicked(7, click(100, age=0))
    assert editors.of(7, 100) is not None and editors.of(7, 101) is None and editors.of(8, 100) is None
    editors.clicked(7, click(100, age=14.5 * 60))  # within a minute of expiry: not worth a request that fails
    assert editors.of(7, 100) is None
    editors.clicked(7, click(100, age=0))
    editors.prune({8})
    assert editors.of(7, 100) is None
