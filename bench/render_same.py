"""Does a change to the renderer change any picture? python bench/render_same.py save|check FILE

`save` draws ~560 views (every 17th state and a dozen more of five seeded self-play games, each for a spectator
and for the player to move, with and without the overlay) and stores them with their pictures; `check`, run on
the changed code, draws the same views again and prints how many pictures differ and the lowest PSNR. Run `save`
on the old commit (e.g. in a `git worktree`) and `check` on the new one. Self-play runs the first registered game.
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from PIL import Image, ImageChops, ImageStat

import engine
import render
from render.selfplay import selfplay_states

GAMES = ((1, 3, False), (2, 2, False), (5, 4, True), (7, 4, False), (8, 3, True))


def views() -> list[tuple[str, dict, bool]]:
    out = []
    for seed, players, personal in GAMES:
        states = selfplay_states(seed, players, {"personal_tiles": True} if personal else None)
        n = len(states)
        picks = {0, 1, 2, 3, 5, 8, 13, n // 4, n // 3, n // 2, 2 * n // 3, 3 * n // 4, n - 2, n - 1}
        for i in sorted(picks | set(range(0, n, 17))):
            for viewer in (None, states[i].current_player):
                v = engine.view(states[i], viewer)
                out += [(f"seed {seed} state {i} viewer {viewer} overlay {ov}", v, ov) for ov in (False, True)]
    return out


def psnr(a: Image.Image, b: Image.Image) -> float:
    mse = sum(ImageStat.Stat(ImageChops.difference(a, b).point(lambda p: p * p)).mean) / 3
    return math.inf if mse == 0 else 10 * math.log10(255**2 / mse)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("save", "check"))
    ap.add_argument("file")
    args = ap.parse_args()
    if args.cmd == "save":
        cases = [(name, v, ov, render.render_image(v, overlay=ov).tobytes()) for name, v, ov in views()]
        with open(args.file, "wb") as fh:
            pickle.dump(cases, fh)
        print(f"{len(cases)} pictures saved")
        return 0
    with open(args.file, "rb") as fh:
        cases = pickle.load(fh)
    differ, worst = 0, math.inf
    for name, v, ov, raw in cases:
        im = render.render_image(v, overlay=ov)
        if im.tobytes() != raw:
            differ += 1
            old = Image.frombytes("RGB", im.size, raw) if len(raw) == len(im.tobytes()) else None
            worst = min(worst, psnr(old, im) if old else 0.0)
            print(f"differs: {name}")
    print(f"{len(cases)} pictures, {differ} differ, lowest PSNR {worst:.1f} dB")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
