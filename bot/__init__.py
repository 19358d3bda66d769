"""The Discord bot: `from bot import create_bot` builds it without starting it; `python -m bot` runs it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .settings import Settings, SettingsError

__all__ = ["Settings", "SettingsError", "create_bot"]


def create_bot(
    settings: Settings | None = None,
    clock: Callable[[], float] = time.time,
    *,
    store: Any = None,
    **client_options: Any,
) -> Any:
    """An EntdeckerBot for these settings (default: from the environment); client_options go to discord.Client.

    `store`: an open store the bot takes over (and closes); None: the bot opens settings.db_path in setup_hook."""
    from .app import EntdeckerBot, ShardedEntdeckerBot  # imported here so `import bot` stays light
    from .shards import client_options as shard_options

    settings = settings if settings is not None else Settings.from_env()
    if not settings.sharded:
        return EntdeckerBot(settings, clock, store=store, **client_options)
    return ShardedEntdeckerBot(settings, clock, store=store, **{**shard_options(settings), **client_options})
