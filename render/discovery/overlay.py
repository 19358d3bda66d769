"""The Discovery's overlay: each numbered placement shown as the tile would lie there, with its number (deploying,
scoring and passing are listed in the legend). A space with one placement shows the tile in place, a little faded;
a space with several shows each turn of the tile small in its own quarter of the space, numbered in order."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import panel, style
from render.frame import mark
from render.sprites import badge_size, number_badge, paste, put_text

from .board import MapLayout
from .colors import EMPTY
from .tiles import Look, look_of, tile_image

GHOST = 0.6  # how much of the tile shows over the free space when it is drawn in place
QUARTERS = ((0, 0), (1, 0), (0, 1), (1, 1))  # the order several placements of one space take: reading order


@lru_cache(maxsize=512)
def ghost(look: Look, size: int) -> Image.Image:
    """The tile as it would lie, faded into the free space's colour (so it never passes for a placed tile)."""
    tile = tile_image(look, size)
    return Image.blend(Image.new("RGB", tile.size, EMPTY), tile, GHOST)


def turned(look: Look, r: int) -> Look:
    """The look of a tile turned r quarter turns clockwise (what was on side d is then on side d + r)."""
    regions, borders, cities = look
    return tuple((t, tuple(sorted((d + r) % 4 for d in sides))) for t, sides in regions), borders, cities


def _tile_of(view: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any] | None:
    """The tile a placement puts down: the drawn tile, or (double-tile variant) the viewer's tile in hand."""
    which = entry.get("tile")
    if not which:
        drawn = view.get("drawn")
        return drawn if isinstance(drawn, dict) else None
    for p in panel.as_list(view.get("players")):
        hand = panel.as_dict(p).get("hand") if panel.as_dict(p).get("seat") == entry.get("player") else None
        if isinstance(hand, list) and 0 < int(which) <= len(hand):
            return hand[int(which) - 1] if isinstance(hand[int(which) - 1], dict) else None
    return None


def placements(view: dict[str, Any]) -> dict[tuple[int, int], list[tuple[int, Look | None]]]:
    """{space: [(number, the look of the tile as it would lie there, or None if the view does not show it)]}."""
    by_space: dict[tuple[int, int], list[tuple[int, Look | None]]] = {}
    for e in panel.legal_choices(view):
        if e.get("kind") != "place":
            continue
        x, y = (int(v) for v in str(e["at"]).split(","))
        tile = _tile_of(view, e)
        look = turned(look_of(tile), int(e.get("turn") or 0) // 90) if tile else None
        by_space.setdefault((x, y), []).append((int(e["number"]), look))
    return by_space


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: MapLayout) -> None:
    d = ImageDraw.Draw(im)
    badge = badge_size(lay.width)  # legible at chat size; in a quarter it may reach over the quarter's border
    for (x, y), options in placements(view).items():
        x0, y0, x1, y1 = rect = lay.cell_rect(x, y)
        if len(options) == 1:
            number, look = options[0]
            if look is not None:
                im.paste(ghost(look, lay.tile), (x0, y0))
            mark(d, rect, style.OVERLAY, 2)
            paste(im, number_badge(number, max(badge, lay.tile // 3)), ((x0 + x1) / 2, (y0 + y1) / 2))
            continue
        mark(d, rect, style.OVERLAY, 2)
        half = lay.tile // 2
        small = half - 3
        for (number, look), (qx, qy) in zip(options, QUARTERS, strict=False):
            sx, sy = x0 + qx * half + 2, y0 + qy * half + 2
            if look is not None:
                im.paste(ghost(look, small), (sx, sy))
            paste(im, number_badge(number, max(badge, int(small * 0.55))), (sx + small / 2, sy + small / 2))


TURN_TILE = 64  # a preview's size in the panel
TURN_LINES = 4  # lines of numbers under a preview; what does not fit is counted


def turns(view: dict[str, Any]) -> list[tuple[Look, list[int]]]:
    """Each look the tile can take this turn, with the numbers of the placements that lay it so, in the order the
    looks first come."""
    out: dict[Look, list[int]] = {}
    for options in placements(view).values():
        for number, look in options:
            if look is not None:
                out.setdefault(look, []).append(number)
    return [(look, sorted(numbers)) for look, numbers in out.items()]


def number_lines(numbers: list[int], size: int, width: int, rows: int = TURN_LINES) -> list[str]:
    """The numbers, comma-separated, wrapped into at most `rows` lines of `width` px; the last line counts what
    did not fit ("+3")."""
    lines: list[str] = []
    line = ""
    for k, n in enumerate(numbers):
        word = f"{line}, {n}" if line else str(n)
        if style.text_width(word, size) <= width:
            line = word
            continue
        if len(lines) == rows - 1:
            rest = len(numbers) - k
            while line and style.text_width(f"{line} +{rest}", size) > width:
                line = line.rpartition(", ")[0]
                rest += 1
            return [*lines, f"{line} +{rest}".strip()]
        lines.append(line)
        line = str(n)
    return [*lines, line] if line else lines


def draw_turns(im: Image.Image, view: dict[str, Any], x: int, y: int, w: int) -> int:
    """The tile to place in each of its turns, each with the numbers that lay it so (the previews keyed to the
    map's numbers, at the size players type: legible at phone width); y is the heading's baseline. Returns the y
    below it (unchanged if there is nothing to show)."""
    shown = turns(view)[:4]
    if not shown:
        return y
    put_text(im, (x, y), "Tile to place, as the numbers lay it:", style.min_size(im.width), style.TEXT)
    size = style.min_size(im.width, typed=True)
    col = w // 4
    lines = [number_lines(numbers, size, col - 10) for _, numbers in shown]
    for k, ((look, _), text) in enumerate(zip(shown, lines, strict=True)):
        cx = x + k * col
        im.paste(tile_image(look, TURN_TILE), (cx, y + 10))
        for i, line in enumerate(text):
            put_text(im, (cx, y + 10 + TURN_TILE + 18 + i * (size + 4)), line, size, style.TEXT, typed=True)
    return y + 10 + TURN_TILE + 24 + max(len(t) for t in lines) * (size + 4)
