"""The Entdecker bot in a process of its own, connected to a FakeDiscord of the test process, so a test can kill -9 it.

    python -m tests.e2e.killable_bot PORT DB_PATH        (from the repository root, or run this file by path)
    python -m tests.e2e.killable_bot PORT postgresql://... --shard-count 2 --shards 1    (one shard of two)
    python -m tests.e2e.killable_bot PORT DB_PATH --render-processes 0 --cold --sketch    (as the whole-game tests)

discord.py is pointed at the fake exactly as :class:`tests.fakediscord.FakeDiscord` does in-process (REST base and
gateway URL on 127.0.0.1:PORT). The bot is the one ``create_bot`` builds, with the settings of the e2e tests
(no AI delay, the reminder loop's first pass right after on_ready and then an hour's pause). Once on_ready has run,
``ready <pid>`` is printed on stdout. Log records of WARNING and above go to stderr as ``LEVEL logger: message``,
so a test can fail on ERROR lines as ``run_bot`` does in-process.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run by path rather than with -m from the repository root
    sys.path.insert(0, str(ROOT))

import discord.gateway  # noqa: E402
import discord.http  # noqa: E402
import yarl  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from bot.__main__ import close_on_sigterm  # noqa: E402
from bot.shards import parse_shard_ids  # noqa: E402

READY_LINE = "ready"
# tests.fakediscord.FAST_CLIENT_OPTIONS (tests/e2e/test_kill.py checks they are the same): importing that package would
# import pytest-asyncio and the fake's server too, a third of a second of CPU at each of the many starts.
FAST_CLIENT_OPTIONS: dict[str, Any] = {"guild_ready_timeout": 0.05, "chunk_guilds_at_startup": False}


def point_at_fake(port: int) -> None:
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/")


async def run(
    port: int,
    db_path: str,
    token: str,
    shard_count: int | None = None,
    shards: tuple[int, ...] | None = None,
    render_processes: int | None = None,
    warm: bool = True,
) -> None:
    point_at_fake(port)
    settings = Settings(
        db_path=db_path,
        ai_delay=0.0,
        check_interval=3600.0,
        shard_count=shard_count,
        shard_ids=shards,
        render_processes=render_processes,
        warm_renderer=warm,
    )
    bot = create_bot(settings, **FAST_CLIENT_OPTIONS)

    async def on_ready() -> None:
        print(f"{READY_LINE} {os.getpid()}", flush=True)

    bot.add_listener(on_ready, "on_ready")
    close_on_sigterm(bot)  # as `python -m bot` does; the crash tests use SIGKILL
    async with bot:
        # No reconnect: when the fake goes away at the end of a test, this process ends instead of retrying.
        await bot.start(token, reconnect=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("db_path")
    parser.add_argument("--token", default=os.environ.get("FAKEDISCORD_TOKEN", "fake-token"))
    parser.add_argument("--shard-count", type=int, default=None, help="gateway shards in all")
    parser.add_argument("--shards", default=None, help="the shards this process runs, e.g. 0-1 (default all)")
    parser.add_argument(
        "--render-processes", type=int, default=None, help="draw boards in N worker processes (default: as the bot)"
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="no renderer warm-up before on_ready (it costs seconds of CPU at each start; tests that restart a bot"
        " often read no first board's timing)",
    )
    parser.add_argument(
        "--sketch",
        action="store_true",
        help="a placeholder for every board but a game's first and last (tests/e2e/sketch.py; boards in threads)",
    )
    args = parser.parse_args(argv)
    if args.sketch:
        from tests.e2e.sketch import sketch_boards

        sketch_boards()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    shards = parse_shard_ids(args.shards, args.shard_count) if args.shards and args.shard_count else None
    asyncio.run(
        run(args.port, args.db_path, args.token, args.shard_count, shards, args.render_processes, not args.cold)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
