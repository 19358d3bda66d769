"""Entdecker's painter (`PAINTER`, registered in render/games.py): the 10 x 7 board with its frame of edge circles,
tiles, pieces and the ship, the overlay of numbered choices, and the legend below (docs/render.md). The rest is
public for the tests, the docs and the demo."""

from __future__ import annotations

from engine.entdecker.info import INFO
from render import palette
from render.painter import Painter

from .board import background, draw_board, layout_for
from .demo import mid_game
from .legend import draw_legend, status_line
from .overlay import draw_overlay, legal_choices, overlay_positions, recall_positions
from .sprites import tile_preview

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
    recorded=True,
)

__all__ = [
    "PAINTER",
    "layout_for",
    "legal_choices",
    "mid_game",
    "overlay_positions",
    "recall_positions",
    "status_line",
]
