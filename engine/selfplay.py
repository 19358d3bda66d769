"""Self-play: AI players against each other, for tuning, figures and golden games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine
from engine.games import game_of


@dataclass
class GameRecord:
    seed: int
    players: int
    ais: list[str]
    moves: int
    turns: int
    scores: list[int]
    winners: list[int]
    stats: dict[str, Any]
    state: Any


def play(game: str, ais: list[str], seed: int, options: dict[str, Any] | None = None) -> GameRecord:
    """One game between the given AIs (seat i plays ais[i]); everything follows from the seed."""
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(ais)]
    state = engine.new_game(game, names, options, seed)
    stats: dict[str, Any] = {
        "discarded": 0,
        "islands": 0,
        "incomplete_islands": 0,
        "fill_missing": 0,
        "end": None,
        "passes": 0,
    }
    moves = 0
    # A game may count its own figures (oases by size, actions used, ...): Game.selfplay_stats.
    hook = game_of(game).selfplay_stats
    while not state.game_over:
        move = engine.ai_move(state, ais[engine.to_act(state)[0]])
        state, events = engine.step(state, move)
        moves += 1
        if hook is not None:
            hook(events, stats)
        for e in events:
            t = e["type"]
            if t == "discard":
                stats["discarded"] += 1
            elif t == "island" and e["scores"]:
                stats["incomplete_islands" if e["incomplete"] else "islands"] += 1
            elif t == "fill_missing":
                stats["fill_missing"] += 1
            elif t == "pass":
                stats["passes"] += 1
            elif t == "end":
                stats["end"] = e["reason"]
        if moves > 5000:
            raise RuntimeError(f"game with seed {seed} did not end")
    stats["tiles_on_board"] = sum(1 for t in engine.view(state)["tiles"])
    if hasattr(state, "season"):
        stats["seasons"] = state.season
    result = state.result
    return GameRecord(seed, len(ais), ais, moves, state.turn, result["scores"], result["winners"], stats, state)
