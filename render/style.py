"""Colours every game shares (frame, panel, text, highlights, players) and fonts. Colours are RGB tuples.

Player colours are Okabe-Ito (safe for colour-blind viewers); a game's pieces should also carry their player's
seat number, so that colour is never the only cue. A game's own art colours live in its sub-package."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageFont

Color = tuple[int, int, int]

FRAME = (24, 36, 52)  # margin around the board
PANEL = (32, 46, 64)
PANEL_LINE = (62, 80, 102)
PANEL_CURRENT = (54, 76, 104)  # the row of the player to move
TEXT = (244, 238, 222)
TEXT_DIM = (168, 182, 198)
GOLD = (240, 190, 60)
GRID = (30, 52, 70)  # lines between spaces
OUTLINE = (20, 20, 24)  # the board's border, outlines of pieces and icons

HIGHLIGHT = (255, 255, 255)  # frame of last turn's spaces
HIGHLIGHT_EDGE = (12, 12, 12)
OVERLAY = (255, 255, 255)  # the overlay's marks and number badges
OVERLAY_RING = (10, 10, 10)

# Okabe-Ito: vermillion, blue, yellow, reddish purple, sky blue, orange, bluish green, black.
PLAYER_COLORS: tuple[Color, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (240, 228, 66),
    (204, 121, 167),
    (86, 180, 233),
    (230, 159, 0),
    (0, 158, 115),
    (60, 60, 60),
)


def player_color(seat: int) -> Color:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def ink_on(color: Color) -> Color:
    """Black or white, whichever reads better on color."""
    r, g, b = color
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's built-in Aileron at `size` px: nothing to download or ship."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _glyphs() -> frozenset[str]:
    f = font(16)
    missing = bytes(f.getmask("\uffff"))
    ok = set()
    for code in range(0x20, 0x250):
        ch = chr(code)
        if ch == " " or bytes(f.getmask(ch)) != missing:
            ok.add(ch)
    return frozenset(ok)


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """text with every character the built-in font lacks replaced (accents dropped, dashes made ASCII)."""
    glyphs = _glyphs()
    out = []
    for ch in str(text):
        if ch in glyphs:
            out.append(ch)
            continue
        if ch in "\u2013\u2014\u2212":
            out.append("-")
            continue
        base = unicodedata.normalize("NFKD", ch)
        base = "".join(c for c in base if c in glyphs and not unicodedata.combining(c))
        out.append(base or "?")
    return "".join(out)


def fit(text: str, size: int, width: int) -> str:
    """text shortened with "..." so that it is at most width px wide at size."""
    text = clean(text)
    f = font(size)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "...") > width:
        text = text[:-1]
    return text + "..."
