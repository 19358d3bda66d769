"""The background loop: ping the player to move after a quiet spell, resume AI seats and lost announcements.

It asks storage which games are idle (storage counts the reminders and resets the count on every move), so a
restart neither forgets nor repeats a reminder. A reminder the channel refuses (403/404: permission revoked,
channel deleted) counts as sent, so it is given up after the usual number instead of being retried forever.
Each pass also posts turn announcements that were stored but never shown (the process died in between):
right after a start every one of them, later only those older than a grace period (a move being announced
right now is left to its own interaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field

import discord

from storage import IdleGame, StorageError, Store

from .ai_seats import AISeats
from .announcer import Announcer
from .fatal import Fatal
from .lang import _, speaking, table_language
from .service.cache import TableCache
from .service.players import Players
from .settings import Settings
from .shards import periodic_work
from .text import format_duration, jump_link, mentions

log = logging.getLogger(__name__)


CATCH_UP_GRACE = 60.0  # seconds a stored move may wait for its own announcement before the loop posts it


@dataclass
class Reminders:
    client: discord.Client
    store: Store
    tables: TableCache
    players: Players
    announcer: Announcer
    ai: AISeats
    settings: Settings
    fatal: Fatal | None = None
    _: KW_ONLY
    clock: Callable[[], float] = time.time
    prune_offers: Callable[[set[int]], None] = lambda open_games: None  # drops the offers of games that ended
    _task: asyncio.Task[None] | None = field(default=None, init=False)
    _passes: int = field(default=0, init=False)

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="entdecker-reminders")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder loop")  # keep looping: one bad game must not stop all reminders
            await asyncio.sleep(self.settings.check_interval)

    async def tick(self) -> int:
        """One pass: catch up lost announcements and lobbies, start AI seats that are due and send the reminders
        that are due; returns pings sent. Each step, and each game within a step, fails on its own: one broken
        game or one failing query never stops the others. Only the games of this process's shards, and only while
        holding their locks (bot/shards.py), so that no two processes do the same game's periodic work."""
        async with periodic_work(self.store) as any_shard:
            return await self._tick() if any_shard else 0

    async def _tick(self) -> int:
        first, self._passes = self._passes == 0, self._passes + 1
        for step in (
            self._check_database,
            lambda: self.announcer.catch_up(grace=0.0 if first else CATCH_UP_GRACE),
            lambda: self.announcer.post_lost_lobbies(grace=CATCH_UP_GRACE),
            self._kick_ai_seats,
            self.prune,
        ):
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.fatal is not None and self.fatal.check(exc):
                    return 0
                log.exception("a step of the reminder pass failed")
        sent = 0
        now = self.clock()
        settings = self.settings
        try:
            idle_games = await self.store.idle_games(now, settings.reminder_after, settings.reminder_max)
        except StorageError:
            log.warning("could not list the idle games", exc_info=True)
            return 0
        for idle in idle_games:
            try:
                sent += await self._remind(idle, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminding in game %s failed", idle.game.id)
        return sent

    async def _check_database(self) -> None:
        """A database file deleted or replaced under the bot is noticed within one pass, even without moves."""
        self.store.check_file()

    async def _kick_ai_seats(self) -> None:
        for channel_id in await self.games_needing_ai():
            try:
                self.ai.kick(channel_id)
            except Exception:  # one game's AI that cannot start stops no other game's
                log.exception("starting the AI in channel %s failed", channel_id)

    async def games_needing_ai(self) -> list[int]:
        """Channels whose open game waits on an AI seat (after a restart, say)."""
        # idle_games with zero idle time lists every active game with its seat to act.
        idle = await self.store.idle_games(self.clock() + 1, 0)
        return [i.game.channel_id for i in idle if i.player is not None and i.player.is_ai]

    async def _remind(self, idle: IdleGame, now: float) -> int:
        """Ping the player to move of one idle game, in the game's language; 1 if a reminder went out."""
        with speaking(table_language(idle.game.options)):
            return await self._remind_in_language(idle, now)

    async def _remind_in_language(self, idle: IdleGame, now: float) -> int:
        player = idle.player
        if player is None or player.is_ai or player.user_id is None:
            return 0
        waited = now - idle.idle_since
        game = idle.game
        link = jump_link(game.guild_id, game.channel_id, game.turn_message_id)
        text = _("⏰ <@{user_id}>, it is your turn in game {id} (waiting for {waited})").format(
            user_id=player.user_id, id=game.id, waited=format_duration(waited)
        )
        text += f": {link}" if link else "."
        if waited >= self.settings.idle_after:
            text += _(
                " The others may now `/game skip` this turn or `/game substitute` the seat (to a member, or to an AI)."
            )
        sent = 0
        try:
            await self.announcer.channel(idle.game.channel_id).send(text, allowed_mentions=mentions(player.user_id))
        except (discord.Forbidden, discord.NotFound):
            # The channel refuses us (permission revoked, channel deleted): count it as sent, so the
            # reminders of this turn run out as usual instead of being retried on every pass.
            log.warning("cannot remind in channel %s (no access); counted as sent", idle.game.channel_id)
        except discord.HTTPException:
            log.warning("could not remind in channel %s", idle.game.channel_id, exc_info=True)
            return 0
        else:
            sent = 1
        await self.direct_message(player.user_id, idle.game.channel_id, text)
        try:
            await self.store.mark_reminded(idle.game.id, now)
        except StorageError:
            log.warning("could not count a reminder for game %s", idle.game.id, exc_info=True)
        return sent

    async def direct_message(self, user_id: int, channel_id: int, text: str) -> bool:
        """The reminder by direct message too, for a player who asked for it (`/game remind dm:true`). A user who
        does not accept direct messages from the bot (403) simply gets none; the channel reminder went out anyway."""
        try:
            if not await self.players.dm_reminders(user_id):
                return False
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(
                _("{text} Play in <#{channel_id}>.").format(text=text, channel_id=channel_id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except (discord.HTTPException, StorageError):
            log.info("could not remind user %s by direct message", user_id, exc_info=True)
            return False
        return True

    async def prune(self) -> None:
        """Forget per-channel locks, records and finished AI tasks of channels without an open game."""
        try:
            open_games = await self.store.active_games()
        except StorageError:
            log.warning("could not list the open games", exc_info=True)
            return
        open_channels = {record.channel_id for record in open_games}
        self.tables.prune(open_channels)
        self.prune_offers({record.id for record in open_games})
        self.announcer.prune(open_channels)
        self.ai.prune()
