"""python -m render demo [--game NAME] --seed N [--players 3] [--moves M] [--overlay] [--final] --out FILE.png
python -m render palette [--game NAME] [--write]      learn the game's fixed PNG palette (render/palette.py) and
                                                     write it to render/<game>/palette.hex"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time

from PIL import Image

from . import compose, palette, png, render_board, style
from .selfplay import CHECK_SEEDS, TRAIN_SEEDS, default_game, sample_views, selfplay_view


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render")
    sub = ap.add_subparsers(dest="cmd", required=True)
    demo = sub.add_parser("demo", help="draw a board from seeded self-play")
    demo.add_argument("--game", default=None, help="a registered game (default: the first of the registry)")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=3)
    demo.add_argument("--moves", type=int, default=None, help="moves of self-play (default: about mid-game)")
    demo.add_argument("--final", action="store_true", help="play to the end of the game")
    demo.add_argument("--overlay", action="store_true", help="draw the current player's legal choices")
    demo.add_argument("--scale", type=float, default=1.0)
    demo.add_argument("--out", required=True)
    learn = sub.add_parser("palette", help="learn a game's fixed PNG palette from self-play boards")
    learn.add_argument("--game", default=None, help="a registered game (default: the first of the registry)")
    learn.add_argument("--write", action="store_true", help="write render/<game>/palette.hex")
    args = ap.parse_args(argv)
    if args.cmd == "palette":
        return learn_palette(args.game or default_game(), args.write)
    game = args.game or default_game()
    stage = "final" if args.final else "mid"
    view = selfplay_view(args.seed, stage=stage, players=args.players, moves=args.moves, game=game)
    data = render_board(view, overlay=args.overlay, scale=args.scale)
    with open(args.out, "wb") as fh:
        fh.write(data)
    step = view.get("prompt") or "the game is over"
    print(f"{args.out}: {game}, {len(data)} bytes, turn {view.get('turn')}: {step}", file=sys.stderr)
    return 0


def learn_palette(game: str, write: bool) -> int:
    t0 = time.perf_counter()
    train = [compose(v, overlay=o) for v, o in sample_views(TRAIN_SEEDS, game=game)]
    pal = palette.learn(train, keep=style.PLAYER_COLORS)
    distinct = len(set(zip(pal[::3], pal[1::3], pal[2::3], strict=True)))
    print(f"learned {distinct} colours from {len(train)} boards in {time.perf_counter() - t0:.1f} s")
    check = [compose(v, overlay=o) for v, o in sample_views(CHECK_SEEDS, step=15, game=game)]
    pim = palette.palette_image(pal)
    fixed = [im.quantize(palette=pim, dither=Image.Dither.NONE) for im in check]
    adaptive = [Image.open(io.BytesIO(png.encode(im))) for im in check]
    vs_truth = sorted(palette.psnr(f, im) for f, im in zip(fixed, check, strict=True))
    vs_adaptive = sorted(palette.psnr(f, a) for f, a in zip(fixed, adaptive, strict=True))
    adaptive_truth = sorted(palette.psnr(a, im) for a, im in zip(adaptive, check, strict=True))
    mid = len(check) // 2
    print(f"{len(check)} other boards, PSNR min / median (dB):")
    print(f"  fixed palette vs the picture:      {vs_truth[0]:.1f} / {vs_truth[mid]:.1f}")
    print(f"  adaptive palette vs the picture:   {adaptive_truth[0]:.1f} / {adaptive_truth[mid]:.1f}")
    print(f"  fixed vs adaptive palette:         {vs_adaptive[0]:.1f} / {vs_adaptive[mid]:.1f}")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), game, palette.FILE)
    if write:
        with open(path, "w", encoding="ascii") as fh:
            fh.write(palette.hex_text(pal))
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
