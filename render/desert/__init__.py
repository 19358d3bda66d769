"""Im Reich der Wüstensöhne's painter (`PAINTER`, registered in render/games.py): the board (11 x 11, columns A-K,
rows 1-11), the overlay of numbered caravan moves and placements, then the legend: players with water, camels and
goods, explorers in hand and displays; the piles; the rumour board with face-down tokens (docs/desert.md)."""

from __future__ import annotations

from engine.desert.info import INFO
from render import palette
from render.painter import Painter

from .board import background, draw_board, layout_for
from .demo import mid_game
from .legend import draw_legend, status_line
from .overlay import draw_overlay, legal_choices, overlay_positions
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
    recorded=True,
)

__all__ = ["PAINTER", "layout_for", "legal_choices", "mid_game", "overlay_positions", "status_line"]
