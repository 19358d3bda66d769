"""The one way a move is written: one storage transaction (move, events, snapshot, reminder reset) guarded by the
state version, so a move another process overtook is never written over the truth."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from storage import (
    AlreadyDone,
    OutcomeUnknown,
    SeatChanged,
    StaleVersion,
    StorageError,
    StorageUnavailable,
    Store,
    WrongStatus,
)

from ..lang import N_, _
from .accounts import Accounts, credited
from .cache import TableCache
from .legal import Legal
from .refusal import Refusal
from .table import MoveOutcome, Table


class Overtaken(Exception):
    """The cached table was behind storage (another process changed the game); nothing was written."""


class Unsettled(Refusal):
    """The database was lost while the move was saved, and stayed unreachable: whether it was stored is not known."""


NOT_MADE = N_(
    "The connection to the database broke while your move was being saved: it was not made, and nothing changed."
)
UNSETTLED = N_(
    "The connection to the database broke while your move was being saved, and it cannot be reached to tell whether "
    "it was: `/game board` shows it once the database is back. Sending the same command again is safe: it will not "
    "act twice."
)
SAVED_UNSHOWN = N_(
    "Your move was saved, though the connection to the database broke as it was; the channel shows it once the "
    "database is back. Sending the same command again is safe: it will not act twice."
)
SETTLE_WAITS = (0.2, 0.5, 1.0, 2.0, 4.0)  # seconds between tries to read whether a move landed (~8 s in all)


def already_done(seq: int) -> str:
    return _("Already done: that move was made (move {seq}); nothing was done again.").format(seq=seq)


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
        key: str | None = None,
    ) -> MoveOutcome:
        """Store the move, credited to `actor` (who acted, named as they are now; default: the seat's name).
        `retry` (the table came from the cache): if the game changed behind its back, raise
        Overtaken (nothing was written) so that the caller judges the move again on a fresh read.

        `key` (stamp.request_key) is stored with the move: a request that acted already is refused as done, and a
        move whose outcome the database lost with its connection is settled by reading whether its key landed."""
        if actor is None:
            actor = table.players[seat].display_name if 0 <= seat < len(table.players) else None
        settled = False
        try:
            _seq, record = await self.store.append_move(
                table.game_id,
                table.version,
                move,
                new_state,
                events,
                user_id,
                self.clock(),
                seat_holder=table.players[seat].user_id,  # storage re-checks the seat is still held by them
                actor=actor,
                key=key,
            )
        except OutcomeUnknown:
            self.tables.forget(channel_id)
            if key is None or not await self.landed(table.game_id, key, settle=True):
                raise Refusal(_(NOT_MADE) + " " + self.legal.legal_text(table, user_id)) from None
            try:
                record, settled = await self.store.game(table.game_id), True
            except StorageError:
                raise Unsettled(_(SAVED_UNSHOWN)) from None
        except AlreadyDone as done:
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal(already_done(done.seq)) from None
        except StaleVersion:
            # Another process moved first: nothing was written. Reload so the next attempt sees the truth.
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            fresh = await self.tables.table(channel_id, fresh=True)
            legal = self.legal.legal_text(fresh, user_id) if fresh is not None and fresh.state is not None else ""
            raise Refusal(_("Someone else moved at the same moment; nothing was done. ") + legal) from None
        except SeatChanged:
            # The seat changed hands in another process; nothing was written. Judge again on a fresh read.
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal(_("That seat changed hands at the same moment; nothing was done.")) from None
        except WrongStatus:
            self.tables.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal(_("The game is no longer running.")) from None
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
        return MoveOutcome(after, move.key, seat, by_ai, events, lines, turn_over, settled)

    async def landed(self, game_id: int, key: str, *, settle: bool = False) -> int | None:
        """The move number the request `key` made, None if it made none. `settle`: after a lost connection, try
        for a few seconds; Unsettled if the database stays out of reach."""
        for wait in (*SETTLE_WAITS, None) if settle else (None,):
            try:
                return await self.store.move_landed(game_id, key)
            except (StorageUnavailable, OutcomeUnknown):
                if wait is None:
                    if settle:
                        raise Unsettled(_(UNSETTLED)) from None
                    raise
                await asyncio.sleep(wait)
        raise AssertionError  # unreachable: the last wait is None
