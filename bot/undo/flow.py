"""The Discord side of `/undo`: take the move back at once, or ask the others in the channel and count their
answers; after an undo, a new turn message for the restored state."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from storage import StorageError

from ..announcer import NO_ACCESS
from ..flow import Flow
from ..interactions import edit_clicked
from ..lang import _, speaking, table_language
from ..text import mentions
from .buttons import undo_view
from .requests import Undo, UndoDone, UndoRequest
from .words import ASKED, done_header, refused_text, request_text

log = logging.getLogger(__name__)


@dataclass
class UndoFlow:
    """/undo and the answers to a request, on the Discord side."""

    undo: Undo
    flow: Flow  # its replies, announcer and AI seats

    async def request(self, interaction: discord.Interaction) -> None:
        """`/undo`: the last move back at once if the user may alone, else a request the others answer."""
        await self.flow.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        result = await self.undo.request_undo(channel_id, user.id, user.display_name)
        if isinstance(result, UndoDone):
            await self._show(result, interaction)
            await self.flow.replies.reply(interaction, _("✅ Taken back: {what}").format(what=result.what))
            return
        with speaking(self.flow.tables.language(channel_id)):
            text = request_text(result)
        try:
            await self.flow.announcer.channel(channel_id).send(
                text,
                view=undo_view(result.game_id, result.version),
                allowed_mentions=mentions(*result.needed),
            )
        except discord.HTTPException:
            log.warning("could not post an undo request in %s", channel_id, exc_info=True)
            await self.flow.replies.reply(interaction, _("⚠️ I could not post the request in this channel."))
            return
        await self.flow.replies.reply(interaction, _(ASKED))

    async def undo_answer(self, interaction: discord.Interaction, game_id: int, version: int, yes: bool) -> None:
        await self.flow.replies.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        result = await self.undo.answer_undo(channel_id, game_id, version, interaction.user.id, yes)
        with speaking(self.flow.tables.language(channel_id)):  # the clicked request is the channel's message
            refused = refused_text(interaction.user.display_name)
            asked = request_text(result) if isinstance(result, UndoRequest) else ""
            agreed = _("↩️ Everyone agreed: taken back: {what}").format(what=getattr(result, "what", ""))
        if result is None:
            await edit_clicked(interaction, refused)
            await self.flow.replies.reply(interaction, _("✅ Refused; nothing was undone."))
        elif isinstance(result, UndoRequest):
            await edit_clicked(interaction, asked, keep_buttons=True)
            await self.flow.replies.reply(interaction, _("✅ Counted; waiting for ") + ", ".join(result.missing) + ".")
        else:
            await edit_clicked(interaction, agreed)
            await self._show(result, interaction)
            await self.flow.replies.reply(interaction, _("✅ Undone."))

    async def _show(self, done: UndoDone, interaction: discord.Interaction) -> None:
        """A new turn message for the state after the undo (the old one's buttons are of the undone state)."""
        table = done.table
        channel_id = table.record.channel_id
        try:
            async with self.flow.announcer.announce_lock(channel_id):
                self.flow.announcer.forget_shown(table.game_id)  # the undo lowered the announced version in storage
                with speaking(table_language(table.record.options)):
                    header = done_header(done)
                await self.flow.announcer.post_turn(table, interaction=interaction, header=header)
        except NO_ACCESS:
            log.warning("cannot show an undo in channel %s (no access)", channel_id)
        except (discord.HTTPException, StorageError):
            log.warning("could not show an undo in channel %s", channel_id, exc_info=True)
        if table.current is not None and table.current.is_ai:
            self.flow.ai.kick(channel_id)
