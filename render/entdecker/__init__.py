"""Entdecker's painter: `draw(view, overlay=...)` is what the render core calls for a view whose game is
"entdecker" (see docs/render.md), with PALETTE, its fixed PNG palette; the rest is public for the tests, the docs
and the demo."""

from __future__ import annotations

from PIL import Image

from .board import background, draw_board, layout_for
from .demo import mid_game
from .legend import draw_legend, status_line
from .overlay import draw_overlay, legal_choices, overlay_positions, recall_positions
from .palette import PALETTE

__all__ = [
    "PALETTE",
    "draw",
    "layout_for",
    "legal_choices",
    "mid_game",
    "overlay_positions",
    "recall_positions",
    "status_line",
]


def draw(view: dict, *, overlay: bool) -> Image.Image:
    """The picture of an Entdecker view as an RGB image of layout_for(view).size (may raise on a malformed view)."""
    lay = layout_for(view)
    im = background(lay).copy()
    draw_board(im, view, lay)
    if overlay:
        draw_overlay(im, view, lay)
    draw_legend(im, view, lay, overlay)
    return im
