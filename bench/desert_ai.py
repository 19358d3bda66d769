"""Im Reich der Wüstensöhne: how clearly the heuristic AI beats random seats, and what the games look like.

    python bench/desert_ai.py [--games 200] [--players 3] [--seed 1000]

Game i seats the heuristic AI at seat i mod players and random AIs elsewhere (so every seat is played); prints the
heuristic's win rate (shared wins count as a share), median scores, completed oases by size, action spaces used by
kind, end reasons, and the median and worst time of one heuristic move.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    n = args.players
    wins = 0.0
    h_scores, best_random = [], []
    sizes: collections.Counter[int] = collections.Counter()
    actions: collections.Counter[str] = collections.Counter()
    ends: collections.Counter[str] = collections.Counter()
    move_times: list[float] = []
    for i in range(args.games):
        seat = i % n
        ais = ["random"] * n
        ais[seat] = "heuristic"
        state = engine.new_game("desert", [f"{a}-{k}" for k, a in enumerate(ais)], {}, args.seed + i)
        while not state.game_over:
            who = engine.to_act(state)[0]
            t0 = time.perf_counter()
            move = engine.ai_move(state, ais[who])
            if ais[who] == "heuristic":
                move_times.append(time.perf_counter() - t0)
            state, events = engine.step(state, move)
            for e in events:
                if e["type"] == "oasis":
                    sizes[e["size"]] += 1
                elif e["type"] == "action":
                    actions[e["action"]] += 1
        result = state.result
        if seat in result["winners"]:
            wins += 1 / len(result["winners"])
        h_scores.append(result["scores"][seat])
        best_random.append(max(s for k, s in enumerate(result["scores"]) if k != seat))
        ends[result["reason"]] += 1
    print(f"{args.games} games, {n} players, heuristic against {n - 1} random seats, seats rotated")
    print(f"heuristic win rate: {wins / args.games:.1%}")
    print(f"median score: heuristic {statistics.median(h_scores)}, best random {statistics.median(best_random)}")
    print(f"completed oases by size (tiles): {dict(sorted(sizes.items()))}")
    print(f"action spaces used: {dict(actions.most_common())}")
    print(f"end reasons: {dict(ends)}")
    print(
        f"heuristic move time: median {statistics.median(move_times) * 1000:.1f} ms,"
        f" worst {max(move_times) * 1000:.0f} ms ({len(move_times)} moves)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
