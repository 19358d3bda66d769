"""Game orchestration, independent of Discord, in parts a reader can name:

* core.py: per-channel locks, the cache of open tables, recording a move (one storage transaction);
* lobby.py: opening a lobby, seats, variant options, start, abandon;
* turns.py: what a user may do now, reading typed or clicked input as one legal move, AI moves;
* seats.py: absent players (skip, substitute, handover);
* accounts.py: what happened (turn accounts, the log in pages, the last game);
* undo.py: `/undo`, alone or with the other players' consent;
* players.py: a player's own view: private information, the games they sit in, their settings;
* tables.py: Table, MoveOutcome and the refusals users read.
"""

from __future__ import annotations

from .accounts import AccountService
from .core import ACCOUNT_MOVES, ServiceCore
from .lobby import LobbyService
from .players import PlayerService, Seat
from .tables import MoveOutcome, Refusal, StaleClick, Table, format_duration, seed_words
from .undo import UndoDone, UndoRequest

__all__ = [
    "ACCOUNT_MOVES",
    "GameService",
    "MoveOutcome",
    "Refusal",
    "Seat",
    "ServiceCore",
    "StaleClick",
    "Table",
    "UndoDone",
    "UndoRequest",
    "format_duration",
    "seed_words",
]


class GameService(LobbyService, PlayerService, AccountService):
    """Lobby, turns, absent players and accounts for every channel, on top of one Store."""
