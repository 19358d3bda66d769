"""Entdecker (Klaus Teuber, Goldsieber 1996): rules, tile data, scoring, views and AI players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.entdecker.ai import AIS, ai_move
from engine.entdecker.info import INFO
from engine.entdecker.labels import describe, numbered_legal
from engine.entdecker.labels import label_for as move_label
from engine.entdecker.presenter import PRESENTER
from engine.entdecker.rules import legal_moves, new_game, step
from engine.entdecker.setup import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from engine.entdecker.state import GAME, RULES_VERSION, State, from_json
from engine.entdecker.state import from_json as state_from_dict
from engine.entdecker.state import to_json as state_to_dict
from engine.entdecker.undo import undoable
from engine.entdecker.view import view

TITLE = "Entdecker"

__all__ = [
    "AIS",
    "GAME",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "PRESENTER",
    "RULES_VERSION",
    "TITLE",
    "State",
    "ai_move",
    "describe",
    "from_json",
    "legal_moves",
    "move_label",
    "new_game",
    "numbered_legal",
    "selfplay_stats",
    "state_from_dict",
    "state_to_dict",
    "step",
    "to_act",
    "turn_passed",
    "undoable",
    "view",
]


def to_act(state: State) -> list[int]:
    return [] if state.game_over else [state.current]


def turn_passed(events: Sequence[dict[str, Any]]) -> bool:
    return any(e.get("type") in ("turn", "game_over") for e in events)
