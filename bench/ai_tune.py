"""Self-play figures for tuning the heuristic AI and the tile mix: full boards, discards, fill-ins, wins.

    python bench/ai_tune.py [--players 3] [--games 100] [--seed 1] [--ai heuristic] [--set stop_below=0.4 ...]

--set overrides a weight of engine.entdecker.heuristic.Tuning for this run only. Prints one summary line (JSON).
Tune on seeds 1-100; the hold-out seeds 1001-1100 are for the figures in docs/selfplay.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.entdecker import heuristic as ai  # noqa: E402
from engine.selfplay import play  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", default="heuristic", help="AI per seat, comma-separated; one name for all seats")
    parser.add_argument("--swap", action="store_true", help="also play every seed with the seats reversed")
    parser.add_argument("--set", nargs="*", default=[], help="Tuning overrides, name=value")
    args = parser.parse_args(argv)
    for item in args.set:
        name, value = item.split("=")
        if not hasattr(ai.TUNING, name):
            parser.error(f"no weight {name}")
        setattr(ai.TUNING, name, float(value))
    ais = args.ai.split(",")
    if len(ais) == 1:
        ais = ais * args.players
    lineups = [ais, ais[::-1]] if args.swap else [ais]
    rows, wins, walls = [], {}, []
    pile_use = dict.fromkeys(range(1, 7), 0)  # fill-ins used per pile
    empty_piles = dict.fromkeys(range(1, 7), 0)  # games that ended with the pile empty
    for lineup in lineups:
        for seed in range(args.seed, args.seed + args.games):
            t0 = time.perf_counter()
            rec = play("entdecker", lineup, seed)
            walls.append(time.perf_counter() - t0)
            fills = sum(1 for c in rec.state.board if c is not None and c.fill)
            for c in rec.state.board:
                if c is not None and c.fill:
                    pile_use[int(c.tile[4])] += 1
            for pile, left in rec.state.fills.items():
                empty_piles[pile] += not left
            rows.append(
                {**rec.stats, "turns": rec.turns, "fills": fills, "empty": sum(1 for c in rec.state.board if c is None)}
            )
            for w in rec.winners:
                wins[lineup[w]] = wins.get(lineup[w], 0) + 1 / len(rec.winners)
    n = len(rows)
    ends: dict[str, int] = {}
    for r in rows:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    print(
        json.dumps(
            {
                "games": n,
                "full_board_pct": round(100 * ends.get("board_full", 0) / n, 1),
                "ends": ends,
                "median_discarded": statistics.median(r["discarded"] for r in rows),
                "mean_discarded": round(statistics.mean(r["discarded"] for r in rows), 1),
                "mean_fills": round(statistics.mean(r["fills"] for r in rows), 1),
                "fill_missing_games": sum(1 for r in rows if r["fill_missing"]),
                "fills_per_pile": [round(pile_use[k] / n, 1) for k in range(1, 7)],
                "games_pile_emptied": [empty_piles[k] for k in range(1, 7)],
                "median_turns": statistics.median(r["turns"] for r in rows),
                "median_empty_at_end": statistics.median(r["empty"] for r in rows),
                "wins": {k: round(v, 1) for k, v in wins.items()},
                "median_game_s": round(statistics.median(walls), 3),
                "set": args.set,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
