"""The one place an interaction's error is answered (python-discord's exts/backend/error_handler.py is the model).

Commands reach it through the tree's on_error; buttons and menus through bot/components.py's `Routed.callback`.
A Refusal is answered with its own words; a database that can no longer be used stops the bot and says so; any
other error is logged and answered with one sentence. Every interaction gets an answer, deferred or not.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from storage import StorageFull, StorageReadOnly, StorageUnavailable

from .fatal import Fatal
from .interactions import Replies
from .lang import N_, _
from .service.refusal import Refusal

log = logging.getLogger(__name__)

OOPS = N_("⚠️ Something went wrong on our side; nothing was changed unless the channel says so.")
STOPPING = N_(
    "⚠️ The bot's database file can no longer be used (it was moved, deleted or damaged), so nothing was saved "
    "and the bot is stopping; whoever runs it has been told why."
)
GUILD_ONLY = N_("This works in a server's channels, not in direct messages.")
# A database that failed for a cause outside the program (issue 19 item 8): the player reads what happened and
# what to do; the operator reads one log line with the cause, not a traceback of ours.
BROKEN_STORAGE: dict[type[BaseException], str] = {
    StorageFull: (
        N_(
            "⚠️ The bot's database has run out of disk space, so this was not saved and nothing changed. Whoever runs "
            "the bot has been told; please try again later."
        )
    ),
    StorageReadOnly: (
        N_(
            "⚠️ The bot's database cannot be written right now, so this was not saved and nothing changed. Whoever runs "
            "the bot has been told; please try again later."
        )
    ),
    StorageUnavailable: (
        N_(
            "⚠️ The bot could not reach its database just now. `/game board` shows whether this was saved; if it was "
            "not, please try again in a minute."
        )
    ),
}


def unwrapped(error: BaseException) -> BaseException:
    """The error a command's callback raised (discord.py wraps it in CommandInvokeError)."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return error


class ErrorAnswers:
    def __init__(self, replies: Replies, fatal: Fatal | None = None) -> None:
        self.replies = replies
        self.fatal = fatal

    def words(self, interaction: discord.Interaction, error: BaseException) -> str:
        """What the user reads about `error` (logged here when it is a bug)."""
        error = unwrapped(error)
        if isinstance(error, Refusal):
            return "⚠️ " + _(str(error))  # a constant sentence is translated here, a formatted one where it was made
        if isinstance(error, app_commands.NoPrivateMessage):
            return "⚠️ " + _(GUILD_ONLY)
        if self.fatal is not None and self.fatal.check(error):
            return _(STOPPING)
        for kind, text in BROKEN_STORAGE.items():
            if isinstance(error, kind):
                log.warning("interaction in channel %s not saved: %s", interaction.channel_id, error)
                return _(text)
        command = interaction.command.qualified_name if interaction.command is not None else None
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id")
        log.error("interaction %s failed (%s)", command or custom_id, interaction.channel_id, exc_info=error)
        return _(OOPS)

    async def answer(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Answer the user privately; never raises."""
        text = self.words(interaction, error)
        if interaction.type == discord.InteractionType.autocomplete:
            return  # an autocomplete can only offer choices; the command itself will say what is wrong
        try:
            if interaction.response.is_done():
                await self.replies.reply(interaction, text)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id, exc_info=True)
        afterwards = getattr(unwrapped(error), "afterwards", None)
        if afterwards is not None:
            try:
                await afterwards()
            except Exception:
                log.exception("the follow-up of a refusal in channel %s failed", interaction.channel_id)
