"""Each person's time, for all their games (issue 25): their time zone, quiet hours and reminder rhythm, and when a
ping may reach them. Discord-free; the reminder loop and the announcer ask it before pinging anyone."""

from __future__ import annotations

import datetime as dt
import functools
import re
import time
import zoneinfo
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from storage import Store, UserTime

from ..lang import _
from ..settings import HOUR
from .refusal import Refusal

UTC = "UTC"
MIN_EVERY = 1 * HOUR  # a person's own reminder interval: at least an hour, at most a week
MAX_EVERY = 7 * 24 * HOUR
MAX_COUNT = 20
CACHE_SECONDS = 60.0  # how long a person's settings are trusted without a read (another process may change them)
_CLOCK = re.compile(r"^\s*(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?\s*$", re.IGNORECASE)


@functools.cache
def zones() -> tuple[str, ...]:
    """Every IANA time zone name (the system's, else the tzdata package's), sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def zone_choices(current: str, limit: int = 25) -> list[str]:
    """Time zones whose name contains what was typed (any word of it; "berlin", "new york"), the start first."""
    words = current.strip().lower().replace(" ", "_")
    if not words:
        return ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo"]
    starts = [z for z in zones() if z.lower().startswith(words)]
    inside = [z for z in zones() if words in z.lower() and z not in starts]
    return (starts + inside)[:limit]


def zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or UTC)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(UTC)  # a name that vanished from tzdata: UTC rather than no pings at all


def read_zone(text: str) -> str:
    """An IANA name as typed (any case); a Refusal naming a few close ones otherwise."""
    wanted = text.strip().replace(" ", "_")
    exact = {z.lower(): z for z in zones()}
    if wanted.lower() in exact:
        return exact[wanted.lower()]
    near = zone_choices(wanted, 5)
    hint = _(" Did you mean {zones}?").format(zones=", ".join(f"`{z}`" for z in near)) if near else ""
    refusal = _("`{text}` is not a time zone I know (a name like `Europe/Berlin`).").format(text=text[:40])
    raise Refusal(refusal + hint)


def read_clock(text: str) -> int:
    """Minutes after midnight from "22:00", "7", "7:30", "10pm"; a Refusal otherwise."""
    match = _CLOCK.match(text)
    hour = int(match.group(1)) if match else 99
    minute = int(match.group(2) or 0) if match else 0
    if match and match.group(3):
        hour = hour % 12 + (12 if match.group(3).lower() == "pm" else 0) if 1 <= hour <= 12 else 99
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise Refusal(_("`{text}` is not a time of day: write it like `22:00` or `7:30`.").format(text=text[:20]))
    return hour * 60 + minute


def clock_words(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def quiet_until(person: UserTime, now: float) -> float | None:
    """When the quiet hours the person is in now end (unix seconds), or None if they are not in them."""
    start, end = person.quiet_from, person.quiet_to
    if start is None or end is None or start == end:
        return None
    tz = zone(person.timezone)
    local = dt.datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + dt.timedelta(days=1)
    ends = dt.datetime.combine(day, dt.time(end // 60, end % 60), tzinfo=tz).timestamp()
    return max(ends, now + 60.0)  # a DST jump never makes it "already over"


def digest_due(person: UserTime, now: float) -> bool:
    """A digest is due once per day of the person's calendar, at the first look outside their quiet hours (with
    quiet hours, so in their morning)."""
    if not person.digest or quiet_until(person, now) is not None:
        return False
    if person.digest_at is None:
        return True
    tz = zone(person.timezone)
    return dt.datetime.fromtimestamp(person.digest_at, tz).date() < dt.datetime.fromtimestamp(now, tz).date()


MAX_AWAY_DAYS = 90
_DATE = re.compile(r"^\s*(?:(\d{4})-)?(\d{1,2})-(\d{1,2})\s*$")
_DAYS = re.compile(r"^\s*(\d{1,3})\s*(?:d|days?)?\s*$", re.IGNORECASE)


def read_date(text: str, person: UserTime, now: float) -> float:
    """The start of the day named (`2026-12-24`, `12-24`: the next one; `7` or `7 days`: a week from today) in the
    person's time zone, as unix seconds; a Refusal unless it is after today and at most 90 days ahead."""
    tz = zone(person.timezone)
    today = dt.datetime.fromtimestamp(now, tz).date()
    day: dt.date | None = None
    if (days := _DAYS.match(text)) is not None:
        day = today + dt.timedelta(days=int(days.group(1)))
    elif (date := _DATE.match(text)) is not None:
        year, month, dom = int(date.group(1) or today.year), int(date.group(2)), int(date.group(3))
        try:
            day = dt.date(year, month, dom)
        except ValueError:
            day = None
        if day is not None and date.group(1) is None and day <= today:
            day = day.replace(year=year + 1)
    if day is None:
        raise Refusal(
            _("`{text}` is not a date: write it like `2026-12-24`, or a number of days like `7`.").format(
                text=text[:20]
            )
        )
    if not today < day <= today + dt.timedelta(days=MAX_AWAY_DAYS):
        raise Refusal(
            _("Away until a day after today and at most {days} days ahead, please.").format(days=MAX_AWAY_DAYS)
        )
    return dt.datetime.combine(day, dt.time(0, 0), tzinfo=tz).timestamp()


