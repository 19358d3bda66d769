"""The refusals users read: raised anywhere in the bot, answered in one place (bot/errors.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable


class Refusal(Exception):
    """Something a user asked for that is not possible now; str(refusal) is the sentence to show them.

    `afterwards`: what to do once the user has been told (put a lobby's menus back, repair a turn message); it runs
    after the answer because editing the clicked message first would stand in for the answer."""

    afterwards: Callable[[], Awaitable[object]] | None = None


class StaleClick(Refusal):
    """A button or menu from an earlier state of the game."""
