"""The Discovery's painter (`PAINTER`, registered in render/games.py). The open map is drawn cropped to the tiles
in use plus one ring of free spaces, with x along the top and bottom and y along the sides, as the commands name
them (x east, y north, start tile 0,0); the overlay numbers the placements; the legend is below (docs/discovery.md)."""

from __future__ import annotations

from engine.discovery.info import INFO
from render import palette
from render.painter import Painter

from .board import background, draw_board, holds, layout_for
from .demo import mid_game
from .legend import draw_legend, status_line
from .overlay import draw_overlay
from .tiles import tile_preview

PALETTE = palette.load(__name__)  # the PNG's quantisation table, learned beside the painter
PAINTER = Painter(
    INFO.name,
    layout_for,
    background,
    draw_board,
    draw_legend,
    draw_overlay,
    PALETTE,
    mid_game,
    tile_preview,
    holds=holds,  # the map only grows: a replay draws every frame in the last view's window
    recorded=True,  # it draws through render/made.py (Painter.recorded)
)

__all__ = ["PAINTER", "layout_for", "mid_game", "status_line"]