def away_now(person: UserTime, now: float) -> bool:
    return person.away_until is not None and (person.away_from or 0.0) <= now < person.away_until


def time_away(person: UserTime, since: float, now: float) -> float:
    """How much of [since, now] the person was away (the part of a turn's wait that does not count against them)."""
    if person.away_until is None:
        return 0.0
    start, end = max(since, person.away_from or since), min(now, person.away_until)
    return max(0.0, end - start)


def covered(person: UserTime, started: float, now: float, allowed_days: float, at_once: bool) -> bool:
    """Whether the AI plays the person's turns now in a game that started at `started`: they are away, and the table
    covers at once or has waited for them, in this absence, the days it allows (then it covers until they are back:
    the allowance is per game and absence, not per turn, so a long absence does not stall every turn for days)."""
    return away_now(person, now) and (at_once or time_away(person, started, now) >= allowed_days * 24 * HOUR)


def timestamp(unix: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone (R: "in 3 hours", f: date and time)."""
    return f"<t:{int(unix)}:{style}>"


@dataclass(frozen=True)
class Rhythm:
    """How often and how many reminders a person gets per turn, and whether by digest instead."""

    every: float
    most: int
    digest: bool


@dataclass
class Hours:
    """Each person's settings, read through a short cache (the announcer asks on every turn message)."""

    store: Store
    clock: Callable[[], float] = time.time
    _cache: dict[int, tuple[float, UserTime]] = field(default_factory=dict, init=False)

    async def of(self, user_ids: Iterable[int]) -> dict[int, UserTime]:
        now = self.clock()
        wanted = set(user_ids)
        out = {u: hit[1] for u in wanted if (hit := self._cache.get(u)) is not None and now - hit[0] < CACHE_SECONDS}
        missing = wanted - set(out)
        if missing:
            for user_id, person in (await self.store.user_times(missing)).items():
                self._cache[user_id] = (now, person)
                out[user_id] = person
        return out

    async def person(self, user_id: int) -> UserTime:
        return (await self.of([user_id])).get(user_id) or UserTime(user_id)  # a damaged id: the defaults

    async def change(self, user_id: int, **changes: object) -> UserTime:
        person = await self.store.set_user_time(user_id, self.clock(), **changes)
        self._cache[user_id] = (self.clock(), person)
        return person

    def forget(self) -> None:
        self._cache.clear()


def rhythm(person: UserTime, every: float, most: int) -> Rhythm:
    """The person's own rhythm where they set one, the bot's settings elsewhere."""
    return Rhythm(
        person.remind_every if person.remind_every is not None else every,
        person.remind_max if person.remind_max is not None else most,
        person.digest,
    )


def describe(person: UserTime, now: float, every: float, most: int) -> list[str]:
    """What is set now, in the person's local time."""
    tz = zone(person.timezone)
    local = dt.datetime.fromtimestamp(now, tz)
    lines = [
        _("Time zone: **{zone}** (it is {clock} there now).").format(
            zone=person.timezone or UTC, clock=f"{local:%H:%M}"
        )
    ]
    if person.quiet_from is None or person.quiet_to is None or person.quiet_from == person.quiet_to:
        lines.append(_("Quiet hours: none (pings may come at any hour)."))
    else:
        span = _("{start} to {end}").format(start=clock_words(person.quiet_from), end=clock_words(person.quiet_to))
        ends = quiet_until(person, now)
        state = (
            _(" You are in them now; pings wait until {when}.").format(when=timestamp(ends, "t"))
            if ends is not None
            else ""
        )
        quiet = _("Quiet hours: **{span}** your time: no ping, reminder or direct message then.").format(span=span)
        lines.append(quiet + state)
    if away_now(person, now):
        assert person.away_until is not None
        away = _("Away until **{day}**: no reminders; `/game back` ends it.")
        lines.append(away.format(day=timestamp(person.away_until, "D")))
    mine = rhythm(person, every, most)
    if mine.digest:
        lines.append(
            _("Reminders: **one direct message a day** listing every game waiting for you (no channel pings).")
        )
    elif mine.most == 0:
        lines.append(_("Reminders: **none** (the turn message still mentions you)."))
    else:
        own = "" if person.remind_every is None and person.remind_max is None else _(" (your own)")
        reminders = _("Reminders: every **{hours} h** of silence, at most **{count}** a turn{own}.")
        lines.append(reminders.format(hours=f"{mine.every / HOUR:g}", count=mine.most, own=own))
    return lines
