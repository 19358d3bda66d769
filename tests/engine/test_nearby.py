""" "Since your last turn", what changed near the player (`Presenter.nearby`): over a seeded game of each title, at
the start of every seat's turn, each part names another player's tiles of the kind the game tells, placed since
that seat last moved, next to that seat's pieces as the view shows them; and every title tells some."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine

PLACED = {"entdecker": ("place", "space"), "discovery": ("place", "at"), "desert": ("attach", "space")}


def _turn_starts(game: str, seats: int, seed: int) -> list[tuple[dict[str, Any], list[dict[str, Any]], int]]:
    """(spectator view, the events since the seat to act last moved, that seat) whenever a seat's turn begins."""
    kind = "random" if game == "discovery" else engine.info(game).ai_kinds[0].name  # its heuristic takes long
    state = engine.new_game(game, [f"p{i}" for i in range(seats)], seed=seed)
    since: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(seats)}
    out = []
    while not state.game_over:
        move = engine.ai_move(state, kind)
        since[move.player] = []
        state, events = engine.step(state, move)
        stored = json.loads(json.dumps(events))
        for seat in range(seats):
            if seat != move.player:
                since[seat].extend(stored)
        if not state.game_over and engine.turn_passed(game, events):
            out.append((engine.view(state, None), list(since[state.current]), state.current))
    return out


@pytest.mark.parametrize(("game", "seed"), [("entdecker", 21), ("discovery", 22), ("desert", 23)])
def test_the_parts_name_other_players_tiles_placed_since(game: str, seed: int) -> None:
    presenter = engine.presenter(game)
    kind, where = PLACED[game]
    told = 0
    for view, events, seat in _turn_starts(game, 3, seed):
        parts = presenter.near_of(view, events, seat)
        for words, count, fields in parts:
            assert fields["who"] != seat and count == len(fields["spaces"].split(", "))
            if words.key == "shared":  # The Discovery: a territory scored by another player that the seat shares
                assert all(
                    any(e.get("type") == "score" and e.get("at") == at and e["player"] == fields["who"] for e in events)
                    for at in fields["spaces"].split(", ")
                )
                continue
            placed = {str(e[where]) for e in events if e.get("type") == kind and e.get("player") == fields["who"]}
            assert set(fields["spaces"].split(", ")) <= placed, (words.key, fields, placed)
        told += len(parts)
    assert told > 0, f"a whole {game} game tells a player of nothing near their pieces"


def test_nothing_is_near_a_seat_that_has_no_pieces_out() -> None:
    view = engine.view(engine.new_game("entdecker", ["a", "b"], seed=1), None)
    placed = [{"type": "place", "player": 1, "space": "C4"}]
    assert engine.presenter("entdecker").near_of(view, placed, 0) == []


def test_every_game_words_what_is_near_with_who_and_a_count() -> None:
    for game in engine.GAMES:
        for words in engine.presenter(game).nearby_words:
            assert "{who}" in words.one and "{who}" in words.many and "{count}" in words.many, (game, words)
