"""The log's length on the games row, partial indexes for the periodic listings, digests on snapshots.

* games.version: the number of moves in the log, kept equal to it by triggers on moves (whatever inserts or deletes
  a move), so listings read it from the row instead of looking up every game's log.
* games_unannounced_finished holds only finished games whose final state the channel has not been shown, so listing
  unannounced games no longer reads the finished ones (it reads the active games through games_by_status). Its WHERE
  is false for every active game, so a move does not write to it: a partial index over all started games costs one
  more page written per move (its entries are rewritten whenever games.version changes), and one on the time of the
  last move (for the reminder pass) another one, for little gain (docs/storage.md).
* snapshots.log_digest / snapshots.digest bind a snapshot to the log it was computed from (docs/storage.md);
  snapshots written before this migration have none and are rebuilt from the log the first time they are loaded.
"""

STATEMENTS = (
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    "UPDATE games SET version = (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = games.id)",
    """
    CREATE TRIGGER games_version_after_move AFTER INSERT ON moves
    BEGIN
        UPDATE games SET version = NEW.seq WHERE id = NEW.game_id;
    END
    """,
    """
    CREATE TRIGGER games_version_after_undo AFTER DELETE ON moves
    BEGIN
        UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = OLD.game_id)
        WHERE id = OLD.game_id;
    END
    """,
    """
    CREATE INDEX games_unannounced_finished ON games (id)
        WHERE status = 'finished' AND version > COALESCE(announced_version, -1)
    """,
    "ALTER TABLE snapshots ADD COLUMN log_digest TEXT",
    "ALTER TABLE snapshots ADD COLUMN digest TEXT",
)

POSTGRES = (
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    "UPDATE games SET version = (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = games.id)",
    """
    CREATE FUNCTION games_version_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            UPDATE games SET version = NEW.seq WHERE id = NEW.game_id;
            RETURN NEW;
        END IF;
        UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = OLD.game_id)
        WHERE id = OLD.game_id;
        RETURN OLD;
    END $$
    """,
    "CREATE TRIGGER games_version_after_move AFTER INSERT ON moves FOR EACH ROW EXECUTE FUNCTION games_version_sync()",
    "CREATE TRIGGER games_version_after_undo AFTER DELETE ON moves FOR EACH ROW EXECUTE FUNCTION games_version_sync()",
    """
    CREATE INDEX games_unannounced_finished ON games (id)
        WHERE status = 'finished' AND version > COALESCE(announced_version, -1)
    """,
    "ALTER TABLE snapshots ADD COLUMN log_digest TEXT",
    "ALTER TABLE snapshots ADD COLUMN digest TEXT",
)
