"""Drawing a square-grid board's frame for any game: the background with a picture per undiscovered space,
coordinate labels, lines between spaces, the border, frames that mark spaces, and the panel's background."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw

from . import made, style
from .layout import Layout, Picture, Rect
from .sprites import put_text

LABEL_SIZE = 30


def background(lay: Layout, empty_space: Image.Image | None = None) -> Image.Image:
    """A new picture of lay.size: the frame colour, `empty_space` pasted on every space drawn, the column letters
    and row numbers on the margins and the panel's background. Games cache it per layout and draw on a copy."""
    im = Image.new("RGB", lay.size, style.FRAME)
    if empty_space is not None:
        for c, r in lay.cells():
            im.paste(empty_space, lay.cell_rect(c, r)[:2])
    coordinate_labels(im, lay)
    panel_background(im, lay)
    return im


def coordinate_labels(im: Image.Image, lay: Layout) -> None:
    """Column letters above and below the board, row numbers left and right of it: exactly the engine's names."""
    for c in range(lay.col0, lay.col0 + lay.cols):
        for xy in lay.col_label_centers(c):
            put_text(im, xy, lay.col_name(c), LABEL_SIZE, style.TEXT, "mm", stroke=1, typed=True)
    for r in range(lay.row0, lay.row0 + lay.rows):
        for xy in lay.row_label_centers(r):
            put_text(im, xy, lay.row_name(r), LABEL_SIZE, style.TEXT, "mm", stroke=1, typed=True)


def panel_background(im: Image.Image, lay: Picture) -> None:
    d = made.pen(im)
    d.rectangle((0, lay.frame_height, lay.width, lay.height), fill=style.PANEL)
    d.line((0, lay.frame_height, lay.width, lay.frame_height), fill=style.PANEL_LINE, width=2)


def grid_lines(im: Image.Image, lay: Layout) -> None:
    """Thin lines between the spaces and a dark border around the board (drawn over the tiles)."""
    d = made.pen(im)
    x0, y0, x1, y1 = lay.board_rect
    for c in range(1, lay.cols):
        d.line((x0 + c * lay.tile, y0, x0 + c * lay.tile, y1 - 1), fill=style.GRID, width=1)
    for r in range(1, lay.rows):
        d.line((x0, y0 + r * lay.tile, x1 - 1, y0 + r * lay.tile), fill=style.GRID, width=1)
    d.rectangle((x0 - 2, y0 - 2, x1 + 1, y1 + 1), outline=style.OUTLINE, width=2)


def mark(d: ImageDraw.ImageDraw, rect: Rect, color: style.Color, width: int) -> None:
    """A frame just inside a space, dark edged so that it shows on any art (last turn's spaces, overlay targets)."""
    x0, y0, x1, y1 = rect
    d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=style.HIGHLIGHT_EDGE, width=width + 2)
    d.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=color, width=width)


def mark_spaces(d: ImageDraw.ImageDraw, lay: Layout, names: Iterable[object], color: style.Color, width: int) -> None:
    """`mark` each space of `names` (from a view: what is no space name drawn here is passed over)."""
    for name in names:
        if isinstance(name, str) and lay.parse_space(name):
            mark(d, lay.space_rect(name), color, width)
