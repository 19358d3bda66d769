"""Tile art: drawn once per (geometry, completion) and cached; the board is composed from these images."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from engine.core.tiles import Geometry
from render.layout import TILE
from render.style import Color

from . import colors

SS = 3  # supersampling factor for the cached tile art
CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # NW, NE, SE, SW; side s runs CORNERS[s] -> [s+1]
SIDE_MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
CENTER = (0.5, 0.5)
CIRCLE_R = 0.135  # central circle radius, in tiles
ANCHOR_INSET = 22  # a piece's centre stays this far from the tile's border

Point = tuple[float, float]


@dataclass(frozen=True)
class Art:
    """The hashable drawing key of a tile: the engine's geometry and whether it shows the central circle."""

    geometry: Geometry
    circle: bool

    def rotated(self, rotation: int) -> Art:
        """Turned `rotation` quarter turns clockwise (the engine's rotation: side d moves to side d + rotation)."""
        return Art(self.geometry.rotated(rotation), self.circle)


def art_key(tile: dict[str, Any]) -> Art:
    """The drawing key of a tile dict as the view gives it (sides, segments, lines, circle), read defensively."""
    sides = str(tile.get("sides") or "SSSS").upper()
    if len(sides) != 4 or any(c not in "LS" for c in sides):
        sides = "SSSS"
    segs = []
    for seg in tile.get("segments") or []:
        try:
            s = tuple(sorted({int(x) % 4 for x in seg}))
        except (TypeError, ValueError):
            continue
        if s:
            segs.append(s)
    try:
        lines = tuple(sorted({int(x) % 4 for x in tile.get("lines") or []}))
    except (TypeError, ValueError):
        lines = ()
    land = (sides[0] == "L", sides[1] == "L", sides[2] == "L", sides[3] == "L")
    if not segs and any(land):  # derive one segment from the sides if the tile did not give them
        segs = [tuple(d for d in range(4) if land[d])]
    circle = bool(tile.get("circle", not all(land)))
    return Art(Geometry(land, tuple(segs), lines), circle)


# --- coast geometry ------------------------------------------------------------------------------------------


def _bezier(points: Sequence[Point], n: int = 28) -> list[Point]:
    out = []
    k = len(points) - 1
    for i in range(n + 1):
        t = i / n
        x = y = 0.0
        for j, (px, py) in enumerate(points):
            c = math.comb(k, j) * (t**j) * ((1 - t) ** (k - j))
            x += c * px
            y += c * py
        out.append((x, y))
    return out


def _wobble(pts: list[Point], seed: int) -> list[Point]:
    """A gentle, deterministic wiggle along the coast; the two ends stay on the tile's corners."""
    out = [pts[0]]
    n = len(pts) - 1
    for i in range(1, n):
        (x0, y0), (x1, y1) = pts[i - 1], pts[i + 1]
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1.0
        t = i / n
        a = 0.018 * math.sin(t * math.pi * (3 + seed % 3) + seed) * math.sin(math.pi * t)
        out.append((pts[i][0] + dy / d * a, pts[i][1] - dx / d * a))
    out.append(pts[-1])
    return out


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _coast(start_side_end: int, gap: int, seed: int) -> list[Point]:
    """Coast from corner `start_side_end` (a corner index) across `gap` sea sides, bending inwards."""
    a = CORNERS[start_side_end % 4]
    b = CORNERS[(start_side_end + gap) % 4]
    if gap == 1:
        mid = SIDE_MID[start_side_end % 4]
        q = _lerp(mid, CENTER, 1.2)
        ctrl = [a, q, b]
    elif gap == 2:
        corner = CORNERS[(start_side_end + 1) % 4]
        ctrl = [a, _lerp(corner, CENTER, 1.6), b]
    else:  # gap == 3: a peninsula from one side
        land_side = (start_side_end - 1) % 4
        mx, my = SIDE_MID[land_side]
        nx, ny = (CENTER[0] - mx) * 2, (CENTER[1] - my) * 2  # unit inward normal
        p1 = (a[0] + nx * 0.42 + (b[0] - a[0]) * 0.12, a[1] + ny * 0.42 + (b[1] - a[1]) * 0.12)
        p2 = (b[0] + nx * 0.42 + (a[0] - b[0]) * 0.12, b[1] + ny * 0.42 + (a[1] - b[1]) * 0.12)
        ctrl = [a, p1, p2, b]
    return _wobble(_bezier(ctrl), seed)


def segment_shape(seg: tuple[int, ...]) -> tuple[list[Point], list[list[Point]]]:
    """(polygon, coasts) of a land segment touching sides seg, in tile units."""
    sides = sorted(set(seg))
    if len(sides) == 4:
        return [CORNERS[0], CORNERS[1], CORNERS[2], CORNERS[3]], []
    poly: list[Point] = []
    coasts: list[list[Point]] = []
    for i, s in enumerate(sides):
        nxt = sides[(i + 1) % len(sides)]
        poly.append(CORNERS[s])
        poly.append(CORNERS[(s + 1) % 4])
        gap = (nxt - s - 1) % 4
        if len(sides) == 1:
            gap = 3
        if gap:
            c = _coast(s + 1, gap, seed=s * 7 + gap)
            coasts.append(c)
            poly.extend(c[1:-1])
    return poly, coasts


# --- drawing -------------------------------------------------------------------------------------------------


def _px(p: Point, size: int) -> tuple[float, float]:
    return (p[0] * size, p[1] * size)


