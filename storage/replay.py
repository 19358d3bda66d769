"""The storage layer's only contact with the engine: (de)serialising and replaying; and the snapshot digests.

The engine is imported by the functions that use it, not with storage: opening a database needs no rules, and
`python -m bot` opens it (the integrity check, most of its start-up) while it imports the engine and the rest of the
bot on the other core.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from .errors import LogCorrupt


def state_to_json(state: Any) -> str:
    """The full state, history included (for comparisons and exports)."""
    import engine

    return engine.state_to_json(state)


def snapshot_json(state: Any) -> str:
    """The state as a snapshot stores it: without the history, which the move log holds already (a snapshot that
    repeated it made every move rewrite the whole game so far)."""
    import engine

    return engine.state_to_json(state, history=False)


def parse_state(text: str, history: list[dict[str, Any]] | None = None) -> Any | None:
    """The state in a snapshot with `history` (the logged moves) put back, or None if the text no longer parses
    (corrupt, or an old format)."""
    import engine

    try:
        return engine.state_from_json(text, history)
    except Exception:  # any failure just means "rebuild from the log"
        return None


def saved_game(state: Any) -> dict[str, Any]:
    import engine

    return engine.saved_game(state)


def move_json(move: Any) -> str:
    """The move as stored in the log: engine.move_to_json's value, as JSON text."""
    import engine

    # json.loads of this text gives back exactly what engine.saved_game lists under "moves".
    return compact_json(engine.move_to_json(move))


def events_json(events: Iterable[dict[str, Any]]) -> str:
    """A move's events as stored in the log."""
    return compact_json(list(events))


def compact_json(data: Any) -> str:
    """JSON without the blanks after "," and ":": a log row 10 % shorter, so fewer pages split and fewer to read
    (the texts logged before are read alike; digests are over whatever text is stored)."""
    return json.dumps(data, separators=(",", ":"))


def move_seat(move: Any) -> int | None:
    """The seat that makes the move (every game's moves name it: engine.Move.player)."""
    import engine

    seat = engine.move_to_json(move).get("player")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def resume(state: Any, moves: list[dict[str, Any]]) -> Any | None:
    """The state after applying the logged `moves` (move_to_json dicts) to `state` through the engine, or None if one
    of them is not legal there (the log and the snapshot then disagree: the caller replays from the start)."""
    import engine

    try:
        for data in moves:
            state = engine.apply(state, engine.move_from_json(data))
    except (engine.IllegalMove, KeyError, TypeError, ValueError):
        return None
    return state


def replay(game_id: int, saved: dict[str, Any]) -> Any:
    import engine

    try:
        return engine.replay(saved)
    except engine.IllegalMove as exc:
        raise LogCorrupt(f"game {game_id}: the move log does not replay: {exc.reason}") from exc
    except (KeyError, TypeError, ValueError) as exc:  # a malformed stored move, not a rules refusal
        raise LogCorrupt(f"game {game_id}: the move log does not replay: {exc!r}") from exc


# ---------------------------------------------------------------------- digests
#
# A snapshot carries log_digest, a hash chain over the game's setup and the moves up to its version as stored, and
# digest, a hash of log_digest and the snapshot's own (JSON) text. The games row carries the chain over the whole log
# (games.log_digest, extended by every move), which is where a snapshot written later takes its log_digest from.
# Loading recomputes them from the log it reads anyway: a snapshot written for another log (another game, a log
# rolled back or edited behind its back) or whose text changed is noticed without a replay. Backends compute the same
# values (SQLite through the chain_digest function of the writer).


def chain_digest(previous: str | None, text: str | None) -> str | None:
    """sha256 hex of previous + "\\n" + text; None propagates (a snapshot without digests stays unverified)."""
    if previous is None or text is None:
        return None
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()


def log_digest(setup: str, moves: Iterable[str]) -> str:
    return log_digests(setup, moves)[-1]


def log_digests(setup: str, moves: Iterable[str]) -> list[str]:
    """The log digest after 0, 1, ..., n moves: a snapshot at version v must carry the v-th."""
    digest = chain_digest("", setup)
    assert digest is not None
    out = [digest]
    for move in moves:
        digest = chain_digest(digest, move)
        assert digest is not None
        out.append(digest)
    return out
