"""The table remembers (issue 24): one result per finished game, the seats with who sat there, scores and places.

* results: one row per finished game, written in the transaction of its last move (storage/results.py), deleted in
  the transaction that takes that move back; an abandoned game never has one. guild_id, game and options are copied
  from the games row so that the ratings of a server read this table and its seats alone.
* result_seats: the seats as they were held at the end (a person's user id, or the AI's kind), with the score
  (points) and the place (rank: 1 = won; ties share it) the engine's result gave them.
* STEPS: games that finished before this migration get their results from their final state, in its transaction.
"""

from .dialect import in_postgres

STATEMENTS = (
    """
    CREATE TABLE results (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id INTEGER,
        game     TEXT    NOT NULL,
        options  TEXT    NOT NULL DEFAULT '{}',
        ended_at REAL    NOT NULL
    )
    """,
    "CREATE INDEX results_by_guild ON results (guild_id, game, ended_at)",
    """
    CREATE TABLE result_seats (
        game_id INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL CHECK (seat >= 0),
        user_id INTEGER,
        ai_kind TEXT,
        name    TEXT    NOT NULL,
        points  INTEGER NOT NULL,
        rank    INTEGER NOT NULL CHECK (rank >= 1),
        PRIMARY KEY (game_id, seat),
        CHECK ((user_id IS NULL) = (ai_kind IS NOT NULL))
    ) WITHOUT ROWID
    """,
    "CREATE INDEX result_seats_by_user ON result_seats (user_id)",
)

POSTGRES = (
    in_postgres(STATEMENTS[0], "game_id", "guild_id"),
    STATEMENTS[1],
    in_postgres(STATEMENTS[2], "game_id", "user_id"),
    STATEMENTS[3],
)

STEPS = ("write_results",)
