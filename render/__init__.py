"""Pictures of a game for everyone in the channel: a pure function from the engine's view to PNG bytes.

Public API::

    render_board(view, overlay=False, scale=1.0) -> bytes      # PNG
    render_image(view, overlay=False) -> PIL.Image.Image       # RGB, layout_for(view).size
    shrink_png(view, max_bytes, overlay=False) -> bytes        # the largest scale that fits max_bytes
    layout_for(view) / layout(cols, rows) -> Layout            # space name -> pixel rect, label positions

Only what the view holds is drawn, and nothing that depends on who is looking: personal tiles are counted, never
shown, so every seat's view of the same state gives the same picture (the overlay draws the viewer's `legal`).
"""

from __future__ import annotations

import io

from PIL import Image

from .board import draw_board, draw_overlay, legal_choices, overlay_positions, recall_positions
from .layout import TILE, Layout, layout, layout_for
from .panel import draw_panel, status_line

__all__ = [
    "TILE",
    "Layout",
    "compose",
    "encode",
    "layout",
    "layout_for",
    "legal_choices",
    "overlay_positions",
    "recall_positions",
    "render_board",
    "render_image",
    "shrink_png",
    "status_line",
]

PNG_COLORS = 256


def compose(view: dict, *, overlay: bool = False) -> Image.Image:
    """The picture as an RGB image (may raise on a malformed view; render_image never does)."""
    from .board import _background

    lay = layout_for(view)
    im = _background(lay).copy()
    draw_board(im, view, lay)
    if overlay:
        draw_overlay(im, view, lay)
    draw_panel(im, view, lay, overlay)
    return im


def render_image(view: dict, *, overlay: bool = False) -> Image.Image:
    """The picture of view as an RGB image of layout_for(view).size pixels. Never raises on a view."""
    try:
        return compose(view, overlay=overlay)
    except Exception:  # a picture with less on it beats no picture
        try:
            return compose(view, overlay=False)
        except Exception:
            from .board import _background

            return _background(layout_for(view if isinstance(view, dict) else {})).copy()


PNG_LEVEL = 3  # zlib level: 3 is as small as 6 on a 256-colour picture, and twice as fast


def encode(im: Image.Image) -> bytes:
    """PNG bytes of an RGB picture: quantized to a 256-colour palette (the art is flat colours, so this is
    invisible), which makes the file ~3x smaller and the encoding ~2x faster than RGB."""
    pal = im.quantize(colors=PNG_COLORS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def render_board(view: dict, *, overlay: bool = False, scale: float = 1.0) -> bytes:
    """PNG of view (see render_image); scale < 1 gives a smaller picture for small upload limits."""
    im = render_image(view, overlay=overlay)
    if scale != 1.0:
        scale = min(max(scale, 0.1), 4.0)
        im = im.resize((max(round(im.width * scale), 1), max(round(im.height * scale), 1)), Image.Resampling.LANCZOS)
    return encode(im)


def shrink_png(view: dict, max_bytes: int, *, overlay: bool = False) -> bytes:
    """The PNG of view at the largest scale (1, 0.85, 0.7, ...) whose size is at most max_bytes."""
    data = render_board(view, overlay=overlay)
    scale = 1.0
    while len(data) > max_bytes and scale > 0.2:
        scale = round(scale - 0.15, 2)
        data = render_board(view, overlay=overlay, scale=scale)
    return data
