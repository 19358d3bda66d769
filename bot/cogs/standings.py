"""`/stats player [player]` and `/stats leaderboard game:`: what the server's finished games say (private unless
public:true). One group, so that the server's command list stays at eight entries (issue 21)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..catalog import Catalog
from ..lang import _
from ..service import Standings
from ..standings import leaderboard_content, stats_content
from ..text import CHOICE_NAME, NO_MENTIONS, fit, safe_name

Choices = list[app_commands.Choice[str]]


@app_commands.guild_only()
class StandingsCog(
    commands.GroupCog, group_name="stats", group_description="Results and ratings of this server's finished games"
):
    def __init__(self, standings: Standings, catalog: Catalog) -> None:
        super().__init__()
        self.standings = standings
        self.catalog = catalog

    @app_commands.command(
        name="player", description="Games played and won, scores and streaks, per game, in this server"
    )
    @app_commands.describe(player="Whose (left out: yours)", public="Post it for everyone")
    async def player(
        self, interaction: discord.Interaction, player: discord.User | None = None, public: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        assert interaction.guild_id is not None
        who = player or interaction.user
        rows = await self.standings.figures(interaction.guild_id, who.id)
        name = None if who.id == interaction.user.id else safe_name(who.display_name)
        await interaction.followup.send(stats_content(self.catalog, name, rows), allowed_mentions=NO_MENTIONS)

    @app_commands.command(name="leaderboard", description="A game's players in this server by rating (AIs apart)")
    @app_commands.describe(game="Which game", public="Post it for everyone")
    async def leaderboard(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        name = self._game(game)
        # An unknown game is answered privately even with public:true: a refusal is nobody else's business.
        await interaction.response.defer(ephemeral=not public or name is None, thinking=True)
        assert interaction.guild_id is not None
        if name is None:
            titles = ", ".join(f"{info.title} (`{info.name}`)" for info in self.catalog.infos.values())
            await interaction.followup.send(
                _("There is no game called {name} here. The games: {titles}.").format(
                    name=repr(safe_name(game)), titles=titles
                )
            )
            return
        board = await self.standings.leaderboard(interaction.guild_id, name)
        await interaction.followup.send(leaderboard_content(self.catalog, board), allowed_mentions=NO_MENTIONS)

    @leaderboard.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> Choices:
        typed = str(current or "").lower()
        return [
            app_commands.Choice(name=fit(info.title, CHOICE_NAME), value=info.name)
            for info in self.catalog.infos.values()
            if typed in info.name or typed in info.title.lower()
        ][:25]

    def _game(self, typed: str) -> str | None:
        """The game a typed value names: its key, or its title (case aside)."""
        wanted = typed.strip().lower()
        return next((i.name for i in self.catalog.infos.values() if wanted in (i.name.lower(), i.title.lower())), None)
