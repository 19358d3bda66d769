"""One person's figures for `/stats`: per game, games played and won, average and best score, longest winning
streak (wins in a row in that game, in date order; a shared first place counts as a win)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .finish import Finish


@dataclass(frozen=True)
class Figures:
    game: str
    played: int
    won: int
    average: float
    best: int
    streak: int  # the longest run of wins in a row


def figures(user_id: int, finishes: Iterable[Finish]) -> list[Figures]:
    """The figures of `user_id` per game, in the order the games were first played; finishes oldest first. A game the
    person did not sit in is ignored."""
    scores: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    runs: dict[str, tuple[int, int]] = {}  # game -> (current run, longest run)
    for finish in finishes:
        seat = next((seat for seat in finish.seats if seat.user_id == user_id), None)
        if seat is None:
            continue
        scores.setdefault(finish.game, []).append(seat.score)
        won = seat.place == 1
        wins[finish.game] = wins.get(finish.game, 0) + won
        run, longest = runs.get(finish.game, (0, 0))
        run = run + 1 if won else 0
        runs[finish.game] = (run, max(longest, run))
    return [
        Figures(game, len(points), wins[game], sum(points) / len(points), max(points), runs[game][1])
        for game, points in scores.items()
    ]
