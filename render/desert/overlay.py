"""Im Reich der Wüstensöhne's overlay: the numbered caravan moves and placements framed on their spaces, with
their numbers (the other choices are listed in the legend)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import frame, panel, style
from render.layout import Layout
from render.sprites import number_badge, paste

from .board import layout_for

NUMBERED = ("caravan", "place")


def legal_choices(view: dict[str, Any]) -> list[dict[str, Any]]:
    return panel.legal_choices(view, NUMBERED)


def overlay_positions(view: dict[str, Any], lay: Layout | None = None) -> dict[int, tuple[int, int]]:
    """Centre of the number badge of each numbered legal choice with a place on the board, by its number."""
    lay = lay or layout_for(view)
    groups: dict[tuple[int, int], list[int]] = {}
    for m in legal_choices(view):
        space = m.get("to") or m.get("space")
        if not m["numbered"] or not isinstance(space, str) or lay.parse_space(space) is None:
            continue
        cx, cy = lay.space_center(space)
        groups.setdefault((cx, cy + 14), []).append(m["number"])
    out = {}
    for (cx, cy), nums in groups.items():
        for k, n in enumerate(nums):
            row, col = divmod(k, 2)
            count = min(len(nums) - row * 2, 2)
            out[n] = (cx + round((col - (count - 1) / 2) * 28), cy + row * 26 - 6)
    return out


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    d = ImageDraw.Draw(im)
    for m in legal_choices(view):
        space = m.get("to") or m.get("space")
        if m["numbered"] and isinstance(space, str) and lay.parse_space(space) is not None:
            frame.mark(d, lay.space_rect(space), style.OVERLAY, 3)
    for number, center in overlay_positions(view, lay).items():
        paste(im, number_badge(number, 26), center)
