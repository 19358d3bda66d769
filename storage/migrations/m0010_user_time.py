"""Async play that respects people's time (issue 25): one row per person, for all their games.

* timezone: an IANA name (NULL: UTC); quiet_from/quiet_to: minutes after local midnight of the quiet hours (both NULL:
  none), an interval that may wrap past midnight.
* remind_every (seconds) and remind_max: the person's own reminder rhythm (NULL: the bot's settings); digest = 1
  sends one direct message a day listing every game waiting on them instead of channel pings; digest_at: when the
  last one went.
* away_from, away_until: the person is away over that span (NULL: never said so); `/game back` ends it early by
  setting away_until to then, so a game's idle clock can still leave the time away out.
"""

from .dialect import in_postgres

_USER_TIME = """
    CREATE TABLE user_time (
        user_id      INTEGER PRIMARY KEY,
        timezone     TEXT,
        quiet_from   INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),
        quiet_to     INTEGER CHECK (quiet_to BETWEEN 0 AND 1439),
        remind_every REAL    CHECK (remind_every > 0),
        remind_max   INTEGER CHECK (remind_max >= 0),
        digest       INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1)),
        digest_at    REAL,
        away_from    REAL,
        away_until   REAL,
        updated_at   REAL    NOT NULL
    )
"""

STATEMENTS = (_USER_TIME,)
POSTGRES = (in_postgres(_USER_TIME, "user_id"),)
