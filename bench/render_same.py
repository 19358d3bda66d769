"""Does a change to the renderer change any picture? python bench/render_same.py save|check FILE

`save` draws the views of five seeded self-play games of every registered game (every 17th state and a dozen
more, each for a spectator and for the player to move, with and without the overlay; player counts cycle through
the game's range, the switch options on in every other game) and stores them with their pictures; `check`, run on
the changed code, draws the same views again and prints how many pictures differ and the lowest PSNR. Run `save`
on the old commit (e.g. in a `git worktree`) and `check` on the new one.
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

SEEDS = (1, 2, 5, 7, 8)


def views() -> list[tuple[str, dict, bool]]:
    out = []
    for game in engine.GAMES:
        info = engine.info(game)
        counts = list(range(info.min_players, info.max_players + 1))
        for k, seed in enumerate(SEEDS):
            switches = {o.name: True for o in info.options if o.is_switch} if k % 2 else None
            out += _views_of(f"{game} seed {seed}", selfplay_states(seed, counts[k % len(counts)], switches, game))
    return out


def _views_of(name: str, states: list) -> list[tuple[str, dict, bool]]:
    """Views of a dozen moments and every 17th state of one game, for a spectator and the first seat to act."""
    out = []
    n = len(states)
    picks = {0, 1, 2, 3, 5, 8, 13, n // 4, n // 3, n // 2, 2 * n // 3, 3 * n // 4, n - 2, n - 1}
    for i in sorted(picks | set(range(0, n, 17))):
        acting = engine.to_act(states[i])
        for viewer in (None, acting[0] if acting else None):
            v = engine.view(states[i], viewer)
            out += [(f"{name} state {i} viewer {viewer} overlay {ov}", v, ov) for ov in (False, True)]
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
