"""The palette picture of a composed board, mapping to the palette only what the view drew.

Mapping a picture to its game's fixed palette costs ~2.5 ns a pixel (Pillow's lookup per pixel; the colours found
are cached, so it hardly depends on how many there are), as much as deflating it, and much of a board is its
background (free spaces, the frame, the coordinates) in every view. So the background of a
layout is mapped once and kept, and of each view only the boxes its painter says it may have drawn on
(`Painter.drawn`, plus the panel) are mapped again and pasted in. Mapping is per pixel (no dithering), so the result
is the same picture, index for index, as mapping the whole (tests/render/core/test_indexed.py checks every moment of
self-play games of every game).
"""

from __future__ import annotations

from collections.abc import Iterable

from cachetools import LRUCache
from PIL import Image

from .layout import Rect
from .palette import palette_image

WHOLE = 0.5  # when the boxes drawn cover more of the picture than this, the whole is mapped (copying them costs)
BLOCK = 32  # px: drawn boxes are widened to this grid, then merged into one box a band of rows
# A mapped background per (layout's background, palette): a few layouts a game are in use at once. Each entry keeps
# its background alive, so that the id in its key is not reused for another picture.
_MAPPED: LRUCache[tuple[int, bytes], tuple[Image.Image, Image.Image]] = LRUCache(maxsize=8)


def mapped(im: Image.Image, palette: bytes) -> Image.Image:
    """im mapped to the palette, every pixel to its nearest entry (what PNG encoding does with a fixed palette)."""
    rgb = im if im.mode == "RGB" else im.convert("RGB")  # convert() would copy even an RGB picture
    return rgb.quantize(palette=palette_image(palette), dither=Image.Dither.NONE)


def mapped_background(base: Image.Image, palette: bytes) -> Image.Image:
    """The background mapped to the palette, once per background (the painters cache theirs per layout)."""
    key = (id(base), palette)
    hit = _MAPPED.get(key)
    if hit is None or hit[0] is not base:
        hit = _MAPPED[key] = (base, mapped(base, palette))
    return hit[1]


def bands(boxes: Iterable[Rect], size: tuple[int, int]) -> list[Rect]:
    """The boxes widened to the BLOCK grid inside a picture of `size`, as one box per band of BLOCK rows from the
    band's first drawn block to its last, bands with the same span merged: a few boxes to map however many the
    painter gave."""
    width, height = size
    spans: dict[int, tuple[int, int]] = {}
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(int(x0), 0), max(int(y0), 0), min(int(x1 + 0.999), width), min(int(y1 + 0.999), height)
        if x0 >= x1 or y0 >= y1:
            continue
        left, right = x0 // BLOCK, (x1 - 1) // BLOCK
        for band in range(y0 // BLOCK, (y1 - 1) // BLOCK + 1):
            lo, hi = spans.get(band, (left, right))
            spans[band] = (min(lo, left), max(hi, right))
    out: list[Rect] = []
    for band in sorted(spans):
        lo, hi = spans[band]
        box = (lo * BLOCK, band * BLOCK, min((hi + 1) * BLOCK, width), min((band + 1) * BLOCK, height))
        last = out[-1] if out else None
        if last and last[0] == box[0] and last[2] == box[2] and last[3] == box[1]:
            out[-1] = (last[0], last[1], last[2], box[3])
        else:
            out.append(box)
    return out


def indexed(
    im: Image.Image, palette: bytes, base: Image.Image | None = None, drawn: Iterable[Rect] | None = None
) -> Image.Image:
    """im mapped to the palette. Given the background it was drawn on and the boxes drawn on (everything outside
    them is the background's), only those boxes are mapped and pasted into the background's mapping; the whole
    picture when they cover most of it (copying them costs too)."""
    if base is None or drawn is None or base.size != im.size:
        return mapped(im, palette)
    boxes = bands(drawn, im.size)
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > WHOLE * im.width * im.height:
        return mapped(im, palette)
    out = mapped_background(base, palette).copy()
    for box in boxes:
        out.paste(mapped(im.crop(box), palette), box[:2])
    return out
