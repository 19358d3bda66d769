"""A Discovery tile as a picture, from the view's tile dict (edges, regions, borders, cities): flat terrain colours,
each side all one terrain, bays as trapezoids, halves as triangles, inner lakes and islands as discs, port cities
as small houses on their shore. Cached per look and size."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.sprites import SS, canvas, finish

from .colors import CITY, CITY_ROOF, TERRAIN, TERRAIN_EDGE

Look = tuple[tuple[tuple[str, tuple[int, ...]], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
BAY_DEPTH = 0.3
BAY_INSET = 0.24


def look_of(tile: dict[str, Any]) -> Look:
    regions = tuple((str(r["terrain"]), tuple(int(d) for d in r["sides"])) for r in tile["regions"])
    borders = tuple((int(a), int(b)) for a, b in tile.get("borders") or [])
    cities = tuple((int(a), int(b)) for a, b in tile.get("cities") or [])
    return regions, borders, cities


def _corners(t: float) -> dict[int, tuple[tuple[float, float], tuple[float, float]]]:
    """The two corners of each side, clockwise: N, E, S, W."""
    return {0: ((0, 0), (t, 0)), 1: ((t, 0), (t, t)), 2: ((t, t), (0, t)), 3: ((0, t), (0, 0))}


def _bay(side: int, t: float) -> list[tuple[float, float]]:
    d, i = BAY_DEPTH * t, BAY_INSET * t
    return {
        0: [(0, 0), (t, 0), (t - i, d), (i, d)],
        1: [(t, 0), (t, t), (t - d, t - i), (t - d, i)],
        2: [(t, t), (0, t), (i, t - d), (t - i, t - d)],
        3: [(0, t), (0, 0), (d, i), (d, t - i)],
    }[side]


def _anchor(kind: str, sides: tuple[int, ...], t: float) -> tuple[float, float]:
    c = t / 2
    if kind == "inner" or not sides:
        return (c, c)
    if kind in ("bay", "pie"):
        depth = 0.16 if kind == "bay" else 0.2
        side = sides[0]
        return {0: (c, depth * t), 1: (t - depth * t, c), 2: (c, t - depth * t), 3: (depth * t, c)}[side]
    if kind == "half":
        xs = [p for d in sides for p in _corners(t)[d]]
        return (sum(x for x, _ in xs) / len(xs) * 0.6 + c * 0.4, sum(y for _, y in xs) / len(xs) * 0.6 + c * 0.4)
    # the base region: away from its bays, towards its own sides
    if len(sides) in (1, 2) and kind == "base":
        mx = sum({1: 1, 3: -1}.get(d, 0) for d in sides)
        my = sum({0: -1, 2: 1}.get(d, 0) for d in sides)
        return (c + mx * 0.22 * t, c + my * 0.22 * t)
    return (c, c)


def shapes(look: Look, t: float) -> list[tuple[str, str, list[tuple[float, float]] | None, tuple[float, float]]]:
    """(terrain, kind, polygon or None for an inner disc / the background, anchor) per region, in drawing order."""
    regions, borders, _ = look
    n = len(regions)
    degree = [sum(1 for a, b in borders if i in (a, b)) for i in range(n)]
    singles = [i for i, (_, s) in enumerate(regions) if len(s) == 1]
    out: list[Any] = [None] * n
    if len(singles) == 4 and all(degree[i] >= 2 for i in singles):  # quarters / cross: a pie of four
        for i in singles:
            side = regions[i][1][0]
            a, b = _corners(t)[side]
            out[i] = (regions[i][0], "pie", [a, b, (t / 2, t / 2)], _anchor("pie", (side,), t))
    else:
        edge_regions = [i for i in range(n) if regions[i][1]]
        base = max(edge_regions, key=lambda i: (len(regions[i][1]), degree[i], -i))
        out[base] = (regions[base][0], "base", None, _anchor("base", regions[base][1], t))
        for i in edge_regions:
            if i == base:
                continue
            sides = regions[i][1]
            if len(sides) == 1:
                out[i] = (regions[i][0], "bay", _bay(sides[0], t), _anchor("bay", sides, t))
            elif len(sides) == 2 and (sides[1] - sides[0]) % 2 == 1:  # two adjacent sides: a half
                first = sides[0] if (sides[0] + 1) % 4 == sides[1] else sides[1]  # the clockwise first side
                pts = [_corners(t)[first][0], _corners(t)[first][1], _corners(t)[(first + 1) % 4][1]]
                out[i] = (regions[i][0], "half", pts, _anchor("half", sides, t))
            else:  # a band between two opposite sides
                w = 0.2 * t
                poly = [(0, t / 2 - w), (t, t / 2 - w), (t, t / 2 + w), (0, t / 2 + w)]
                if sides == (0, 2):
                    poly = [(t / 2 - w, 0), (t / 2 + w, 0), (t / 2 + w, t), (t / 2 - w, t)]
                out[i] = (regions[i][0], "band", poly, (t / 2, t / 2))
    for i in range(n):
        if not regions[i][1]:
            out[i] = (regions[i][0], "inner", None, (t / 2, t / 2))
    return out


@lru_cache(maxsize=2048)
def tile_image(look: Look, size: int) -> Image.Image:
    """The tile at size x size px (RGB)."""
    t = size * SS
    big = Image.new("RGB", (t, t), (0, 0, 0))
    d = ImageDraw.Draw(big)
    parts = shapes(look, t)
    order = sorted(
        range(len(parts)), key=lambda i: {"base": 0, "pie": 1, "half": 1, "band": 2, "bay": 3, "inner": 4}[parts[i][1]]
    )
    for i in order:
        terrain, kind, poly, _ = parts[i]
        fill, edge = TERRAIN[terrain], TERRAIN_EDGE[terrain]
        if kind == "base":
            d.rectangle((0, 0, t, t), fill=fill)
        elif kind == "inner":
            r = 0.2 * t
            d.ellipse((t / 2 - r, t / 2 - r, t / 2 + r, t / 2 + r), fill=fill, outline=edge, width=SS * 2)
        else:
            assert poly is not None
            d.polygon(poly, fill=fill, outline=edge, width=SS * 2)
    _, _, cities = look
    for land, sea in cities:
        ax, ay = parts[land][3]
        bx, by = parts[sea][3]
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        s = 0.09 * t
        d.rectangle((cx - s, cy - s * 0.3, cx + s, cy + s), fill=CITY, outline=CITY_ROOF, width=SS)
        d.polygon([(cx - s * 1.3, cy - s * 0.2), (cx, cy - s * 1.3), (cx + s * 1.3, cy - s * 0.2)], fill=CITY_ROOF)
    return finish(big)


@lru_cache(maxsize=1)
def city_icon() -> Image.Image:
    """A port city as the tiles draw it (a red house), for the legend's key."""
    n = 24
    big, d = canvas(n)
    c, s = n * SS / 2, 0.3 * n * SS
    d.rectangle((c - s, c - s * 0.3, c + s, c + s), fill=CITY, outline=CITY_ROOF, width=SS)
    d.polygon([(c - s * 1.3, c - s * 0.2), (c, c - s * 1.3), (c + s * 1.3, c - s * 0.2)], fill=CITY_ROOF)
    return finish(big)


def anchor(look: Look, region: int, size: int) -> tuple[float, float]:
    """Where a follower on `region` stands, in px from the tile's top left."""
    return shapes(look, size)[region][3]


def tile_preview(tile: dict[str, Any], size: int) -> Image.Image:
    """A tile dict (as views and `/game tiles` give it) at size px."""
    return tile_image(look_of(tile), size)
