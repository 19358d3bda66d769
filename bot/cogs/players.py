"""Top-level commands about a player and their table: `/undo`, `/games` (where you play) and `/help`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .. import messages
from ..consent import Consent
from ..flow import Flow


class PlayerCog(commands.Cog):
    def __init__(self, flow: Flow, consent: Consent) -> None:
        self.flow = flow
        self.consent = consent
        self.service = flow.service
        self.catalog = flow.catalog

    @app_commands.command(name="undo", description="Take back the last move (alone if it showed nothing new)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.consent.undo(interaction)

    @app_commands.command(name="games", description="Every game in this server where you have a seat, and whose turn")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        seats = await self.service.seats_of(interaction.user.id, interaction.guild_id)
        if not seats:
            await self.flow.reply(interaction, "You have no seat in a game in this server. `/game new` starts one.")
            return
        waiting = sum(1 for s in seats if s.yours)
        head = f"Your games ({len(seats)}; {waiting} waiting for you):"
        lines = [f"{'▶ ' if s.yours else '• '}<#{s.channel_id}>: {s.title}, {s.status}" for s in seats]
        await self.flow.reply(interaction, messages.clip("\n".join([head, *lines]), messages.CONTENT_LIMIT))

    @app_commands.command(name="help", description="The commands of this channel's game, a turn, and the rules")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        table = await self.service.table(interaction.channel_id or 0)
        game = table.game if table is not None else None
        await self.flow.reply(interaction, messages.help_content(self.catalog, game, in_channel=table is not None))
