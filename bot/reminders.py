"""The background loop: ping the player to move after a quiet spell, and resume AI seats after a restart.

It asks storage which games are idle (storage counts the reminders and resets the count on every move), so a
restart neither forgets nor repeats a reminder.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from storage import StorageError

from .flow import MENTION_USERS
from .service import format_duration

if TYPE_CHECKING:
    from .app import EntdeckerBot

log = logging.getLogger(__name__)


class Reminders:
    def __init__(self, bot: EntdeckerBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None

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
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder loop")  # keep looping: one bad game must not stop all reminders
            await asyncio.sleep(self.bot.settings.check_interval)

    async def tick(self) -> int:
        """One pass: start AI seats that are due and send the reminders that are due; returns pings sent."""
        service = self.bot.service
        settings = self.bot.settings
        for channel_id in await service.games_needing_ai():
            self.bot.flow.kick_ai(channel_id)
        sent = 0
        now = service.clock()
        for idle in await service.store.idle_games(now, settings.reminder_after, settings.reminder_max):
            player = idle.player
            if player is None or player.is_ai or player.user_id is None:
                continue
            waited = now - idle.idle_since
            text = (
                f"⏰ <@{player.user_id}>, it is your turn in game {idle.game.id} "
                f"(waiting for {format_duration(waited)})."
            )
            if waited >= settings.idle_after:
                text += " The others may now `/game skip` this turn or `/game handover` the seat to an AI."
            try:
                await self.bot.flow.channel(idle.game.channel_id).send(text, allowed_mentions=MENTION_USERS)
            except discord.HTTPException:
                log.warning("could not remind in channel %s", idle.game.channel_id, exc_info=True)
                continue
            try:
                await service.store.mark_reminded(idle.game.id, now)
            except StorageError:
                log.warning("could not count a reminder for game %s", idle.game.id, exc_info=True)
            sent += 1
        return sent
