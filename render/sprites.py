"""Small cached RGBA pictures any game pastes: text labels and number badges; and the helpers to draw sprites
supersampled and to paste them by their centre or text by its anchor."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import style

SS = 4  # supersampling for sprites: drawn at 4x, shrunk once with LANCZOS

Point = tuple[float, float]


def finish(big: Image.Image) -> Image.Image:
    """A sprite drawn at SS times its size, shrunk to its size."""
    return big.resize((big.width // SS, big.height // SS), Image.Resampling.LANCZOS)


def pts(points: list[Point], ox: float = 0, oy: float = 0) -> list[Point]:
    """Points of a sprite (pixels at scale 1), moved by (ox, oy) and scaled to the supersampled canvas."""
    return [((x + ox) * SS, (y + oy) * SS) for x, y in points]


def paste(im: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on `center`."""
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    im.paste(sprite, (x, y), sprite)


@lru_cache(maxsize=4096)
def text(s: str, size: int, color: style.Color, stroke: int = 0) -> Image.Image:
    """Text as an RGBA sprite (cached: the same labels come back on every render)."""
    s = style.clean(s)
    f = style.font(size)
    x0, y0, x1, y1 = f.getbbox(s, stroke_width=stroke, anchor="ls")
    w, h = max(x1 - x0, 1), max(y1 - y0, 1)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).text(
        (-x0, -y0), s, font=f, fill=(*color, 255), anchor="ls", stroke_width=stroke, stroke_fill=(*color, 255)
    )
    im.info["baseline"] = -y0
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
) -> int:
    """Paste cached text; anchor: l/m/r horizontally, s (baseline) or m (middle) vertically. Returns its width."""
    sp = text(s, size, color, stroke)
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
        dark = text(s, size, (0, 0, 0), 2)
        im.paste(dark, (round(x) - 2, round(y) - 2), dark)
    im.paste(sp, (round(x), round(y)), sp)
    return sp.width


@lru_cache(maxsize=512)
def number_badge(number: int, size: int = 30) -> Image.Image:
    """A legal choice's number, as in the autocomplete labels: black on white, heavy ring."""
    label = str(number)
    f = style.font(int(size * 0.6) * SS)
    tw = f.getlength(label)
    w = max(size * SS, int(tw + size * 0.55 * SS))
    h = size * SS
    big = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    ring = max(int(size * 0.1 * SS), 1)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=h // 2, fill=(*style.OVERLAY, 255), outline=(*style.OVERLAY_RING, 255), width=ring
    )
    d.text((w / 2, h / 2 + SS), label, font=f, fill=(0, 0, 0, 255), anchor="mm")
    return finish(big)
