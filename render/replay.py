"""An animated GIF of a game, one frame per turn (`/game replay`, issue 24): GIF because Discord animates it in every
client (an APNG shows its first frame only; WebP animates in some clients).

A frame is the board picture of its view, drawn in one layout for the whole replay (the last view's, when it holds
every view, `Painter.holds`: a fixed board, a map that only grows; nothing moves, no frame is padded),
with its text composed from cached words and digits (`sprites.pieced`: a replay's lines each come once, their words
on every frame), at a whole fraction of the board's size (half: what a phone shows of a chat picture). Of each frame
only what changed from the frame before is reduced and mapped to the game's fixed palette (the changed rectangles of
each band of rows, on even pixels so that reducing a piece gives exactly the pixels of reducing the whole) and pasted
into a copy of the previous palette frame: a turn changes a few tiles and some lines of the legend, so most of a
frame costs nothing. Pillow's GIF writer then compares the palette frames index by index and stores of each only the
rectangle that changed, the unchanged pixels in it transparent. A plain top-level function of plain data, like
png_for, so a render worker process can draw it."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageChops

from .layout import Picture, Rect
from .painter import Painter
from .palette import palette_image
from .sprites import pieced

DIVISORS = (2, 3, 4, 5)  # a frame is the board reduced by the first; each retry for an upload limit by the next
FRAME_MS = 700  # each turn shows this long
LAST_FRAME_MS = 3000  # the final board stays a while before the loop starts again
BAND = 64  # px of the board's rows: changes are found and mapped per band, so a tile and a score far apart stay two

View = dict[str, Any]
Fallback = Callable[[View], Image.Image]  # the picture of a view its painter could not draw (render_image)


def _layouts(painter: Painter[Any], views: Sequence[View]) -> list[Picture | None]:
    """The last view's layout for every view if it holds them all (`Painter.holds`: a fixed board, a map that only
    grows); else each view's own (None: the painter cannot lay it out, the safety net draws it)."""
    try:
        last = painter.layout(views[-1])
        if all(painter.holds_view(last, view) for view in views):
            return [last] * len(views)
    except Exception:
        pass
    layouts: list[Picture | None] = []
    for view in views:
        try:
            layouts.append(painter.layout(view))
        except Exception:
            layouts.append(None)
    return layouts


def _boards(painter: Painter[Any], views: Sequence[View], fallback: Fallback) -> Callable[[int], Image.Image]:
    """draw(i): view i's RGB board, all of one size (the last view's layout, or each centred on the largest)."""
    layouts = _layouts(painter, views)
    sizes = [lay.size for lay in layouts if lay is not None] or [fallback(views[-1]).size]
    size = (max(w for w, _ in sizes), max(h for _, h in sizes))
    bases: dict[int, Image.Image] = {}  # one frame base per layout (all frames share one when the last holds all)

    def draw(i: int) -> Image.Image:
        lay = layouts[i]
        try:
            if lay is None:
                raise ValueError("no layout")
            base = bases.get(id(lay))
            if base is None:
                base = bases.setdefault(id(lay), painter.frame_base(lay))
            im = painter.draw_frame(views[i], lay, base)
        except Exception:  # a frame with less on it beats no replay
            im = fallback(views[i])
        if im.size == size:
            return im
        canvas = Image.new("RGB", size, im.getpixel((0, 0)))
        canvas.paste(im.crop((0, 0, min(im.width, size[0]), min(im.height, size[1]))), _centred(im.size, size))
        return canvas

    return draw


def _centred(inner: tuple[int, int], outer: tuple[int, int]) -> tuple[int, int]:
    return (max((outer[0] - inner[0]) // 2, 0), max((outer[1] - inner[1]) // 2, 0))


def changed(before: Image.Image, after: Image.Image, divisor: int) -> list[Rect]:
    """The rectangles where `after` differs from `before`, one per band of BAND rows that changed, widened to
    multiples of `divisor` (so that each reduces to whole pixels of the reduced frame)."""
    diff = ImageChops.difference(before, after)
    whole = diff.getbbox()
    if whole is None:
        return []
    width, height = after.size
    out: list[Rect] = []
    for top in range(whole[1] - whole[1] % BAND, whole[3], BAND):
        box = diff.crop((whole[0], top, whole[2], min(top + BAND, height))).getbbox()
        if box is None:
            continue
        x0, y0, x1, y1 = whole[0] + box[0], top + box[1], whole[0] + box[2], top + box[3]
        out.append(
            (
                x0 - x0 % divisor,
                y0 - y0 % divisor,
                min(x1 + (-x1) % divisor, width),
                min(y1 + (-y1) % divisor, height),
            )
        )
    return out


def _mapped(im: Image.Image, divisor: int, shared: Image.Image) -> Image.Image:
    return im.reduce(divisor).quantize(palette=shared, dither=Image.Dither.NONE)


def frames(draw: Callable[[int], Image.Image], count: int, fixed: bytes | None, divisor: int) -> list[Image.Image]:
    """The `count` palette frames (`draw(i)`: the RGB board of frame i, all of one size) reduced by `divisor`, in
    one palette (the painter's fixed one; else one built from the last frame, the fullest board), each a copy of the
    frame before with what changed mapped anew."""
    with pieced():
        if fixed is not None:
            shared = palette_image(fixed)
        else:
            shared = (
                draw(count - 1)
                .reduce(divisor)
                .quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            )
        out: list[Image.Image] = []
        before: Image.Image | None = None
        for i in range(count):
            board = draw(i)
            if before is None:
                frame = _mapped(board, divisor, shared)
            else:
                frame = out[-1].copy()
                for box in changed(before, board, divisor):
                    frame.paste(_mapped(board.crop(box), divisor, shared), (box[0] // divisor, box[1] // divisor))
            out.append(frame)
            before = board
    return out


def encode(mapped: Sequence[Image.Image]) -> bytes:
    """The GIF of frames of one palette; Pillow stores of each only the rectangle that changed."""
    durations = [FRAME_MS] * (len(mapped) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    mapped[0].save(
        buf, "GIF", save_all=True, append_images=mapped[1:], duration=durations, loop=0, optimize=True, disposal=1
    )
    return buf.getvalue()


def gif(views: Sequence[View], painter: Painter[Any], fallback: Fallback, max_bytes: int | None = None) -> bytes | None:
    """The animated GIF of `views` (in order) drawn by `painter` (the last view's), smaller rather than over
    `max_bytes`; None if there are none or even the smallest frames do not fit."""
    if not views:
        return None
    draw = _boards(painter, views, fallback)
    for divisor in DIVISORS:
        data = encode(frames(draw, len(views), painter.palette, divisor))
        if max_bytes is None or len(data) <= max_bytes:
            return data
    return None
