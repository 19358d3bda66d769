"""The one way a move is written: one storage transaction (move, events, snapshot, reminder reset) guarded by the
state version, so a move another process overtook is never written over the truth."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from storage import SeatChanged, StaleVersion, Store, WrongStatus

from .accounts import Accounts, credited
from .cache import TableCache
from .legal import Legal
from .refusal import Refusal
from .table import MoveOutcome, Table


class Overtaken(Exception):
    """The cached table was behind storage (another process changed the game); nothing was written."""


@dataclass
class Recorder:
    store: Store
    tables: TableCache
    accounts: Accounts
    legal: Legal
    clock: Callable[[], float] = time.time

    async def record(
        self,
        channel_id: int,
        table: Table,
        move: Any,
        new_state: Any,
        events: list[dict[str, Any]],
        user_id: int | None,
        seat: int,
        by_ai: bool,
        retry: bool = False,
        actor: str | None = None,
    ) -> MoveOutcome:
        """Store the move, credited to `actor` (who acted, named as they are now; default: the seat's name).
        `retry` (the table came from the cache): if the game changed behind its back, raise
        Overtaken (nothing was written) so that the caller judges the move again on a fresh read."""
        if actor is None:
            actor = table.players[seat].display_name if 0 <= seat < len(table.players) else None
        try:
            _, record = await self.store.append_move(
                table.game_id,
                table.version,
                move,
                new_state,
                events,
                user_id,
                self.clock(),
                known=table.record,
                seat_holder=table.players[seat].user_id,  # storage re-checks the seat is still held by them
                actor=actor,
            )
        except StaleVersion:
            # Another process moved first: nothing was written. Reload so the next attempt sees the truth.
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            fresh = await self.tables.table(channel_id, fresh=True)
            legal = self.legal.legal_text(fresh, user_id) if fresh is not None and fresh.state is not None else ""
            raise Refusal("Someone else moved at the same moment; nothing was done. " + legal) from None
        except SeatChanged:
            # The seat changed hands in another process; nothing was written. Judge again on a fresh read.
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal("That seat changed hands at the same moment; nothing was done.") from None
        except WrongStatus:
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal("The game is no longer running.") from None
        except BaseException:
            self.tables.forget(channel_id)  # whatever happened, the next move reads the truth from storage
            raise
        after = Table(record, table.players, new_state)
        # A finished game is no longer the channel's open game, but keep it cached for the final announcement.
        self.tables.put(channel_id, after if not new_state.game_over else None)
        turn_over = engine.turn_passed(record.game, events)
        told = engine.move_to_json(move)
        self.accounts.note(channel_id, table.game_id, after.version, events, turn_over, seat, actor, told)
        lines = self.accounts.describe_move(record.game, told, events, credited(after.shown_names, seat, actor))
        return MoveOutcome(after, move.key, seat, by_ai, events, lines, turn_over)
