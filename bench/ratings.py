"""The ratings' cost (issue 24): openskill's Plackett-Luce over N results, recomputed from the start as /leaderboard
does, and one person's /stats figures over the same results.

    python bench/ratings.py [--results 10000] [--people 200] [--repeat 5]

The results are made up from a fixed seed: 2-5 seats each (a seat in five an AI), people drawn from a pool, places
from a shuffle with a tie now and then. Prints the median CPU time of `--repeat` runs and the number of samples.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from stats import Finish, Seat, figures, rate  # noqa: E402


def made_up(results: int, people: int, seed: int = 1) -> list[Finish]:
    rng = random.Random(seed)
    out = []
    for n in range(results):
        count = rng.randint(2, 5)
        users = rng.sample(range(1, people + 1), count)
        places = list(range(1, count + 1))
        rng.shuffle(places)
        if rng.random() < 0.1:  # a tie for first
            places = [1 if p == 2 else p for p in places]
        seats = tuple(
            Seat(None, "heuristic", rng.randint(0, 60), place) if rng.random() < 0.2 else
            Seat(user, None, rng.randint(0, 60), place)
            for user, place in zip(users, places, strict=True)
        )  # fmt: skip
        out.append(Finish("entdecker", float(n), seats))
    return out


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    """The median CPU time of `work` (process time: a busy shared machine inflates the wall clock, not this)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    finishes = made_up(args.results, args.people)
    seats = sum(len(f.seats) for f in finishes)
    rated = rate(finishes)
    print(f"{args.results} results, {seats} seats, {len(rated)} people rated")
    took = median_seconds(lambda: rate(finishes), args.repeat)
    print(f"rate(): median CPU {took * 1000:.0f} ms ({args.repeat} runs)")
    took = median_seconds(lambda: figures(1, finishes), args.repeat)
    print(f"figures() of one person: median CPU {took * 1000:.1f} ms ({args.repeat} runs)")


if __name__ == "__main__":
    main()
