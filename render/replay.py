"""An animated GIF of a game, one frame per turn (`/game replay`, issue 24): GIF because Discord animates it in every
client (an APNG shows its first frame only; WebP animates in some clients).

Every frame is drawn as the board is (render_image) at a reduced scale and mapped at once to one shared palette (the
painter's fixed palette, or one built from the last frame, the fullest board), so that only one byte a pixel of each
frame is kept while the others are drawn; then each is centred on a canvas as wide and as tall as the largest (a map
without edges changes its shape as it grows). Pillow's GIF writer then stores only the
rectangle that changed from the frame before (frames of one palette are compared index by index) and, with
`optimize`, trims the palette to the colours used. A plain top-level function of plain data, like png_for, so a
render worker process can draw it."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

from .palette import palette_image

SCALE = 0.5  # a replay's frames are half the board's size: a quarter of the pixels to draw, map and compress
FRAME_MS = 700  # each turn shows this long
LAST_FRAME_MS = 3000  # the final board stays a while before the loop starts again
MIN_SCALE = 0.2
SCALE_STEP = 0.75  # each retry for an upload limit scales the frames by this


def _scaled(im: Image.Image, scale: float) -> Image.Image:
    """`im` at `scale`: halving is Pillow's box reduce (~1 ms for a board, a tenth of a bilinear resize)."""
    if scale == 1.0:
        return im
    if scale == 0.5:
        return im.reduce(2)
    return im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))), Image.Resampling.BILINEAR)


def _padded(mapped: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A palette frame centred on a canvas of `size` filled with its corner colour."""
    if mapped.size == size:
        return mapped
    canvas = Image.new("P", size, mapped.getpixel((0, 0)))
    canvas.putpalette(mapped.getpalette() or [])
    canvas.paste(mapped, ((size[0] - mapped.width) // 2, (size[1] - mapped.height) // 2))
    return canvas


def frames(draw: Callable[[int], Image.Image], count: int, fixed: bytes | None, scale: float) -> list[Image.Image]:
    """The `count` frames (`draw(i)`: the RGB board of frame i) at `scale`, in one palette, on one canvas (the
    largest frame's width and height)."""
    if fixed is not None:
        shared = palette_image(fixed)
    else:
        shared = _scaled(draw(count - 1), scale).quantize(
            colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    mapped = [_scaled(draw(i), scale).quantize(palette=shared, dither=Image.Dither.NONE) for i in range(count)]
    size = (max(m.width for m in mapped), max(m.height for m in mapped))
    return [_padded(m, size) for m in mapped]


def encode(mapped: Sequence[Image.Image]) -> bytes:
    """The GIF of frames of one palette; Pillow stores of each only the rectangle that changed."""
    durations = [FRAME_MS] * (len(mapped) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    mapped[0].save(
        buf, "GIF", save_all=True, append_images=mapped[1:], duration=durations, loop=0, optimize=True, disposal=1
    )
    return buf.getvalue()


def gif(
    draw: Callable[[int], Image.Image], count: int, fixed: bytes | None, max_bytes: int | None = None
) -> bytes | None:
    """The animated GIF of `count` boards (`draw(i)`, in order; `fixed`: the painter's palette, if it has one),
    smaller rather than over `max_bytes`; None if there are none or even the smallest scale does not fit."""
    scale = SCALE
    while count > 0:
        data = encode(frames(draw, count, fixed, scale))
        if max_bytes is None or len(data) <= max_bytes:
            return data
        scale *= SCALE_STEP
        if scale < MIN_SCALE:
            break
    return None
