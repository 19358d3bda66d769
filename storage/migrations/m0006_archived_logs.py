"""An ended game's move log in one compressed row (issue 12: start-up under 1 s; docs/storage.md, "Archived logs").

* move_archives: one row per finished or abandoned started game, holding its whole log (moves, events, players,
  times, actors) zlib-compressed (storage/archive.py), with the log's digest chain and a digest of the packed text.
  The games row keeps `version` (the log's length) and `log_digest` as they were.
* games_version_after_undo: deleting a game's moves rows no longer resets games.version when the game has an archive
  row, since the log then lives there (it is written first, in the same transaction).
* STEPS: every game that ended before this migration is archived by it, in its transaction, through the same code
  the stores use when a game ends (storage/store.py, storage/postgres.py: `archive_ended_games`). It cannot be SQL:
  neither backend compresses in SQL (and SQLite's JSON functions round REAL times to 15 digits).
"""

from .dialect import in_postgres

STATEMENTS = (
    """
    CREATE TABLE move_archives (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        moves      INTEGER NOT NULL CHECK (moves >= 0),
        log_digest TEXT    NOT NULL,
        digest     TEXT    NOT NULL,
        log        BLOB    NOT NULL
    )
    """,
    "DROP TRIGGER games_version_after_undo",
    """
    CREATE TRIGGER games_version_after_undo AFTER DELETE ON moves
    WHEN NOT EXISTS (SELECT 1 FROM move_archives WHERE game_id = OLD.game_id)
    BEGIN
        UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = OLD.game_id)
        WHERE id = OLD.game_id;
    END
    """,
)

POSTGRES = (
    in_postgres(STATEMENTS[0], "game_id"),
    """
    CREATE OR REPLACE FUNCTION games_version_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            UPDATE games SET version = NEW.seq WHERE id = NEW.game_id;
            RETURN NEW;
        END IF;
        IF EXISTS (SELECT 1 FROM move_archives WHERE game_id = OLD.game_id) THEN
            RETURN OLD;  -- the log moved to its archive row: its length stays what it was
        END IF;
        UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = OLD.game_id)
        WHERE id = OLD.game_id;
        RETURN OLD;
    END $$
    """,
)

# Data steps each backend runs in Python after the statements, in the same transaction (storage/migrations).
STEPS = ("archive_ended_games",)
