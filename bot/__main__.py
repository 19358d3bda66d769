"""`python -m bot`: run the bot with settings from the environment (see docs/commands.md).

Configuration problems end with one line on stderr and exit status 2, not a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from storage import StorageError, can_be_shared, open_store

from . import create_bot
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
    # Opened once, here, and handed to the bot: opening runs the integrity check, which reads the whole file.
    store = await open_store(settings.db_path)
    try:
        bot = create_bot(settings, store=store)
    except BaseException:
        await store.close()
        raise
    close_on_sigterm(bot)
    async with bot:  # closing the bot closes the store
        await bot.start(settings.token or "")
    return bot.fatal.reason


def close_on_sigterm(bot: discord.Client) -> None:
    """`docker stop`, systemd and Kubernetes ask a service to stop with SIGTERM, which would end Python on the spot:
    close the bot instead, as Ctrl-C does (the gateway is left properly, render workers are shut down)."""
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):  # no signal handlers on this platform/thread
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))


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
    except discord.LoginFailure:
        return fail("Discord refused the token in DISCORD_TOKEN (invalid or revoked)")
    except discord.PrivilegedIntentsRequired:
        return fail("the bot asked for an intent that is not enabled in the developer portal")
    except (StorageError, SettingsError) as exc:
        return fail(str(exc))
    except (aiohttp.ClientError, OSError, TimeoutError, discord.GatewayNotFound) as exc:
        # No network, DNS failing, Discord unreachable: one line, like the other start-up problems.
        return fail(f"cannot reach Discord ({type(exc).__name__}: {exc}); check the network and try again")
    except KeyboardInterrupt:
        return 0
    return fail(stopped) if stopped else 0


if __name__ == "__main__":
    sys.exit(main())
