"""What the table remembers, computed: the ratings and each player's figures, from finished games' results.

Pure and deterministic, like the engine, and apart from it: these are not the rules of any game but arithmetic over
results, which any game's end gives alike (scores and places). It imports nothing of the project (bot/ reads the
results from storage and hands them here as plain `Finish` values), so it is tested and measured without a database
(docs/results.md)."""

from __future__ import annotations

from .finish import Finish, Seat
from .ratings import Rated, rate
from .summary import Figures, figures

__all__ = ["Figures", "Finish", "Rated", "Seat", "figures", "rate"]
