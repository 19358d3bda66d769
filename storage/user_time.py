"""Each person's time, for all their games (issue 25, migration m0010): time zone, quiet hours, reminder rhythm,
daily digest, away. Written one statement at a time (each is its own transaction); the bot reads a person's row when
it is about to ping them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from .driver import Driver


@dataclass(frozen=True)
class UserTime:
    """A person's own settings; None: not set (the bot's defaults apply)."""

    user_id: int
    timezone: str | None = None  # an IANA name; None: UTC
    quiet_from: int | None = None  # minutes after local midnight
    quiet_to: int | None = None
    remind_every: float | None = None  # seconds
    remind_max: int | None = None
    digest: bool = False
    digest_at: float | None = None  # when the last digest went
    away_from: float | None = None  # away over [away_from, away_until)
    away_until: float | None = None

    @classmethod
    def from_row(cls, row: Any) -> UserTime:
        values = {f.name: row[f.name] for f in fields(cls)}
        values["digest"] = bool(values["digest"])
        return cls(**values)


_SLICE = 500
SETTABLE = frozenset(f.name for f in fields(UserTime)) - {"user_id"}


async def set_user_time(driver: Driver, user_id: int, now: float, changes: dict[str, Any]) -> UserTime:
    """Set the given columns (others keep their value, or their default in a new row) and return the row."""
    unknown = set(changes) - SETTABLE
    if unknown:
        raise ValueError(f"not a user_time column: {sorted(unknown)}")
    values = {k: int(v) if k == "digest" else v for k, v in changes.items()}
    columns = ["user_id", *values, "updated_at"]
    updates = ", ".join(f"{c} = excluded.{c}" for c in [*values, "updated_at"])
    rows = await driver.write_one(
        f"INSERT INTO user_time ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})"
        f" ON CONFLICT (user_id) DO UPDATE SET {updates} RETURNING *",
        {**values, "user_id": user_id, "updated_at": now},
    )
    return UserTime.from_row(rows[0])


async def user_times(driver: Driver, user_ids: Iterable[int]) -> dict[int, UserTime]:
    """The rows of these people; someone without one gets the defaults."""
    # Ids only: a damaged players row (a user id that is not a number) must not stop everyone else's reminders.
    wanted = sorted({u for u in user_ids if isinstance(u, int) and not isinstance(u, bool)})
    out = {u: UserTime(u) for u in wanted}
    # In slices: a reminder pass asks for everyone waiting, and both backends cap a statement's parameters (~32,000).
    for first in range(0, len(wanted), _SLICE):
        chunk = wanted[first : first + _SLICE]
        marks = ", ".join(f":u{i}" for i in range(len(chunk)))
        rows = await driver.fetch(
            f"SELECT * FROM user_time WHERE user_id IN ({marks})", {f"u{i}": u for i, u in enumerate(chunk)}
        )
        for row in rows:
            out[row["user_id"]] = UserTime.from_row(row)
    return out


async def digest_users(driver: Driver) -> list[UserTime]:
    """Everyone who asked for the daily digest."""
    rows = await driver.fetch("SELECT * FROM user_time WHERE digest = 1 ORDER BY user_id")
    return [UserTime.from_row(row) for row in rows]
