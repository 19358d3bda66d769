"""The board picture as a Discord attachment: rendered off the event loop, within the channel's upload limit."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import render

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit since 2025
UPLOAD_MARGIN = 4096  # multipart headers and rounding: stay a little below the limit
RENDER_SLOTS = 4  # a little above the cores: a render releases the GIL for most of its work
TOO_LARGE = "(The board picture is too large for this server's upload limit.)"


def board_png(view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
    """The board PNG under the upload limit: smaller rather than failing, None if even that does not fit."""
    data = render.render_board(view, overlay=overlay)
    budget = max(limit - UPLOAD_MARGIN, 1)
    if len(data) > budget:
        data = render.shrink_png(view, budget, overlay=overlay)
    return data if len(data) <= budget else None


class Boards:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        # Renders run in threads; more of them at once than there are cores only makes each one slower and
        # takes the GIL from the event loop more often.
        self._slots = asyncio.Semaphore(RENDER_SLOTS)

    def upload_limit(self, channel_id: int, interaction: discord.Interaction | None = None) -> int:
        if interaction is not None:
            return interaction.filesize_limit
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        return guild.filesize_limit if guild is not None else DEFAULT_UPLOAD_LIMIT

    async def file(self, view: dict[str, Any], overlay: bool, limit: int) -> discord.File | None:
        async with self._slots:
            data = await asyncio.to_thread(board_png, view, overlay, limit)
        if data is None:
            return None
        return discord.File(io.BytesIO(data), filename="board.png")
