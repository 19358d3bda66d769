"""An animated GIF of a game, one frame per turn (`/game replay`, issue 24): GIF because Discord animates it in every
client (an APNG shows its first frame only; WebP animates in some clients).

Every frame is drawn as the board is (render_image) at a reduced scale, padded to the largest frame's size (a
board that grows, The Discovery's open map, keeps its place), and mapped to one shared palette: the painter's fixed
palette, or one built once from the last frame (the fullest board). Pillow's GIF writer then stores only the
rectangle that changed from the frame before (frames of one palette are compared index by index) and, with
`optimize`, trims the palette to the colours used. A plain top-level function of plain data, like png_for, so a
render worker process can draw it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

from . import palette_of, render_image
from .palette import palette_image

SCALE = 0.5  # a replay's frames are half the board's size: a quarter of the pixels to draw, map and compress
FRAME_MS = 700  # each turn shows this long
LAST_FRAME_MS = 3000  # the final board stays a while before the loop starts again
MIN_SCALE = 0.2
SCALE_STEP = 0.75  # each retry for an upload limit scales the frames by this


def frames(views: Sequence[dict[str, Any]], scale: float = SCALE) -> list[Image.Image]:
    """The RGB pictures of the views at `scale`, padded to one size with the first picture's corner colour."""
    pictures = [_scaled(render_image(view), scale) for view in views]
    width, height = max(im.width for im in pictures), max(im.height for im in pictures)
    out = []
    for im in pictures:
        if im.size == (width, height):
            out.append(im)
            continue
        padded = Image.new("RGB", (width, height), im.getpixel((0, 0)))
        padded.paste(im, ((width - im.width) // 2, (height - im.height) // 2))
        out.append(padded)
    return out


def _scaled(im: Image.Image, scale: float) -> Image.Image:
    """`im` at `scale`: halving is Pillow's box reduce (~1 ms for a board, a tenth of a bilinear resize)."""
    if scale == 1.0:
        return im
    if scale == 0.5:
        return im.reduce(2)
    return im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))), Image.Resampling.BILINEAR)


def encode(pictures: Sequence[Image.Image], fixed: bytes | None) -> bytes:
    """The GIF of `pictures` in one palette (`fixed`, else the last picture's own)."""
    if fixed is not None:
        shared = palette_image(fixed)
    else:
        shared = pictures[-1].quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    mapped = [im.quantize(palette=shared, dither=Image.Dither.NONE) for im in pictures]
    durations = [FRAME_MS] * (len(mapped) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    mapped[0].save(
        buf, "GIF", save_all=True, append_images=mapped[1:], duration=durations, loop=0, optimize=True, disposal=1
    )
    return buf.getvalue()


def gif_for(views: Sequence[dict[str, Any]], max_bytes: int | None = None) -> bytes | None:
    """The animated GIF of `views` (one frame each, in order), smaller rather than over `max_bytes`; None if there
    are no views or even the smallest scale does not fit."""
    if not views:
        return None
    fixed = palette_of(views[-1])
    scale = SCALE
    while True:
        data = encode(frames(views, scale), fixed)
        if max_bytes is None or len(data) <= max_bytes:
            return data
        scale *= SCALE_STEP
        if scale < MIN_SCALE:
            return None