def _offset(line: list[Point], d: float) -> list[Point]:
    """line moved d tile units to its left (towards the sea for a coast walked with the land on its right)."""
    out = []
    n = len(line)
    for i in range(n):
        x0, y0 = line[max(i - 1, 0)]
        x1, y1 = line[min(i + 1, n - 1)]
        dx, dy = x1 - x0, y1 - y0
        L = math.hypot(dx, dy) or 1.0
        out.append((line[i][0] + dy / L * d, line[i][1] - dx / L * d))
    return out


def _waves(draw: ImageDraw.ImageDraw, size: int) -> None:
    u = size / 96
    for x, y in ((18, 22), (62, 14), (40, 48), (76, 60), (14, 72), (52, 84)):
        for k in (0, 1):
            cx, cy = (x + k * 7) * u, y * u
            draw.arc((cx - 4 * u, cy - 3 * u, cx + 3 * u, cy + 3 * u), 200, 340, fill=colors.SEA_WAVE, width=int(u))


def _dotted(draw: ImageDraw.ImageDraw, a: Point, b: Point, r: float, step: float, fill: Color) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(int(length // step), 1)
    for i in range(n + 1):
        x, y = _lerp(a, b, i / n)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _draw_art(draw: ImageDraw.ImageDraw, art: Art, size: int, done: tuple[bool, ...]) -> None:
    segs, lines, circle = art.geometry.segments, art.geometry.lines, art.circle
    u = size / 96
    draw.rectangle((0, 0, size, size), fill=colors.SEA)
    _waves(draw, size)
    shapes = [segment_shape(seg) for seg in segs]
    for _poly, coasts in shapes:  # shallow water first, so that the land covers its inner half
        for c in coasts:
            draw.line([_px(p, size) for p in c], fill=colors.SHALLOW, width=int(16 * u), joint="curve")
    for i, (poly, coasts) in enumerate(shapes):
        green = colors.LAND_DONE if i < len(done) and done[i] else colors.LAND
        draw.polygon([_px(p, size) for p in poly], fill=green)
        for c in coasts:
            draw.line([_px(p, size) for p in c], fill=colors.SAND, width=int(7 * u), joint="curve")
            draw.line([_px(p, size) for p in _offset(c, 3.5 / 96)], fill=colors.COAST, width=int(2 * u), joint="curve")
    for s in lines:
        a = _lerp(CENTER, SIDE_MID[s], (CIRCLE_R + 0.06) / 0.5)
        _dotted(draw, _px(a, size), _px(SIDE_MID[s], size), 2.6 * u, 9 * u, colors.LINE)
    if circle:
        r = CIRCLE_R * size
        mid = size / 2
        draw.ellipse(
            (mid - r, mid - r, mid + r, mid + r), fill=colors.CIRCLE_FILL, outline=colors.CIRCLE, width=int(3 * u)
        )


@lru_cache(maxsize=1024)
def tile_art(art: Art, done: tuple[bool, ...] = ()) -> Image.Image:
    """RGB image TILE x TILE of a placed tile (without event badge, pieces or highlights)."""
    big = Image.new("RGB", (TILE * SS, TILE * SS), colors.SEA)
    _draw_art(ImageDraw.Draw(big), art, TILE * SS, done)
    return big.resize((TILE, TILE), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def tile_thumb(art: Art, size: int) -> Image.Image:
    """A smaller picture of a tile (previews in the panel)."""
    return tile_art(art).resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=2)
def unknown_art() -> Image.Image:
    """An undiscovered space: parchment with hatching."""
    size = TILE * SS
    big = Image.new("RGB", (size, size), colors.UNKNOWN)
    d = ImageDraw.Draw(big)
    step = 12 * SS
    for k in range(-size, size * 2, step):
        d.line((k, 0, k - size, size), fill=colors.UNKNOWN_HATCH, width=SS)
    return big.resize((TILE, TILE), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def segment_anchors(art: Art) -> tuple[tuple[int, int], ...]:
    """Pixel point (within the tile) deepest inside each land segment, away from the central circle."""
    segs, circle = art.geometry.segments, art.circle
    n = 40
    out = []
    for seg in segs:
        mask = Image.new("L", (n + 2, n + 2), 0)
        d = ImageDraw.Draw(mask)
        poly, _ = segment_shape(seg)
        d.polygon([(1 + x * n, 1 + y * n) for x, y in poly], fill=255)
        if circle:
            r = (CIRCLE_R + 0.07) * n
            c = 1 + n / 2
            d.ellipse((c - r, c - r, c + r, c + r), fill=0)
        d.rectangle((0, 0, n + 1, n + 1), outline=0)
        last = mask
        cur = mask
        while True:
            cur = cur.filter(ImageFilter.MinFilter(3))
            if cur.getbbox() is None:
                break
            last = cur
        pts = [(i % (n + 2), i // (n + 2)) for i, v in enumerate(last.tobytes()) if v]
        if not pts:
            out.append((TILE // 2, TILE // 2))
            continue
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        px, py = min(pts, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))
        x, y = round((px - 1 + 0.5) / n * TILE), round((py - 1 + 0.5) / n * TILE)
        lo, hi = ANCHOR_INSET, TILE - ANCHOR_INSET  # keep the whole piece on its tile
        out.append((min(max(x, lo), hi), min(max(y, lo), hi)))
    return tuple(out)
