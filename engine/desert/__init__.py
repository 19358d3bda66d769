"""Entdecker – Im Reich der Wüstensöhne (Klaus Teuber, Kosmos 2008): rules, tile data, views and AI players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.desert.ai import AIS, ai_move
from engine.desert.info import INFO
from engine.desert.labels import describe, numbered_legal
from engine.desert.labels import label_for as move_label
from engine.desert.presenter import PRESENTER
from engine.desert.rules import legal_moves, new_game, step, to_act
from engine.desert.setup import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from engine.desert.state import GAME, RULES_VERSION, State
from engine.desert.state import from_json as state_from_dict
from engine.desert.state import to_json as state_to_dict
from engine.desert.undo import undoable
from engine.desert.view import view

__all__ = [
    "AIS",
    "GAME",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "PRESENTER",
    "RULES_VERSION",
    "State",
    "ai_move",
    "describe",
    "legal_moves",
    "move_label",
    "new_game",
    "numbered_legal",
    "state_from_dict",
    "state_to_dict",
    "step",
    "to_act",
    "turn_passed",
    "undoable",
    "view",
]


def turn_passed(events: Sequence[dict[str, Any]]) -> bool:
    """A turn passes when another seat's turn begins, a bonus turn begins, or the game ends."""
    return any(e.get("type") in ("turn", "bonus", "game_over") for e in events)


def selfplay_stats(events: Sequence[dict[str, Any]], stats: dict[str, Any]) -> None:
    """Self-play figures: completed oases by size (tiles) and action spaces used, by kind."""
    for e in events:
        if e.get("type") == "oasis":
            by_size = stats.setdefault("oases", {})
            by_size[str(e["size"])] = by_size.get(str(e["size"]), 0) + 1
        elif e.get("type") == "action":
            used = stats.setdefault("actions", {})
            used[e["action"]] = used.get(e["action"], 0) + 1
