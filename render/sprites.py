"""Small cached RGBA pictures any game pastes: text labels and number badges; and the helpers to draw sprites
supersampled and to paste them by their centre or text by its anchor."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from cachetools import LRUCache, cached
from PIL import Image, ImageDraw

from . import made, style

SS = 4  # supersampling for sprites: drawn at 4x, shrunk once with LANCZOS

Point = tuple[float, float]
# A text drawn on a picture: (text, font size in px at the picture's scale, whether players type it). Every picture
# carries its texts in info["texts"] (a tuple, never a shared list: backgrounds are copied), put there by put_text
# and by paste (a sprite's own texts), so tests can check that all of them are legible at chat size.
TextMark = tuple[str, float, bool]


def texts(im: Image.Image) -> tuple[TextMark, ...]:
    """The texts drawn on im (by put_text, or pasted with a sprite that carries them)."""
    marks = im.info.get("texts", ())
    return marks if isinstance(marks, tuple) else ()


# Where put_text drew each text on a picture: (text, left, top, right, bottom) in px, in info["text_boxes"] as the
# marks above, so tests can check that no text runs off its picture in any language.
TextBox = tuple[str, int, int, int, int]


def text_boxes(im: Image.Image) -> tuple[TextBox, ...]:
    boxes = im.info.get("text_boxes", ())
    return boxes if isinstance(boxes, tuple) else ()


def add_texts(im: Image.Image, marks: tuple[TextMark, ...]) -> Image.Image:
    """Note texts drawn on im (a sprite drawing its own text calls this with the size as it will be pasted)."""
    if marks:
        im.info["texts"] = texts(im) + marks
    return im


def finish(big: Image.Image) -> Image.Image:
    """A sprite drawn at SS times its size, shrunk to its size."""
    return big.resize((big.width // SS, big.height // SS), Image.Resampling.LANCZOS)


def canvas(n: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A clear square sprite of n px, drawn at SS times its size (shrink it with finish), and its pen."""
    big = Image.new("RGBA", (n * SS, n * SS), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big)


def pts(points: list[Point], ox: float = 0, oy: float = 0) -> list[Point]:
    """Points of a sprite (pixels at scale 1), moved by (ox, oy) and scaled to the supersampled canvas."""
    return [((x + ox) * SS, (y + oy) * SS) for x, y in points]


