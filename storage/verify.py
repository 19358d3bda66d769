"""What a stored log, its running digest and a snapshot must agree on before storage trusts them (pure: no SQL).

The chain of digests is storage/replay.py's; docs/storage.md ("snapshots", "Archived logs") says why each check."""

from __future__ import annotations

import json
import logging
from typing import Any

from . import replay, snapshots
from .errors import LogCorrupt

log = logging.getLogger(__name__)

State = Any
Row = Any


def snapshot_is(row: Row | None, version: int, state_json: str, log_digest: str) -> bool:
    """Whether a snapshot row (None: none) holds exactly this state of this log."""
    if row is None or (row["version"], row["log_digest"]) != (version, log_digest):
        return False
    try:
        text = snapshots.unpack(row["state"])
    except ValueError:
        return False
    return text == state_json and row["digest"] == replay.chain_digest(log_digest, state_json)


def live_digests(game_id: int, setup: str, moves: list[Any]) -> list[str]:
    """The chain over a live log (storage/replay.py); LogCorrupt if a stored move is not text."""
    if not all(isinstance(move, str) for move in moves):
        raise corrupt(game_id, "a stored move is not text")
    return replay.log_digests(setup, moves)


def check_running(game_id: int, running: str, computed: str) -> None:
    if running != computed:
        raise corrupt(game_id, "it does not match the game's log digest: a stored move was changed or removed")


def corrupt(game_id: int, detail: str) -> LogCorrupt:
    exc = LogCorrupt(f"game {game_id}: its move log is damaged ({detail}); the game is kept as stored")
    log.error("%s", exc)
    return exc


def saved(game_id: int, setup: str, moves: list[str]) -> dict[str, Any]:
    """engine.replay's input from the stored texts; LogCorrupt if they are not JSON."""
    try:
        saved: dict[str, Any] = json.loads(setup)
        saved["moves"] = [json.loads(move) for move in moves]
    except (ValueError, TypeError) as exc:
        raise LogCorrupt(f"game {game_id}: the stored setup or a move is not JSON: {exc}") from exc
    return saved


def check_snapshot(row: Row, moves: list[str], digests: list[str]) -> tuple[State | None, str]:
    """The state after the log's last move, from the snapshot (with the log's moves up to it as its history) and the
    moves logged after it replayed through the engine, if the snapshot belongs to exactly this log (`digests`: the
    chain over it); else (None, what is wrong)."""
    version = row["version"]
    if not 0 <= version <= len(moves):
        return None, f"is at version {version}"
    if row["log_digest"] is None or row["digest"] is None:
        return None, "has no digest"
    try:
        text = snapshots.unpack(row["state"])
    except ValueError:
        return None, "does not unpack"
    if row["log_digest"] != digests[version] or row["digest"] != replay.chain_digest(digests[version], text):
        return None, "does not match the log"
    try:
        # One parse for the whole log rather than one per move (a third of the time for 250 moves); each stored text
        # being one JSON object, the list has one per move.
        history = json.loads("[" + ",".join(moves) + "]")
    except ValueError:
        return None, "belongs to a log with a malformed move"
    if len(history) != len(moves) or not all(isinstance(move, dict) for move in history):
        return None, "belongs to a log with a malformed move"
    state = replay.parse_state(text, history[:version])
    if state is None or state.version != version:
        return None, "does not parse"
    if version < len(moves):
        state = replay.resume(state, history[version:])
        if state is None or state.version != len(moves):
            return None, "is not followed by the moves logged after it"
    return state, ""
