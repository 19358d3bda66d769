"""Top-level commands about a player and their table: `/undo`, `/games` (where you play) and `/help`."""

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

    @app_commands.command(name="games", description="Every game in this server where you have a seat, and whose turn")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        await self.replies.defer(interaction)
        seats = await self.services.players.seats_of(interaction.user.id, interaction.guild_id)
        if not seats:
            await self.replies.reply(interaction, "You have no seat in a game in this server. `/game new` starts one.")
            return
        waiting = sum(1 for s in seats if s.yours)
        head = f"Your games ({len(seats)}; {waiting} waiting for you):"
        lines = [
            f"{'▶ ' if s.yours else '• '}<#{s.channel_id}>: {s.title}, {s.status}"
            + (f" ([open the game]({s.link}))" if s.link else "")
            for s in seats
        ]
        await self.replies.reply(interaction, messages.clip("\n".join([head, *lines]), messages.CONTENT_LIMIT))

    @app_commands.command(name="help", description="The commands of this channel's game, a turn, and the rules")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.replies.defer(interaction)
        table = await self.services.tables.table(interaction.channel_id or 0)
        game = table.game if table is not None else None
        await self.replies.reply(
            interaction, messages.help_content(self.services.catalog, game, in_channel=table is not None)
        )
