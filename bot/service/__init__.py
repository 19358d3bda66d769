"""Game orchestration, independent of Discord, as small services passed to each other:

* cache.py: `TableCache`, per-channel locks and the open tables (every other service reads a game through it);
* legal.py: `Legal`, what a user may do now and reading what they typed as one legal move (no I/O);
* accounts.py: `Accounts`, what happened in words (a move's events, the latest turn, the log in pages);
* recorder.py: `Recorder`, the one way a move is written (one storage transaction);
* turns.py: `Turns`, a user's move and the AI's moves;
* lobby.py: `Lobby`, opening a lobby, seats, variant options, start, abandon;
* seats.py: `Seats`, absent players (skip, substitute, handover);
* players.py: `Players`, a player's own view (private information, the games they sit in, their settings);
* standings.py: `Standings`, a server's results as figures and ratings (`/stats`, `/leaderboard`);
* rewind.py: `Rewind`, a game's states after each turn, replayed from its log (`/game board turn:`, `/game replay`);
* hours.py: `Hours`, each person's time zone, quiet hours and reminder rhythm (when a ping may reach them);
* table.py, refusal.py: Table and MoveOutcome, and the refusals users read.

`build_services` wires them, each given exactly what it uses; bot/app.py calls it in setup_hook.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from storage import Store

from ..catalog import Catalog
from ..settings import Settings
from .accounts import Accounts
from .cache import TableCache
from .hours import Hours
from .legal import Legal
from .lobby import Lobby
from .players import Players
from .recorder import Recorder
from .refusal import Refusal, StaleClick
from .rewind import Rewind
from .seats import Seats
from .standings import Leaderboard, Standings
from .table import MoveOutcome, Table
from .turns import Turns

__all__ = [
    "Accounts",
    "Hours",
    "Leaderboard",
    "Legal",
    "Lobby",
    "MoveOutcome",
    "Players",
    "Refusal",
    "Rewind",
    "Seats",
    "Services",
    "StaleClick",
    "Standings",
    "Table",
    "TableCache",
    "Turns",
    "build_services",
]


@dataclass(frozen=True)
class Services:
    """The game services of one bot, over one store."""

    store: Store
    catalog: Catalog
    settings: Settings
    clock: Callable[[], float]
    tables: TableCache
    legal: Legal
    accounts: Accounts
    turns: Turns
    lobby: Lobby
    seats: Seats
    players: Players
    standings: Standings
    rewind: Rewind
    hours: Hours


def build_services(
    store: Store, settings: Settings, clock: Callable[[], float] = time.time, catalog: Catalog | None = None
) -> Services:
    catalog = catalog if catalog is not None else Catalog()
    tables = TableCache(store, clock)
    legal = Legal(catalog)
    accounts = Accounts(store, catalog)
    tables.on_drop.append(accounts.forget)
    recorder = Recorder(store, tables, accounts, legal, clock)
    turns = Turns(tables, legal, recorder, catalog)
    lobby = Lobby(store, tables, accounts, catalog, clock)
    hours = Hours(store, clock)
    seats = Seats(store, tables, turns, catalog, settings, clock, hours)
    players = Players(store, tables, legal, catalog, clock)
    standings = Standings(store)
    rewind = Rewind(store)
    return Services(
        store, catalog, settings, clock, tables, legal, accounts, turns, lobby, seats, players, standings, rewind, hours
    )
