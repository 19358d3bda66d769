"""What a player asks about themselves: their private information (`/game hand`), where they play (`/game mine`),
and their own settings (`/game remind`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from storage import StorageError, Store

from ..catalog import Catalog
from ..lang import _
from ..text import jump_link
from .cache import TableCache
from .legal import Legal
from .refusal import Refusal
from .table import Table


@dataclass(frozen=True)
class Seat:
    """One game a user is seated in: the channel, the game's title, and whose turn it is in words."""

    channel_id: int
    title: str
    status: str  # "your turn", "alice's turn", "in the lobby", ...
    yours: bool  # the user is among those to act
    link: str | None = None  # to the live turn message (or the lobby's)


@dataclass
class Players:
    store: Store
    tables: TableCache
    legal: Legal
    catalog: Catalog
    clock: Callable[[], float] = time.time

    async def hand(self, channel_id: int, user_id: int) -> tuple[Table, list[str]]:
        """The user's private information in the channel's game, in the presenter's words."""
        table = await self.tables.active_table(channel_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You are not playing in this game, so there is nothing private to show you."))
        lines = self.catalog.presenter(table.game).hand_of(table.view(seat))
        return table, lines

    async def seats_of(self, user_id: int, guild_id: int | None) -> list[Seat]:
        """Every open game in the server where the user holds a seat, those waiting for them first."""
        out: list[Seat] = []
        for record in await self.store.games_of_user(user_id):
            if guild_id is not None and record.guild_id != guild_id:
                continue
            title = self.catalog.title(record.game)
            link = jump_link(record.guild_id, record.channel_id, record.turn_message_id)
            if record.status == "lobby":
                out.append(Seat(record.channel_id, title, _("in the lobby, not started"), False, link))
                continue
            try:
                table = await self.tables.table(record.channel_id)
            except StorageError:
                continue
            if table is None or table.state is None or table.game_id != record.id:
                continue
            seat = table.seat_of(user_id)
            yours = table.acts(seat)
            status = _("your turn") if yours else self.legal.whose_turn(table)
            out.append(Seat(record.channel_id, title, status, yours, link))
        out.sort(key=lambda s: not s.yours)
        return out

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        await self.store.set_dm_reminders(user_id, on, self.clock())

    async def dm_reminders(self, user_id: int) -> bool:
        return await self.store.dm_reminders(user_id)
