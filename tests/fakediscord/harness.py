"""Running a real discord.py bot against :class:`FakeDiscord` inside a pytest-asyncio test."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest_asyncio

from .server import FakeDiscord

# Client options every test bot should get: on_ready 2 s → 50 ms (P4), and no
# member chunking round trip (P5).
FAST_CLIENT_OPTIONS: dict[str, Any] = {"guild_ready_timeout": 0.05, "chunk_guilds_at_startup": False}


class ErrorCollector(logging.Handler):
    """Keeps ERROR records logged under the given loggers.

    discord.py swallows exceptions from command callbacks (``tree.on_error``), views
    (``View.on_error``), dynamic items and event handlers and only *logs* them (P8),
    so a broken bot would otherwise still pass a test.
    """

    def __init__(self, loggers: Sequence[str] = ("discord",)) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._loggers = [logging.getLogger(name) for name in loggers]

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def attach(self) -> None:
        for logger in self._loggers:
            logger.addHandler(self)

    def detach(self) -> None:
        for logger in self._loggers:
            logger.removeHandler(self)

    @property
    def exceptions(self) -> list[BaseException]:
        return [r.exc_info[1] for r in self.records if r.exc_info and r.exc_info[1] is not None]

    def format_all(self) -> str:
        out = []
        for record in self.records:
            text = f"{record.name}: {record.getMessage()}"
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info))  # type: ignore[arg-type]
            out.append(text)
        return "\n".join(out)


@dataclass
class BotRun:
    """What :func:`run_bot` yields: the bot, its ``connect()`` task and the collected errors."""

    fake: FakeDiscord
    bot: discord.Client
    task: asyncio.Task[None]
    collector: ErrorCollector
    expected_errors: list[logging.LogRecord] = field(default_factory=list)

    @property
    def errors(self) -> list[logging.LogRecord]:
        return self.collector.records

    def take_errors(self) -> list[logging.LogRecord]:
        """Return and clear the collected errors (for tests that provoke errors on purpose)."""
        records = list(self.collector.records)
        self.collector.records.clear()
        return records

    def check(self) -> None:
        """Raise now if the gateway task died (P7) or an error was logged (P8)."""
        if self.task.done() and not self.task.cancelled() and self.task.exception() is not None:
            raise RuntimeError("discord.py connect() task died") from self.task.exception()
        if self.collector.records:
            raise AssertionError("errors logged by the bot:\n" + self.collector.format_all())


@contextlib.asynccontextmanager
async def run_bot(
    fake: FakeDiscord,
    bot: discord.Client,
    *,
    token: str = "fake-token",
    ready_timeout: float = 10.0,
    loggers: Sequence[str] = ("discord",),
    fail_on_errors: bool = True,
) -> AsyncIterator[BotRun]:
    """Log ``bot`` in (setup_hook, tree.sync), connect it to the fake gateway and wait for on_ready.

    On exit the bot is closed; if the test body itself passed, a dead connect() task
    or any ERROR logged under ``loggers`` fails the test (``fail_on_errors=False`` to
    inspect ``run.errors`` yourself).
    """
    collector = ErrorCollector(loggers)
    collector.attach()
    task: asyncio.Task[None] | None = None
    try:
        await bot.login(token)
        task = asyncio.create_task(bot.connect(reconnect=False), name="fakediscord-connect")
        fake.watch(task)
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task.done() and task.exception() is not None:
                raise RuntimeError("bot failed to connect to fakediscord") from task.exception()
            raise TimeoutError(f"bot not ready after {ready_timeout}s")
        run = BotRun(fake, bot, task, collector)
        body_failed = True
        try:
            yield run
            body_failed = False
        finally:
            await _shutdown(bot, task)
            task_exc = task.exception() if task.done() and not task.cancelled() else None
            if not body_failed:
                if task_exc is not None:
                    raise RuntimeError("discord.py connect() task died") from task_exc
                if fail_on_errors and collector.records:
                    raise AssertionError("errors logged by the bot:\n" + collector.format_all())
    finally:
        if task is None or not task.done():
            await _shutdown(bot, task)
        collector.detach()


async def _shutdown(bot: discord.Client, task: asyncio.Task[None] | None) -> None:
    if not bot.is_closed():
        await bot.close()
    if task is not None and not task.done():
        try:
            await asyncio.wait_for(asyncio.shield(task), 5)
        except TimeoutError:
            task.cancel()
        except Exception:
            pass  # reported by the caller through task.exception()


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started :class:`FakeDiscord` with Discord's default limits (import it into a test module)."""
    async with FakeDiscord() as fake:
        yield fake
