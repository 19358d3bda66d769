"""Things that need another person's yes, on the Discord side: an undo the others must agree to, and a seat offered
to a member, who takes it with a button (`/game handover to:`, `/game substitute to:`).

The requests are channel messages with two buttons (bot/components.py: UndoButton, SeatOfferButton). A seat offer
carries everything in its buttons' custom ids and is checked again when accepted, so it survives a restart; an undo
request's consents live in the service's memory (see bot/service/undo.py).
"""

from __future__ import annotations

import contextlib
import logging

import discord

from storage import StorageError

from .ai_seats import AISeats
from .announcer import NO_ACCESS, Announcer
from .components import seat_offer_view, undo_view
from .interactions import Replies, is_manager
from .service import GameService, Refusal, UndoDone, UndoRequest
from .text import NO_MENTIONS, mentions, safe_name

log = logging.getLogger(__name__)


class Consent:
    def __init__(self, service: GameService, replies: Replies, announcer: Announcer, ai: AISeats) -> None:
        self.service = service
        self.replies = replies
        self.announcer = announcer
        self.ai = ai

    # ------------------------------------------------------------------ undo

    async def undo(self, interaction: discord.Interaction) -> None:
        """`/undo`: the last move back at once if the user may alone, else a request the others answer."""
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        try:
            result = await self.service.request_undo(channel_id, user.id, user.display_name)
        except Refusal as refusal:
            await self.replies.reply(interaction, f"⚠️ {refusal}")
            return
        if isinstance(result, UndoDone):
            await self._show_undo(result, interaction)
            await self.replies.reply(interaction, f"✅ Taken back: {result.what}")
            return
        try:
            await self.announcer.channel(channel_id).send(
                self._request_text(result),
                view=undo_view(result.game_id, result.version),
                allowed_mentions=mentions(*result.needed),
            )
        except discord.HTTPException:
            log.warning("could not post an undo request in %s", channel_id, exc_info=True)
            await self.replies.reply(interaction, "⚠️ I could not post the request in this channel.")
            return
        await self.replies.reply(
            interaction,
            "✅ That step showed something new or was not yours, so the other players must agree; "
            "I asked them in the channel.",
        )

    @staticmethod
    def _request_text(request: UndoRequest) -> str:
        asked = ", ".join(f"<@{uid}>" for uid in request.needed if uid not in request.agreed)
        agreed = [safe_name(request.needed[uid]) for uid in request.agreed]
        text = (
            f"↩️ **{safe_name(request.requester_name)}** asks to take back the last move: {request.what}\n"
            f"{asked}: do you agree? Everyone asked must agree; one refusal ends the request."
        )
        if agreed:
            text += f"\nAgreed so far: {', '.join(agreed)}."
        return text

    async def undo_answer(self, interaction: discord.Interaction, game_id: int, version: int, yes: bool) -> None:
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            result = await self.service.answer_undo(channel_id, game_id, version, interaction.user.id, yes)
        except Refusal as refusal:
            await self.replies.reply(interaction, f"⚠️ {refusal}")
            return
        name = safe_name(interaction.user.display_name)
        if result is None:
            await self._edit_clicked(interaction, f"↩️ The undo was refused by **{name}**; nothing was undone.")
            await self.replies.reply(interaction, "✅ Refused; nothing was undone.")
        elif isinstance(result, UndoRequest):
            await self._edit_clicked(interaction, self._request_text(result), keep_buttons=True)
            await self.replies.reply(interaction, "✅ Counted; waiting for " + ", ".join(result.missing) + ".")
        else:
            await self._edit_clicked(interaction, f"↩️ Everyone agreed: taken back: {result.what}")
            await self._show_undo(result, interaction)
            await self.replies.reply(interaction, "✅ Undone.")

    async def _show_undo(self, done: UndoDone, interaction: discord.Interaction) -> None:
        """A new turn message for the state after the undo (the old one's buttons are of the undone state)."""
        table = done.table
        channel_id = table.record.channel_id
        header = f"↩️ {safe_name(done.by)} took back: {done.what}"
        try:
            async with self.announcer.announce_lock(channel_id):
                self.announcer.forget_shown(table.game_id)  # the undo lowered the announced version in storage
                await self.announcer.post_turn(table, interaction=interaction, header=header)
        except NO_ACCESS:
            log.warning("cannot show an undo in channel %s (no access)", channel_id)
        except (discord.HTTPException, StorageError):
            log.warning("could not show an undo in channel %s", channel_id, exc_info=True)
        if table.current is not None and table.current.is_ai:
            self.ai.kick(channel_id)

    @staticmethod
    async def _edit_clicked(interaction: discord.Interaction, content: str, *, keep_buttons: bool = False) -> None:
        kwargs: dict[str, object] = {"content": content[:2000], "allowed_mentions": NO_MENTIONS}
        if not keep_buttons:
            kwargs["view"] = None
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(**kwargs)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ seats offered to a member

    async def offer_seat(
        self, interaction: discord.Interaction, to: discord.Member, *, absent: bool, seat: int | None
    ) -> None:
        """Check the handover now, then ask the member in the channel; nothing changes until they accept."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        manage = is_manager(interaction)
        try:
            chosen = await self.service.handover(
                channel_id,
                interaction.user.id,
                to_user=(to.id, to.display_name),
                manage=manage,
                absent=absent,
                seat=seat,
                dry_run=True,
            )
            table = await self.service.active_table(channel_id)
        except Refusal as refusal:
            await self.replies.reply(interaction, f"⚠️ {refusal}")
            return
        mode = ("m" if manage else "s") if absent or seat is not None else "h"
        whose = "their own seat" if mode == "h" else f"the seat of {safe_name(chosen.display_name)}"
        try:
            await self.announcer.channel(channel_id).send(
                f"🔁 {to.mention}, **{safe_name(interaction.user.display_name)}** offers you {whose} "
                f"(seat {chosen.seat + 1}) in this game. Take it with the button, or decline.",
                view=seat_offer_view(table.game_id, chosen.seat, interaction.user.id, to.id, mode),
                allowed_mentions=mentions(to.id),
            )
        except discord.HTTPException:
            log.warning("could not post a seat offer in %s", channel_id, exc_info=True)
            await self.replies.reply(interaction, "⚠️ I could not post the offer in this channel.")
            return
        await self.replies.reply(
            interaction, f"✅ Offered to {safe_name(to.display_name)}; the seat changes hands when they accept."
        )

    async def seat_answer(
        self, interaction: discord.Interaction, game_id: int, seat: int, src: int, dst: int, mode: str, yes: bool
    ) -> None:
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        if user.id not in (src, dst):
            await self.replies.reply(interaction, f"⚠️ This offer is for <@{dst}>; only they can answer it.")
            return
        if not yes:
            who = "withdrawn by" if user.id == src else "declined by"
            await self._edit_clicked(interaction, f"🔁 The seat offer was {who} **{safe_name(user.display_name)}**.")
            await self.replies.reply(interaction, "✅ Nothing changed.")
            return
        if user.id != dst:
            await self.replies.reply(interaction, f"⚠️ Only <@{dst}> can take the seat.")
            return
        try:
            table = await self.service.active_table(channel_id)
            if table.game_id != game_id or not table.active:
                raise Refusal("That game is over; the offer has lapsed.")
            player = await self.service.handover(
                channel_id,
                src,
                to_user=(dst, user.display_name),
                manage=mode == "m",
                absent=mode in "sm",
                seat=seat,
            )
        except Refusal as refusal:
            await self.replies.reply(interaction, f"⚠️ {refusal}")
            return
        text = f"🔁 Seat {player.seat + 1} is now played by {user.mention}."
        await self._edit_clicked(interaction, text)
        with contextlib.suppress(discord.HTTPException):
            await self.announcer.channel(channel_id).send(text, allowed_mentions=NO_MENTIONS)
        table = await self.service.table(channel_id)
        if table is not None and table.current is not None and table.current.is_ai:
            self.ai.kick(channel_id)
        await self.replies.reply(interaction, "✅ The seat is yours.")
