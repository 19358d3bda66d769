"""Ratings from results with openskill's Plackett-Luce model (Weng and Lin's Bayesian rating, MIT licensed): one
rating per person and game, recomputed from every result in date order, so a result that is gone (an undone end)
leaves no trace and nothing needs to be stored or kept in step.

Only people are rated: AI seats are left out of each game before it is rated (an AI of one kind is not one player,
and its strength does not change), and a game with fewer than two people rates nobody. Plackett-Luce takes any
number of players and ties (equal places), so two-player games and five-player games go through the same model."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from .finish import Finish


@dataclass(frozen=True)
class Rated:
    user_id: int
    rating: float  # the conservative estimate shown and sorted by: mu - 3 sigma (openskill's ordinal)
    mu: float
    sigma: float
    games: int  # games rated (with at least one other person)


def rate(finishes: Iterable[Finish]) -> list[Rated]:
    """Everyone's rating after `finishes` (oldest first; one game's finishes), best first; ties by user id."""
    model = PlackettLuce()
    ratings: dict[int, PlackettLuceRating] = {}
    games: dict[int, int] = {}
    for finish in finishes:
        people = [seat for seat in finish.seats if seat.user_id is not None]
        if len(people) < 2:
            continue
        ids = [seat.user_id for seat in people if seat.user_id is not None]
        teams = [[ratings.get(user) or model.rating()] for user in ids]
        rated = model.rate(teams, ranks=[float(seat.place) for seat in people])
        for user, (new,) in zip(ids, rated, strict=True):
            ratings[user] = new
            games[user] = games.get(user, 0) + 1
    out = [Rated(user, r.ordinal(), r.mu, r.sigma, games[user]) for user, r in ratings.items()]
    return sorted(out, key=lambda rated: (-rated.rating, rated.user_id))
