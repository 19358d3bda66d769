"""`python -m bot`: run the bot with settings from the environment (see docs/commands.md).

Configuration problems end with one line on stderr and exit status 2, not a traceback.

discord.py and the rest of the bot are imported while the database opens (see _run), not before: this module
imports only what opening the database needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import signal
import sys
from typing import Any

from storage import StorageError, can_be_shared, open_store

from .settings import Settings, SettingsError


def fail(message: str) -> int:
    print(f"entdecker-bot: {message}", file=sys.stderr)
    return 2


async def _run(settings: Settings) -> str | None:
    """Run until closed; the reason if the bot stopped itself because its database became unusable."""
    # Open the database before logging in, so an unwritable path fails at once, not after a Discord round trip.
    some_shards = settings.shard_count is not None and len(settings.shard_ids or ()) < settings.shard_count
    if some_shards and not can_be_shared(settings.db_path):
        # The other shards would need another process on the same database, which only PostgreSQL allows.
        raise SettingsError(
            "ENTDECKER_SHARDS names only some of the shards, but a SQLite database serves one process: "
            "run all shards in this process, or use PostgreSQL (docs/scaling.md)"
        )
    # Opened once, here, and handed to the bot. Opening runs the integrity check, which reads the whole file in
    # SQLite's thread without holding the GIL: the bot's own modules (discord.py, the renderer; ~0.3 s) are
    # imported meanwhile, on the other core. Nothing is served before both are done.
    opening = asyncio.ensure_future(open_store(settings.db_path))
    try:
        await asyncio.to_thread(importlib.import_module, "bot.app")
    except BaseException:
        with contextlib.suppress(Exception):
            await (await opening).close()
        raise
    store = await opening
    try:
        from . import create_bot

        bot = create_bot(settings, store=store)
    except BaseException:
        await store.close()
        raise
    close_on_sigterm(bot)
    async with bot:  # closing the bot closes the store
        await bot.start(settings.token or "")
    reason: str | None = bot.fatal.reason
    return reason


def close_on_sigterm(bot: Any) -> None:
    """`docker stop`, systemd and Kubernetes ask a service to stop with SIGTERM, which would end Python on the spot:
    close the bot (a discord.Client) instead, as Ctrl-C does (the gateway is left properly, render workers are shut
    down)."""
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):  # no signal handlers on this platform/thread
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))


def _explain(exc: BaseException) -> str | None:
    """The one line for a failure of the Discord side of start-up, or None if it is not one (a bug)."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure):
        return "Discord refused the token in DISCORD_TOKEN (invalid or revoked)"
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "the bot asked for an intent that is not enabled in the developer portal"
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError | discord.GatewayNotFound):
        # No network, DNS failing, Discord unreachable: one line, like the other start-up problems.
        return f"cannot reach Discord ({type(exc).__name__}: {exc}); check the network and try again"
    return None


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        return fail(str(exc))
    if not settings.token:
        return fail("DISCORD_TOKEN is not set")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        stopped = asyncio.run(_run(settings))
    except KeyboardInterrupt:
        return 0
    except (StorageError, SettingsError) as exc:
        return fail(str(exc))
    except Exception as exc:
        message = _explain(exc)
        if message is None:
            raise
        return fail(message)
    return fail(stopped) if stopped else 0


if __name__ == "__main__":
    sys.exit(main())
