"""Answering interactions: acknowledge at once (the 3-second rule), answer privately, never raise on the way.

Handlers register themselves when they defer, so that closing the bot lets them finish their last write.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from .messages import CONTENT_LIMIT, clip
from .text import NO_MENTIONS

log = logging.getLogger(__name__)


def is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_channels or perms.administrator))


def clicked_on(interaction: discord.Interaction | None, message_id: int | None) -> bool:
    """Whether the interaction is a click on that message's components."""
    return (
        interaction is not None
        and interaction.type == discord.InteractionType.component
        and interaction.message is not None
        and interaction.message.id == message_id
    )


async def edit_clicked(interaction: discord.Interaction, content: str, *, keep_buttons: bool = False) -> None:
    """Edit the message whose button was clicked (a request or an offer, once answered); never raises."""
    with contextlib.suppress(discord.HTTPException):
        if keep_buttons:
            await interaction.edit_original_response(content=content[:2000], allowed_mentions=NO_MENTIONS)
        else:
            await interaction.edit_original_response(content=content[:2000], allowed_mentions=NO_MENTIONS, view=None)


class Replies:
    def __init__(self) -> None:
        # Interaction handlers still at work (registered by defer): closing waits for them, so their last
        # database write or message edit never meets a closed store or HTTP session.
        self._handlers: set[asyncio.Task[Any]] = set()
        self._by_interaction: dict[int, asyncio.Task[Any]] = {}

    def track(self, interaction_id: int | None = None) -> None:
        """Register the running interaction handler, so that wait() lets it finish (and `handled` finds it)."""
        task = asyncio.current_task()
        if task is not None and task not in self._handlers:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
            if interaction_id is not None:
                self._by_interaction[interaction_id] = task
                task.add_done_callback(lambda _task: self._by_interaction.pop(interaction_id, None))

    async def handled(self, interaction_id: int, timeout: float = 15.0) -> None:
        """Until the handler of that interaction is done (at once if none runs): a command that ends a turn answers
        privately first and then posts the next turn's message, so a test harness waits for both."""
        task = self._by_interaction.get(interaction_id)
        if task is not None and task is not asyncio.current_task():
            await asyncio.wait({task}, timeout=timeout)

    async def defer(self, interaction: discord.Interaction) -> None:
        """Acknowledge at once: a silent update for buttons, a private 'thinking…' for commands."""
        self.track(interaction.id)
        if interaction.response.is_done():
            return
        if interaction.type == discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """An ephemeral follow-up after a defer; never raises (the user has at least the defer)."""
        try:
            await interaction.followup.send(clip(content, CONTENT_LIMIT), ephemeral=True, **kwargs)
        except discord.HTTPException:
            log.warning("could not send a follow-up to interaction %s", interaction.id, exc_info=True)

    async def wait(self, timeout: float) -> None:
        handlers = self._handlers - {asyncio.current_task()}
        if handlers:
            await asyncio.wait(handlers, timeout=timeout)


ANYWHERE = "anywhere"  # a command's extras key: one of a person's own commands that works outside a server too


def in_server(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a server that installed the bot (not a direct message, nor the member's
    own install of the app used in a server or group chat the bot is not in)."""
    return interaction.guild_id is not None and interaction.is_guild_integration()
