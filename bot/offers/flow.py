"""The Discord side of a seat offer: ask the member in the channel, and act on their answer."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

import discord

from ..ai_seats import AISeats
from ..announcer import Announcer
from ..interactions import Replies, edit_clicked, is_manager
from ..service.cache import TableCache
from ..text import NO_MENTIONS, safe_name
from .buttons import seat_offer_view
from .offers import SeatOffers

log = logging.getLogger(__name__)


@dataclass
class OfferFlow:
    offers: SeatOffers
    tables: TableCache
    replies: Replies
    announcer: Announcer
    ai: AISeats

    async def offer_seat(
        self, interaction: discord.Interaction, to: discord.Member | discord.User, *, absent: bool, seat: int | None
    ) -> None:
        """Check the handover now, then ask the member in the channel; nothing changes until they accept."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        offer, chosen = await self.offers.offer(
            channel_id, user.id, (to.id, to.display_name), manage=is_manager(interaction), absent=absent, seat=seat
        )
        whose = f"the seat of {safe_name(chosen.display_name)}" if offer.absent else "their own seat"
        try:
            await self.announcer.channel(channel_id).send(
                f"🔁 {to.mention}, **{safe_name(user.display_name)}** offers you {whose} "
                f"(seat {chosen.seat + 1}) in this game. Take it with the button, or decline.",
                view=seat_offer_view(offer.id),
                allowed_mentions=await self.announcer.awake_mentions(to.id),
            )
        except discord.HTTPException:
            log.warning("could not post a seat offer in %s", channel_id, exc_info=True)
            await self.replies.reply(interaction, "⚠️ I could not post the offer in this channel.")
            return
        await self.replies.reply(
            interaction, f"✅ Offered to {safe_name(to.display_name)}; the seat changes hands when they accept."
        )

    async def seat_answer(self, interaction: discord.Interaction, offer_id: str, yes: bool) -> None:
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        offer, player = await self.offers.answer(offer_id, channel_id, user.id, user.display_name, yes)
        if player is None:
            who = "withdrawn by" if user.id == offer.giver else "declined by"
            await edit_clicked(interaction, f"🔁 The seat offer was {who} **{safe_name(user.display_name)}**.")
            await self.replies.reply(interaction, "✅ Nothing changed.")
            return
        text = f"🔁 Seat {player.seat + 1} is now played by {user.mention}."
        await edit_clicked(interaction, text)
        with contextlib.suppress(discord.HTTPException):
            await self.announcer.channel(channel_id).send(text, allowed_mentions=NO_MENTIONS)
        table = await self.tables.table(channel_id)
        if table is not None and table.current is not None and table.current.is_ai:
            self.ai.kick(channel_id)
        await self.replies.reply(interaction, "✅ The seat is yours.")
