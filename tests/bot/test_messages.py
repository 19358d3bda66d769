"""Messages: the texts the bot posts."""

from __future__ import annotations

from bot import Settings, messages
from bot.catalog import Catalog


def test_rules_text_points_the_others_to_substitute() -> None:
    text = messages.rules_content(Catalog(), Settings())
    assert "/game substitute" in text, text
