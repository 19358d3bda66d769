"""The version of the state the channel was last shown, so an announcement lost in a crash can be caught up.

Games that exist when this migration runs count as announced up to their current version (nothing is re-posted
after the upgrade).
"""

STATEMENTS = (
    "ALTER TABLE games ADD COLUMN announced_version INTEGER",
    """
    UPDATE games SET announced_version = (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = games.id)
    WHERE status != 'lobby'
    """,
)

POSTGRES = (
    "ALTER TABLE games ADD COLUMN announced_version INTEGER",
    """
    UPDATE games SET announced_version = (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = games.id)
    WHERE status != 'lobby'
    """,
)
