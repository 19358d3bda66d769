"""Benchmark of the board renderer: python bench/render.py [--game NAME] [--runs 3] [--repeat 21] [--batch 48]

For an empty, a mid-game (with and without overlay) and a full board of seeded self-play, each run times (medians
of --repeat renders, warm caches as in a running bot):

  compose    drawing the RGB picture            quant   mapping it to the game's fixed palette (what was blended in)
  write      the bare PNG of the palette picture total   render.render_board end to end
  floor      compose + write: what any PNG of this picture costs at least
  ratio      total / floor (aim: at most 1.3)   bytes   PNG size (aim: under 150 KB)
  adapt      what a palette built for the picture (the encoding before the fixed palette) costs instead of quant
  PSNR       of the PNG against the picture before it was encoded, and against the PNG as encoded before

and prints the median of the runs' medians. Then the throughput of a batch of boards (render.png_for) in 2 worker
threads and in 2 worker processes (pools warmed with one batch first).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from PIL import Image

import render
from render import indexed, palette, png
from render.selfplay import sample_views, selfplay_view

CLOCK = {"cpu": time.thread_time, "wall": time.perf_counter}


def bench(view: dict, overlay: bool, repeat: int, clock: Callable[[], float]) -> dict[str, float]:
    """Medians over `repeat` renders of each step (compose, quant, write: timed in turn on freshly composed
    pictures, as in a real render), then of render.render_board as a whole, then of an adaptive palette."""
    render.render_board(view, overlay=overlay)  # warm the tile and text caches, as a running bot has them
    pal = render.palette_of(view)
    steps: dict[str, list[float]] = {"compose": [], "quant": [], "write": [], "total": [], "adapt": []}
    for _ in range(repeat):
        t0 = clock()
        im = render.compose(view, overlay=overlay)
        t1 = clock()
        if pal is None:
            fixed = im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        else:
            fixed = indexed.indexed(im, pal)
        t2 = clock()
        png.write(fixed)
        t3 = clock()
        steps["compose"].append(t1 - t0)
        steps["quant"].append(t2 - t1)
        steps["write"].append(t3 - t2)
        del im, fixed
    for _ in range(repeat):
        t0 = clock()
        render.render_board(view, overlay=overlay)
        steps["total"].append(clock() - t0)
    im = render.compose(view, overlay=overlay)
    for _ in range(repeat):
        t0 = clock()
        before = im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        steps["adapt"].append(clock() - t0)
    r = {key: statistics.median(v) * 1000 for key, v in steps.items()}
    data = render.render_board(view, overlay=overlay)
    out = Image.open(io.BytesIO(data))
    r["floor"] = r["compose"] + r["write"]
    r["ratio"] = r["total"] / r["floor"]
    r["bytes"] = len(data)
    r["psnr_picture"] = palette.psnr(out, im)
    r["psnr_before"] = palette.psnr(out, before)
    return r


def throughput(make: Callable[[], Executor], views: list[tuple[dict, bool]]) -> float:
    """Boards per second of render.png_for over `views` in the pool, after one warm-up batch."""
    with make() as pool:
        list(pool.map(render.png_for, *zip(*views, strict=True)))
        t0 = time.perf_counter()
        out = list(pool.map(render.png_for, *zip(*views, strict=True)))
        elapsed = time.perf_counter() - t0
    assert all(out)
    return len(views) / elapsed


COLUMNS = ("compose", "quant", "write", "floor", "total", "ratio", "bytes", "adapt", "psnr_picture", "psnr_before")
HEAD = ("compose", "quant", "write", "floor", "total", "ratio", "bytes", "adapt", "PSNR pic", "PSNR old")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--batch", type=int, default=48, help="boards per throughput batch (0: skip)")
    ap.add_argument("--game", default=None, help="a registered game (default: the first of the registry)")
    ap.add_argument(
        "--clock",
        choices=tuple(CLOCK),
        default="cpu",
        help="cpu: this thread's CPU time (steady on a busy machine); wall",
    )
    args = ap.parse_args()
    load = os.getloadavg()[0]
    print(f"cpus: {os.cpu_count()}, load: {load:.1f}, runs: {args.runs}, repeat: {args.repeat}, clock: {args.clock}")
    boards = [
        ("empty", selfplay_view(args.seed, "empty", args.players, game=args.game), False),
        ("mid", selfplay_view(args.seed, "mid", args.players, game=args.game), False),
        ("mid+overlay", selfplay_view(args.seed, "mid", args.players, game=args.game), True),
        ("full", selfplay_view(args.seed, "final", args.players, game=args.game), False),
    ]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in boards}
    for _ in range(args.runs):
        for name, view, overlay in boards:
            runs[name].append(bench(view, overlay, args.repeat, CLOCK[args.clock]))
    print("median of the runs' medians; times in ms, PSNR in dB")
    print(f"{'board':<12}" + "".join(f"{h:>9}" for h in HEAD))
    for name, rs in runs.items():
        cells = []
        for col in COLUMNS:
            v = statistics.median(r[col] for r in rs)
            cells.append(f"{v:>9.0f}" if col == "bytes" else f"{v:>9.2f}" if col == "ratio" else f"{v:>9.1f}")
        print(f"{name:<12}" + "".join(cells))
    if args.batch:
        # every moment of one game, every other one with the overlay
        views = sample_views((args.seed,), step=1, game=args.game)
        views = views[:: max(len(views) // args.batch, 1)][: args.batch]
        print(f"throughput of render.png_for over {len(views)} boards (boards/s, median of {args.runs} runs):")
        for label, make in (
            ("1 thread", lambda: ThreadPoolExecutor(1)),
            ("2 threads", lambda: ThreadPoolExecutor(2)),
            ("2 processes", lambda: ProcessPoolExecutor(2)),
        ):
            rates = [throughput(make, views) for _ in range(args.runs)]
            print(f"  {label:<12}{statistics.median(rates):>8.1f}   (runs: {', '.join(f'{r:.1f}' for r in rates)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
