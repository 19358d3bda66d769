"""`/undo`, Discord-free: taking back the game's last move.

The player who made it takes it back alone when it revealed nothing hidden (the game says so through
`engine.undoable`: no tile drawn, no token turned, no chance); anything else needs the consent of every other seated
person (AI seats are not asked). Requests waiting for consent live in this process only: a restart drops them, and
a click on an old request's button then says to ask again. A move made meanwhile also ends a request (its version
no longer matches). The undo itself is one storage transaction (Store.rollback), which keeps the undone move for
the log.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from storage import MoveRecord, StaleVersion, StorageError, Store

from ..lang import _
from ..service.accounts import Accounts, credited
from ..service.cache import TableCache
from ..service.refusal import Refusal
from ..service.table import Table


@dataclass
class UndoRequest:
    """An undo waiting for consent: of the game at `version`, asked by `requester`."""

    game_id: int
    version: int
    requester: int
    requester_name: str
    needed: dict[int, str]  # user id -> name of everyone whose consent is needed
    agreed: set[int] = field(default_factory=set)
    what: str = ""  # the move in words

    @property
    def missing(self) -> list[str]:
        return [name for uid, name in self.needed.items() if uid not in self.agreed]


@dataclass
class UndoDone:
    table: Table  # after the undo
    what: str  # the move taken back, in words
    by: str  # who undid it (and who agreed), in words


@dataclass
class Undo:
    store: Store
    tables: TableCache
    accounts: Accounts
    clock: Callable[[], float] = time.time
    _requests: dict[tuple[int, int], UndoRequest] = field(default_factory=dict, init=False)  # by (game, version)

    async def _last_move(self, table: Table) -> MoveRecord:
        moves = await self.store.recent_moves(table.game_id, 1)
        if not moves or moves[-1].seq != table.version:
            raise Refusal(_("There is nothing to undo yet."))
        return moves[-1]

    def _words(self, table: Table, move: MoveRecord) -> str:
        names = credited(table.shown_names, move.move.get("player"), move.actor)
        return "; ".join(self.accounts.describe_events(table.game, move.events, names)) or f"move {move.seq}"

    async def _alone(self, table: Table, move: MoveRecord, user_id: int) -> bool:
        """Whether the user made the last move and it revealed nothing (the game judges, on the state before)."""
        if move.user_id != user_id:
            return False
        saved = await self.store.saved_game(table.game_id)
        saved["moves"] = saved["moves"][:-1]
        before = await asyncio.to_thread(engine.replay, saved)
        return engine.undoable(before, engine.move_from_json(move.move), move.events)

    async def request_undo(self, channel_id: int, user_id: int, user_name: str) -> UndoDone | UndoRequest:
        """Undo the last move at once if the user may alone; otherwise a request the others must agree to."""
        async with self.tables.lock(channel_id):
            table = await self.tables.active_table(channel_id)
            if not table.active:
                raise Refusal(_("The game is over; a finished game is not undone."))
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal(_("Only the players of this game can undo a move."))
            move = await self._last_move(table)
            others = {
                p.user_id: p.display_name
                for p in table.players
                if not p.is_ai and p.user_id is not None and p.user_id != user_id
            }
            what = self._words(table, move)
            if not others or await self._alone(table, move, user_id):
                return await self._roll_back(channel_id, table, what, user_name)
            request = UndoRequest(table.game_id, table.version, user_id, user_name, others, what=what)
            self._requests[(table.game_id, table.version)] = request
            return request

    async def answer_undo(
        self, channel_id: int, game_id: int, version: int, user_id: int, yes: bool
    ) -> UndoDone | UndoRequest | None:
        """A player's answer to an undo request: the request (still waiting), the undo done, or None if refused."""
        async with self.tables.lock(channel_id):
            request = self._requests.get((game_id, version))
            if request is None:
                raise Refusal(_("This undo request has ended (a move was made, it was answered, or I restarted)."))
            if user_id not in request.needed:
                raise Refusal(_("Only the other players are asked; this request is not yours to answer."))
            table = await self.tables.active_table(channel_id)
            if table.game_id != game_id or table.version != version or not table.active:
                self._requests.pop((game_id, version), None)
                raise Refusal(_("The game has moved on since; nothing was undone. Ask again with `/undo`."))
            if not yes:
                self._requests.pop((game_id, version), None)
                return None
            request.agreed.add(user_id)
            if request.missing:
                return request
            self._requests.pop((game_id, version), None)
            agreed = " and ".join(request.needed.values())
            return await self._roll_back(
                channel_id,
                table,
                request.what,
                _("{requester_name} ({agreed} agreed)").format(requester_name=request.requester_name, agreed=agreed),
            )

    def pending_undo(self, game_id: int, version: int) -> UndoRequest | None:
        return self._requests.get((game_id, version))

    async def _roll_back(self, channel_id: int, table: Table, what: str, by: str) -> UndoDone:
        """Under the channel lock: the game back by one move, in one transaction."""
        try:
            await self.store.rollback(
                table.game_id, table.version - 1, self.clock(), expected_version=table.version, undone_by=by
            )
        except StaleVersion:
            self.tables.forget(channel_id)
            raise Refusal(_("Someone moved at the same moment; nothing was undone.")) from None
        except StorageError as exc:
            self.tables.forget(channel_id)
            raise Refusal(_("Nothing was undone: {exc}").format(exc=exc)) from None
        self.tables.forget(channel_id)
        after = await self.tables.reload(channel_id)
        return UndoDone(after, what, by)
