"""Im Reich der Wüstensöhne's tile art: sand, oasis parts, brown and white lines, the central space, action-space
icons; explorers, caravans and rumour tokens. Everything cached: the same pictures come back on every render."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.desert.labels import NAMES
from engine.desert.lang import _
from render import style
from render.sprites import SS, add_texts, finish, texts

from .colors import (
    ACTIONS,
    BROWN,
    CENTRE,
    OASIS,
    OASIS_DONE,
    OASIS_EDGE,
    SAND,
    SAND_CROSS,
    SAND_EDGE,
    UNKNOWN,
    UNKNOWN_DOT,
    WHITE,
)

TILE = 80
TEXT = 18  # letters and numbers on the board and in the legend: style.min_size of the 968 px picture
ICON = 26  # an action space's icon, room for its letter at TEXT

# Side d: the midpoint of its edge and the inward direction, in units of the tile.
EDGE_MID = {0: (0.5, 0.0), 1: (1.0, 0.5), 2: (0.5, 1.0), 3: (0.0, 0.5)}
INWARD = {0: (0.0, 1.0), 1: (-1.0, 0.0), 2: (0.0, -1.0), 3: (1.0, 0.0)}
POND = (0.72, 0.28)  # where a pond lies (the quadrant between north and east)


def part_anchor(part: tuple[int, ...], which: int) -> tuple[float, float]:
    """Where on a part, in units of the tile, its action icon (which=0) or its explorer (which=1) stands."""
    if not part:
        return (POND[0] - 0.09, POND[1]) if which == 0 else (POND[0] + 0.1, POND[1] + 0.12)
    d = part[0]
    mx, my = EDGE_MID[d]
    nx, ny = INWARD[d]
    tx, ty = -ny, nx  # along the edge
    side = -1 if which == 0 else 1
    return mx + nx * 0.17 + tx * 0.25 * side, my + ny * 0.17 + ty * 0.25 * side


@lru_cache(maxsize=1)
def unknown_art() -> Image.Image:
    im = Image.new("RGB", (TILE, TILE), UNKNOWN)
    d = ImageDraw.Draw(im)
    for i in range(4, TILE, 16):
        for j in range(4 + (i // 16 % 2) * 8, TILE, 16):
            d.point((i, j), fill=UNKNOWN_DOT)
    return im


def _part_polygons(part: tuple[int, ...]) -> list[list[tuple[float, float]]]:
    """Polygons of an oasis part (units of the tile, supersampled later)."""
    shapes = {
        0: [(0, 0), (1, 0), (0.72, 0.36), (0.28, 0.36)],
        1: [(1, 0), (1, 1), (0.64, 0.72), (0.64, 0.28)],
        2: [(0, 1), (1, 1), (0.72, 0.64), (0.28, 0.64)],
        3: [(0, 0), (0, 1), (0.36, 0.72), (0.36, 0.28)],
    }
    polys = [shapes[d] for d in part]
    if len(part) >= 2:
        polys.append([(0.28, 0.28), (0.72, 0.28), (0.72, 0.72), (0.28, 0.72)])
    return polys


@lru_cache(maxsize=1024)
def tile_art(
    sides: str,
    parts: tuple[tuple[int, ...], ...],
    action: str | None,
    action_part: int,
    cross: bool,
    done: tuple[bool, ...],
    mark: str = "",
) -> Image.Image:
    """A placed tile as an RGB picture of TILE px (done: per part, whether its oasis was scored), its action space
    carrying `mark` (action_letter: the letter in the reader's language; "" for none). The letter is an argument,
    not looked up here, so that the cache keeps each language's picture apart."""
    s = TILE * SS
    big = Image.new("RGB", (s, s), SAND_CROSS if cross else SAND)
    d = ImageDraw.Draw(big)

    def px(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in points]

    for i, part in enumerate(parts):
        fill = OASIS_DONE if i < len(done) and done[i] else OASIS
        if not part:
            cx, cy = POND
            d.ellipse(
                ((cx - 0.22) * s, (cy - 0.2) * s, (cx + 0.22) * s, (cy + 0.2) * s),
                fill=fill,
                outline=OASIS_EDGE,
                width=SS * 2,
            )
            continue
        for poly in _part_polygons(part):
            d.polygon(px(poly), fill=fill)
    for side in range(4):
        kind = sides[side]
        if kind == "D":
            continue
        mx, my = EDGE_MID[side]
        if kind == "B":
            d.line((s / 2, s / 2, mx * s, my * s), fill=BROWN, width=8 * SS)
        else:
            d.line((s / 2, s / 2, mx * s, my * s), fill=OASIS_EDGE, width=8 * SS)
            d.line((s / 2, s / 2, mx * s, my * s), fill=WHITE, width=5 * SS)
    r = 0.11 * s
    d.ellipse((s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), fill=CENTRE, outline=BROWN, width=2 * SS)
    if cross:
        d.rectangle((0, 0, s - 1, s - 1), outline=SAND_EDGE, width=3 * SS)
    im = big.resize((TILE, TILE), Image.Resampling.LANCZOS)
    if action and action_part < len(parts):
        ax, ay = part_anchor(parts[action_part], 0)
        icon = _icon(action, ICON, mark)
        im.paste(icon, (round(ax * TILE - icon.width / 2), round(ay * TILE - icon.height / 2)), icon)
        add_texts(im, texts(icon))
    return im


def action_letter(action: str) -> str:
    """The letter on an action space: the first of its kind's name in the reader's language, so that the key, which
    names each kind, reads as the letters do (M myrrh, F frankincense; German W Weihrauch)."""
    return _(NAMES[action])[:1].upper() if action in NAMES else "?"


def action_icon(action: str, size: int = ICON, letter: bool = True) -> Image.Image:
    """An action space or a good: its colour and its letter at TEXT (`letter=False`: a picture too small for one,
    the display's thumbnails)."""
    return _icon(action, size, action_letter(action) if letter else "")


@lru_cache(maxsize=64)
def _icon(action: str, size: int, mark: str) -> Image.Image:
    """An action icon with `mark` on it ("" for none): cached by the letter, so each language has its own."""
    color = ACTIONS.get(action, (128, 128, 128))
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    if action == "water":
        d.polygon(
            [(size * SS / 2, SS), (size * SS - 3 * SS, size * SS * 0.62), (3 * SS, size * SS * 0.62)],
            fill=(*color, 255),
        )
        d.ellipse(
            (3 * SS, size * SS * 0.36, size * SS - 3 * SS, size * SS - SS),
            fill=(*color, 255),
            outline=(10, 10, 10, 255),
            width=SS,
        )
    else:
        d.rounded_rectangle(
            (SS, SS, size * SS - SS, size * SS - SS),
            radius=4 * SS,
            fill=(*color, 255),
            outline=(20, 20, 20, 255),
            width=SS * 2,
        )
    if not mark:
        return finish(big)
    ink = style.ink_on(color)
    d.text((size * SS / 2, size * SS / 2 + SS), mark, font=style.font(TEXT * SS), fill=(*ink, 255), anchor="mm")
    return add_texts(finish(big), ((mark, TEXT, False),))


def seat_shape(d: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, fill: tuple[int, ...]) -> None:
    """The seat's own shape (1 circle, 2 square, 3 triangle, 4 diamond, 5 hexagon): the explorers' seat mark,
    readable without their colour (their number is their height)."""
    ol = (15, 15, 15, 255)
    k = seat % 5
    if k == 0:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ol, width=2 * SS)
        return
    if k == 1:
        pts = [
            (cx - r * 0.9, cy - r * 0.9),
            (cx + r * 0.9, cy - r * 0.9),
            (cx + r * 0.9, cy + r * 0.9),
            (cx - r * 0.9, cy + r * 0.9),
        ]
    elif k == 2:
        pts = [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    elif k == 3:
        pts = [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    else:
        pts = [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    d.polygon(pts, fill=fill, outline=ol, width=2 * SS)


@lru_cache(maxsize=128)
def explorer(seat: int, height: int, turban: bool) -> Image.Image:
    """An explorer: a pawn in the player's colour carrying its height, its head the seat's shape (seat_shape);
    the turban a gold ring around the head."""
    w, h = 30, 38
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    color = style.player_color(seat)
    ol = (15, 15, 15, 255)
    if turban:
        d.ellipse((3 * SS, 0, (w - 3) * SS, 17 * SS), fill=(*style.GOLD, 255), outline=(90, 60, 0, 255), width=2 * SS)
    seat_shape(d, seat, w * SS / 2, 8.5 * SS, 6 * SS, (*color, 255))
    d.rounded_rectangle(
        (SS, 15 * SS, (w - 1) * SS, (h - 1) * SS), radius=9 * SS, fill=(*color, 255), outline=ol, width=2 * SS
    )
    ink = style.ink_on(color)
    d.text((w * SS / 2, 27 * SS), str(height), font=style.font(TEXT * SS), fill=(*ink, 255), anchor="mm")
    return add_texts(finish(big), ((str(height), TEXT, False),))


@lru_cache(maxsize=16)
def caravan(seat: int) -> Image.Image:
    """A caravan: a camel-hump badge in the player's colour with the seat number."""
    w, h = 38, 30
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    color = style.player_color(seat)
    d.rounded_rectangle(
        (SS, 8 * SS, (w - 1) * SS, (h - 1) * SS),
        radius=6 * SS,
        fill=(*color, 255),
        outline=(10, 10, 10, 255),
        width=2 * SS,
    )
    d.ellipse((8 * SS, SS, 20 * SS, 14 * SS), fill=(*color, 255), outline=(10, 10, 10, 255), width=2 * SS)
    d.rectangle((9 * SS, 9 * SS, 19 * SS, 12 * SS), fill=(*color, 255))
    ink = style.ink_on(color)
    d.text((w * SS / 2, 19 * SS), str(seat + 1), font=style.font(TEXT * SS), fill=(*ink, 255), anchor="mm")
    return add_texts(finish(big), ((str(seat + 1), TEXT, False),))


@lru_cache(maxsize=32)
def thumbnail(
    sides: str, parts: tuple[tuple[int, ...], ...], action: str | None, action_part: int, size: int
) -> Image.Image:
    """A small picture of a tile (the displays, the tile in hand), its action icon without the letter a thumbnail
    is too small to show legibly (the key says what the colours mean)."""
    big = tile_art(sides, parts, action, action_part, False, ())
    return big.resize((size, size), Image.Resampling.LANCZOS)


def tile_preview(tile: dict[str, Any], size: int) -> Image.Image:
    """A tile dict (as views and `/game tiles` give it) at size px."""
    parts = tuple(tuple(int(x) for x in p) for p in tile.get("parts") or [])
    action = tile.get("action")
    part = tile.get("action_part")
    return thumbnail(
        str(tile.get("sides", "DDDD")),
        parts,
        action if isinstance(action, str) else None,
        part if isinstance(part, int) else 0,
        size,
    )
