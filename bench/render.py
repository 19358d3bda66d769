"""Benchmark of the board renderer: python bench/render.py [--repeat N] [--seed S]

For an empty, a mid-game and a full board (seeded heuristic self-play) prints the median compose time, median
encode time (palette quantization + PNG), their total, PNG bytes, and total / encode-only of the same image.
Aims on a 2-core machine: full board total < 40 ms, total / encode-only < 1.3, PNG < 1 MiB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import render
from render.selfplay import selfplay_view


def bench(view: dict, repeat: int, overlay: bool = False) -> dict[str, float]:
    render.render_board(view, overlay=overlay)  # warm the tile and text caches, as a running bot has them
    compose, encode, total = [], [], []
    size = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        im = render.compose(view, overlay=overlay)
        t1 = time.perf_counter()
        data = render.encode(im)
        t2 = time.perf_counter()
        compose.append(t1 - t0)
        encode.append(t2 - t1)
        total.append(t2 - t0)
        size = len(data)
    enc = statistics.median(encode)
    tot = statistics.median(total)
    return {
        "compose_ms": statistics.median(compose) * 1000,
        "encode_ms": enc * 1000,
        "total_ms": tot * 1000,
        "bytes": size,
        "ratio": tot / enc,
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=31)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    print(f"cpus: {os.cpu_count()}, repeat: {args.repeat}, seed: {args.seed}, players: {args.players}")
    print(f"{'board':<14}{'compose ms':>11}{'encode ms':>11}{'total ms':>10}{'PNG bytes':>11}{'total/enc':>11}")
    rows = [
        ("empty", selfplay_view(args.seed, "empty", args.players), False),
        ("mid", selfplay_view(args.seed, "mid", args.players), False),
        ("mid+overlay", selfplay_view(args.seed, "mid", args.players), True),
        ("full", selfplay_view(args.seed, "final", args.players), False),
    ]
    for name, view, overlay in rows:
        r = bench(view, args.repeat, overlay)
        print(
            f"{name:<14}{r['compose_ms']:>11.1f}{r['encode_ms']:>11.1f}{r['total_ms']:>10.1f}"
            f"{r['bytes']:>11}{r['ratio']:>11.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
