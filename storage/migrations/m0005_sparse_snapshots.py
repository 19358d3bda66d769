"""Snapshots every few moves, compressed; the log's digest on the games row (issue 12: bytes written per move).

* games.log_digest: the hash chain over the game's setup and its whole move log (docs/storage.md), extended by every
  move in the same statement that appends it. A snapshot, now written only every few moves, takes its log_digest
  from here. Filled from each game's snapshot, which until now was written with every move and so carried exactly
  this digest; a game whose snapshot is not at its log's version (damaged) or has no digest stays NULL and is
  rebuilt from its log the first time it is loaded.
* snapshots.state holds zlib-compressed JSON from now on. SQLite stores the bytes in the same column (a BLOB value
  keeps its type in a TEXT column); PostgreSQL needs BYTEA, and its existing texts become their UTF-8 bytes, which
  storage/snapshots.py tells from compressed ones by their first byte. Old plain-text snapshots keep loading.
"""

STATEMENTS = (
    "ALTER TABLE games ADD COLUMN log_digest TEXT",
    """
    UPDATE games SET log_digest = (
        SELECT s.log_digest FROM snapshots s WHERE s.game_id = games.id AND s.version = games.version)
    WHERE setup IS NOT NULL
    """,
)

POSTGRES = (
    "ALTER TABLE games ADD COLUMN log_digest TEXT",
    """
    UPDATE games SET log_digest = (
        SELECT s.log_digest FROM snapshots s WHERE s.game_id = games.id AND s.version = games.version)
    WHERE setup IS NOT NULL
    """,
    "ALTER TABLE snapshots ALTER COLUMN state TYPE BYTEA USING convert_to(state, 'UTF8')",
)
