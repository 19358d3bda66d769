"""Followers told apart by shape, not by letters (which the labels use for compass points): an explorer is a disc,
a brigand a triangle (a peak), a navigator a boat's hull; each in its player's colour with the seat number on it.
The legend's key draws the same shapes with their names."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.discovery.lang import N_, _
from render import style
from render.sprites import SS, finish, pts, put_text

ROLES = ("explorer", "brigand", "navigator")
ROLE_NAMES = {"explorer": N_("explorer"), "brigand": N_("brigand"), "navigator": N_("navigator")}  # the key's words


def _outline(role: str, r: float) -> list[tuple[float, float]] | None:
    """The shape's points in a box of 2r x 2r (None: a disc)."""
    if role == "brigand":
        return [(r, 0), (2 * r, 2 * r * 0.92), (0, 2 * r * 0.92)]
    if role == "navigator":
        return [(0, r * 0.45), (2 * r, r * 0.45), (2 * r * 0.78, 2 * r * 0.92), (2 * r * 0.22, 2 * r * 0.92)]
    return None


NUMBER = 0.95  # the seat number's font size, in radii of its shape, on a shape sized by its square
ROOM = 0.62  # the least radius, in font sizes, that holds a one-digit seat number


def _radius(role: str, size: int, text: int) -> int:
    """A fifth of the map square, or more so that the seat number can be `text` px (legible at chat size)."""
    r = max(9, size // 5, math.ceil(text * ROOM))
    return r + (2 if role in ("brigand", "navigator") else 0)  # corners need room for the number


@lru_cache(maxsize=64)
def shape(role: str, size: int, color: style.Color, text: int = 0) -> Image.Image:
    """The bare shape of a role (a disc for a role this module does not name) for a map square of `size` px, large
    enough for a seat number of `text` px."""
    r = _radius(role, size, text)
    box = 2 * r + 4
    big = Image.new("RGBA", (box * SS, box * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    outline = _outline(role, r)
    if outline is None:
        ring = (2 * SS, 2 * SS, (2 * r + 2) * SS, (2 * r + 2) * SS)
        d.ellipse(ring, fill=(*color, 255), outline=style.OUTLINE, width=2 * SS)
    else:
        d.polygon(pts(outline, 2, 2), fill=(*color, 255), outline=style.OUTLINE, width=2 * SS)
    return finish(big)


@lru_cache(maxsize=256)
def follower_sprite(seat: int, role: str, size: int, text: int = 0) -> Image.Image:
    """A follower of `seat` in `role` for a map square of `size` px: its shape in the seat's colour, the seat
    number on it (at least `text` px) where the shape is widest (low in the triangle, in the hull's upper part)."""
    color = style.player_color(seat)
    im = shape(role, size, color, text).copy()
    r = _radius(role, size, text)
    cy = {"brigand": r * 1.25, "navigator": r * 1.1}.get(role, r) + 2
    put_text(im, (r + 2, cy), str(seat + 1), max(10, text, int(r * NUMBER)), style.ink_on(color), "mm")
    return im


KEY_SIZE = 56  # the legend's shapes are drawn as for a map square of this size


def key_items(text: int) -> list[tuple[Image.Image, str]]:
    """The key's entries for the followers: each role's shape with its name, and what the number on it (drawn at
    `text` px) is."""
    items = [(shape(role, KEY_SIZE, style.TEXT_DIM), _(ROLE_NAMES[role])) for role in ROLES]
    return [*items, (follower_sprite(0, "explorer", KEY_SIZE, text), _("number: the seat"))]
