"""Views from seeded self-play of any registered game (for the demo, the benchmark and the tests). Imports the
engine lazily; `game=None` means the first game of the registry."""

from __future__ import annotations

from typing import Any

NAMES = ("Ann", "Bob", "Cleo", "Dario", "Eve", "Femi")


def default_game() -> str:
    import engine

    return engine.games()[0].name


def selfplay_states(
    seed: int, players: int = 3, options: dict[str, Any] | None = None, game: str | None = None
) -> list[Any]:
    """Every state of one self-play game by the game's default AI, from the new game to the end."""
    import engine

    game = game or default_game()
    ai = engine.info(game).default_ai
    state = engine.new_game(game, players=list(NAMES[:players]), options=options or {}, seed=seed)
    states = [state]
    while not state.game_over and len(states) < 5000:
        state = engine.apply(state, engine.ai_move(state, kind=ai))
        states.append(state)
    return states


def selfplay_view(
    seed: int,
    stage: str = "mid",
    players: int = 3,
    moves: int | None = None,
    viewer: int | None = None,
    game: str | None = None,
) -> dict[str, Any]:
    """The view of an empty ("empty"), mid-game ("mid") or finished ("final") board, or after `moves` moves.

    "mid" is what the game's painter says (`Painter.mid_game(states, view)`), else the middle state."""
    import engine
    from render import painter

    game = game or default_game()
    states = selfplay_states(seed, players, game=game)
    if moves is not None:
        state = states[min(max(moves, 0), len(states) - 1)]
    elif stage == "empty":
        state = states[0]
    elif stage == "final":
        state = states[-1]
    else:
        found = painter(game)
        pick = found.mid_game if found else None
        state = pick(states, lambda s: engine.view(s, None)) if pick else states[len(states) // 2]
    return engine.view(state, viewer)


TRAIN_SEEDS = (101, 102, 103, 104)  # the boards a palette is learned from
CHECK_SEEDS = (7, 11, 12)  # other boards, to check it on


def sample_views(seeds: tuple[int, ...], step: int = 9, game: str | None = None) -> list[tuple[dict[str, Any], bool]]:
    """(view, overlay) pairs across whole self-play games of `game`: every `step`-th state as the player to act
    sees it, every other one with the overlay, and the final board; player counts cycle through the game's range,
    every other game with the game's switch options on."""
    import engine

    game = game or default_game()
    info = engine.info(game)
    counts = list(range(info.min_players, info.max_players + 1))
    out = []
    for k, seed in enumerate(seeds):
        options = {o.name: True for o in info.options if o.is_switch} if k % 2 else None
        states = selfplay_states(seed, counts[k % len(counts)], options, game=game)
        for i in range(0, len(states), step):
            acting = engine.to_act(states[i])
            out.append((engine.view(states[i], acting[0] if acting else None), i % (2 * step) == 0))
        out.append((engine.view(states[-1], None), False))
    return out
