"""Engine benchmark: move generation, apply (step), games per second, wall time of a 4-player game, AI move time.

    python bench/engine.py [--game entdecker] [--seed 1] [--position-games 6] [--games 20] [--repeat 5] [--ai-games 2]

Everything is played by the heuristic AI from fixed seeds, so two runs measure the same positions and games.
Timings are medians (a machine is noisy); the number of samples is printed next to each figure.
Runs in well under two minutes on a 2-core machine with the defaults.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _engine() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("engine")


GAME = "entdecker"


def play_game(engine: Any, players: int, seed: int) -> tuple[list[tuple[Any, Any]], int]:
    """One heuristic-AI game: every (state, chosen move) on the way, and the number of moves."""
    state = engine.new_game(GAME, [f"ai-{i + 1}" for i in range(players)], {}, seed)
    positions = []
    while not state.game_over:
        move = engine.ai_move(state, "heuristic")
        positions.append((state, move))
        state = engine.apply(state, move)
    return positions, len(positions)


def time_calls(fn: Any, arg_sets: list[tuple[Any, ...]], repeat: int) -> list[float]:
    """Per-call seconds for each argument set: the best of `repeat` timed calls (the least disturbed one)."""
    out = []
    clock = time.perf_counter
    for args in arg_sets:
        best = float("inf")
        for _ in range(repeat):
            t0 = clock()
            fn(*args)
            best = min(best, clock() - t0)
        out.append(best)
    return out


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} µs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="entdecker", help="the game to measure (default entdecker)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--position-games", type=int, default=6, help="games per player count to sample positions")
    parser.add_argument("--games", type=int, default=20, help="timed games per player count (default 20)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per position, best kept (default 5)")
    parser.add_argument("--ai-games", type=int, default=2, help="4-player games per AI kind for move times (default 2)")
    args = parser.parse_args(argv)
    global GAME
    GAME = args.game
    engine = _engine()
    started = time.perf_counter()
    print(f"python {platform.python_version()} on {platform.machine()}, game {GAME}, seed {args.seed}")

    # 1. Positions from seeded self-play (2, 3 and 4 players), then legal-move generation and step on each.
    positions: list[tuple[Any, Any]] = []
    for players in (2, 3, 4):
        for i in range(args.position_games):
            positions.extend(play_game(engine, players, args.seed + i)[0])
    legal = time_calls(engine.legal_moves, [(s,) for s, _ in positions], args.repeat)
    steps = time_calls(engine.step, positions, args.repeat)
    n = len(positions)
    games = 3 * args.position_games
    print(f"positions: {n} from {games} games (seeds {args.seed}-{args.seed + args.position_games - 1}, 2/3/4 players)")
    print(
        f"legal_moves: median {us(statistics.median(legal))}, p90 {us(statistics.quantiles(legal, n=10)[-1])}"
        f" ({n} samples, best of {args.repeat})"
    )
    print(
        f"step (apply): median {us(statistics.median(steps))}, p90 {us(statistics.quantiles(steps, n=10)[-1])}"
        f" ({n} samples, best of {args.repeat})"
    )

    # 2. Whole games with the heuristic AI on every seat: games per second and wall time per game.
    four_player: list[float] = []
    for players in (2, 3, 4):
        walls, moves = [], 0
        for i in range(args.games):
            t0 = time.perf_counter()
            moves += play_game(engine, players, args.seed + 1000 + i)[1]
            walls.append(time.perf_counter() - t0)
        total = sum(walls)
        print(
            f"{players} players: {args.games / total:.1f} games/s, median {statistics.median(walls) * 1000:.0f} ms"
            f" per game, {moves / args.games:.0f} moves per game ({args.games} games, seeds {args.seed + 1000}-"
            f"{args.seed + 999 + args.games})"
        )
        if players == 4:
            four_player = walls
    median4 = statistics.median(four_player)
    verdict = "OK" if median4 < 0.5 else "SLOW"
    print(
        f"median wall time of one 4-player heuristic game: {median4:.3f} s"
        f" ({len(four_player)} games; aim < 0.5 s: {verdict})"
    )

    # 3. Time one AI decision takes, per kind, over whole 4-player games played by that kind on every seat.
    for kind in [k.name for k in engine.info(GAME).ai_kinds if k.name != "random"]:
        times = []
        for i in range(args.ai_games):
            state = engine.new_game(GAME, [f"ai-{j + 1}" for j in range(4)], {}, args.seed + 2000 + i)
            while not state.game_over:
                t0 = time.perf_counter()
                move = engine.ai_move(state, kind)
                times.append(time.perf_counter() - t0)
                state = engine.apply(state, move)
        times.sort()
        print(
            f"{kind} AI, time per move: median {times[len(times) // 2] * 1000:.1f} ms, p99"
            f" {times[int(len(times) * 0.99)] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms ({len(times)} moves,"
            f" {args.ai_games} 4-player games, seeds {args.seed + 2000}-{args.seed + 1999 + args.ai_games})"
        )
    print(f"benchmark time: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
