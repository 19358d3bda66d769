"""The Discovery's overlay: each numbered placement where its tile would go (deploying, scoring and passing are
listed in the legend)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import style
from render.frame import mark
from render.sprites import badge_size, number_badge, paste

from .board import MapLayout


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: MapLayout) -> None:
    """Each placement's number where its tile would go (up to four per space, one per turn of the tile)."""
    by_space: dict[tuple[int, int], list[int]] = {}
    for e in view.get("legal") or []:
        if e.get("kind") != "place":
            continue
        x, y = (int(v) for v in str(e["at"]).split(","))
        by_space.setdefault((x, y), []).append(int(e["number"]))
    d = ImageDraw.Draw(im)
    badge = badge_size(lay.width)  # legible at chat size; four of them may reach over a small tile's border
    half = badge / 2 + 1
    for (x, y), numbers in by_space.items():
        rect = lay.cell_rect(x, y)
        mark(d, rect, style.OVERLAY, 2)
        x0, y0, x1, y1 = rect
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        spots = [(0, 0)] if len(numbers) == 1 else [(-1, -1), (1, -1), (-1, 1), (1, 1)]
        for n, (fx, fy) in zip(numbers, spots, strict=False):
            paste(im, number_badge(n, badge), (cx + fx * half, cy + fy * half))
