"""Seat offers, Discord-free. An offer is kept in this process's memory under a random id, and its buttons carry
only that id: who offers, which seat, to whom and with what rights are read from the offer, never from the click
(issue 19: a custom_id can be forged). An offer ends when it is answered; a restart drops the open ones, like undo
requests, and a click on an old offer then says to offer again. Accepting makes the handover again, checked again.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from storage import PlayerRecord

from ..lang import N_, _
from ..service.cache import TableCache
from ..service.refusal import Refusal
from ..service.seats import Seats

ENDED = N_(
    "This seat offer has ended (it was answered, or I restarted); "
    "`/game handover to:` or `/game substitute to:` offers the seat again."
)


@dataclass(frozen=True)
class SeatOffer:
    id: str
    channel_id: int
    game_id: int
    seat: int
    giver: int
    taker: int
    absent: bool  # /game substitute (the seat of an absent player or an AI), not the giver's own seat
    manage: bool  # the giver had Manage Channels when offering


@dataclass
class SeatOffers:
    tables: TableCache
    seats: Seats
    _open: dict[str, SeatOffer] = field(default_factory=dict, init=False)

    async def offer(
        self,
        channel_id: int,
        giver: int,
        taker: tuple[int, str],
        *,
        manage: bool,
        absent: bool,
        seat: int | None,
    ) -> tuple[SeatOffer, PlayerRecord]:
        """Check the handover now (nothing changes until the member accepts) and keep the offer."""
        chosen = await self.seats.handover(
            channel_id, giver, to_user=taker, manage=manage, absent=absent, seat=seat, dry_run=True
        )
        table = await self.tables.active_table(channel_id)
        offer = SeatOffer(
            secrets.token_hex(8),
            channel_id,
            table.game_id,
            chosen.seat,
            giver,
            taker[0],
            absent or seat is not None,
            manage,
        )
        self._open[offer.id] = offer
        return offer, chosen

    def get(self, offer_id: str, channel_id: int) -> SeatOffer:
        offer = self._open.get(offer_id)
        if offer is None or offer.channel_id != channel_id:
            raise Refusal(ENDED)
        return offer

    async def answer(
        self, offer_id: str, channel_id: int, user_id: int, user_name: str, yes: bool
    ) -> tuple[SeatOffer, PlayerRecord | None]:
        """The giver withdraws or the member declines (None), or the member takes the seat (its new record)."""
        offer = self.get(offer_id, channel_id)
        if user_id not in (offer.giver, offer.taker):
            raise Refusal(_("This offer is for <@{taker}>; only they can answer it.").format(taker=offer.taker))
        if not yes:
            self._open.pop(offer.id, None)
            return offer, None
        if user_id != offer.taker:
            raise Refusal(_("Only <@{taker}> can take the seat.").format(taker=offer.taker))
        table = await self.tables.active_table(channel_id)
        if table.game_id != offer.game_id or not table.active:
            self._open.pop(offer.id, None)
            raise Refusal(_("That game is over; the offer has lapsed."))
        player = await self.seats.handover(
            channel_id,
            offer.giver,
            to_user=(user_id, user_name),
            manage=offer.manage,
            absent=offer.absent,
            seat=offer.seat,
        )
        self._open.pop(offer.id, None)
        return offer, player

    def prune(self, open_games: set[int]) -> None:
        """Forget the offers of games that are no longer open."""
        for offer_id, offer in list(self._open.items()):
            if offer.game_id not in open_games:
                del self._open[offer_id]
