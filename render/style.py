"""Colours every game shares (frame, panel, text, highlights, players) and fonts. Colours are RGB tuples.

Player colours are Okabe-Ito (safe for colour-blind viewers); a game's pieces should also carry their player's
seat number, so that colour is never the only cue. A game's own art colours live in its sub-package."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

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

# Okabe-Ito, in the order that keeps the seats of a five-player game apart for colour-blind viewers: vermillion,
# blue, yellow, black (a dark grey, so outlines still show), sky blue, then reddish purple, orange, bluish green.
# Under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, via colorspacious) the first five
# stay at least MIN_SEAT_DISTANCE apart in CAM02-UCS (22.4); with reddish purple fourth, as before issue 22, blue
# and purple came within 14 of each other under protanopia. tests/render/core/test_colours.py checks it.
PLAYER_COLORS: tuple[Color, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (240, 228, 66),
    (60, 60, 60),
    (86, 180, 233),
    (204, 121, 167),
    (230, 159, 0),
    (0, 158, 115),
)
MIN_SEAT_DISTANCE = 20.0  # CAM02-UCS delta E between any two of the first five seats, seen normally or colour-blind


def player_color(seat: int) -> Color:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def ink_on(color: Color) -> Color:
    """Black or white, whichever reads better on color."""
    r, g, b = color
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


FONT_DIR = Path(__file__).parent / "fonts"
# The fonts, in the order a glyph is looked for: Noto Sans (Latin, Greek, Cyrillic, Vietnamese, ...), Noto Sans
# Symbols 2, Droid Sans Fallback (Chinese, Japanese, Korean), Noto Sans Arabic and Hebrew (shaped right to left by
# Pillow's raqm layout) and Noto Color Emoji (a bitmap font drawn at its one size and scaled). Shipped in the
# package so every machine draws the same picture (docs/architecture.md). Arabic and Hebrew come after Droid Sans
# Fallback, which has neither, so no character that was drawn before changes its font.
FONT_FILES = (
    "NotoSans-Regular.ttf",
    "NotoSansSymbols2-Regular.ttf",
    "DroidSansFallback.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoColorEmoji.ttf",
)
EMOJI = len(FONT_FILES) - 1
EMOJI_SIZE = 109  # the only size Noto Color Emoji's bitmaps come in
EMOJI_SCALE = 1.15  # an emoji's width relative to the text size, like a capital letter with some room


@lru_cache(maxsize=64)
def font_at(index: int, size: int) -> ImageFont.FreeTypeFont:
    if index == EMOJI:
        size = EMOJI_SIZE
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[index]), size)


def font(size: int) -> ImageFont.FreeTypeFont:
    """The main font (Noto Sans) at `size` px, for digits, letters and words that need no fallback."""
    return font_at(0, size)


@lru_cache(maxsize=8)
def _missing(index: int) -> bytes:
    f = font_at(index, 24)
    return bytes(f.getmask("\U0010fffd")) + str(f.getmask("\U0010fffd").size).encode()


@lru_cache(maxsize=65536)
def has_glyph(index: int, ch: str) -> bool:
    f = font_at(index, 24)
    mask = f.getmask(ch)
    return bytes(mask) + str(mask.size).encode() != _missing(index)


@lru_cache(maxsize=65536)
def font_for(ch: str) -> int | None:
    """The first font that has a glyph for ch (None: no font has it)."""
    if ch in " \u200d\ufe0f":  # space, and the joiner / emoji selector that only shape their neighbours
        return 0
    for i in range(len(FONT_FILES)):
        if has_glyph(i, ch):
            return i
    return None


RTL_CLASSES = frozenset({"R", "AL"})  # Unicode bidi classes of right-to-left letters (Hebrew; Arabic)
STRONG_LTR = "L"


def _rtl_spans(chars: list[str]) -> list[tuple[int, int]]:
    """[start, end) of each right-to-left span: from a right-to-left letter to the last one before a left-to-right
    letter, with the spaces, digits and punctuation between them (a simplified Unicode bidi algorithm for a
    left-to-right line, which every line of the pictures is: "Turn 4 | محمد علي places a tile")."""
    spans: list[tuple[int, int]] = []
    start = last = -1
    for k, ch in enumerate(chars):
        cls = unicodedata.bidirectional(ch)
        if cls in RTL_CLASSES:
            if start < 0:
                start = k
            last = k
        elif cls == STRONG_LTR and start >= 0:
            spans.append((start, last + 1))
            start = -1
    if start >= 0:
        spans.append((start, last + 1))
    return spans


def _group(items: list[tuple[int, str]]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for i, ch in items:
        if ch in "\u200d\ufe0f" and out:
            i = out[-1][0]  # joiners stay with the run they join
        if out and out[-1][0] == i:
            out[-1] = (i, out[-1][1] + ch)
        else:
            out.append((i, ch))
    return out


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[int, str], ...]:
    """text cut into runs that one font draws, (font index, text), in the order they are drawn left to right;
    characters no font has become "?". Inside a right-to-left span the runs go right to left, each in logical order
    (raqm shapes and orders the letters of a run), and the spaces and marks between its words stay with the
    right-to-left font, so that "محمد علي" is one run."""
    chars = list(clean(text))
    items: list[tuple[int, str]] = []
    for ch in chars:
        i = font_for(ch)
        items.append((0, "?") if i is None else (i, ch))
    out: list[tuple[int, str]] = []
    done = 0
    for start, end in _rtl_spans(chars):
        out += _group(items[done:start])
        span = items[start:end]
        for k in range(1, len(span)):
            prev, (i, ch) = span[k - 1][0], span[k]
            if unicodedata.bidirectional(ch) not in RTL_CLASSES and i != prev and has_glyph(prev, ch):
                span[k] = (prev, ch)
        out += reversed(_group(span))
        done = end
    out += _group(items[done:])
    return tuple(out)


def run_width(index: int, text: str, size: int) -> float:
    if index == EMOJI:
        return font_at(EMOJI, size).getlength(text) * size * EMOJI_SCALE / font_at(EMOJI, size).getlength("\U0001f642")
    return font_at(index, size).getlength(text)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> float:
    """How wide text is at size px, each character in the font that has it."""
    return sum(run_width(i, t, size) for i, t in runs(text))


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """text as it is drawn: line breaks and other control characters become spaces (every font draws the rest,
    or runs() puts "?" for what no font has)."""
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in str(text))


# --- legibility at chat size (issue 22) -------------------------------------------------------------------------
# Discord shows a picture about 550 px wide in a desktop chat and 350-400 px on a phone. Below ~5 px of capital
# height nothing can be read even magnified; from ~7 px it can. So every text's capitals are at least MIN_CAP px
# high when the picture is shown SHOWN px wide, and what players type (coordinates, choice numbers) MIN_TYPED px,
# which leaves ~6 px at PHONE px. A picture's shape stays between 4:5 and 5:4 so that neither side shrinks it.
SHOWN = 550
PHONE = 380
MIN_CAP = 7.0
MIN_TYPED = 9.0
SHAPE = (4 / 5, 5 / 4)  # width / height
CAP = 0.714  # Noto Sans: capital height per px of font size (its cap height is 714 of 1000 units)


def shown_cap(size: float, width: int, shown: int = SHOWN) -> float:
    """Capital height in px of text of `size` in a picture `width` px wide shown `shown` px wide."""
    return size * CAP * shown / max(width, 1)


def min_size(width: int, typed: bool = False) -> int:
    """The smallest font size whose capitals stay legible in a picture `width` px wide at chat size."""
    need = (MIN_TYPED if typed else MIN_CAP) * width / (CAP * SHOWN)
    return int(need) + (0 if need == int(need) else 1)


def fit(text: str, size: int, width: int) -> str:
    """text shortened with "…" so that it is at most width px wide at size."""
    text = clean(text)
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


MIN_NAME = 6  # characters a name keeps (with "…") when a line is shortened around it


def fit_names(text: str, names: tuple[str, ...], size: int, width: int) -> str:
    """text at most width px wide at size, shortening the names in it before anything else: "Turn 40 |
    Maximilian-Alexander von… places a tile" keeps what happens. Each name (longest first) is cut down to MIN_NAME
    characters with "…"; only if the line is still too wide is its end cut (fit)."""
    text = clean(text)
    for name in sorted({clean(n) for n in names if n}, key=len, reverse=True):
        if text_width(text, size) <= width:
            break
        if name not in text or len(name) <= MIN_NAME:
            continue
        short = name
        while len(short) > MIN_NAME and text_width(text.replace(name, short.rstrip() + "…"), size) > width:
            short = short[:-1]
        text = text.replace(name, short.rstrip() + "…")
    return fit(text, size, width)
