"""Each game's score by source (`Presenter.score_parts`, `/game status`): over a played-out seeded game the parts of
every seat add up to its score after every move, from the events as the bot stores them (a JSON round trip)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine


def _score(game: str, view: dict[str, Any], seat: int) -> int:
    """The score the game shows for a seat now; Wüstensöhne has none before the end, when a spectator values each
    good at the base 4 gold (the rumours are hidden)."""
    player = view["players"][seat]
    if game == "entdecker":
        return int(player["vp"])
    if game == "discovery":
        return int(player["score"])
    if view["game_over"]:
        return int(view["result"]["scores"][seat])
    return 4 * len(player["goods"])


def _played(game: str, seats: int, seed: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(spectator view, every event so far) after each move of a game the first AI kind plays."""
    kind = "random" if game == "discovery" else engine.info(game).ai_kinds[0].name  # its heuristic takes long
    state = engine.new_game(game, [f"p{i}" for i in range(seats)], seed=seed)
    events: list[dict[str, Any]] = []
    out = []
    while not state.game_over:
        state, new = engine.step(state, engine.ai_move(state, kind))
        events.extend(json.loads(json.dumps(new)))
        out.append((engine.view(state, None), list(events)))
    return out


@pytest.mark.parametrize(("game", "seats", "seed"), [("entdecker", 3, 11), ("discovery", 3, 12), ("desert", 3, 13)])
def test_parts_add_up_to_the_score_after_every_move(game: str, seats: int, seed: int) -> None:
    presenter = engine.presenter(game)
    keys = {s.key for s in presenter.score_sources}
    seen: set[str] = set()
    for view, events in _played(game, seats, seed):
        parts = presenter.parts_of(view, events)
        assert len(parts) == seats
        for seat, seat_parts in enumerate(parts):
            assert sum(points for _source, _n, points in seat_parts) == _score(game, view, seat), (view["turn"], seat)
            assert all(n > 0 for _source, n, _points in seat_parts)
            seen.update(source.key for source, _n, _points in seat_parts)
    assert seen <= keys
    assert len(seen) >= 2, seen  # a whole game scores from more than one source


def test_every_game_names_its_sources_in_words_with_a_count() -> None:
    for game in engine.GAMES:
        presenter = engine.presenter(game)
        assert presenter.score_sources, game
        for source in presenter.score_sources:
            assert "{count}" in source.one and "{count}" in source.many, (game, source)
