"""The Discovery's painter: `draw(view, overlay=...)` is what the render core calls for a view whose game is
"discovery" (docs/render.md). The open map is drawn cropped to the tiles in use plus one ring of free spaces,
with x along the top and bottom and y along the sides, as the commands name them (x east, y north, start tile
0,0). PALETTE is its fixed PNG palette (`python -m render palette --game discovery --write` learns it again)."""

from __future__ import annotations

from PIL import Image

from .board import draw_board, layout_for
from .demo import mid_game
from .legend import draw_legend
from .palette import PALETTE

__all__ = ["PALETTE", "draw", "layout_for", "mid_game"]


def draw(view: dict, *, overlay: bool) -> Image.Image:
    """The picture of a Discovery view as an RGB image (may raise on a malformed view)."""
    lay = layout_for(view)
    im = draw_board(view, lay, overlay)
    draw_legend(im, view, lay)
    return im
