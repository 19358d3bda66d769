"""Computer players, by kind: random, heuristic (heuristic.py) and expert (search.py)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.entdecker.heuristic import heuristic_move
from engine.entdecker.rules import legal_moves
from engine.entdecker.search import expert_move
from engine.entdecker.state import State


def random_move(state: State) -> Move:
    moves = legal_moves(state)
    # Seeded by the state itself, so a game between AIs is as reproducible as any other.
    return moves[rand_below(state.seed, "ai-random", state.version, len(moves))]


AIS: dict[str, Callable[[State], Move]] = {"random": random_move, "heuristic": heuristic_move, "expert": expert_move}
