"""Issue 25, async play that respects people's time, through the real discord.py client with a clock the test moves:
quiet hours (no ping, reminder or direct message inside them; the turn message still appears, its mention silent),
Discord timestamps, each person's reminder rhythm and the daily digest."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from pathlib import Path

import pytest

from bot.app import EntdeckerBot
from bot.settings import HOUR
from tests.fakediscord import FakeDiscord, FakeMessage, UnknownCommandError

from .helpers import ok, open_game, pick, play_move, refused, running, settings, table_of

BERLIN = dt.timezone(dt.timedelta(hours=1))  # Europe/Berlin in December (no summer time)


class Clock:
    def __init__(self, when: dt.datetime) -> None:
        self.now = when.timestamp()

    def __call__(self) -> float:
        return self.now

    def at(self, when: dt.datetime) -> None:
        assert when.timestamp() >= self.now, "the clock only moves forward"
        self.now = when.timestamp()


def reminders(fake: FakeDiscord, channel: str) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(channel) if m.text.startswith("⏰")]


def turn_messages(fake: FakeDiscord, channel: str) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(channel) if m.v2]


async def mover_of(bot: EntdeckerBot, fake: FakeDiscord, channel: str) -> tuple[str, int]:
    table = await table_of(bot, fake, channel)
    assert table is not None and table.current is not None and table.current.user_id is not None
    return fake.users[table.current.user_id].name, table.version


async def test_quiet_hours_hold_every_ping_until_they_end(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 22, 30, tzinfo=BERLIN))
    config = settings(tmp_path / "g.db", reminder_after=1 * HOUR)
    async with FakeDiscord() as fake:
        async with running(fake, config, clock) as (bot, _):
            for name in ("alice", "bob"):
                await ok(await fake.slash(name, "game-1", "game", "remind", dm=True))
                answer = await ok(
                    await fake.slash(
                        name, "game-1", "game", "me", timezone="europe/berlin", quiet_from="22:00", quiet_to="7:00"
                    )
                )
                assert answer.ephemeral
                assert "Europe/Berlin" in answer.text and "22:00 to 07:00" in answer.text, answer.text
                assert "You are in them now" in answer.text and "<t:" in answer.text
            await open_game(fake, "game-1", ["alice", "bob"])
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.current is not None
            mover = table.current.user_id
            assert mover is not None
            turn = turn_messages(fake, "game-1")[-1]
            assert f"<@{mover}>" in turn.text and turn.pinged == frozenset()  # shown, not notified

            clock.at(dt.datetime(2026, 12, 3, 3, 0, tzinfo=BERLIN))  # 4.5 hours of silence, deep in the night
            assert await bot.reminders.tick() == 0
            assert reminders(fake, "game-1") == [] and fake.direct_messages == []

            clock.at(dt.datetime(2026, 12, 3, 7, 1, tzinfo=BERLIN))  # the morning: the reminder that waited goes out
            assert await bot.reminders.tick() == 1
            (reminder,) = reminders(fake, "game-1")
            assert reminder.pinged == frozenset({mover})
            started = int(dt.datetime(2026, 12, 2, 22, 30, tzinfo=BERLIN).timestamp())
            assert f"waiting since <t:{started}:R>" in reminder.text, reminder.text
            assert f"<t:{started + 48 * 3600}:R>" in reminder.text  # when the others may skip
            assert len(fake.direct_messages) == 1
        fake.assert_no_violations()


async def test_a_turn_message_outside_quiet_hours_pings_and_quiet_hours_can_be_cleared(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN))
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db"), clock) as (bot, _):
            for name in ("alice", "bob"):
                await ok(
                    await fake.slash(
                        name, "game-1", "game", "me", timezone="Europe/Berlin", quiet_from="22:00", quiet_to="7"
                    )
                )
            await open_game(fake, "game-1", ["alice", "bob"])
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.current is not None
            assert turn_messages(fake, "game-1")[-1].pinged == frozenset({table.current.user_id})
            cleared = await ok(await fake.slash("alice", "game-1", "game", "me", quiet_from="off"))
            assert "Quiet hours: none" in cleared.text
            assert "both ends" in await refused(await fake.slash("carol", "game-1", "game", "me", quiet_from="22:00"))
            assert "not a time zone" in await refused(await fake.slash("bob", "game-1", "game", "me", timezone="Mars"))
            assert "not a time of day" in await refused(
                await fake.slash("bob", "game-1", "game", "me", quiet_from="25:00", quiet_to="7")
            )
            choices = await fake.autocomplete("bob", "game-1", "game", "me", focused="timezone", value="berl")
            assert [c["value"] for c in choices] == ["Europe/Berlin"]
            # A seat offered to a member in their quiet hours names them without a ping; awake, it pings.
            for start, pings in (("11:00", frozenset()), ("off", frozenset({fake.user("carol").id}))):
                await ok(await fake.slash("carol", "game-1", "game", "me", quiet_from=start, quiet_to="13:00"))
                await ok(await fake.slash("alice", "game-1", "game", "handover", to="carol"))
                offer = [m for m in fake.channel_messages("game-1") if m.text.startswith("🔁")][-1]
                assert fake.user("carol").mention in offer.text and offer.pinged == pings
        fake.assert_no_violations()


async def test_each_person_their_own_rhythm_or_a_daily_digest(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN))
    config = settings(tmp_path / "g.db", reminder_after=1 * HOUR, reminder_max=4)
    async with FakeDiscord() as fake:
        async with running(fake, config, clock) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            await open_game(fake, "game-2", ["carol", "dave"])
            movers = {channel: (await mover_of(bot, fake, channel))[0] for channel in ("game-1", "game-2")}
            name = movers["game-1"]
            answer = await ok(await fake.slash(name, "game-1", "game", "remind", every=3, count=1))
            assert "every **3 h**" in answer.text and "at most **1**" in answer.text, answer.text
            other = movers["game-2"]  # asks for a digest instead
            await ok(await fake.slash(other, "game-2", "game", "remind", digest=True))
            for hour in (13, 14, 15, 16, 20):
                clock.at(dt.datetime(2026, 12, 2, hour, 5, tzinfo=BERLIN))
                await bot.reminders.tick()
            assert len(reminders(fake, "game-1")) == 1  # at three hours, and only one
            assert reminders(fake, "game-2") == []
            digests = [text for who, text in fake.direct_messages if who == other and text.startswith("📬")]
            assert len(digests) == 1 and fake.channel("game-2").mention in digests[0], fake.direct_messages
            assert "https://discord.com/channels/" in digests[0]
            clock.at(dt.datetime(2026, 12, 3, 12, 10, tzinfo=BERLIN))  # a day later: the next one
            await bot.reminders.tick()
            assert sum(text.startswith("📬") for who, text in fake.direct_messages if who == other) == 2
        fake.assert_no_violations()


async def test_my_turns_in_a_direct_message_and_as_an_installed_app(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            await open_game(fake, "game-2", ["bob", "alice"])
            waiting = {channel: (await mover_of(bot, fake, channel))[0] for channel in ("game-1", "game-2")}
            for where in ("dm", "app"):
                answer = await ok(await fake.slash_outside("alice", "game", "mine", where=where))
                assert answer.ephemeral and "in any server (2;" in answer.text, answer.text
                for channel in ("game-1", "game-2"):
                    line = next(x for x in answer.text.splitlines() if fake.channel(channel).mention in x)
                    assert line.startswith("▶") == (waiting[channel] == "alice"), line
                    assert "https://discord.com/channels/" in line
            here = await ok(await fake.slash("alice", "game-1", "game", "mine"))
            assert "in this server (2;" in here.text
            # Only a person's own commands work outside a server; the rest are refused in words, and the commands
            # that are for servers alone are not even offered there.
            refusal = await refused(await fake.slash_outside("alice", "game", "new"))
            assert "server" in refusal
            me = await ok(await fake.slash_outside("carol", "game", "me", where="app", timezone="Asia/Tokyo"))
            assert "Asia/Tokyo" in me.text
            with pytest.raises(UnknownCommandError):
                await fake.slash_outside("alice", "play", move="1")
        fake.assert_no_violations()


async def test_away_the_table_waits_its_days_then_the_ai_covers_until_they_are_back(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN))
    config = settings(tmp_path / "g.db", reminder_after=1 * HOUR)
    async with FakeDiscord() as fake:
        async with running(fake, config, clock) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], away_days=3)
            name, version = await mover_of(bot, fake, "game-1")
            other = "bob" if name == "alice" else "alice"
            answer = await ok(await fake.slash(name, "game-1", "game", "away", until="2026-12-20"))
            back_day = int(dt.datetime(2026, 12, 20, tzinfo=zoneinfo.ZoneInfo("UTC")).timestamp())
            assert answer.ephemeral and f"<t:{back_day}:D>" in answer.text, answer.text  # no time zone set: UTC
            assert "not a date" in await refused(await fake.slash(name, "game-1", "game", "away", until="someday"))

            clock.at(dt.datetime(2026, 12, 4, 12, 0, tzinfo=BERLIN))  # two days away: no reminder, the turn waits
            assert await bot.reminders.tick() == 0
            assert reminders(fake, "game-1") == [] and (await mover_of(bot, fake, "game-1")) == (name, version)
            waits = await refused(await fake.slash(other, "game-1", "game", "skip"))
            assert "is away until" in waits and "waits 3 days" in waits, waits

            await ok(await fake.slash(name, "game-1", "game", "away", until="2026-12-21"))  # a day later, same start
            clock.at(dt.datetime(2026, 12, 5, 12, 5, tzinfo=BERLIN))  # past the three days: the AI plays the turn
            await bot.reminders.tick()
            assert (await mover_of(bot, fake, "game-1"))[0] == other
            turn = turn_messages(fake, "game-1")[-1]
            assert f"AI for {name}" in turn.text, turn.text
            while (await mover_of(bot, fake, "game-1"))[0] == other:  # the other plays; the away seat's turn again
                table = await table_of(bot, fake, "game-1")
                assert table is not None
                await ok(await play_move(fake, "game-1", other, pick(table)))
            assert "is away until" in turn_messages(fake, "game-1")[-1].text  # the game shows it
            assert "You are away until" in (await ok(await fake.slash_outside(name, "game", "mine"))).text
            clock.now += 1 * HOUR
            await bot.reminders.tick()  # still away and past the days allowed: covered again, within the hour
            assert (await mover_of(bot, fake, "game-1"))[0] == other

            welcome = await ok(await fake.slash_outside(name, "game", "back"))
            assert "Welcome back" in welcome.text
            while (await mover_of(bot, fake, "game-1"))[0] == other:
                table = await table_of(bot, fake, "game-1")
                assert table is not None
                await ok(await play_move(fake, "game-1", other, pick(table)))
            _, version = await mover_of(bot, fake, "game-1")
            clock.now += 2 * HOUR
            assert await bot.reminders.tick() == 1  # reminders again, and no AI in their seat
            assert (await mover_of(bot, fake, "game-1")) == (name, version)
        fake.assert_no_violations()


async def test_a_lobby_may_have_the_ai_cover_the_away_from_the_start(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN))
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db", reminder_after=1 * HOUR), clock) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], away_ai=True)
            name, _ = await mover_of(bot, fake, "game-1")
            await ok(await fake.slash(name, "game-1", "game", "away", until="3"))
            clock.now += 1 * HOUR
            await bot.reminders.tick()
            assert (await mover_of(bot, fake, "game-1"))[0] != name
            assert reminders(fake, "game-1") == []
        fake.assert_no_violations()


async def test_a_time_bank_instead_of_the_flat_idle_time(tmp_path: Path) -> None:
    clock = Clock(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN))
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db", reminder_after=1 * HOUR), clock) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], time_bank=12)
            name, _ = await mover_of(bot, fake, "game-1")
            other = "bob" if name == "alice" else "alice"
            clock.now += 11 * HOUR
            assert await bot.reminders.tick() == 1
            started = int(dt.datetime(2026, 12, 2, 12, 0, tzinfo=BERLIN).timestamp())
            assert f"After <t:{started + 12 * 3600}:R> the others may skip" in reminders(fake, "game-1")[-1].text
            early = await refused(await fake.slash(other, "game-1", "game", "skip"))
            assert "still has time on their clock" in early, early
            clock.now += 2 * HOUR  # 13 hours: the clock ran out long before the flat 48 hours
            await ok(await fake.slash(other, "game-1", "game", "skip"))
            assert (await mover_of(bot, fake, "game-1"))[0] == other
        fake.assert_no_violations()
