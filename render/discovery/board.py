"""The map: the window of tiles in use plus a ring of free spaces, coordinates on the margins, tiles, followers
(their role by shape, their seat by number: sprites.py), and the last tile framed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import made, style
from render.frame import mark, panel_background
from render.layout import Picture
from render.sprites import paste, put_text

from .colors import EMPTY, EMPTY_LINE
from .sprites import follower_sprite
from .tiles import anchor, look_of, tile_image

MAX_SIDE = 1100  # the map's width in px at most, so an 84-tile map stays readable on a phone and small to upload
MIN_WIDTH = 960  # the panel needs this much
MAX_TILE = 96
MIN_TILE = 24
MARGIN = 56  # room for the coordinates ("-10") at a size players can read on a phone
KEY_HEIGHT = 44  # the line along the panel's bottom that says what the map's symbols mean
PANEL_HEIGHT = 320 + KEY_HEIGHT
# The map is drawn in a window around the start tile reaching to each side (west, east, north, south) the first of
# these that holds the tiles in use plus a ring of free spaces: the frame (and the tile size) changes only when the map
# outgrows a step, a handful of times a game, so a place stays in the same spot from one turn to the next.
HALF_SPANS = (4, 7, 10, 14, 19, 26, 36, 50)  # 4-5 changes in a five-player game (tests)


@dataclass(frozen=True)
class MapLayout(Picture):
    min_x: int  # the x of the first column drawn
    max_y: int  # the y of the first row drawn
    cols: int
    rows: int
    tile: int
    margin: int = MARGIN
    panel_height: int = PANEL_HEIGHT

    @property
    def width(self) -> int:
        return max(2 * self.margin + self.cols * self.tile, MIN_WIDTH)

    @property
    def left(self) -> int:
        return (self.width - self.cols * self.tile) // 2

    @property
    def frame_height(self) -> int:
        return 2 * self.margin + self.rows * self.tile

    def cell_rect(self, x: int, y: int) -> tuple[int, int, int, int]:
        px = self.left + (x - self.min_x) * self.tile
        py = self.margin + (self.max_y - y) * self.tile
        return (px, py, px + self.tile, py + self.tile)


def half_span(extent: int) -> int:
    """The first step of HALF_SPANS that holds `extent` columns (or rows) on one side of the start tile."""
    extent = max(extent, 1)
    return next((h for h in HALF_SPANS if h >= extent), extent)


def layout_for(view: dict[str, Any]) -> MapLayout:
    b = view.get("bounds") or {}
    west, east = half_span(1 - int(b.get("min_x", 0))), half_span(int(b.get("max_x", 0)) + 1)
    north, south = half_span(int(b.get("max_y", 0)) + 1), half_span(1 - int(b.get("min_y", 0)))
    # at least two more columns than rows: with the panel below, a window as tall as wide would make the picture
    # taller than 5:4 (the columns are added on the side that has fewer)
    short = north + south + 2 - (west + east)
    if short > 0:
        west, east = (west + short, east) if west <= east else (west, east + short)
    return _window(west, east, north, south)


def holds(lay: MapLayout, view: dict[str, Any]) -> bool:
    """Whether the view's map lies inside the layout's window: a replay draws every frame in the last view's window
    (render/replay.py), which holds every earlier map, since the map only grows."""
    b = view.get("bounds") or {}
    x0, x1 = int(b.get("min_x", 0)), int(b.get("max_x", 0))
    y0, y1 = int(b.get("min_y", 0)), int(b.get("max_y", 0))
    return lay.min_x <= x0 and x1 < lay.min_x + lay.cols and y1 <= lay.max_y and lay.max_y - lay.rows < y0


@lru_cache(maxsize=64)
def _window(west: int, east: int, north: int, south: int) -> MapLayout:
    """The layout of the window from x = -west to east and y = -south to north: the largest tile that keeps the
    picture at most MAX_SIDE wide and its shape between 4:5 and 5:4 (with the panel below)."""
    cols, rows = west + east + 1, north + south + 1
    tile = MAX_TILE
    while tile > MIN_TILE:
        lay = MapLayout(-west, north, cols, rows, tile)
        if lay.width <= MAX_SIDE and lay.height <= lay.width / style.SHAPE[0]:
            break
        tile -= 1
    return MapLayout(-west, north, cols, rows, tile)


@lru_cache(maxsize=16)
def background(lay: MapLayout) -> Image.Image:
    """The free map of the layout with its coordinates, and the panel's background."""
    im = Image.new("RGB", lay.size, style.FRAME)
    d = ImageDraw.Draw(im)
    x0, y0, _, _ = lay.cell_rect(lay.min_x, lay.max_y)
    d.rectangle((x0, y0, x0 + lay.cols * lay.tile - 1, y0 + lay.rows * lay.tile - 1), fill=EMPTY)
    for c in range(lay.cols + 1):
        d.line((x0 + c * lay.tile, y0, x0 + c * lay.tile, y0 + lay.rows * lay.tile), fill=EMPTY_LINE)
    for r in range(lay.rows + 1):
        d.line((x0, y0 + r * lay.tile, x0 + lay.cols * lay.tile, y0 + r * lay.tile), fill=EMPTY_LINE)
    size = style.min_size(lay.width, typed=True)  # the coordinates players type
    for c in range(lay.cols):
        x = lay.min_x + c
        cx = x0 + c * lay.tile + lay.tile // 2
        for cy in (lay.margin // 2, lay.frame_height - lay.margin // 2):
            put_text(im, (cx, cy), str(x), size, style.TEXT, "mm", typed=True)
    for r in range(lay.rows):
        y = lay.max_y - r
        cy = y0 + r * lay.tile + lay.tile // 2
        for cx in (lay.left - lay.margin // 2 + 2, lay.left + lay.cols * lay.tile + lay.margin // 2 - 2):
            put_text(im, (cx, cy), str(y), size, style.TEXT, "mm", typed=True)
    put_text(
        im, (lay.left - lay.margin // 2 + 2, lay.margin // 2), "y\\x", style.min_size(lay.width), style.TEXT_DIM, "mm"
    )
    panel_background(im, lay)
    return im


def draw_board(im: Image.Image, view: dict[str, Any], lay: MapLayout) -> None:
    d = made.pen(im)
    looks = {}
    last_turn = max((t.get("turn", 0) for t in view.get("tiles") or []), default=0)
    for t in view.get("tiles") or []:
        look = look_of(t)
        looks[(t["x"], t["y"])] = look
        x0, y0, _, _ = lay.cell_rect(t["x"], t["y"])
        made.place(im, tile_image(look, lay.tile), (x0, y0))
    for t in view.get("tiles") or []:
        if t["x"] == 0 and t["y"] == 0:
            d.rectangle(lay.cell_rect(0, 0), outline=(250, 250, 250), width=1)
        if last_turn and t.get("turn") == last_turn:
            mark(d, lay.cell_rect(t["x"], t["y"]), style.HIGHLIGHT, 3)
    for f in view.get("followers") or []:
        under = looks.get((f["x"], f["y"]))
        if under is None:
            continue
        ax, ay = anchor(under, int(f["region"]), lay.tile)
        x0, y0, _, _ = lay.cell_rect(f["x"], f["y"])
        sprite = follower_sprite(int(f["player"]), str(f["role"]), lay.tile, style.min_size(lay.width))
        paste(im, sprite, (x0 + ax, y0 + ay))
