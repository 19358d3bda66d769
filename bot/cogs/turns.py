"""The turn commands: /ship, /explore, /draw, /place, /build, /stop (and /recall), each with autocomplete.

Autocomplete cannot be deferred, so it answers from the service's in-memory table of the channel (loaded once,
replaced after every move) and offers exactly the values legal now for the user asking: nothing for a user
who may not act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ..service import COMMANDS, value_of

if TYPE_CHECKING:
    from ..app import EntdeckerBot

MAX_CHOICES = 25


class TurnCog(commands.Cog):
    def __init__(self, bot: EntdeckerBot) -> None:
        self.bot = bot

    async def _choices(self, interaction: discord.Interaction, command: str, current: str) -> list[tuple[str, str]]:
        """(label, value) pairs legal now for this user, filtered by what they typed."""
        service = self.bot.service
        channel_id = interaction.channel_id
        if channel_id is None:
            return []
        table = await service.table(channel_id)  # cached; the first use after a restart reads once
        legal = service.legal_for(table, interaction.user.id, COMMANDS[command][1])
        typed = str(current or "").strip().lower()
        out = []
        for entry in legal:
            value = value_of(entry)
            label = str(entry.get("label", value))
            if typed and typed not in value.lower() and typed not in label.lower():
                continue
            out.append((label[:100], value[:100]))
        return out[:MAX_CHOICES]

    async def _str_choices(
        self, interaction: discord.Interaction, command: str, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=v) for n, v in await self._choices(interaction, command, current)]

    async def _move(self, interaction: discord.Interaction, command: str, value: str | int | None) -> None:
        await self.bot.flow.move_interaction(interaction, command=command, value=value)

    # ------------------------------------------------------------------ commands

    @app_commands.command(name="ship", description="Put the ship on a circle to start your voyage")
    @app_commands.describe(position="A discovered space (C4) or an edge circle (A1N)")
    @app_commands.guild_only()
    async def ship(self, interaction: discord.Interaction, position: str) -> None:
        await self._move(interaction, "ship", position)

    @ship.autocomplete("position")
    async def _ship_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._str_choices(interaction, "ship", current)

    @app_commands.command(name="explore", description="Declare how many tiles you will explore (1 gold each)")
    @app_commands.describe(tiles="How many tiles")
    @app_commands.guild_only()
    async def explore(self, interaction: discord.Interaction, tiles: int) -> None:
        await self._move(interaction, "explore", tiles)

    @explore.autocomplete("tiles")
    async def _explore_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        out = []
        for name, value in await self._choices(interaction, "explore", str(current or "")):
            if value.isdigit():
                out.append(app_commands.Choice(name=name, value=int(value)))
        return out

    @app_commands.command(name="draw", description="Draw a tile from one of the five piles (or play a personal tile)")
    @app_commands.describe(pile="Pile 1-5, or one of your personal tiles")
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction, pile: str) -> None:
        await self._move(interaction, "draw", pile)

    @draw.autocomplete("pile")
    async def _draw_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._str_choices(interaction, "draw", current)

    @app_commands.command(name="place", description="Choose where and how the drawn tile goes")
    @app_commands.describe(option="A placement (numbers as on the board overlay)")
    @app_commands.guild_only()
    async def place(self, interaction: discord.Interaction, option: str) -> None:
        await self._move(interaction, "place", option)

    @place.autocomplete("option")
    async def _place_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._str_choices(interaction, "place", current)

    @app_commands.command(name="build", description="Build on the tile your ship reached (ends your turn)")
    @app_commands.describe(piece="What to build, and on which land if the tile has two")
    @app_commands.guild_only()
    async def build(self, interaction: discord.Interaction, piece: str) -> None:
        await self._move(interaction, "build", piece)

    @build.autocomplete("piece")
    async def _build_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._str_choices(interaction, "build", current)

    @app_commands.command(name="stop", description="End your voyage and turn without building")
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction) -> None:
        await self._move(interaction, "stop", None)

    @app_commands.command(name="recall", description="Take one of your trading posts back into your supply")
    @app_commands.describe(post="The space of the trading post")
    @app_commands.guild_only()
    async def recall(self, interaction: discord.Interaction, post: str) -> None:
        await self._move(interaction, "recall", post)

    @recall.autocomplete("post")
    async def _recall_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._str_choices(interaction, "recall", current)


async def setup(bot: EntdeckerBot) -> None:
    await bot.add_cog(TurnCog(bot))
