"""Words every part of the bot uses: user-chosen text shown safely (a display name must neither ping anyone nor
break the formatting), durations, counts and what players are told about the seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from storage import GameRecord

from .lang import _, ngettext


def safe_name(name: str) -> str:
    """A display name as it may appear in a message: mentions defused, Markdown escaped."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


def named(words: str, fields: Mapping[str, Any], names: list[str]) -> str:
    """A game's words (already in the reader's language) filled in with `fields`, its "who" (a seat) by the name
    shown for that seat (a game's parts name seats, the bot names people)."""
    who = fields.get("who")
    name = names[who] if isinstance(who, int) and 0 <= who < len(names) else str(who)
    return words.format(**{**fields, "who": name})


def mentions(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow pinging exactly these users (and nobody else, no roles, no @everyone)."""
    users = [discord.Object(id=u) for u in user_ids if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NO_MENTIONS = discord.AllowedMentions.none()
# Discord's limits for the words of a component: every translated word put in one goes through fit() with these.
BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, CHOICE_NAME = 80, 100, 150, 100


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    """The link that opens a message in Discord (None without a message)."""
    if message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}/{message_id}"


def fit(text: str, limit: int) -> str:
    """Text within Discord's limit for a label (80 for a button, 100 for a menu's option), cut at a word with "…"
    so that a cut label never ends in half a word ("2 no")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    head = cut.rsplit(" ", 1)[0] if " " in cut[limit // 2 :] else cut
    return head.rstrip(" ;,:(") + "…"


def plural(n: int, word: str, words: str | None = None) -> str:
    """English only (tests, logs): what a player reads counts with `lang.ngettext`."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def format_duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds >= 2 * 86400:
        n = seconds // 86400
        return ngettext("{n} day", "{n} days", n).format(n=n)
    if seconds >= 2 * 3600:
        n = seconds // 3600
        return ngettext("{n} hour", "{n} hours", n).format(n=n)
    if seconds >= 120:
        n = seconds // 60
        return ngettext("{n} minute", "{n} minutes", n).format(n=n)
    return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)


def seed_words(record: GameRecord, *, over: bool = False) -> str:
    """What players are told about the seed: a seed the host chose is shown always (so everyone knows the game
    could be known in advance); a secret one only once the game is over, so it can be replayed and checked."""
    if record.seed_public:
        return _("Seed {seed}, chosen by the host: everyone can see it, so the draws are no secret.").format(
            seed=record.seed
        )
    if over:
        return _("The secret seed of this game was {seed}: replaying it with the moves checks every draw.").format(
            seed=record.seed
        )
    return _("The seed is secret until the game ends.")
