"""What players asked for (issue 10): who made each move, undos in the log, fair seeds, direct-message reminders.

* moves.actor: the name of whoever acted, as it was when they acted ("alice", "AI for bob"), so a move stays
  credited to its player after the seat changes hands. NULL for moves recorded before this migration.
* undos: one row per undone move (it leaves the move log), so the log can still say what was taken back and by whom.
* games.seed_public: 1 when the host chose the seed (shown to everyone), 0 for a secret seed revealed at the end.
* user_settings: per-user choices across games; dm_reminders = 1 sends turn reminders by direct message too.
"""

from .dialect import in_postgres

STATEMENTS = (
    "ALTER TABLE moves ADD COLUMN actor TEXT",
    "ALTER TABLE games ADD COLUMN seed_public INTEGER NOT NULL DEFAULT 0",
    # Games from before this migration: their seed may have been chosen by the host, but nobody was told, so
    # treat them as secret ones (revealed at the end, as the seed of every game now is).
    """
    CREATE TABLE undos (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        move       TEXT    NOT NULL,
        events     TEXT    NOT NULL DEFAULT '[]',
        actor      TEXT,
        undone_by  TEXT    NOT NULL,
        created_at REAL    NOT NULL
    )
    """,
    "CREATE INDEX undos_by_game ON undos (game_id, created_at)",
    """
    CREATE TABLE user_settings (
        user_id      INTEGER PRIMARY KEY,
        dm_reminders INTEGER NOT NULL DEFAULT 0 CHECK (dm_reminders IN (0, 1)),
        updated_at   REAL    NOT NULL
    )
    """,
)

POSTGRES = (
    *STATEMENTS[:2],
    in_postgres(STATEMENTS[2], "game_id"),
    STATEMENTS[3],
    in_postgres(STATEMENTS[4], "user_id"),
)
