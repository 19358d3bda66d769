"""AI seats: one background task per channel plays the AI's moves at a pace people can follow."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from .service.table import MoveOutcome
from .service.turns import Turns
from .settings import Settings

log = logging.getLogger(__name__)


class AISeats:
    def __init__(
        self,
        turns: Turns,
        settings: Settings,
        announce: Callable[[MoveOutcome], Awaitable[object]],
        closed: Callable[[], bool] = lambda: False,
    ) -> None:
        self.turns = turns
        self.settings = settings
        self.announce = announce
        self.closed = closed
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def busy(self, channel_id: int) -> bool:
        task = self._tasks.get(channel_id)
        return task is not None and not task.done()

    def kick(self, channel_id: int) -> None:
        """Let the AI play its turns in this channel (one task per channel; a no-op if it is running)."""
        if self.busy(channel_id):
            return
        self._tasks[channel_id] = asyncio.create_task(self._drive(channel_id), name=f"ai-{channel_id}")

    def after_move(self, outcome: MoveOutcome) -> None:
        table = outcome.table
        if table.active and table.current is not None and table.current.is_ai:
            self.kick(table.record.channel_id)

    async def _drive(self, channel_id: int) -> None:
        try:
            new_turn = True
            while not self.closed():
                if new_turn and self.settings.ai_delay > 0:
                    await asyncio.sleep(self.settings.ai_delay)  # a pace people can follow
                outcome = await self.turns.ai_step(channel_id)
                if outcome is None:
                    return
                new_turn = outcome.turn_over
                if outcome.turn_over:
                    await self.announce(outcome)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI turns in channel %s stopped", channel_id)
        finally:
            if self._tasks.get(channel_id) is asyncio.current_task():
                del self._tasks[channel_id]

    def prune(self) -> None:
        for channel_id, task in list(self._tasks.items()):
            if task.done():
                del self._tasks[channel_id]

    async def stop(self) -> None:
        tasks = list(self._tasks.values())  # a finishing task removes itself from the dict
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks.clear()
