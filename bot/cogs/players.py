"""Top-level commands about a player and their table: `/undo` and `/help` (where you play: `/game mine`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .. import messages
from ..interactions import Replies
from ..service import Services
from ..undo.flow import UndoFlow


class PlayerCog(commands.Cog):
    def __init__(self, undo: UndoFlow, services: Services, replies: Replies) -> None:
        self.undo_flow = undo
        self.services = services
        self.replies = replies

    @app_commands.command(name="undo", description="Take back the last move (alone if it showed nothing new)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.undo_flow.request(interaction)

    @app_commands.command(name="help", description="The commands of this channel's game, a turn, and the rules")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.replies.defer(interaction)
        channel_id = interaction.channel_id or 0
        table = await self.services.tables.table(channel_id)
        game, here = (table.game, "open") if table is not None else (None, "none")
        if table is None and interaction.guild_id is not None:
            last = await self.services.accounts.last_game(channel_id)
            if last is not None:  # the channel's game has ended: its help still, without "no game yet"
                game, here = last[0].game, "ended"
        await self.replies.reply(interaction, messages.help_content(self.services.catalog, game, here=here))
