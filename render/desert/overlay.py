"""Im Reich der Wüstensöhne's overlay: the numbered caravan moves and placements framed on their spaces, with
their numbers (the other choices are listed in the legend). A caravan may reach most of the board: when it has more
than FEW moves, only those that discover something carry their number on the board; the others are marked with a
small dot (their numbers are in the menu), so the picture shows what the choice is about."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.desert.labels import QUIET
from engine.desert.lang import _
from render import frame, made, panel, style
from render.layout import Layout
from render.sprites import badge_size, number_badge, paste

from .board import layout_for

NUMBERED = ("caravan", "place")
FEW = 12  # up to this many moves on the board, every one carries its number


def legal_choices(view: dict[str, Any]) -> list[dict[str, Any]]:
    return panel.legal_choices(view, NUMBERED)


def _on_board(view: dict[str, Any], lay: Layout) -> list[tuple[dict[str, Any], str]]:
    out = []
    for m in legal_choices(view):
        space = m.get("to") or m.get("space")
        if m["numbered"] and isinstance(space, str) and lay.parse_space(space) is not None:
            out.append((m, space))
    return out


def _quiet(m: dict[str, Any]) -> bool:
    # The label's last words say so (engine/desert/labels.py), in the language it was written in: the reader's,
    # or English for a view made before the reader was set.
    return m.get("kind") == "caravan" and str(m.get("label", "")).endswith((_(QUIET), QUIET))


def badged(view: dict[str, Any], lay: Layout) -> tuple[list[tuple[dict[str, Any], str]], list[str]]:
    """(the choices whose number is drawn on the board with their space, the spaces only dotted)."""
    moves = _on_board(view, lay)
    if len(moves) <= FEW:
        return moves, []
    return [(m, s) for m, s in moves if not _quiet(m)], [s for m, s in moves if _quiet(m)]


def overlay_positions(view: dict[str, Any], lay: Layout | None = None) -> dict[int, tuple[int, int]]:
    """Centre of the number badge of each numbered legal choice with a place on the board, by its number."""
    lay = lay or layout_for(view)
    step = badge_size(lay.width) + 2
    groups: dict[tuple[int, int], list[int]] = {}
    for m, space in badged(view, lay)[0]:
        cx, cy = lay.space_center(space)
        groups.setdefault((cx, cy), []).append(m["number"])
    out = {}
    for (cx, cy), nums in groups.items():
        rows = (len(nums) + 1) // 2
        for k, n in enumerate(nums):
            row, col = divmod(k, 2)
            count = min(len(nums) - row * 2, 2)
            out[n] = (cx + round((col - (count - 1) / 2) * step), cy + round((row - (rows - 1) / 2) * step))
    return out


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    d = made.pen(im)
    shown, dotted = badged(view, lay)
    for _choice, space in shown:
        frame.mark(d, lay.space_rect(space), style.OVERLAY, 3)
    for space in dotted:
        cx, cy = lay.space_center(space)
        d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=style.OVERLAY, outline=style.OVERLAY_RING, width=2)
    badge = badge_size(lay.width)
    for number, center in overlay_positions(view, lay).items():
        paste(im, number_badge(number, badge), center)


def _on(lay: Layout, space: object) -> bool:
    return isinstance(space, str) and lay.parse_space(space) is not None
