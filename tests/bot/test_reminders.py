"""Reminders: wording and bounds of the periodic pings."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.reminders import Reminders
from bot.service import Services
from bot.settings import HOUR
from tests.bot.helpers import three_players


class _Channel:
    def __init__(self, error: Exception | None = None) -> None:
        self.sent: list[str] = []
        self.attempts = 0
        self.error = error

    async def send(self, content: str, **_: Any) -> None:
        self.attempts += 1
        if self.error is not None:
            raise self.error
        self.sent.append(content)


async def _nothing(**_: Any) -> None:
    return None


def _reminders(svc: Services, channel: _Channel) -> Reminders:
    announcer = SimpleNamespace(
        channel=lambda _cid: channel, catch_up=_nothing, post_lost_lobbies=_nothing, prune=lambda _open: None
    )
    ai = SimpleNamespace(kick=lambda _cid: None, prune=lambda: None)
    return Reminders(
        SimpleNamespace(),
        svc.store,
        svc.tables,
        svc.players,
        svc.hours,
        announcer,
        ai,
        svc.settings,
        clock=svc.clock,  # type: ignore[arg-type]
    )


async def test_idle_reminder_points_the_others_to_substitute(svc: Services) -> None:
    await three_players(svc)
    channel = _Channel()
    reminders = _reminders(svc, channel)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    assert await reminders.tick() == 1
    text = channel.sent[-1]
    assert "/game skip" in text
    assert "/game substitute" in text and "/game handover" not in text, text


async def test_reminders_to_a_channel_that_refuses_them_are_bounded(svc: Services) -> None:
    await three_players(svc)
    response = SimpleNamespace(status=403, reason="Forbidden")
    channel = _Channel(discord.Forbidden(response, {"code": 50013, "message": "Missing Permissions"}))  # type: ignore[arg-type]
    reminders = _reminders(svc, channel)
    for _ in range(20):
        svc.clock.now += svc.settings.check_interval  # type: ignore[attr-defined]
        svc.clock.now += 13 * HOUR  # type: ignore[attr-defined]
        await reminders.tick()
    assert channel.attempts <= svc.settings.reminder_max
