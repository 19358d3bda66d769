"""Showing user-chosen text safely: a display name must neither ping anyone nor break the formatting."""

from __future__ import annotations

import discord


def safe_name(name: str) -> str:
    """A display name as it may appear in a message: mentions defused, Markdown escaped."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


def mentions(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow pinging exactly these users (and nobody else, no roles, no @everyone)."""
    users = [discord.Object(id=u) for u in user_ids if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NO_MENTIONS = discord.AllowedMentions.none()
