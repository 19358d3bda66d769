"""Fixed PNG palettes: learned once from sample pictures of a game, so that encoding a picture maps its pixels to
known colours (~1.5 ms) instead of building a palette for it (~8 ms).

In this package "palette" means only that: the PNG's table of 256 colours its pixels are mapped to (a game's art
colours are in its colors.py). A game's painter carries its table (`Painter.palette`, 768 bytes), kept as data
beside it in `render/<name>/palette.hex` (`load`); `python -m render palette --game NAME --write` learns one from
seeded self-play boards and writes that file. Without one, the picture gets an adaptive table, as before (slower,
same look).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from typing import cast

from PIL import Image, ImageChops, ImageStat

from .style import Color

COLORS = 256
FILE = "palette.hex"  # beside a game's painter: the learned table as hex, 48 bytes a line
EXACT = 32  # the most frequent colours of the samples (flat areas) are kept exactly; the rest is learned


def learn(images: Iterable[Image.Image], keep: Sequence[Color] = (), exact: int = EXACT) -> bytes:
    """A palette (768 bytes) for pictures like `images`: the colours in `keep` (e.g. the player colours) and the
    `exact` most frequent colours exactly, the remaining entries learned from all other pixels (octree)."""
    counts: Counter[tuple[int, ...]] = Counter()
    for im in images:
        rgb_counts = cast(list[tuple[int, tuple[int, ...]]], im.convert("RGB").getcolors(1 << 24) or [])
        for count, rgb in rgb_counts:
            counts[rgb] += count
    fixed: list[tuple[int, ...]] = []
    for rgb in [tuple(c) for c in keep] + [rgb for rgb, _ in counts.most_common(exact)]:
        if rgb not in fixed and len(fixed) < COLORS:
            fixed.append(rgb)
    rest = [(rgb, n) for rgb, n in counts.items() if rgb not in set(fixed)]
    learned: list[int] = []
    room = COLORS - len(fixed)
    if rest and room:
        data = b"".join(bytes(rgb) * n for rgb, n in rest)  # every pixel once: common blends weigh more
        strip = Image.frombytes("RGB", (len(data) // 3, 1), data)
        q = strip.quantize(colors=room, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        used = sorted({i for _, i in cast(list[tuple[int, int]], q.getcolors(COLORS) or [])})
        pal = q.getpalette() or []
        learned = [v for i in used for v in pal[3 * i : 3 * i + 3]]
    entries = fixed + [tuple(learned[i : i + 3]) for i in range(0, len(learned), 3)]
    return _pack(_keep_exact(entries, len(fixed)))


def _pack(entries: list[tuple[int, ...]]) -> bytes:
    """768 bytes: the entries, the first one repeated to fill 256."""
    if not entries:
        return bytes(3 * COLORS)
    return bytes(v for rgb in entries + entries[:1] * (COLORS - len(entries)) for v in rgb)


def _keep_exact(entries: list[tuple[int, ...]], nfixed: int) -> list[tuple[int, ...]]:
    """entries without the learned ones (after the first nfixed) that a fixed colour would be mapped to instead
    of itself: Pillow maps a pixel to the entry nearest to its colour with the low 2 bits of each channel
    cleared, so a blend a little darker than a flat colour can capture that colour."""
    while True:
        strip = Image.new("RGB", (nfixed or 1, 1))
        strip.putdata(entries[:nfixed] or [(0, 0, 0)])
        got = strip.quantize(palette=palette_image(_pack(entries)), dither=Image.Dither.NONE).tobytes()[:nfixed]
        stolen = {i for i in got if nfixed <= i < len(entries)}  # (the padding repeats a fixed colour)
        if not stolen:
            return entries
        entries = [rgb for i, rgb in enumerate(entries) if i not in stolen]


@lru_cache(maxsize=16)
def palette_image(palette: bytes) -> Image.Image:
    """A "P" image carrying `palette`, as Image.quantize(palette=...) wants it."""
    if len(palette) != 3 * COLORS:
        raise ValueError(f"a palette is {3 * COLORS} bytes, not {len(palette)}")
    im = Image.new("P", (1, 1))
    im.putpalette(palette)
    return im


def psnr(a: Image.Image, b: Image.Image) -> float:
    """Peak signal-to-noise ratio of two pictures of the same size, in dB (inf when identical)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mse = sum(ImageStat.Stat(diff.point(lambda p: p * p)).mean) / 3
    return math.inf if mse == 0 else 10 * math.log10(255**2 / mse)


def load(package: str) -> bytes | None:
    """The learned table in `package`'s palette.hex, or None if it has none (or not one of 768 bytes)."""
    try:
        data = bytes.fromhex((resources.files(package) / FILE).read_text(encoding="ascii"))
    except (FileNotFoundError, ModuleNotFoundError, ValueError):
        return None
    return data if len(data) == 3 * COLORS else None


def hex_text(palette: bytes) -> str:
    """The text of a palette.hex holding `palette` (what `load` reads)."""
    hexed = palette.hex()
    return "".join(f"{hexed[i : i + 96]}\n" for i in range(0, len(hexed), 96))
