"""stats/: ratings (openskill's Plackett-Luce) and one person's figures, from results in date order."""

from __future__ import annotations

from stats import Finish, Seat, figures, rate


def finish(game: str, when: float, *places: tuple[int | None, int], score: int = 10) -> Finish:
    """A finish with one seat per (user id or None for an AI, place); each seat scores `score` less per place."""
    seats = tuple(
        Seat(user, None if user is not None else "heuristic", score - 3 * (place - 1), place) for user, place in places
    )
    return Finish(game, when, seats)


def test_the_winner_rates_above_the_loser() -> None:
    [first, second] = rate([finish("nim", 1, (1, 1), (2, 2))])
    assert (first.user_id, second.user_id) == (1, 2) and first.rating > second.rating
    assert first.games == second.games == 1


def test_more_than_two_players_and_ties() -> None:
    rated = rate([finish("entdecker", 1, (1, 2), (2, 1), (3, 2), (4, 3))])
    by_user = {r.user_id: r for r in rated}
    assert (rated[0].user_id, rated[-1].user_id) == (2, 4)
    assert by_user[1].mu == by_user[3].mu  # a shared place is the same result


def test_ai_seats_are_not_rated_and_a_game_with_one_person_rates_nobody() -> None:
    rated = rate([finish("nim", 1, (1, 1), (None, 2)), finish("nim", 2, (1, 1), (None, 2), (2, 3))])
    assert sorted(r.user_id for r in rated) == [1, 2]
    assert {r.user_id: r.games for r in rated} == {1: 1, 2: 1}
    assert rate([finish("nim", 1, (1, 1), (None, 2))]) == []


def test_ratings_depend_on_the_order_and_are_recomputed_alike() -> None:
    games = [finish("nim", 1, (1, 1), (2, 2)), finish("nim", 2, (2, 1), (1, 2)), finish("nim", 3, (2, 1), (3, 2))]
    assert rate(games) == rate(list(games))
    assert rate(games) != rate(games[::-1])


def test_figures_per_game_with_the_longest_streak() -> None:
    games = [
        finish("nim", 1, (1, 1), (2, 2)),
        finish("nim", 2, (1, 1), (2, 2)),
        finish("entdecker", 3, (1, 2), (2, 1)),
        finish("nim", 4, (1, 2), (2, 1)),
        finish("nim", 5, (1, 1), (2, 1)),  # a shared first place is a win
        finish("nim", 6, (2, 1), (3, 2)),  # not theirs
    ]
    nim, entdecker = figures(1, games)
    assert (nim.game, nim.played, nim.won, nim.best, nim.streak) == ("nim", 4, 3, 10, 2)
    assert nim.average == (10 + 10 + 7 + 10) / 4
    assert (entdecker.played, entdecker.won, entdecker.streak, entdecker.best) == (1, 0, 0, 7)
    assert figures(9, games) == []
