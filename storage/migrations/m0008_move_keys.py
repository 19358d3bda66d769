"""Idempotent moves (issue 19 item 1): each move carries the key of the request that made it.

The bot derives the key from who acted, the state they acted on and what they asked for; the unique index per game
makes one request act once, and a write whose outcome was lost with the connection is settled by looking the key up
(Store.move_landed). Older moves and AI moves made before this have no key; a partial index leaves them out, and
NULLs never clash.
"""

_STATEMENTS = (
    "ALTER TABLE moves ADD COLUMN idem_key TEXT",
    "CREATE UNIQUE INDEX moves_by_key ON moves (game_id, idem_key) WHERE idem_key IS NOT NULL",
)
STATEMENTS = _STATEMENTS
POSTGRES = _STATEMENTS
