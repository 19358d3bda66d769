"""The turn commands: every registered game's verbs (built at start-up from the games' presenters) and `/play`.

Autocomplete cannot be deferred, so it answers from the service's in-memory table of the channel (loaded once,
replaced after every move) and offers exactly the moves legal now for the user asking. A user who may not act
gets one choice that says whose turn it is, rather than Discord's bare "No options match".
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..catalog import Command
from ..flow import Flow
from ..service import stamp
from ..service.cache import TableCache
from ..service.legal import Legal
from ..service.table import Table

MAX_CHOICES = 25
NOTHING = "-"  # the value of an informational choice; choosing it gets the polite refusal that explains

Choices = list[app_commands.Choice[str]]


class TurnCog(commands.Cog):
    """`/play move:` here; the games' verbs are added to the tree in cog_load, one command per verb name."""

    def __init__(self, flow: Flow, tables: TableCache, legal: Legal, tree: app_commands.CommandTree) -> None:
        self.flow = flow
        self.tree = tree
        self.tables = tables
        self.legal = legal
        self.catalog = flow.catalog
        self.verbs = [self._verb_command(c) for c in self.catalog.commands.values()]

    async def cog_load(self) -> None:
        for command in self.verbs:
            self.tree.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.verbs:
            self.tree.remove_command(command.name)

    # ------------------------------------------------------------------ choices

    async def choices(
        self, interaction: discord.Interaction, command: str, current: str, value: Callable[[dict[str, Any]], str]
    ) -> Choices:
        """The moves of `command` (or all, for /play) legal now for this user, filtered by what they typed."""
        channel_id = interaction.channel_id
        if channel_id is None:
            return []
        table = await self.tables.table(channel_id)  # cached; the first use after a restart reads once
        note = self._why_nothing(table, interaction.user.id, command)
        if note is not None or table is None:
            return [app_commands.Choice(name=(note or "")[:100], value=NOTHING)]
        verb = None if command == "play" else self.catalog.verb_named(table.game, command)
        legal = self.legal.legal_for(table, interaction.user.id, verb.kinds if verb else None)
        typed = str(current or "").strip().lower()
        out = []
        for entry in legal:
            label = str(entry.get("label") or entry["key"])
            val = value(entry)
            if typed and typed not in val.lower() and typed not in label.lower():
                continue
            # The value carries the state it was offered at: the command acts on that state only (bot/service/stamp).
            out.append(app_commands.Choice(name=label[:100], value=stamp.tagged(val, table)))
        if not out and legal:
            return [app_commands.Choice(name=f"Nothing matches “{current}”: clear it to see all"[:100], value=NOTHING)]
        if not out and table is not None and table.active:
            prompt = table.view(None).get("prompt") or "make another move"
            return [app_commands.Choice(name=f"Not now: it is time to {prompt}"[:100], value=NOTHING)]
        return out[:MAX_CHOICES]

    def _why_nothing(self, table: Table | None, user_id: int, command: str) -> str | None:
        if table is None or table.state is None:
            return "No game is running in this channel (/game new starts one)"
        if not table.active:
            return "The game is over"
        if command != "play" and self.catalog.verb_named(table.game, command) is None:
            return f"Not a command of {self.catalog.title(table.game)}: try /play"
        seat = table.seat_of(user_id)
        if seat is None or not table.acts(seat):
            return f"{self.legal.waiting_for(table)}: nothing for you to choose now"
        return None

    # ------------------------------------------------------------------ commands

    def _verb_command(self, spec: Command) -> app_commands.Command[Any, ..., None]:
        name = spec.name
        if spec.option is None:

            async def run(interaction: discord.Interaction) -> None:
                await self.flow.move_interaction(interaction, command=name, value=None)

            callback: Callable[..., Coroutine[Any, Any, None]] = run
        else:

            async def run_with(interaction: discord.Interaction, value: str) -> None:
                await self.flow.move_interaction(interaction, command=name, value=value)

            callback = app_commands.describe(value=spec.option_description)(
                app_commands.rename(value=spec.option)(run_with)
            )
        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=name, description=spec.description, callback=app_commands.guild_only()(callback)
        )
        if spec.option is not None:
            presenter_value = self._value_for

            async def complete(interaction: discord.Interaction, current: str) -> Choices:
                return await self.choices(interaction, name, current, lambda e: presenter_value(interaction, e))

            command.autocomplete("value")(complete)
        return command

    def _value_for(self, interaction: discord.Interaction, entry: dict[str, Any]) -> str:
        table = self.tables.cached(interaction.channel_id or 0)
        if table is None:
            return str(entry["key"])
        return self.catalog.presenter(table.game).value_of(entry)

    @app_commands.command(name="play", description="Make any move you can make now (every game)")
    @app_commands.describe(move="Your move: the list shows everything you can do now")
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await self.flow.move_interaction(interaction, command="play", value=move)

    @play.autocomplete("move")
    async def _play_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self.choices(interaction, "play", current, lambda e: str(e["key"]))
