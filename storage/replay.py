"""The storage layer's only contact with the engine: (de)serialising and replaying."""

from __future__ import annotations

import json
from typing import Any

import engine

from .errors import LogCorrupt


def state_to_json(state: Any) -> str:
    return engine.state_to_json(state)


def parse_state(text: str) -> Any | None:
    """The state in a snapshot, or None if the text no longer parses (corrupt, or an old format)."""
    try:
        return engine.state_from_json(text)
    except Exception:  # any failure just means "rebuild from the log"
        return None


def saved_game(state: Any) -> dict[str, Any]:
    return engine.saved_game(state)


def move_json(move: Any) -> str:
    """The move as stored in the log: engine.move_to_json's value, as JSON text."""
    # json.loads of this text gives back exactly what engine.saved_game lists under "moves".
    return json.dumps(engine.move_to_json(move))


def replay(game_id: int, saved: dict[str, Any]) -> Any:
    try:
        return engine.replay(saved)
    except engine.IllegalMove as exc:
        raise LogCorrupt(f"game {game_id}: the move log does not replay: {exc.reason}") from exc
    except (KeyError, TypeError, ValueError) as exc:  # a malformed stored move, not a rules refusal
        raise LogCorrupt(f"game {game_id}: the move log does not replay: {exc!r}") from exc
