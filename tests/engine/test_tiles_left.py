"""What remains to be drawn (`engine.tiles_left`, `/game tiles`), for every registered game: counts that add up,
kinds that carry no id, and nothing hidden shown: shuffling a pile or swapping private hands changes nothing."""

from __future__ import annotations

import json
import random

import pytest

import engine

GAMES = list(engine.GAMES)


def _state(game: str, moves: int, options: dict | None = None) -> object:
    state = engine.new_game(game, ["a", "b", "c"], options or {}, 4)
    for _ in range(moves):
        if state.game_over:
            break
        state = engine.apply(state, engine.ai_move(state, "random"))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_counts_add_up_and_kinds_carry_no_id(game: str) -> None:
    for moves in (0, 25, 60):
        piles = engine.tiles_left(_state(game, moves))
        assert piles, "every packaged game draws tiles"
        for p in piles:
            assert p["count"] == sum(k["count"] for k in p["kinds"])
            assert [k["count"] for k in p["kinds"]] == sorted((k["count"] for k in p["kinds"]), reverse=True)
            for k in p["kinds"]:
                assert "id" not in k["tile"] and k["words"]
        json.dumps(piles)  # plain data, for a render worker


@pytest.mark.parametrize("game", GAMES)
def test_the_order_of_the_piles_stays_hidden(game: str) -> None:
    state = _state(game, 25)
    before = engine.tiles_left(state)
    rng = random.Random(1)
    for name in ("pile", "piles", "fills"):
        stacks = getattr(state, name, None)
        if isinstance(stacks, dict):
            stacks = list(stacks.values())
        if isinstance(stacks, list) and stacks and isinstance(stacks[0], str):
            stacks = [stacks]
        for stack in stacks or []:
            rng.shuffle(stack)
    if game == "entdecker":  # the five piles were dealt from one deck: which pile holds which tile is hidden too
        state.piles[0], state.piles[1] = state.piles[1], state.piles[0]
    assert engine.tiles_left(state) == before


def test_discovery_hands_are_counted_with_the_pile_and_not_shown() -> None:
    state = _state("discovery", 10, {"double_tile": True})
    piles = engine.tiles_left(state)
    assert len(piles) == 1
    assert piles[0]["count"] == len(state.pile) + sum(len(p.hand) for p in state.players)
    a, b = state.players[0], state.players[1]
    a.hand[0], b.hand[0] = b.hand[0], a.hand[0]
    assert engine.tiles_left(state) == piles
