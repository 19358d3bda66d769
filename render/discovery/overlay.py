"""The Discovery's overlay: each numbered placement shown as the tile would lie there, with its number (deploying,
scoring and passing are listed in the legend). A space with one placement shows the tile in place, a little faded;
a space with several shows each turn of the tile small in its own quarter of the space, numbered in order."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.discovery.lang import _
from render import made, panel, style
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


Box = tuple[float, float, float, float]
TIGHT = 0.25  # the room beside a crowded badge's digits, in heights (number_badge's pad)
NUDGE = 3  # px a crowded badge is moved at a time to clear the badges already placed
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


def _box(center: tuple[float, float], badge: Image.Image) -> Box:
    x, y = center
    return (x - badge.width / 2, y - badge.height / 2, x + badge.width / 2, y + badge.height / 2)


def _overlaps(box: Box, taken: list[Box]) -> bool:
    return _covered(box, taken) > 0


def _covered(box: Box, taken: list[Box]) -> float:
    """How much of the badges taken the box would cover (px²)."""
    return sum(
        max(0.0, min(box[2], t[2]) - max(box[0], t[0])) * max(0.0, min(box[3], t[3]) - max(box[1], t[1])) for t in taken
    )


def free_spot(want: tuple[float, float], badge: Image.Image, cell: Box, taken: list[Box], own: list[Box]) -> Box:
    """Where a badge goes: at `want`, or else the nearest spot (in NUDGE px steps, its centre inside its space)
    where it covers no badge placed before; where there is none, the spot covering the least of the others that
    covers none of its own space's badges (`own`), which the digits must never hide."""
    x0, y0, x1, y1 = cell
    spots = itertools.chain(
        (want,),
        (
            (want[0] + dx * step, want[1] + dy * step)
            for step in range(NUDGE, round(x1 - x0) // 2 + 1, NUDGE)
            for dx, dy in DIRECTIONS
        ),
    )  # lazily: most badges take the first
    best, least = _box(want, badge), float("inf")
    for x, y in spots:
        if not (x0 <= x <= x1 and y0 <= y <= y1) or _overlaps(box := _box((x, y), badge), own):
            continue
        covered = _covered(box, taken)
        if covered == 0:
            return box
        if covered < least:  # the nearest of equals
            best, least = box, covered
    return best


def badges(
    view: dict[str, Any], lay: MapLayout, by_space: dict[tuple[int, int], list[tuple[int, Look | None]]] | None = None
) -> list[tuple[tuple[int, int], Image.Image, Box]]:
    """Each placement's space, its badge and where that goes: a space's one badge in its middle; several (one per
    turn of the tile, in reading order) side by side around the middle, moved apart where they would cover a
    neighbour's (the digits stay at the size players can type, so on small squares they reach past their quarters
    and cover the quarters' ghosts: the panel's previews say which turn each number lays)."""
    size = badge_size(lay.width)
    by_space = placements(view) if by_space is None else by_space
    spaces = sorted(by_space.items(), key=lambda kv: len(kv[1]))  # a lone badge keeps the middle
    taken: list[Box] = []
    out = []
    for (x, y), options in spaces:
        cell = lay.cell_rect(x, y)
        cx, cy = (cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2
        if len(options) == 1:
            ims = [number_badge(options[0][0], max(size, lay.tile // 3))]
            wants = [(cx, cy)]
        else:
            ims = [number_badge(number, size, TIGHT) for number, _look in options]
            dx, dy = max(max(b.width for b in ims) / 2, lay.tile / 4), max(size / 2, lay.tile / 4)
            wants = [(cx + (2 * qx - 1) * dx, cy + (2 * qy - 1) * dy) for qx, qy in QUARTERS]
        own = [_box(want, im_) for im_, want in zip(ims, wants, strict=False)]  # each keeps off its siblings' spots
        for k, (im_, want) in enumerate(zip(ims, wants, strict=False)):
            own[k] = box = free_spot(want, im_, cell, taken, own[:k] + own[k + 1 :])
            taken.append(box)
            out.append(((x, y), im_, box))
    return out


def draw_overlay(im: Image.Image, view: dict[str, Any], lay: MapLayout) -> None:
    d = made.pen(im)
    by_space = placements(view)
    for (x, y), options in by_space.items():
        x0, y0, _x1, _y1 = rect = lay.cell_rect(x, y)
        if len(options) == 1:
            look = options[0][1]
            if look is not None:
                made.place(im, ghost(look, lay.tile), (x0, y0))
            mark(d, rect, style.OVERLAY, 2)
            continue
        mark(d, rect, style.OVERLAY, 2)
        half = lay.tile // 2
        small = half - 3
        for (_number, look), (qx, qy) in zip(options, QUARTERS, strict=False):
            if look is not None:
                made.place(im, ghost(look, small), (x0 + qx * half + 2, y0 + qy * half + 2))
    # the badges after every ghost, so that no ghost covers a badge reaching over its square
    for _space, badge, box in badges(view, lay, by_space):
        paste(im, badge, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))


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
    put_text(im, (x, y), _("Tile to place, as the numbers lay it:"), style.min_size(im.width), style.TEXT)
    size = style.min_size(im.width, typed=True)
    col = w // 4
    lines = [number_lines(numbers, size, col - 10) for _look, numbers in shown]
    for k, ((look, _numbers), text) in enumerate(zip(shown, lines, strict=True)):
        cx = x + k * col
        made.place(im, tile_image(look, TURN_TILE), (cx, y + 10))
        for i, line in enumerate(text):
            put_text(im, (cx, y + 10 + TURN_TILE + 18 + i * (size + 4)), line, size, style.TEXT, typed=True)
    return y + 10 + TURN_TILE + 24 + max(len(t) for t in lines) * (size + 4)
