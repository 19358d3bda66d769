"""Entdecker's small cached RGBA pictures: pieces, the ship, event badges, the island pennant, the recall marker."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import style
from render.sprites import SS, add_texts, canvas, finish, pts

from . import colors, tiles

PIECE_SIZE = 44

# Silhouettes in a 44 x 44 box (pixels at scale 1).
_HOUSE = [(9, 21), (22, 8), (35, 21), (35, 38), (9, 38)]  # trading post: a hut with a roof
_FORT = [
    (6, 12),
    (13, 12),
    (13, 17),
    (19, 17),
    (19, 12),
    (25, 12),
    (25, 17),
    (31, 17),
    (31, 12),
    (38, 12),
    (38, 39),
    (6, 39),
]  # fort: a crenellated tower
_COLONY = [
    (2, 22),
    (12, 10),
    (22, 22),
    (22, 16),
    (32, 6),
    (42, 16),
    (42, 40),
    (2, 40),
]  # colony: a town of two houses
_SHAPES = {"trading_post": _HOUSE, "fort": _FORT, "colony": _COLONY}
_TEXT_CENTER = {"trading_post": (22, 29), "fort": (22, 27), "colony": (22, 29)}


def piece_kind(piece: str) -> str:
    p = str(piece).lower()
    if "colon" in p:
        return "colony"
    if "fort" in p:
        return "fort"
    return "trading_post"


SEAT_SIZE = 21  # the seat number on a full-size piece: capitals of 7 px at 550 px


@lru_cache(maxsize=256)
def piece(kind: str, seat: int, scale: float = 1.0, numbered: bool = True) -> Image.Image:
    """A construction: the shape tells the piece, the colour and the number (seat + 1) tell the player. Icons too
    small for a legible number (the legend's counts, in the row of their player) are drawn without it."""
    kind = piece_kind(kind)
    n = round(PIECE_SIZE * scale)
    big, d = canvas(n)
    k = scale
    shape = [(x * k, y * k) for x, y in _SHAPES[kind]]
    color = style.player_color(seat)
    d.polygon(pts(shape, 0.8 * k, 1.6 * k), fill=(0, 0, 0, 110))  # shadow
    d.polygon(pts(shape), fill=(*color, 255), outline=(*style.OUTLINE, 255), width=max(int(2.4 * k * SS), 1))
    if not numbered:
        return finish(big)
    size = round(SEAT_SIZE * k)
    tx, ty = _TEXT_CENTER[kind]
    d.text(
        (tx * k * SS, ty * k * SS),
        str(seat + 1),
        font=style.font(size * SS),
        fill=(*style.ink_on(color), 255),
        anchor="mm",
    )
    return add_texts(finish(big), ((str(seat + 1), size, False),))


@lru_cache(maxsize=8)
def ship(scale: float = 1.0) -> Image.Image:
    n = round(46 * scale)
    big, d = canvas(n)
    k = scale
    w = max(int(2.2 * k * SS), 1)
    ol = (*style.OUTLINE, 255)
    d.ellipse(pts([(1 * k, 1 * k), (45 * k, 45 * k)]), fill=(255, 255, 255, 235), outline=ol, width=w)
    hull = [(8, 29), (38, 29), (33, 37), (13, 37)]
    d.polygon(pts([(x * k, y * k) for x, y in hull]), fill=(120, 70, 36, 255), outline=ol, width=w)
    d.line(pts([(23 * k, 8 * k), (23 * k, 29 * k)]), fill=ol, width=w)
    sail = [(24.5, 10), (35, 25), (24.5, 25)]
    d.polygon(pts([(x * k, y * k) for x, y in sail]), fill=(250, 250, 250, 255), outline=ol, width=w)
    sail2 = [(21.5, 13), (21.5, 25), (13, 25)]
    d.polygon(pts([(x * k, y * k) for x, y in sail2]), fill=(250, 250, 250, 255), outline=ol, width=w)
    d.polygon(pts([(23 * k, 5 * k), (31 * k, 7.5 * k), (23 * k, 10 * k)]), fill=(213, 40, 30, 255))
    return finish(big)


def _event_icon(d: ImageDraw.ImageDraw, event: str, c: float, r: float) -> None:
    e = event.lower()
    ink = (60, 30, 20, 255)

    def P(x: float, y: float) -> tuple[float, float]:
        return (c + x * r, c + y * r)

    if "storm" in e:
        d.polygon(
            [P(0.15, -0.8), P(-0.45, 0.1), P(-0.02, 0.1), P(-0.2, 0.8), P(0.45, -0.15), P(0.02, -0.15)],
            fill=(40, 60, 120, 255),
        )
    elif "pirat" in e or "skull" in e:
        d.ellipse((*P(-0.5, -0.6), *P(0.5, 0.3)), fill=ink)
        d.rectangle((*P(-0.28, 0.1), *P(0.28, 0.55)), fill=ink)
        for x in (-0.22, 0.22):
            d.ellipse((*P(x - 0.14, -0.25), *P(x + 0.14, 0.02)), fill=(*colors.EVENT, 255))
    elif "hostil" in e or "arrow" in e or "bow" in e:
        w = int(r * 0.16)
        for sgn in (-1, 1):
            d.line([P(-0.6 * sgn, 0.6), P(0.55 * sgn, -0.55)], fill=(150, 30, 20, 255), width=w)
            d.polygon([P(0.7 * sgn, -0.7), P(0.25 * sgn, -0.55), P(0.55 * sgn, -0.25)], fill=(150, 30, 20, 255))
    elif "welcom" in e or "friend" in e or "flower" in e or "plant" in e:
        for i in range(5):
            a = i * 2 * math.pi / 5
            x, y = 0.38 * math.cos(a), 0.38 * math.sin(a)
            d.ellipse((*P(x - 0.3, y - 0.3), *P(x + 0.3, y + 0.3)), fill=(220, 90, 150, 255))
        d.ellipse((*P(-0.2, -0.2), *P(0.2, 0.2)), fill=(240, 200, 40, 255))
    elif "ruin" in e:
        d.rectangle((*P(-0.65, -0.6), *P(0.65, -0.4)), fill=ink)
        for x in (-0.45, 0.0, 0.45):
            d.rectangle((*P(x - 0.12, -0.4), *P(x + 0.12, 0.45 if x < 0.3 else 0.05)), fill=ink)
        d.rectangle((*P(-0.7, 0.45), *P(0.7, 0.62)), fill=ink)
    elif "gold" in e:  # a coin with a shine, no digit: a "3" this small cannot be read (the key says +3 gold)
        d.ellipse((*P(-0.6, -0.6), *P(0.6, 0.6)), fill=(236, 180, 30, 255), outline=ink, width=int(r * 0.1))
        d.arc((*P(-0.35, -0.35), *P(0.35, 0.35)), 190, 280, fill=(255, 240, 170, 255), width=int(r * 0.14))
    else:  # an event this renderer does not know: a plain dot
        d.ellipse((*P(-0.25, -0.25), *P(0.25, 0.25)), fill=ink)


@lru_cache(maxsize=32)
def event_badge(event: str) -> Image.Image:
    """A round badge telling which event a tile carried."""
    n = 30
    big, d = canvas(n)
    d.ellipse(
        (SS, SS, (n - 1) * SS, (n - 1) * SS),
        fill=(*colors.EVENT, 255),
        outline=(*colors.EVENT_RING, 255),
        width=int(2.5 * SS),
    )
    _event_icon(d, event, n * SS / 2, (n / 2 - 5) * SS)
    return finish(big)


@lru_cache(maxsize=4)
def flag() -> Image.Image:
    """Pennant marking a completed island."""
    big = Image.new("RGBA", (26 * SS, 30 * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    ol = (*style.OUTLINE, 255)
    d.line(pts([(6, 3), (6, 28)]), fill=ol, width=int(2.5 * SS))
    d.polygon(pts([(7, 3), (24, 8.5), (7, 14)]), fill=(*style.GOLD, 255), outline=ol, width=int(1.6 * SS))
    return finish(big)


@lru_cache(maxsize=8)
def winner_flag(seat: int) -> Image.Image:
    """Pennant of a scored island's winner: the seat's colour and number (seat + 1), as on their pieces, so that
    the final board, whose buildings have all gone home, still tells who won which island."""
    big = Image.new("RGBA", (44 * SS, 34 * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    ol = (*style.OUTLINE, 255)
    color = style.player_color(seat)
    d.line(pts([(5, 2), (5, 33)]), fill=ol, width=int(2.5 * SS))
    d.polygon(
        pts([(6, 2), (42, 2), (35, 13.5), (42, 25), (6, 25)]), fill=(*color, 255), outline=ol, width=int(1.6 * SS)
    )
    d.text(
        (20 * SS, 13.5 * SS),
        str(seat + 1),
        font=style.font(SEAT_SIZE * SS),
        fill=(*style.ink_on(color), 255),
        anchor="mm",
    )
    return add_texts(finish(big), ((str(seat + 1), SEAT_SIZE, False),))


@lru_cache(maxsize=2)
def recall_badge() -> Image.Image:
    """Marks a trading post its owner may take back: a white disc with a U-turn arrow."""
    n = 26
    big, d = canvas(n)
    ring = (*style.OVERLAY_RING, 255)
    d.ellipse((0, 0, n * SS - 1, n * SS - 1), fill=(*style.OVERLAY, 255), outline=ring, width=int(2.4 * SS))
    d.arc(pts([(7, 7), (19, 19)]), 200, 90, fill=ring, width=int(2.6 * SS))
    d.polygon(pts([(4.5, 9), (11, 9.5), (7, 15)]), fill=ring)
    return finish(big)


def tile_preview(tile: dict[str, Any], size: int) -> Image.Image:
    """A tile dict (as views and `/game tiles` give it) at size px, with its event's badge if it has one."""
    im = tiles.tile_thumb(tiles.art_key(tile), size).copy()
    if tile.get("event"):
        badge = event_badge(str(tile["event"]))
        badge = badge.resize((size // 2, size // 2), Image.Resampling.LANCZOS)
        im.paste(badge, (2, 2), badge)
    return im
