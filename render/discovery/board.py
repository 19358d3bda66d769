"""The map: the window of tiles in use plus a ring of free spaces, coordinates on the margins, tiles, followers
(their role by shape, their seat by number: sprites.py), and the last tile framed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import style
from render.frame import mark, panel_background
from render.layout import Picture
from render.sprites import paste, put_text

from .colors import EMPTY, EMPTY_LINE
from .sprites import follower_sprite
from .tiles import anchor, look_of, tile_image

MAX_SIDE = 1100  # the map's longest side in px, so an 84-tile map stays readable on a phone and small to upload
MAX_TILE = 96
MIN_TILE = 40
MARGIN = 40
PANEL_HEIGHT = 340


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
        return max(2 * self.margin + self.cols * self.tile, 960)

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


def layout_for(view: dict[str, Any]) -> MapLayout:
    b = view.get("bounds") or {}
    min_x, max_x = int(b.get("min_x", 0)) - 1, int(b.get("max_x", 0)) + 1
    min_y, max_y = int(b.get("min_y", 0)) - 1, int(b.get("max_y", 0)) + 1
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    tile = max(MIN_TILE, min(MAX_TILE, (MAX_SIDE - 2 * MARGIN) // max(cols, rows)))
    return MapLayout(min_x, max_y, cols, rows, tile)


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
    size = 22 if lay.tile >= 56 else 17
    for c in range(lay.cols):
        x = lay.min_x + c
        cx = x0 + c * lay.tile + lay.tile // 2
        for cy in (lay.margin // 2, lay.frame_height - lay.margin // 2):
            put_text(im, (cx, cy), str(x), size, style.TEXT, "mm")
    for r in range(lay.rows):
        y = lay.max_y - r
        cy = y0 + r * lay.tile + lay.tile // 2
        for cx in (lay.left - lay.margin // 2 + 2, lay.left + lay.cols * lay.tile + lay.margin // 2 - 2):
            put_text(im, (cx, cy), str(y), size, style.TEXT, "mm")
    put_text(im, (lay.left - lay.margin // 2 + 2, lay.margin // 2), "y\\x", size, style.TEXT_DIM, "mm")
    panel_background(im, lay)
    return im


def draw_board(im: Image.Image, view: dict[str, Any], lay: MapLayout) -> None:
    d = ImageDraw.Draw(im)
    looks = {}
    last_turn = max((t.get("turn", 0) for t in view.get("tiles") or []), default=0)
    for t in view.get("tiles") or []:
        look = look_of(t)
        looks[(t["x"], t["y"])] = look
        x0, y0, _, _ = lay.cell_rect(t["x"], t["y"])
        im.paste(tile_image(look, lay.tile), (x0, y0))
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
        paste(im, follower_sprite(int(f["player"]), str(f["role"]), lay.tile), (x0 + ax, y0 + ay))
