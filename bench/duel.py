"""Heuristic AI against random AI, two players, seats swapped every game: how often the heuristic wins.

    python bench/duel.py [--game discovery] [--games 200] [--seed 1] [--options '{"double_tile": true}']

Game i uses seed + i; the heuristic sits in seat i % 2. A shared win counts half. Prints one summary line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="discovery")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from engine.selfplay import play

    options = json.loads(args.options)
    started = time.perf_counter()
    wins, margins = 0.0, []
    for i in range(args.games):
        seat = i % 2
        ais = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        rec = play(args.game, ais, args.seed + i, options)
        if seat in rec.winners:
            wins += 1 / len(rec.winners)
        margins.append(rec.scores[seat] - rec.scores[1 - seat])
    print(
        json.dumps(
            {
                "game": args.game,
                "options": options,
                "games": args.games,
                "heuristic_win_rate": round(wins / args.games, 3),
                "median_margin": statistics.median(margins),
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