def paste(im: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on `center`."""
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    im.paste(sprite, (x, y), sprite)
    made.blended(im, (x, y, x + sprite.width, y + sprite.height))
    add_texts(im, texts(sprite))


def sprite_bytes(im: Image.Image) -> int:
    """What a sprite holds in memory: Pillow keeps 4 bytes per pixel for RGB and RGBA."""
    return im.width * im.height * 4


# Bounded by bytes, not entries: the heading and the legal choices are wide one-off lines (a player's name, a
# turn's choices), 50-150 KB each, and 4096 of them (the old entry bound) made each render worker grow to ~460 MB
# under many games. The short labels that come back on every render (digits, words of the legend) fit many times.
TEXT_CACHE_BYTES = 16 * 1024 * 1024
text_cache: LRUCache[tuple[object, ...], Image.Image] = LRUCache(TEXT_CACHE_BYTES, getsizeof=sprite_bytes)


@cached(text_cache, lock=threading.Lock(), info=True)  # threads draw boards at once when there are no workers
def text(s: str, size: int, color: style.Color, stroke: int = 0) -> Image.Image:
    """Text as an RGBA sprite (cached: the same labels come back on every render). Each character is drawn by the
    first font that has it (style.runs), so accents, Greek, Chinese and emoji in a name come out as written."""
    parts = style.runs(s)
    if len(parts) <= 1:
        return _plain_text(parts[0][1] if parts else "", size, color, stroke, parts[0][0] if parts else 0)
    pieces = [_plain_text(t, size, color, stroke, i) for i, t in parts]
    up = max(p.info["baseline"] for p in pieces)
    down = max(p.height - p.info["baseline"] for p in pieces)
    widths = [round(style.run_width(i, t, size)) for i, t in parts]
    im = Image.new("RGBA", (max(sum(widths) + 2 * stroke + 2, 1), max(up + down, 1)), (0, 0, 0, 0))
    x = 0
    for piece, w in zip(pieces, widths, strict=True):
        im.alpha_composite(piece, (x + piece.info.get("left", 0), up - piece.info["baseline"]))
        x += w
    im.info["baseline"] = up
    return im


def _plain_text(s: str, size: int, color: style.Color, stroke: int, index: int) -> Image.Image:
    """One run of text in one font; info["baseline"] is the baseline's y, info["left"] the ink's x offset."""
    if index == style.EMOJI:
        return _emoji(s, size)
    f = style.font_at(index, size)
    x0, y0, x1, y1 = f.getbbox(s, stroke_width=stroke, anchor="ls")
    w, h = max(int(x1 - x0), 1), max(int(y1 - y0), 1)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).text(
        (-x0, -y0), s, font=f, fill=(*color, 255), anchor="ls", stroke_width=stroke, stroke_fill=(*color, 255)
    )
    im.info["baseline"] = -y0
    im.info["left"] = max(x0, 0)
    return im


@lru_cache(maxsize=512)
def _emoji(s: str, size: int) -> Image.Image:
    """Colour emoji: drawn at the font's one bitmap size, scaled to sit on the baseline like a capital letter."""
    f = style.font_at(style.EMOJI, size)
    x0, y0, x1, y1 = f.getbbox(s, anchor="ls")
    big = Image.new("RGBA", (max(int(x1 - x0), 1), max(int(y1 - y0), 1)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((-x0, -y0), s, font=f, anchor="ls", embedded_color=True)
    k = style.run_width(style.EMOJI, s, size) / max(f.getlength(s), 1)
    im = big.resize((max(round(big.width * k), 1), max(round(big.height * k), 1)), Image.Resampling.LANCZOS)
    im.info["baseline"] = round(-y0 * k)
    im.info["left"] = 0
    return im


# Pieced text, for the frames of a replay (render/replay.py): one replay draws some hundred lines that each come once
# ("Turn 43: ...", "22 points", a tile's description), ~3 ms of font rendering each, while their words and digits
# come back on every frame. Inside `pieced()`, put_text composes a line from cached pieces (each digit, each run of
# spaces, each word between), whose cache keys do not change with the turn. Its pieces sit at their own advances, so
# a line can differ from the whole line by a pixel of kerning; the boards never use it.
_PIECED: ContextVar[bool] = ContextVar("pieced", default=False)
PIECES = re.compile(r"\d| +|[^\d ]+")
PIECED_CACHE_BYTES = 4 * 1024 * 1024
pieced_cache: LRUCache[tuple[object, ...], Image.Image] = LRUCache(PIECED_CACHE_BYTES, getsizeof=sprite_bytes)


@contextmanager
def pieced() -> Iterator[None]:
    """put_text composes its lines from cached words and digits while inside (this thread or task only)."""
    token = _PIECED.set(True)
    try:
        yield
    finally:
        _PIECED.reset(token)


@lru_cache(maxsize=4096)
def _advance(piece: str, size: int) -> int:
    return round(style.font(size).getlength(piece))


@cached(pieced_cache, lock=threading.Lock())
def pieced_text(s: str, size: int, color: style.Color, stroke: int = 0) -> Image.Image:
    """`text(s, ...)` composed from the cached sprites of its words and digits; a line that needs more than the main
    font (an accent it lacks, another script, right to left) is drawn whole."""
    runs = style.runs(s)
    if len(runs) != 1 or runs[0][0] != 0:
        return text(s, size, color, stroke)
    pieces = [(p, text(p, size, color, stroke)) for p in PIECES.findall(s)]
    inked = [sp for p, sp in pieces if not p.isspace()]
    if not inked:
        return text(s, size, color, stroke)
    up = max(sp.info["baseline"] for sp in inked)
    down = max(sp.height - sp.info["baseline"] for sp in inked)
    width = sum(_advance(p, size) for p, _ in pieces) + 2 * stroke + 2
    im = Image.new("RGBA", (max(width, 1), max(up + down, 1)), (0, 0, 0, 0))
    x = 0
    for p, sp in pieces:
        if not p.isspace():
            im.alpha_composite(sp, (x + sp.info.get("left", 0), up - sp.info["baseline"]))
        x += _advance(p, size)
    im.info["baseline"] = up
    return im


def put_text(
    im: Image.Image,
    xy: tuple[float, float],
    s: str,
    size: int,
    color: style.Color,
    anchor: str = "ls",
    stroke: int = 0,
    shadow: bool = False,
    typed: bool = False,
) -> int:
    """Paste cached text; anchor: l/m/r horizontally, s (baseline) or m (middle) vertically. Returns its width.
    typed: players type it (a coordinate, a choice's number), so it must stay legible on a phone."""
    sp = (pieced_text if _PIECED.get() else text)(s, size, color, stroke)
    x, y = xy
    if anchor[0] == "m":
        x -= sp.width / 2
    elif anchor[0] == "r":
        x -= sp.width
    if anchor[1] == "m":
        y -= sp.height / 2
    else:
        y -= sp.info.get("baseline", sp.height)
    if shadow:  # a dark outline, for text on pictures
        dark = (pieced_text if _PIECED.get() else text)(s, size, (0, 0, 0), 2)
        im.paste(dark, (round(x) - 2, round(y) - 2), dark)
        made.blended(im, (round(x) - 2, round(y) - 2, round(x) - 2 + dark.width, round(y) - 2 + dark.height))
    im.paste(sp, (round(x), round(y)), sp)
    made.blended(im, (round(x), round(y), round(x) + sp.width, round(y) + sp.height))
    add_texts(im, ((s, size, typed),))
    left = round(x) + sp.info.get("left", 0)
    im.info["text_boxes"] = (*text_boxes(im), (s, left, round(y), round(x) + sp.width, round(y) + sp.height))
    return sp.width


BADGE_TEXT = 0.72  # a number badge's digits per px of its height


def badge_size(width: int) -> int:
    """The height of a number badge whose digits stay legible (typed) in a picture `width` px wide."""
    size = int(style.min_size(width, typed=True) / BADGE_TEXT)
    while round(size * BADGE_TEXT) < style.min_size(width, typed=True):
        size += 1
    return size


@lru_cache(maxsize=512)
def number_badge(number: int, size: int = 30, pad: float = 0.55) -> Image.Image:
    """A legal choice's number, as in the autocomplete labels: black on white, heavy ring; `pad` (in heights) is
    the room beside the digits (less where badges crowd)."""
    label = str(number)
    f = style.font(round(size * BADGE_TEXT) * SS)
    tw = f.getlength(label)
    w = max(size * SS, int(tw + size * pad * SS))
    h = size * SS
    big = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    ring = max(int(size * 0.08 * SS), 1)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=h // 2, fill=(*style.OVERLAY, 255), outline=(*style.OVERLAY_RING, 255), width=ring
    )
    d.text((w / 2, h / 2 + SS), label, font=f, fill=(0, 0, 0, 255), anchor="mm")
    return add_texts(finish(big), ((label, round(size * BADGE_TEXT), True),))
