"""Messages: the texts the bot posts."""

from __future__ import annotations

import engine
from bot import Settings, messages
from bot.catalog import Catalog
from bot.lang import speaking


def test_rules_text_points_the_others_to_substitute() -> None:
    text = messages.rules_content(Catalog(), Settings())
    assert "/game substitute" in text, text


def test_status_shows_each_score_by_source_in_the_readers_language() -> None:
    presenter = engine.presenter("entdecker")
    view = {"players": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}, {"seat": 2, "name": "c"}]}
    events = [  # as stored: the seats' keys came back from JSON as strings
        {"type": "island", "scores": {"0": 6, "1": 3}, "discoverers": [0], "incomplete": False},
        {"type": "island", "scores": {"0": 2}, "discoverers": [0], "incomplete": False},
        {"type": "event", "event": "ruins", "player": 1, "vp": 3},
    ]
    lines = messages.score_parts_lines(presenter, view, events, ["ann", "bob", "cem"])
    assert lines == [
        "Points by source:",
        "• **ann**: 2 islands won: 8 = 8 points",
        "• **bob**: 1 share of an island: 3 · 1 ruin: 3 = 6 points",
    ]  # cem, who scored nothing, has no line
    with speaking("de"):
        german = messages.score_parts_lines(presenter, view, events, ["ann", "bob", "cem"])
    assert german[0] == "Punkte nach Herkunft:" and "2 Inseln gewonnen: 8" in german[1] and "1 Ruine: 3" in german[2]
    assert messages.score_parts_lines(presenter, view, [], ["ann", "bob", "cem"]) == []
