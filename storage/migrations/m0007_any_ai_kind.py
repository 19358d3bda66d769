"""Nothing about any game in the schema (issue 18): players.ai_kind takes whatever AI kind the engine's registry names.

Migration 0001 limited it to `CHECK (ai_kind IN ('heuristic', 'random'))`, the kinds of the first game, so seating a
kind another game offers (`/game addbot kind:expert`) failed in the database. Which kinds exist is the engine's
business (engine.info(game).ai_kinds); the bot checks the kind before seating. The check that an AI seat has a kind
and a human seat none stays: it is about seats, not games.

SQLite cannot drop a constraint, so the table is rebuilt (the documented way: a new table, the rows copied, the old
one dropped, the new one renamed, its indexes made again), inside this migration's transaction. Nothing refers to
players (no foreign key, trigger or view), so dropping it touches no other table.
"""

from .m0001_initial import STATEMENTS as INITIAL

# Migration 0001's players table as it is, but for the game's kinds (a released migration never changes).
_GAME_KINDS = " CHECK (ai_kind IN ('heuristic', 'random'))"
_PLAYERS = next(statement for statement in INITIAL if "CREATE TABLE players" in statement)
assert _GAME_KINDS in _PLAYERS

STATEMENTS = (
    _PLAYERS.replace(_GAME_KINDS, "").replace("CREATE TABLE players", "CREATE TABLE players_new"),
    """
    INSERT INTO players_new (game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at)
    SELECT game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at FROM players
    """,
    "DROP TABLE players",
    "ALTER TABLE players_new RENAME TO players",
    "CREATE UNIQUE INDEX players_one_seat_per_user ON players (game_id, user_id)",
    "CREATE INDEX players_by_user ON players (user_id)",
)

# PostgreSQL names a column's CHECK constraint TABLE_COLUMN_check.
POSTGRES = ("ALTER TABLE players DROP CONSTRAINT IF EXISTS players_ai_kind_check",)
