"""Entdecker's overlay: the current player's legal choices drawn on the board, numbered as in their labels."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.entdecker.labels import NUMBERED
from render import frame, made, panel, style
from render.layout import Layout
from render.sprites import badge_size, number_badge, paste

from . import colors, sprites, tiles
from .board import layout_for, piece_center, placed_tiles


def legal_choices(view: dict[str, Any]) -> list[dict[str, Any]]:
    """view["legal"] with "number" and "numbered" (see render.panel.legal_choices); a choice without a label is
    numbered if its kind is one the engine numbers."""
    return panel.legal_choices(view, NUMBERED)


def overlay_positions(view: dict[str, Any], lay: Layout | None = None) -> dict[int, tuple[int, int]]:
    """Centre of the number badge of each numbered legal choice that has a place on the board (a ship position
    or a placement), by its number."""
    lay = lay or layout_for(view)
    step = badge_size(lay.width) + 2
    groups: dict[tuple[int, int], list[int]] = {}
    ship = view.get("ship")
    for m in legal_choices(view):
        space = m.get("space") or m.get("position")
        if not m["numbered"] or not isinstance(space, str):
            continue
        center = lay.position_center(space)
        if center is None:
            continue
        if m.get("kind") == "ship" and isinstance(ship, str) and ship.upper() == space.upper():
            center = (center[0] + step // 2 + 4, center[1] + step // 2 + 4)  # beside the ship, which stays visible
        groups.setdefault(center, []).append(m["number"])
    out = {}
    for (cx, cy), nums in groups.items():
        per_row = 2  # badges legible at chat size are big: two by two fill a space
        rows = (len(nums) + per_row - 1) // per_row
        for k, n in enumerate(nums):
            row, col = divmod(k, per_row)
            count = min(len(nums) - row * per_row, per_row)
            out[n] = (cx + round((col - (count - 1) / 2) * step), cy + round((row - (rows - 1) / 2) * step))
    return out


def recall_positions(view: dict[str, Any], lay: Layout | None = None) -> dict[str, tuple[int, int]]:
    """Centre of the "take back" marker for each trading post the current player may recall, by space."""
    lay = lay or layout_for(view)
    placed = placed_tiles(view, lay)
    out = {}
    for m in legal_choices(view):
        space = m.get("space")
        if m.get("kind") == "recall" and isinstance(space, str) and lay.parse_space(space):
            c = piece_center(lay, placed, space.upper())
            if c:
                out[space.upper()] = (c[0] + 20, c[1] + 14)
    return out


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    choices = legal_choices(view)
    drawn = (view.get("voyage") or {}).get("drawn")
    place_by_space: dict[str, list[dict[str, Any]]] = {}
    for m in choices:
        if m.get("kind") == "place" and isinstance(m.get("space"), str) and lay.parse_space(m["space"]):
            place_by_space.setdefault(m["space"].upper(), []).append(m)
    if isinstance(drawn, dict):
        art = tiles.art_key(drawn)
        for space, ms in place_by_space.items():
            if len(ms) == 1:  # one way to lay it here: show the tile in place, faded
                rot = ms[0].get("rotation", 0)
                made.place(im, _faded(art.rotated(rot if isinstance(rot, int) else 0)), lay.space_rect(space)[:2])
    d = made.pen(im)
    for space in place_by_space:
        frame.mark(d, lay.space_rect(space), style.OVERLAY, 3)
    badge = badge_size(lay.width)
    for number, center in overlay_positions(view, lay).items():
        paste(im, number_badge(number, badge), center)
    for center in recall_positions(view, lay).values():
        paste(im, sprites.recall_badge(), center)


@lru_cache(maxsize=64)
def _faded(art: tiles.Art) -> Image.Image:
    """The tile in hand shown in place, faded (cached, as the tile art is: render/made.py `place`)."""
    turned = tiles.tile_art(art)
    return Image.blend(turned, Image.new("RGB", turned.size, colors.UNKNOWN), 0.35)
