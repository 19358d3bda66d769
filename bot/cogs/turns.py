"""The turn commands: one group per registered game holding its verbs (`/<game> <verb> <option>:`, built at
start-up from the games' presenters), and `/play`, which takes any move of any game.

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

from engine.api import Verb

from ..catalog import YOUR_CHOICE, Group
from ..command_words import described
from ..flow import Flow
from ..lang import _
from ..service import stamp
from ..service.cache import TableCache
from ..service.legal import Legal
from ..service.table import Table
from ..text import CHOICE_NAME, fit

MAX_CHOICES = 25
NOTHING = "-"  # the value of an informational choice; choosing it gets the polite refusal that explains

Choices = list[app_commands.Choice[str]]


class TurnCog(commands.Cog):
    """`/play move:` here; the games' groups are added to the tree in cog_load, one group per game."""

    def __init__(self, flow: Flow, tables: TableCache, legal: Legal, tree: app_commands.CommandTree) -> None:
        self.flow = flow
        self.tree = tree
        self.tables = tables
        self.legal = legal
        self.catalog = flow.catalog
        self.groups = [self._group(g) for g in self.catalog.groups.values()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.tree.add_command(group)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.tree.remove_command(group.name)

    # ------------------------------------------------------------------ choices

    async def choices(
        self, interaction: discord.Interaction, command: str, current: str, value: Callable[[dict[str, Any]], str]
    ) -> Choices:
        """The moves of `command` ("<game> <verb>"; all, for "play") legal now for this user, filtered by what
        they typed."""
        channel_id = interaction.channel_id
        if channel_id is None:
            return []
        table = await self.tables.table(channel_id)  # cached; the first use after a restart reads once
        note = self._why_nothing(table, interaction.user.id, command)
        if note is not None or table is None:
            return [app_commands.Choice(name=fit((note or ""), CHOICE_NAME), value=NOTHING)]
        found = self.catalog.command_of(command)
        verb = found[1] if found is not None else None
        legal = self.legal.legal_for(table, interaction.user.id, verb.kinds if verb else None)
        typed = str(current or "").strip().lower()
        out = []
        for entry in legal:
            label = str(entry.get("label") or entry["key"])
            val = value(entry)
            if typed and typed not in val.lower() and typed not in label.lower():
                continue
            # The value carries the state it was offered at: the command acts on that state only (bot/service/stamp).
            out.append(app_commands.Choice(name=fit(label, CHOICE_NAME), value=stamp.tagged(val, table)))
        if not out and legal:
            nothing = _("Nothing matches “{typed}”: clear it to see all").format(typed=current)
            return [app_commands.Choice(name=fit(nothing, CHOICE_NAME), value=NOTHING)]
        if not out and table is not None and table.active:
            prompt = table.view(None).get("prompt") or _("make another move")
            not_now = _("Not now: it is time to {prompt}").format(prompt=prompt)
            return [app_commands.Choice(name=fit(not_now, CHOICE_NAME), value=NOTHING)]
        return out[:MAX_CHOICES]

    def _why_nothing(self, table: Table | None, user_id: int, command: str) -> str | None:
        if table is None or table.state is None:
            return _("No game is running in this channel (/game new starts one)")
        if not table.active:
            return _("The game is over")
        found = self.catalog.command_of(command)
        if command != "play" and (found is None or found[0] != table.game):
            return _("This channel plays {game}: use /{game2} or /play").format(
                game=self.catalog.title(table.game), game2=table.game
            )
        seat = table.seat_of(user_id)
        if seat is None or not table.acts(seat):
            return _("{whose}: nothing for you to choose now").format(whose=self.legal.waiting_for(table))
        return None

    # ------------------------------------------------------------------ commands

    def _group(self, spec: Group) -> app_commands.Group:
        group = app_commands.Group(
            name=spec.name, description=described(spec.template, title=spec.title), guild_only=True
        )
        for verb in spec.verbs:
            group.add_command(self._verb_command(f"{spec.name} {verb.name}", verb))
        return group

    def _verb_command(self, command: str, verb: Verb) -> app_commands.Command[Any, ..., None]:
        if verb.option is None:

            async def run(interaction: discord.Interaction) -> None:
                await self.flow.move_interaction(interaction, command=command, value=None)

            callback: Callable[..., Coroutine[Any, Any, None]] = run
        else:

            async def run_with(interaction: discord.Interaction, value: str) -> None:
                await self.flow.move_interaction(interaction, command=command, value=value)

            with_words = app_commands.describe(value=verb.option_description or YOUR_CHOICE)(run_with)
            callback = app_commands.rename(value=verb.option)(with_words)
        made: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=verb.name, description=verb.description, callback=callback
        )
        if verb.option is not None:
            presenter_value = self._value_for

            async def complete(interaction: discord.Interaction, current: str) -> Choices:
                return await self.choices(interaction, command, current, lambda e: presenter_value(interaction, e))

            made.autocomplete("value")(complete)
        return made

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
