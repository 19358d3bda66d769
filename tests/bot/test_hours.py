"""Each person's time (bot/service/hours.py): quiet hours across midnight and summer time, times of day as typed,
time zones found as typed, the daily digest's day."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.service import Refusal
from bot.service.hours import digest_due, quiet_until, read_clock, read_zone, zone_choices
from storage import UserTime

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def at(*args: int, tz: dt.tzinfo = BERLIN) -> float:
    return dt.datetime(*args, tzinfo=tz).timestamp()


NIGHT = UserTime(1, "Europe/Berlin", 22 * 60, 7 * 60)


@pytest.mark.parametrize(
    ("now", "until"),
    [
        (at(2026, 12, 2, 21, 59), None),
        (at(2026, 12, 2, 22, 0), at(2026, 12, 3, 7, 0)),
        (at(2026, 12, 3, 3, 0), at(2026, 12, 3, 7, 0)),
        (at(2026, 12, 3, 7, 0), None),
        (at(2026, 12, 3, 12, 0), None),
    ],
)
def test_quiet_hours_across_midnight(now: float, until: float | None) -> None:
    assert quiet_until(NIGHT, now) == until


def test_quiet_hours_within_a_day_and_none() -> None:
    lunch = UserTime(1, "Asia/Tokyo", 12 * 60, 13 * 60)
    tokyo = zoneinfo.ZoneInfo("Asia/Tokyo")
    assert quiet_until(lunch, at(2026, 12, 2, 12, 30, tz=tokyo)) == at(2026, 12, 2, 13, 0, tz=tokyo)
    assert quiet_until(lunch, at(2026, 12, 2, 13, 30, tz=tokyo)) is None
    assert quiet_until(UserTime(1, "Asia/Tokyo", 600, 600), at(2026, 12, 2, 10, 0, tz=tokyo)) is None
    assert quiet_until(UserTime(1), at(2026, 12, 2, 3, 0)) is None


def test_quiet_hours_over_the_summer_time_change_end_at_the_local_hour() -> None:
    # 29 March 2026: Berlin's clocks jump from 02:00 to 03:00; the night is an hour shorter, it still ends at 07:00.
    assert quiet_until(NIGHT, at(2026, 3, 28, 23, 0)) == at(2026, 3, 29, 7, 0)
    assert at(2026, 3, 29, 7, 0) - at(2026, 3, 28, 23, 0) == 7 * 3600


def test_a_zone_without_a_name_is_utc() -> None:
    utc_night = UserTime(1, None, 0, 6 * 60)
    assert quiet_until(utc_night, at(2026, 12, 2, 5, 0, tz=dt.UTC)) == at(2026, 12, 2, 6, 0, tz=dt.UTC)


@pytest.mark.parametrize(
    ("text", "minutes"), [("22:00", 1320), ("7", 420), ("7:30", 450), ("07.15", 435), ("10pm", 1320), ("12am", 0)]
)
def test_times_of_day_as_typed(text: str, minutes: int) -> None:
    assert read_clock(text) == minutes


@pytest.mark.parametrize("text", ["24:00", "7:60", "noon", "", "13pm", "-1"])
def test_what_is_not_a_time_of_day_is_refused(text: str) -> None:
    with pytest.raises(Refusal, match="not a time of day"):
        read_clock(text)


def test_time_zones_as_typed() -> None:
    assert read_zone("europe/berlin") == "Europe/Berlin"
    assert read_zone("America/New York") == "America/New_York"
    assert zone_choices("new_york")[0] == "America/New_York"
    assert len(zone_choices("a")) == 25
    with pytest.raises(Refusal, match="Europe/Berl"):
        read_zone("Berl")


def test_the_digest_is_due_once_a_day_of_the_persons_calendar() -> None:
    person = UserTime(1, "Europe/Berlin", 22 * 60, 7 * 60, digest=True)
    assert digest_due(person, at(2026, 12, 2, 8, 0))
    assert not digest_due(person, at(2026, 12, 2, 23, 0))  # quiet
    sent = UserTime(1, "Europe/Berlin", 22 * 60, 7 * 60, digest=True, digest_at=at(2026, 12, 2, 8, 0))
    assert not digest_due(sent, at(2026, 12, 2, 21, 0))
    assert not digest_due(sent, at(2026, 12, 3, 6, 59))
    assert digest_due(sent, at(2026, 12, 3, 7, 0))
    assert not digest_due(UserTime(1), at(2026, 12, 3, 7, 0))
