"""Standings: a server's results as `/stats` and `/leaderboard` show them (Discord-free).

The ratings are recomputed from the server's results of one game on every ask (stats/ratings.py: nothing rated is
stored, so an undone end leaves no trace) in a worker thread, since 10,000 results take about a second of CPU
(docs/bench.md); the last board of each (server, game) is kept while its results are the same ones."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from stats import Figures, Finish, Rated, Seat, figures, rate
from storage import ResultRecord, Store

_KEPT = 64  # boards kept (one per server and game asked for lately)


class AiRecord(NamedTuple):
    """How an AI kind fared against people in a game (AIs are not rated with people)."""

    kind: str
    played: int
    won: int


@dataclass(frozen=True)
class Leaderboard:
    game: str
    people: tuple[Rated, ...]  # best first
    names: dict[int, str]  # user id -> the name of their latest seat
    ai: tuple[AiRecord, ...]
    results: int  # finished games of this game in the server


def finishes(results: Sequence[ResultRecord]) -> list[Finish]:
    return [
        Finish(r.game, r.ended_at, tuple(Seat(s.user_id, s.ai_kind, s.score, s.place) for s in r.seats))
        for r in results
    ]


class Standings:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._boards: dict[tuple[int, str], tuple[int, Leaderboard]] = {}

    async def figures(self, guild_id: int, user_id: int) -> list[Figures]:
        """The person's figures per game in this server (empty if they finished none)."""
        return figures(user_id, finishes(await self.store.results(guild_id, user_id=user_id)))

    async def leaderboard(self, guild_id: int, game: str) -> Leaderboard:
        results = await self.store.results(guild_id, game)
        same = hash(tuple((r.game_id, r.ended_at) for r in results))
        kept = self._boards.get((guild_id, game))
        if kept is not None and kept[0] == same:
            return kept[1]
        board = await asyncio.to_thread(_board, game, results)
        if len(self._boards) >= _KEPT:
            self._boards.pop(next(iter(self._boards)))
        self._boards[(guild_id, game)] = (same, board)
        return board


def _board(game: str, results: Sequence[ResultRecord]) -> Leaderboard:
    names = {s.user_id: s.name for r in results for s in r.seats if s.user_id is not None}
    ai: dict[str, list[int]] = {}
    for r in results:
        for s in r.seats:
            if s.ai_kind is not None and any(o.user_id is not None for o in r.seats):
                played_won = ai.setdefault(s.ai_kind, [0, 0])
                played_won[0] += 1
                played_won[1] += s.place == 1
    records = tuple(AiRecord(kind, played, won) for kind, (played, won) in sorted(ai.items()))
    return Leaderboard(game, tuple(rate(finishes(results))), names, records, len(results))
