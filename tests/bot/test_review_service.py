"""Review tests (issue 4) without Discord: skip races, reminder wording, reminder bounds, settings.

Each test was written as a strict xfail demonstrating a bug; the bugs are fixed and the tests now guard them.
"""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import messages
from bot.catalog import Catalog
from bot.reminders import Reminders
from bot.service import Refusal, Services
from bot.settings import HOUR, Settings, SettingsError

CH = 2001
ANN, BOB, CY = 21, 22, 23


async def three_players(svc: Services, seed: int = 0) -> None:
    await svc.lobby.new_game(CH, 1, ANN, "Ann", "entdecker", {}, seed)
    await svc.lobby.join(CH, BOB, "Bob")
    await svc.lobby.join(CH, CY, "Cy")
    await svc.lobby.start(CH, ANN)


@pytest.mark.parametrize("seed", [0, 1, 2])
async def test_two_skips_at_once_never_play_the_next_players_turn(svc: Services, seed: int) -> None:
    await three_players(svc, seed)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]  # Ann has been away long enough
    await asyncio.gather(svc.seats.skip_turn(CH, BOB), svc.seats.skip_turn(CH, CY), return_exceptions=True)
    table = await svc.tables.table(CH, fresh=True)
    moves = await svc.store.moves(table.game_id)
    assert {m.move.get("player") for m in moves} == {0}, [(m.seq, m.move) for m in moves]
    assert table.current is not None and table.current.user_id == BOB


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


def test_rules_text_points_the_others_to_substitute() -> None:
    text = messages.rules_content(Catalog(), Settings())
    assert "/game substitute" in text, text


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


def test_a_zero_check_interval_is_refused() -> None:
    with pytest.raises(SettingsError):
        Settings.from_env({"ENTDECKER_CHECK_SECONDS": "0"})


async def test_an_ai_seat_can_be_given_back_to_a_person(svc: Services) -> None:
    await three_players(svc)
    await svc.seats.handover(CH, BOB, manage=False)  # Bob hands his own seat to an AI (e.g. by mistake)
    table = await svc.tables.table(CH, fresh=True)
    assert table.players[1].is_ai
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    with contextlib.suppress(Refusal):
        # `/game substitute to:@Bob seat:2`: an AI seat goes back to a person (any player or a moderator).
        await svc.seats.handover(CH, ANN, to_user=(BOB, "Bob"), manage=True, absent=True, seat=1)
    table = await svc.tables.table(CH, fresh=True)
    assert table.players[1].user_id == BOB


# ---------------------------------------------------------------------- around the fixes


async def test_giving_an_ai_seat_to_a_person_is_checked(svc: Services) -> None:
    await three_players(svc)
    await svc.seats.handover(CH, BOB)  # seat 2 (index 1) is an AI now
    with pytest.raises(Refusal, match="name the member"):
        await svc.seats.handover(CH, ANN, absent=True, seat=1)
    with pytest.raises(Refusal, match="Only the players"):
        await svc.seats.handover(CH, 99, to_user=(BOB, "Bob"), absent=True, seat=1)
    with pytest.raises(Refusal, match="no seat 7"):
        await svc.seats.handover(CH, ANN, to_user=(BOB, "Bob"), absent=True, seat=6)
    with pytest.raises(Refusal, match="already has a seat"):
        await svc.seats.handover(CH, ANN, to_user=(CY, "Cy"), absent=True, seat=1)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    # Seat 3 is neither an AI's nor the absent player's to move (it is Ann's turn).
    with pytest.raises(Refusal, match="cannot be handed over"):
        await svc.seats.handover(CH, CY, to_user=(99, "Dee"), absent=True, seat=2)
    player = await svc.seats.handover(CH, CY, to_user=(BOB, "Bob"), absent=True, seat=1)
    assert player.user_id == BOB and not player.is_ai


async def test_a_skip_after_the_turn_moved_on_does_nothing(svc: Services) -> None:
    await three_players(svc)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    first = await svc.seats.skip_turn(CH, BOB)
    assert first and first[-1].turn_over and {o.seat for o in first} == {0}
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]  # now Bob is away too
    second = await svc.seats.skip_turn(CH, CY)
    assert {o.seat for o in second} == {1}  # Bob's turn, not Ann's again and not Cy's own


async def test_names_in_accounts_cannot_ping(svc: Services) -> None:
    tag = "<@123456789012345678>"
    await svc.lobby.new_game(CH, 1, ANN, tag, "entdecker", {}, 1)
    await svc.lobby.join(CH, BOB, "**Bob**")
    table = await svc.lobby.start(CH, ANN)
    assert tag not in " ".join(table.shown_names) and "\\*\\*Bob\\*\\*" in table.shown_names[1]
    outcome = await svc.turns.play(CH, ANN, key=engine_pick(table))
    assert all(tag not in line for line in outcome.lines)
    assert tag not in messages.turn_content(svc.catalog, outcome.table, outcome.lines)
    assert tag not in messages.lobby_content(svc.catalog, table)


def engine_pick(table: Any) -> str:
    import engine

    return engine.ai_move(table.state, "heuristic").key


async def test_prune_keeps_open_channels_and_busy_locks(svc: Services) -> None:
    await three_players(svc)
    other = CH + 1
    async with svc.tables.lock(other):
        svc.tables.prune(set())
        assert other in svc.tables._locks  # held: kept
    await svc.tables.table(other)
    svc.tables.lock(CH)
    svc.tables.prune({CH})
    assert other not in svc.tables._locks and other not in svc.tables._tables
    assert CH in svc.tables._locks


@pytest.mark.parametrize("value", ["0", "-5", "nan", "inf"])
def test_a_check_interval_must_be_positive_and_finite(value: str) -> None:
    with pytest.raises(SettingsError):
        Settings.from_env({"ENTDECKER_CHECK_SECONDS": value})
    with pytest.raises(SettingsError):
        Settings(check_interval=0)
