"""Editing a game's live turn message with an interaction's token rather than the bot's.

Discord allows a bot 50 requests per second in all, across all its processes; requests made with an interaction's
token (its response, its follow-ups and their edits) do not count against that. A turn message made as the
follow-up of a move, or clicked since, can be edited for 15 minutes with that interaction's token: a slash move in
the meantime, or the end of the turn, then costs no counted request. Kept in this process's memory only (per game,
the latest such interaction): a restart, another process, or an older token falls back to the bot's own edit.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

import discord

MARGIN = datetime.timedelta(minutes=1)  # a token about to expire is not worth a request that would fail


@dataclass(frozen=True)
class Editor:
    """A way to edit one message through an interaction's token: the message the interaction's component was
    clicked on (its @original), or a follow-up it made."""

    message_id: int
    interaction: discord.Interaction
    original: bool

    def fresh(self, now: datetime.datetime | None = None) -> bool:
        return (now or discord.utils.utcnow()) < self.interaction.expires_at - MARGIN

    async def edit(self, **kwargs: Any) -> None:
        if self.original:
            await self.interaction.edit_original_response(**kwargs)
        else:
            await self.interaction.followup.edit_message(self.message_id, **kwargs)


@dataclass
class Editors:
    """Per game id, the freshest interaction that can edit its turn message."""

    _by_game: dict[int, Editor] = field(default_factory=dict)

    def clicked(self, game_id: int, interaction: discord.Interaction | None) -> None:
        """A click on a message: it can now be edited through this interaction (a fresher token than any other)."""
        if (
            interaction is not None
            and interaction.type == discord.InteractionType.component
            and interaction.message is not None
        ):
            self._by_game[game_id] = Editor(interaction.message.id, interaction, original=True)

    def made(self, game_id: int, message_id: int, interaction: discord.Interaction) -> None:
        """A follow-up of this interaction is the game's new turn message."""
        self._by_game[game_id] = Editor(message_id, interaction, original=False)

    def of(self, game_id: int, message_id: int | None) -> Editor | None:
        """The way to edit that message of the game with a token, if there is a fresh one."""
        editor = self._by_game.get(game_id)
        if editor is None or editor.message_id != message_id or not editor.fresh():
            return None
        return editor

    def forget(self, game_id: int) -> None:
        self._by_game.pop(game_id, None)

    def prune(self, open_games: set[int]) -> None:
        """Drop the games that ended and the tokens that expired."""
        for game_id, editor in list(self._by_game.items()):
            if game_id not in open_games or not editor.fresh():
                del self._by_game[game_id]
