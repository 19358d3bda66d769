"""The Bot subclass: opens storage, loads the cogs, registers the persistent components and syncs commands."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import AnyStore, open_store

from . import lang
from .ai_seats import AISeats
from .announcer import Announcer
from .boards import Boards
from .catalog import Catalog
from .cogs.lobby import GameCog
from .cogs.players import PlayerCog
from .cogs.standings import StandingsCog
from .cogs.turns import TurnCog
from .command_words import CatalogTranslator
from .components import DYNAMIC_ITEMS, ComponentRoutes
from .errors import GUILD_ONLY, ErrorAnswers
from .fatal import Fatal
from .flow import Flow
from .interactions import ANYWHERE, Replies, in_server
from .lang import read_by, reader_language
from .offers.buttons import OldSeatOfferButton, SeatOfferButton
from .offers.flow import OfferFlow
from .offers.offers import SeatOffers
from .past import Past
from .reminders import Reminders
from .service import Services, build_services
from .service.refusal import Refusal
from .settings import Settings
from .shards import ShardedStore, plan_of
from .undo.buttons import UndoButton
from .undo.flow import UndoFlow
from .undo.requests import Undo

log = logging.getLogger(__name__)


def guild_only(command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu | None) -> bool:
    """Whether the command (or the group it is in) is registered for servers only."""
    while command is not None:
        if command.guild_only:
            return True
        command = getattr(command, "parent", None)
    return False


def anywhere(command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu | None) -> bool:
    """Whether the command is one of a person's own that works outside a server too (its extras say so)."""
    return command is not None and bool(command.extras.get(ANYWHERE))


class EntdeckerTree(app_commands.CommandTree[Any]):
    """Answers every command's error in one place (bot/errors.py), and holds the guild-only rule at run time."""

    errors: ErrorAnswers | None = None  # set in setup_hook

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        read_by(reader_language(interaction))  # every private answer of this command is in its user's language
        # Discord hides a guild-only command in direct messages, but a crafted request can still send one. The /game
        # group is offered everywhere (for /game mine, /game me, ...): its other commands are refused here outside a
        # server that installed the bot.
        if not in_server(interaction) and (guild_only(interaction.command) or not anywhere(interaction.command)):
            await self.answers().answer(interaction, Refusal(GUILD_ONLY))
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await self.answers().answer(interaction, error)

    def answers(self) -> ErrorAnswers:
        if self.errors is None:  # an error before setup_hook built the parts: still answer
            self.errors = ErrorAnswers(Replies())
        return self.errors


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
        self.parts: Parts | None = None
        self.routes: ComponentRoutes | None = None  # what bot/components.py's items reach (routes_of)
        self.reminders: Reminders | None = None
        self.boards: Boards | None = None
        self.fatal = Fatal(self.close)  # its reason is set when the database could no longer be trusted

    def _built(self) -> Parts:
        if self.parts is None:
            raise RuntimeError("the bot's parts are built in setup_hook (log the bot in first)")
        return self.parts

    @property
    def services(self) -> Services:
        return self._built().services

    @property
    def announcer(self) -> Announcer:
        return self._built().announcer

    @property
    def ai(self) -> AISeats:
        return self._built().ai

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
        self.parts = parts = build_parts(self, self.store, boards)
        self.routes = ComponentRoutes(parts.flow, parts.flow, parts.undo, parts.offers, parts.errors, parts.past)
        if isinstance(self.tree, EntdeckerTree):
            self.tree.errors = parts.errors
        self.reminders = parts.reminders
        services = parts.services
        await self.add_cog(GameCog(parts.flow, services, parts.offers, boards, self.settings, parts.past))
        await self.add_cog(TurnCog(parts.flow, services.tables, services.legal, self.tree))
        await self.add_cog(PlayerCog(parts.undo, services, parts.replies))
        await self.add_cog(StandingsCog(services.standings, services.catalog))
        # Dynamic items route clicks by custom_id pattern, so buttons on messages sent before a restart work.
        self.add_dynamic_items(*DYNAMIC_ITEMS, UndoButton, SeatOfferButton, OldSeatOfferButton)
        await asyncio.to_thread(lang.warm)
        await self.tree.set_translator(CatalogTranslator())
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
        if self.parts is not None:
            await self.parts.flow.stop()
        await super().close()
        if self.boards is not None:
            self.boards.close()
        if self.store is not None:
            await self.store.close()
            self.store = None


@dataclass(frozen=True)
class Parts:
    """Everything setup_hook builds, each part given what it needs (no part takes the bot)."""

    services: Services
    replies: Replies
    errors: ErrorAnswers
    announcer: Announcer
    ai: AISeats
    flow: Flow
    undo: UndoFlow
    offers: OfferFlow
    reminders: Reminders
    past: Past


def build_parts(bot: EntdeckerBot, store: AnyStore, boards: Boards) -> Parts:
    # The services see the store through the shard filter: periodic work lists only this process's guilds.
    sharded: Any = ShardedStore(store, plan_of(bot.settings))
    services = build_services(sharded, bot.settings, bot.clock, bot.catalog)
    replies = Replies()
    errors = ErrorAnswers(replies, bot.fatal)
    announcer = Announcer(
        bot,
        services.store,
        services.tables,
        services.accounts,
        services.catalog,
        boards,
        replies,
        clock=bot.clock,
        people=services.hours.of,
    )
    ai = AISeats(services.turns, bot.settings, announcer.announce, closed=bot.is_closed)
    announcer.busy = ai.busy  # catch-up leaves a channel alone while its AI plays (and the AI announces through it)
    flow = Flow(services.turns, services.lobby, services.tables, services.catalog, replies, announcer, ai)
    undo = UndoFlow(Undo(services.store, services.tables, services.accounts, bot.clock), flow)
    offers = SeatOffers(services.tables, services.seats)
    reminders = Reminders(
        bot,
        services.store,
        services.tables,
        services.players,
        services.hours,
        announcer,
        ai,
        bot.settings,
        bot.fatal,
        clock=bot.clock,
        prune_offers=offers.prune,
        seats=services.seats,
    )
    offer_flow = OfferFlow(offers, services.tables, replies, announcer, ai)
    past = Past(services.store, services.rewind, boards)
    return Parts(services, replies, errors, announcer, ai, flow, undo, offer_flow, reminders, past)


class ShardedEntdeckerBot(EntdeckerBot, commands.AutoShardedBot):
    """The bot on several gateway shards in one process (settings.shard_count/shard_ids, or automatic)."""
