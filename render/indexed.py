"""The palette picture of a composed board, mapping to the palette only what was blended into it.

Mapping a picture to its game's fixed palette costs ~2.5-3 ns a pixel (Pillow's lookup per pixel; the colours found
are cached, so it hardly depends on how many there are), as much as deflating it. Most of a board is flat colour:
its background (the same in every view of a layout), tile art pasted whole, lines and shapes in one colour. So the
background of a layout is mapped once and kept, each pasted picture once and kept, the shapes are drawn again on the
palette picture with their colours' palette indices, and only the boxes where something was blended in (sprites
with their alpha, text) are mapped from the finished picture: the painter's drawing noted all of it
(render/made.py). Mapping is per pixel (no dithering), so the result is the same picture, index for index, as
mapping the whole (tests/render/core/test_indexed.py checks every moment of self-play games of every game).
"""

from __future__ import annotations

from collections.abc import Iterable

from cachetools import LRUCache
from PIL import Image, ImageColor

from . import made
from .layout import Rect
from .palette import palette_image

# What rebuilding costs beside mapping the blended boxes, in pixels mapped whole in the same time (~1.8 ns a pixel;
# measured on the boards of every game): a step repeated ~8 us, a box copied in and out ~10 us, the copies of the
# background and the strip ~0.4 ms; and a pixel of the strip costs ~10 % more than one of the whole picture.
STEP_PIXELS = 4000
BOX_PIXELS = 5000
FIXED_PIXELS = 200_000
STRIP_PIXEL = 1.1
BLOCK = 16  # px: blended boxes are widened to this grid, then merged into a few boxes a band of rows
GAP = 3  # blocks: two boxes of a band closer than this are mapped as one (each mapping costs ~20 us, ~7000 px)
TALL = 4  # blocks: bands with the same runs are merged into boxes at most this tall (taller ones pack loosely)
# A mapped background per (layout's background, palette): a few layouts a game are in use at once. Each entry keeps
# its background alive, so that the id in its key is not reused for another picture.
_MAPPED: LRUCache[tuple[int, bytes], tuple[Image.Image, Image.Image]] = LRUCache(maxsize=8)
# A mapped picture per pasted picture (tile art, thumbnails: the painters cache them), bounded by its pixels
ART_PIXELS = 8 << 20
_ARTS: LRUCache[tuple[int, bytes], tuple[Image.Image, Image.Image]] = LRUCache(
    ART_PIXELS, getsizeof=lambda hit: hit[0].width * hit[0].height
)
_INKS: dict[tuple[object, bytes], int | None] = {}


def mapped(im: Image.Image, palette: bytes) -> Image.Image:
    """im mapped to the palette, every pixel to its nearest entry (what PNG encoding does with a fixed palette)."""
    rgb = im if im.mode == "RGB" else im.convert("RGB")  # convert() would copy even an RGB picture
    return rgb.quantize(palette=palette_image(palette), dither=Image.Dither.NONE)


def _kept(
    cache: LRUCache[tuple[int, bytes], tuple[Image.Image, Image.Image]], im: Image.Image, palette: bytes
) -> Image.Image:
    key = (id(im), palette)
    hit = cache.get(key)
    if hit is None or hit[0] is not im:
        hit = cache[key] = (im, mapped(im, palette))
    return hit[1]


def mapped_background(base: Image.Image, palette: bytes) -> Image.Image:
    """The background mapped to the palette, once per background (the painters cache theirs per layout)."""
    return _kept(_MAPPED, base, palette)


def mapped_art(art: Image.Image, palette: bytes) -> Image.Image:
    """A pasted picture mapped to the palette, once per picture."""
    return _kept(_ARTS, art, palette)


def ink(color: object, palette: bytes) -> int | None:
    """The palette index a pixel of `color` maps to (an RGB(A) tuple or a colour name); None for anything else."""
    key = (color, palette)
    if key not in _INKS:
        rgb = ImageColor.getrgb(color)[:3] if isinstance(color, str) else color
        ok = isinstance(rgb, tuple) and len(rgb) in (3, 4) and all(isinstance(v, int) for v in rgb)
        _INKS[key] = mapped(Image.new("RGB", (1, 1), rgb[:3]), palette).getpixel((0, 0)) if ok else None  # type: ignore[index,assignment]
    return _INKS[key]


