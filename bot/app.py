"""The Bot subclass: opens storage, loads the cogs, registers the persistent components and syncs commands."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import AnyStore, open_store

from .ai_seats import AISeats
from .announcer import Announcer
from .boards import Boards
from .catalog import Catalog
from .cogs.lobby import GameCog
from .cogs.players import PlayerCog
from .cogs.turns import TurnCog
from .components import DYNAMIC_ITEMS
from .consent import Consent
from .fatal import Fatal
from .flow import Flow
from .interactions import Replies
from .reminders import Reminders
from .service import GameService
from .settings import Settings
from .shards import ShardedStore, plan_of

log = logging.getLogger(__name__)


class EntdeckerTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Log the bug, and still tell the user something rather than leaving them hanging."""
        log.error("command %s failed", interaction.command and interaction.command.qualified_name, exc_info=error)
        text = "⚠️ Something went wrong on our side; nothing was changed unless the channel says so."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            elif interaction.type != discord.InteractionType.autocomplete:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


def needed_intents() -> discord.Intents:
    """Only the guilds intent: everything a player does reaches the bot as an interaction, and the bot reads a
    channel's history over HTTP when it must. Without the message and typing intents Discord does not send the bot
    an event for every message and keystroke in every channel it can see (its own posts and edits included), which
    in a busy server would be most of the gateway traffic and of the bot's work."""
    return discord.Intents(guilds=True)


class EntdeckerBot(commands.Bot):
    """The bot. `settings` says where the database is and how patient reminders and AIs are."""

    def __init__(
        self,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        *,
        store: AnyStore | None = None,
        **client_options: Any,
    ) -> None:
        intents = client_options.pop("intents", None) or needed_intents()
        # This bot never joins a voice channel: discord.py's warnings that voice libraries are missing are noise.
        for flag in ("warn_nacl", "warn_dave"):
            if hasattr(discord.VoiceClient, flag):
                setattr(discord.VoiceClient, flag, False)
        client_options.setdefault("max_messages", None)  # no message events arrive (see needed_intents)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=EntdeckerTree,
            help_command=None,
            # Nobody is pinged unless a message names the user it is meant for (see bot/text.py).
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.settings = settings
        self.clock = clock
        self.catalog = Catalog()  # the registered games: their verbs become the turn commands
        self.store: AnyStore | None = store  # an open store handed over (python -m bot), else opened in setup_hook
        # Set in setup_hook, once the store is open:
        self.service: GameService = None  # type: ignore[assignment]
        self.announcer: Announcer = None  # type: ignore[assignment]
        self.ai: AISeats = None  # type: ignore[assignment]
        self.flow: Flow = None  # type: ignore[assignment]
        self.consent: Consent = None  # type: ignore[assignment]
        self.reminders: Reminders | None = None
        self.boards: Boards | None = None
        self.fatal = Fatal(self.close)  # its reason is set when the database could no longer be trusted

    async def setup_hook(self) -> None:
        self.boards = boards = Boards(self, self.settings.render_workers)
        # The renderer fills its caches (tile art, frames, text) while the database opens and the commands sync, so
        # that the first boards after a restart are not the slow ones.
        warming = asyncio.create_task(boards.warm(draw=self.settings.warm_renderer))
        try:
            await self._set_up(boards)
        except BaseException:
            warming.cancel()
            raise
        await warming

    async def _set_up(self, boards: Boards) -> None:
        if self.store is None:
            self.store = await open_store(self.settings.db_path)
        # The service sees the store through the shard filter: its periodic work lists only this process's guilds.
        sharded: Any = ShardedStore(self.store, plan_of(self.settings))
        self.service = GameService(sharded, self.settings, self.clock, self.catalog)
        replies = Replies()
        self.announcer = Announcer(self, self.service, boards, replies, busy=lambda cid: self.ai.busy(cid))
        self.ai = AISeats(self.service, self.settings, self.announcer.announce, closed=self.is_closed)
        self.flow = Flow(self.service, replies, self.announcer, self.ai, self.fatal)
        self.consent = Consent(self.service, replies, self.announcer, self.ai)
        self.reminders = Reminders(self, self.service, self.announcer, self.ai, self.settings, self.fatal)
        await self.add_cog(GameCog(self.flow, boards, self.settings, self.consent))
        await self.add_cog(TurnCog(self.flow, self.tree))
        await self.add_cog(PlayerCog(self.flow, self.consent))
        # Dynamic items route clicks by custom_id pattern, so buttons on messages sent before a restart work.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            if self.settings.guild_id is not None:
                guild = discord.Object(id=self.settings.guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        self.reminders.start()

    async def close(self) -> None:
        if self.reminders is not None:
            await self.reminders.stop()
        if self.flow is not None:
            await self.flow.stop()
        await super().close()
        if self.boards is not None:
            self.boards.close()
        if self.store is not None:
            await self.store.close()
            self.store = None


class ShardedEntdeckerBot(EntdeckerBot, commands.AutoShardedBot):
    """The bot on several gateway shards in one process (settings.shard_count/shard_ids, or automatic)."""
