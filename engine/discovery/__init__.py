"""Carcassonne: The Discovery (Leo Colovini, Hans im Glück 2005): rules, tile data, scoring, views and AI players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.discovery.ai import AIS, ai_move
from engine.discovery.info import INFO
from engine.discovery.labels import describe, numbered_legal
from engine.discovery.labels import label_for as move_label
from engine.discovery.presenter import PRESENTER
from engine.discovery.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, legal_moves, new_game, step
from engine.discovery.state import GAME, RULES_VERSION, State
from engine.discovery.state import from_json as state_from_dict
from engine.discovery.state import to_json as state_to_dict
from engine.discovery.tiles import TERRAIN_WORDS
from engine.discovery.undo import undoable
from engine.discovery.view import view

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


def selfplay_stats(events: Sequence[dict[str, Any]], stats: dict[str, Any]) -> None:
    """Self-play figures (`python -m engine selfplay`), kept per move: territories completed during the game and
    left open at its end, by kind, and how the followers were scored."""
    for e in events:
        t = e.get("type")
        if t == "complete":
            done = stats.setdefault("completed", {})
            word = TERRAIN_WORDS[e["terrain"]]
            done[word] = done.get(word, 0) + 1
        elif t in ("score", "final"):
            scored = stats.setdefault("scored", {})
            how = "final" if t == "final" else ("complete" if e["complete"] else "open")
            scored[how] = scored.get(how, 0) + 1
        elif t == "end":
            stats["open_at_end"] = dict(e["open"])


def turn_passed(events: Sequence[dict[str, Any]]) -> bool:
    return any(e.get("type") in ("turn", "game_over") for e in events)
