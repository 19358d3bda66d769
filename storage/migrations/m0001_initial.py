"""Initial schema: games, players, the append-only move log and the state snapshot."""

STATEMENTS = (
    # One row per game ever hosted; finished and abandoned games stay as history.
    # Times are unix seconds (REAL). Discord snowflakes fit in SQLite's signed 64-bit INTEGER.
    """
    CREATE TABLE games (
        id               INTEGER PRIMARY KEY,
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        game             TEXT    NOT NULL,
        options          TEXT    NOT NULL DEFAULT '{}',
        seed             INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        host_user_id     INTEGER NOT NULL,
        setup            TEXT,
        current_seat     INTEGER,
        created_at       REAL    NOT NULL,
        started_at       REAL,
        ended_at         REAL,
        updated_at       REAL    NOT NULL,
        last_move_at     REAL,
        reminders_sent   INTEGER NOT NULL DEFAULT 0,
        last_reminder_at REAL,
        board_message_id INTEGER,
        turn_message_id  INTEGER,
        CHECK (status = 'lobby' OR setup IS NOT NULL OR status = 'abandoned')
    )
    """,
    # The rule "at most one open game per channel" lives in the database, so two racing /new commands
    # cannot both win.
    """
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active')
    """,
    "CREATE INDEX games_by_channel ON games (channel_id, created_at)",
    "CREATE INDEX games_by_status ON games (status)",
    # Seats are 0-based and kept contiguous in join order while in the lobby; after the start they are
    # fixed, and a seat changes hands (to an AI or a substitute) by updating its row in place.
    """
    CREATE TABLE players (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL CHECK (seat >= 0),
        user_id      INTEGER,
        display_name TEXT    NOT NULL,
        is_ai        INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
        ai_kind      TEXT CHECK (ai_kind IN ('heuristic', 'random')),
        joined_at    REAL    NOT NULL,
        PRIMARY KEY (game_id, seat),
        CHECK ((is_ai = 1) = (ai_kind IS NOT NULL))
    ) WITHOUT ROWID
    """,
    # NULL user ids (AI seats) are distinct in a UNIQUE index, so any number of AIs may sit.
    "CREATE UNIQUE INDEX players_one_seat_per_user ON players (game_id, user_id)",
    "CREATE INDEX players_by_user ON players (user_id)",
    # The move log is the source of truth: seq is state.version after the move, so the primary key makes
    # a double apply of the same version impossible.
    """
    CREATE TABLE moves (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL CHECK (seq >= 1),
        move       TEXT    NOT NULL,
        events     TEXT    NOT NULL DEFAULT '[]',
        user_id    INTEGER,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
    # Defence in depth behind the version check in Store.record_move: the log has no gaps ...
    """
    CREATE TRIGGER moves_contiguous BEFORE INSERT ON moves
    WHEN NEW.seq != (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = NEW.game_id)
    BEGIN
        SELECT RAISE(ABORT, 'move seq must be the next version');
    END
    """,
    # ... and is append-only (rollback deletes a tail, it never rewrites a move).
    """
    CREATE TRIGGER moves_append_only BEFORE UPDATE ON moves
    BEGIN
        SELECT RAISE(ABORT, 'the move log is append-only');
    END
    """,
    # A cache of the state after the last move; always rebuildable from games.setup + moves.
    """
    CREATE TABLE snapshots (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        state      TEXT    NOT NULL,
        updated_at REAL    NOT NULL
    )
    """,
)
