"""Stopping the bot when its database can no longer be trusted (deleted or replaced under it, damaged).

Moves must not be confirmed into a file nobody will read again: the first such error closes the bot, and
`python -m bot` ends with its one line and exit status 2, like any other start-up problem.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from storage import DatabaseUnusable

log = logging.getLogger(__name__)


class Fatal:
    def __init__(self, close: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self._close = close
        self.reason: str | None = None
        self._task: asyncio.Task[None] | None = None

    def check(self, exc: BaseException) -> bool:
        """Whether `exc` means the database is unusable; if so, the bot is being stopped."""
        if not isinstance(exc, DatabaseUnusable):
            return False
        if self.reason is None:
            self.reason = str(exc)
            log.critical("stopping: %s", exc)
            self._task = asyncio.get_running_loop().create_task(self._close(), name="entdecker-fatal-close")
        return True
