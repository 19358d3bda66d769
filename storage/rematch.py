"""A rematch (issue 24): a new lobby in a finished game's channel with its seats as they were held at the end (the
same people and AI kinds, in the same seats) and its options, in one transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors
from .errors import Conflict

if TYPE_CHECKING:
    from .driver import Tx

_NEW_LOBBY = """
    INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_user_id, created_at, updated_at,
        seed_public)
    SELECT guild_id, channel_id, game, options, :seed, 'lobby', :host, :now, :now, 0 FROM games WHERE id = :old
    RETURNING id
"""
_SAME_SEATS = """
    INSERT INTO players (game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at)
    SELECT :new, seat, user_id, display_name, is_ai, ai_kind, :now FROM players WHERE game_id = :old ORDER BY seat
"""


async def open_rematch(tx: Tx, old_game_id: int, seed: int, host_user_id: int, now: float) -> int:
    """The new lobby's id; WrongStatus unless the old game finished, ChannelBusy if its channel has an open game."""
    rows = await tx.fetch("SELECT status, channel_id FROM games WHERE id = :id", {"id": old_game_id})
    if not rows:
        raise errors.GameNotFound(old_game_id)
    if rows[0]["status"] != "finished":
        raise errors.WrongStatus(old_game_id, rows[0]["status"], "finished")
    try:
        made = await tx.fetch(_NEW_LOBBY, {"seed": seed, "host": host_user_id, "now": now, "old": old_game_id})
    except Conflict as exc:  # raised at once: on PostgreSQL the refused statement aborts the transaction
        raise errors.ChannelBusy(int(rows[0]["channel_id"])) from exc
    new_id = int(made[0][0])
    await tx.execute(_SAME_SEATS, {"new": new_id, "now": now, "old": old_game_id})
    return new_id