def bands(boxes: Iterable[Rect], size: tuple[int, int]) -> list[Rect]:
    """The boxes widened to the BLOCK grid inside a picture of `size`, as a few boxes per band of BLOCK rows (runs
    of blocks, merged across gaps under GAP blocks), bands with the same runs merged: a few boxes to map however
    many the painter gave."""
    width, height = size
    runs: dict[int, list[tuple[int, int]]] = {}
    for x0, y0, x1, y1 in boxes:
        left, right = max(int(x0), 0) // BLOCK, (min(int(x1 + 0.999), width) - 1) // BLOCK
        top, bottom = max(int(y0), 0) // BLOCK, (min(int(y1 + 0.999), height) - 1) // BLOCK
        if left > right or top > bottom or x1 <= 0 or y1 <= 0:
            continue
        for band in range(top, bottom + 1):
            runs.setdefault(band, []).append((left, right))
    out: list[Rect] = []
    above: dict[tuple[int, int], int] = {}  # the previous band's runs: (x0, x1) -> index in out
    for band in sorted(runs):
        y0, y1 = band * BLOCK, min((band + 1) * BLOCK, height)
        now: dict[tuple[int, int], int] = {}
        spans = sorted(runs[band])
        lo, hi = spans[0]
        for a, b in [*spans[1:], (1 << 30, 0)]:
            if a <= hi + GAP:
                hi = max(hi, b)
                continue
            x0, x1 = lo * BLOCK, min((hi + 1) * BLOCK, width)
            k = above.get((x0, x1))
            if k is not None and out[k][3] == y0 and y0 - out[k][1] < TALL * BLOCK:
                out[k] = (x0, out[k][1], x1, y1)
            else:
                k = len(out)
                out.append((x0, y0, x1, y1))
            now[(x0, x1)] = k
            lo, hi = a, b
        above = now
    return out


def indexed(im: Image.Image, palette: bytes) -> Image.Image:
    """im mapped to the palette. A picture whose drawing was noted (render/made.py) is rebuilt from the mapped
    background, pasted pictures and shapes, with only its blended boxes mapped; the whole picture is mapped when
    that would cost more (`worth`), or when nothing was noted."""
    rec = made.of(im)
    if rec is None or rec.base.size != im.size:
        return mapped(im, palette)
    if not worth(rec, rec.fresh, im.size, per_box=0):  # a cheap first look: the boxes as noted, before bands
        return mapped(im, palette)
    boxes = bands(rec.fresh, im.size)
    if not worth(rec, boxes, im.size):
        return mapped(im, palette)
    out = mapped_background(rec.base, palette).copy()
    if not made.replay(out, rec.steps, lambda art: mapped_art(art, palette), lambda color: ink(color, palette)):
        return mapped(im, palette)
    if boxes:
        spots, size = packed(boxes, im.width)
        # Pillow's core crop and paste: the boxes are inside both pictures, which Image's checks cost ~10 us a call
        strip = Image.new("RGB", size)
        src, dst = im.im, strip.im
        for (x0, y0, x1, y1), (sx, sy) in zip(boxes, spots, strict=True):
            dst.paste(src.crop((x0, y0, x1, y1)), (sx, sy, sx + x1 - x0, sy + y1 - y0))
        src, dst = mapped(strip, palette).im, out.im
        for (x0, y0, x1, y1), (sx, sy) in zip(boxes, spots, strict=True):
            dst.paste(src.crop((sx, sy, sx + x1 - x0, sy + y1 - y0)), (x0, y0, x1, y1))
    return out


def worth(rec: made.Record, boxes: list[Rect], size: tuple[int, int], per_box: int = BOX_PIXELS) -> bool:
    """Whether rebuilding from the record costs less than mapping the whole picture: not when the blended boxes
    and the steps add up to about its pixels (Python's cost per step then outweighs Pillow's per pixel)."""
    blended = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) * STRIP_PIXEL
    return blended + len(rec.steps) * STEP_PIXELS + len(boxes) * per_box + FIXED_PIXELS < size[0] * size[1]


def packed(boxes: list[Rect], width: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """Where each box goes in one strip `width` px wide, and the strip's size: the boxes are mapped in one go,
    because mapping finds each colour's entry once a call (a few us each), which separate calls would pay again
    and again. Every pixel of the strip is mapped, so it is packed tight: the strip is lanes of BLOCK rows, each
    filled from the left; a box (the tallest first, then the widest) takes the lanes it spans where they are
    least filled (a box of k lanes starts at a multiple of k: few places to try), and new lanes when it fits
    nowhere. (Rows of boxes as high as their tallest left 20-60 % of the strip empty: ~2 ns a pixel mapped.)"""
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i][1] - boxes[i][3], boxes[i][0] - boxes[i][2]))
    spots: list[tuple[int, int]] = [(0, 0)] * len(boxes)
    fill: list[int] = []  # how far each lane of BLOCK rows is filled
    for i in order:
        x0, y0, x1, y1 = boxes[i]
        w = int(x1 - x0)
        k = -(-int(y1 - y0) // BLOCK)
        if k == 1:
            x = min(fill, default=width)
            lane = fill.index(x) if fill else 0
        else:
            tops = [max(fill[j : j + k]) for j in range(0, len(fill) - k + 1, k)]
            x = min(tops, default=width)
            lane = tops.index(x) * k if tops else 0
        if x + w > width:
            lane, x = len(fill), 0
            fill.extend([0] * k)
        spots[i] = (x, lane * BLOCK)
        fill[lane : lane + k] = [x + w] * k
    return spots, (width, len(fill) * BLOCK)
