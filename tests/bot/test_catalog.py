"""Catalog: the registered games' verbs and their words."""

from __future__ import annotations

from bot.catalog import Catalog


def test_legal_summary_is_grouped_by_command() -> None:
    legal = [
        {"key": "draw:1", "kind": "draw"},
        {"key": "draw:2", "kind": "draw"},
        {"key": "build:fort:0", "kind": "build"},
        {"key": "stop", "kind": "stop"},
    ]
    legal = [
        {**e, "label": label} for e, label in zip(legal, ["Pile 1", "Pile 2", "Build a fort", "Stop"], strict=True)
    ]
    assert Catalog().legal_summary("entdecker", legal) == (
        "You can: `/entdecker draw pile:` Pile 1; Pile 2 · `/entdecker build piece:` Build a fort · `/entdecker stop`"
    )
