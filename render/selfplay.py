"""Views from seeded self-play (for the demo, the benchmark and the tests). Imports the engine lazily."""

from __future__ import annotations

from typing import Any

NAMES = ("Ann", "Bob", "Cleo", "Dario", "Eve", "Femi")


def selfplay_states(seed: int, players: int = 3, options: dict | None = None) -> list[Any]:
    """Every state of one heuristic self-play game, from the new game to the end."""
    import engine

    state = engine.new_game("entdecker", players=list(NAMES[:players]), options=options or {}, seed=seed)
    states = [state]
    while not state.game_over and len(states) < 5000:
        state = engine.apply(state, engine.ai_move(state, kind="heuristic"))
        states.append(state)
    return states


def selfplay_view(
    seed: int, stage: str = "mid", players: int = 3, moves: int | None = None, viewer: int | None = None
) -> dict:
    """The view of an empty ("empty"), half-explored ("mid") or finished ("final") board, or after `moves`."""
    import engine

    states = selfplay_states(seed, players)
    if moves is not None:
        state = states[min(max(moves, 0), len(states) - 1)]
    elif stage == "empty":
        state = states[0]
    elif stage == "final":
        state = states[-1]
    else:  # mid: the first state with about half the board discovered, at a moment with a tile in hand if any
        total = 70
        mid = next((s for s in states if len(engine.view(s, None)["tiles"]) >= total // 2), states[len(states) // 2])
        i = states.index(mid)
        for s in states[i : i + 40]:
            if engine.view(s, None)["phase"] == "place":
                mid = s
                break
        state = mid
    return engine.view(state, viewer)
