"""The animated replay's size and CPU (issue 24): for the longest of a few seeded self-play games of each title
(most turns, the most seats the title takes, its default AI), the GIF `/game replay` posts, one frame per turn.

    python bench/replay.py [--seeds 3] [--game NAME]

The renderer's caches are warmed first, as the bot warms them at start-up. Prints per title: turns, frames, the GIF's
bytes, and the CPU seconds (process time, this process only) of the
replay of the log to the turn ends, of the views, and of drawing and encoding the GIF. Aim: under 8 MiB and under
3 s of CPU for the whole.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
import render  # noqa: E402
from bot.boards import draw_all, warm_views  # noqa: E402
from bot.service.rewind import turn_ends  # noqa: E402


def longest(game: str, seeds: int) -> dict[str, object]:
    info = engine.info(game)
    best: dict[str, object] | None = None
    for seed in range(1, seeds + 1):
        state = engine.new_game(game, [f"P{i + 1}" for i in range(info.max_players)], None, seed)
        while not state.game_over:
            state = engine.apply(state, engine.ai_move(state, info.default_ai))
        if best is None or state.turn > best["turns"]:  # type: ignore[operator]
            best = {"seed": seed, "turns": state.turn, "saved": engine.saved_game(state)}
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    # The bot draws with warm caches (bot/boards.py warms them at start-up): so does this, once, untimed.
    draw_all(warm_views())
    for game in args.game or list(engine.GAMES):
        case = longest(game, args.seeds)
        start = time.process_time()
        ends = turn_ends(engine.replayed(case["saved"]))  # type: ignore[arg-type]
        replayed = time.process_time()
        views = [engine.view(state, None) for state in ends.values()]
        viewed = time.process_time()
        data = render.gif_for(views)
        drawn = time.process_time()
        assert data is not None
        print(
            f"{game}: seed {case['seed']}, {case['turns']} turns, {len(views)} frames, {len(data) / 2**20:.2f} MiB;"
            f" CPU {drawn - start:.2f} s (replay {replayed - start:.2f}, views {viewed - replayed:.2f},"
            f" GIF {drawn - viewed:.2f})"
        )


if __name__ == "__main__":
    main()
