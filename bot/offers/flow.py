"""The Discord side of a seat offer: ask the member in the channel, and act on their answer."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

import discord

from ..ai_seats import AISeats
from ..announcer import Announcer
from ..interactions import Replies, edit_clicked, is_manager
from ..lang import _, speaking
from ..service.cache import TableCache
from ..text import NO_MENTIONS, mentions, safe_name
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
        with speaking(self.tables.language(channel_id)):
            whose = (
                _("the seat of {display_name}").format(display_name=safe_name(chosen.display_name))
                if offer.absent
                else _("their own seat")
            )
            text = _(
                "🔁 {mention}, **{name}** offers you {whose} (seat {seat}) in this game. "
                "Take it with the button, or decline."
            ).format(mention=to.mention, name=safe_name(user.display_name), whose=whose, seat=chosen.seat + 1)
        try:
            await self.announcer.channel(channel_id).send(
                text,
                view=seat_offer_view(offer.id),
                allowed_mentions=mentions(to.id),
            )
        except discord.HTTPException:
            log.warning("could not post a seat offer in %s", channel_id, exc_info=True)
            await self.replies.reply(interaction, _("⚠️ I could not post the offer in this channel."))
            return
        await self.replies.reply(
            interaction,
            _("✅ Offered to {display_name}; the seat changes hands when they accept.").format(
                display_name=safe_name(to.display_name)
            ),
        )

    async def seat_answer(self, interaction: discord.Interaction, offer_id: str, yes: bool) -> None:
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        offer, player = await self.offers.answer(offer_id, channel_id, user.id, user.display_name, yes)
        if player is None:
            with speaking(self.tables.language(channel_id)):  # the offer is the channel's message
                who = _("withdrawn by") if user.id == offer.giver else _("declined by")
                ended = _("🔁 The seat offer was {who} **{display_name}**.").format(
                    who=who, display_name=safe_name(user.display_name)
                )
            await edit_clicked(interaction, ended)
            await self.replies.reply(interaction, _("✅ Nothing changed."))
            return
        with speaking(self.tables.language(channel_id)):
            text = _("🔁 Seat {seat} is now played by {mention}.").format(seat=player.seat + 1, mention=user.mention)
        await edit_clicked(interaction, text)
        with contextlib.suppress(discord.HTTPException):
            await self.announcer.channel(channel_id).send(text, allowed_mentions=NO_MENTIONS)
        table = await self.tables.table(channel_id)
        if table is not None and table.current is not None and table.current.is_ai:
            self.ai.kick(channel_id)
        await self.replies.reply(interaction, _("✅ The seat is yours."))
