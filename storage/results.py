"""Finished games' results (migration 0009, docs/results.md): written in the transaction that ends a game, deleted in
the one that takes its end back, read by the statistics and the ratings (which are computed from them, never
stored: nothing undone or abandoned can leave a trace).

The engine's result (`state.result`: `scores` and `ranking`, a place per seat) is copied with who held each seat at
the end: a person's user id or the AI's kind."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import archive, replay, snapshots, verify

if TYPE_CHECKING:
    from .driver import Driver, Row, Tx

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResultSeat:
    seat: int
    user_id: int | None  # None for an AI seat
    ai_kind: str | None  # the AI's kind for an AI seat, else None
    name: str  # the seat's name at the end
    score: int
    place: int  # 1 = won; equal places are ties


@dataclass(frozen=True)
class ResultRecord:
    game_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    ended_at: float
    seats: tuple[ResultSeat, ...]  # in seat order


_INSERT_RESULT = """
    INSERT INTO results (game_id, guild_id, game, options, ended_at)
    SELECT id, guild_id, game, options, CAST(:ended_at AS DOUBLE PRECISION) FROM games WHERE id = :id
"""
_INSERT_SEAT = """
    INSERT INTO result_seats (game_id, seat, user_id, ai_kind, name, points, rank)
    SELECT game_id, seat, CASE WHEN is_ai THEN NULL ELSE user_id END, CASE WHEN is_ai THEN ai_kind ELSE NULL END,
        display_name, CAST(:points AS INTEGER), CAST(:rank AS INTEGER)
    FROM players WHERE game_id = :id AND seat = :seat
"""
# Seats and their results in one statement, in the order the ratings need (date, then game, then seat).
_SELECT = """
    SELECT r.game_id, r.guild_id, r.game, r.options, r.ended_at,
        s.seat, s.user_id, s.ai_kind, s.name, s.points, s.rank
    FROM results r JOIN result_seats s ON s.game_id = r.game_id
    WHERE r.guild_id = :guild AND (CAST(:game AS TEXT) IS NULL OR r.game = CAST(:game AS TEXT))
        {mine}
    ORDER BY r.ended_at, r.game_id, s.seat
"""
_MINE = "AND r.game_id IN (SELECT game_id FROM result_seats WHERE user_id = :user)"


def seat_rows(game_id: int, result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The parameters of _INSERT_SEAT for each seat of an engine result."""
    scores, places = result["scores"], result["ranking"]
    return [
        {"id": game_id, "seat": seat, "points": int(score), "rank": int(place)}
        for seat, (score, place) in enumerate(zip(scores, places, strict=True))
    ]


async def write(tx: Tx, game_id: int, result: Mapping[str, Any] | None, ended_at: float) -> None:
    """In the transaction that ends the game: its result row and seats (none if the state carries no result)."""
    if result is None:
        log.warning("game %s ended without a result; no result row written", game_id)
        return
    await tx.execute(_INSERT_RESULT, {"id": game_id, "ended_at": ended_at})
    await tx.executemany(_INSERT_SEAT, seat_rows(game_id, result))


async def drop(tx: Tx, game_id: int) -> None:
    """In the transaction that takes a game's end back: its result goes (its seats with it, ON DELETE CASCADE)."""
    await tx.execute("DELETE FROM result_seats WHERE game_id = :id", {"id": game_id})
    await tx.execute("DELETE FROM results WHERE game_id = :id", {"id": game_id})


async def listed(
    db: Tx | Driver, guild_id: int, game: str | None = None, user_id: int | None = None
) -> list[ResultRecord]:
    """The server's results (of one game if named; of the games `user_id` sat in if given), oldest first."""
    sql = _SELECT.format(mine=_MINE if user_id is not None else "")
    rows = await db.fetch(sql, {"guild": guild_id, "game": game, "user": user_id})
    return _records(rows)


def _records(rows: Sequence[Row]) -> list[ResultRecord]:
    out: list[ResultRecord] = []
    seats: list[ResultSeat] = []
    for i, row in enumerate(rows):
        seats.append(ResultSeat(row["seat"], row["user_id"], row["ai_kind"], row["name"], row["points"], row["rank"]))
        if i + 1 == len(rows) or rows[i + 1]["game_id"] != row["game_id"]:
            options = json.loads(row["options"])
            out.append(ResultRecord(row["game_id"], row["guild_id"], row["game"], options, row["ended_at"],
                                    tuple(seats)))  # fmt: skip
            seats = []
    return out


# ---------------------------------------------------------------------- migration 0009's backfill


async def backfill(tx: Tx) -> int:
    """Every finished game without a result gets one from its final state: the snapshot written at its end (its
    version is the log's), or, where that is missing or does not parse, a replay of its log. A game whose state
    cannot be had is left without a result and logged, so one damaged game does not stop the migration."""
    rows = await tx.fetch(
        "SELECT g.id, g.setup, g.version, g.ended_at, g.updated_at, s.version AS s_version, s.state,"
        " a.moves AS a_moves, a.log_digest AS a_log_digest, a.digest AS a_digest, a.log AS a_log"
        " FROM games g LEFT JOIN snapshots s ON s.game_id = g.id LEFT JOIN move_archives a ON a.game_id = g.id"
        " WHERE g.status = 'finished' AND g.id NOT IN (SELECT game_id FROM results) ORDER BY g.id"
    )
    done = 0
    for row in rows:
        game_id = row["id"]
        try:
            result = _final_result(row) or await _replayed_result(tx, row)
        except Exception as exc:  # any damage: this game keeps no result, the others get theirs
            log.warning("game %s: no result written (%s)", game_id, exc)
            continue
        if result is None:
            log.warning("game %s: its final state has no result; none written", game_id)
            continue
        await write(tx, game_id, result, row["ended_at"] if row["ended_at"] is not None else row["updated_at"])
        done += 1
    return done


def _final_result(row: Row) -> dict[str, Any] | None:
    if row["state"] is None or row["s_version"] != row["version"]:
        return None
    try:
        state = json.loads(snapshots.unpack(row["state"]))
    except ValueError:
        return None
    result = state.get("result") if isinstance(state, dict) else None
    return result if isinstance(result, dict) else None


async def _replayed_result(tx: Tx, row: Row) -> dict[str, Any] | None:
    game_id, setup = row["id"], row["setup"]
    if row["a_log"] is not None:
        moves = archive.unpack(game_id, setup, row["a_moves"], row["a_log_digest"], row["a_digest"], row["a_log"]).move
    else:
        live = await tx.fetch("SELECT move FROM moves WHERE game_id = :id ORDER BY seq", {"id": game_id})
        moves = [move for (move,) in live]
    result = replay.replay(game_id, verify.saved(game_id, setup, moves)).result
    return result if isinstance(result, dict) else None
