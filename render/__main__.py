"""python -m render demo [--game NAME] --seed N [--players 3] [--moves M] [--overlay] [--final] --out FILE.png"""

from __future__ import annotations

import argparse
import sys

from . import render_board
from .selfplay import default_game, selfplay_view


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
    args = ap.parse_args(argv)
    game = args.game or default_game()
    stage = "final" if args.final else "mid"
    view = selfplay_view(args.seed, stage=stage, players=args.players, moves=args.moves, game=game)
    data = render_board(view, overlay=args.overlay, scale=args.scale)
    with open(args.out, "wb") as fh:
        fh.write(data)
    print(f"{args.out}: {game}, {len(data)} bytes, phase {view.get('phase')}, turn {view.get('turn')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
