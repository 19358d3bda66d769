"""The Discovery's 84 tiles, loaded from data/tiles.json, and their rotations.

A tile's sides are each one terrain (G grassland, M mountain, S sea). Inside, a tile is cut into regions
(segments): each has a terrain and the sides it touches (none for an inner region such as a lake). Regions that
share a border inside the tile are listed as `borders`; a port city sits on the border of a land region and a sea
region. The region layouts are the patterns known from the game (docs/discovery.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.core.grid import DIR_NAMES
from engine.core.tiles import turned_sides
from engine.core.words import directions
from engine.discovery.lang import N_, _

TERRAINS = "GMS"
# English as the events store it (the end's count of open territories); shown through _()
TERRAIN_WORDS = {"G": N_("grassland"), "M": N_("mountain"), "S": N_("sea")}
# A region of a tile as a whole phrase per terrain (each language's article and gender differ): on every side, on
# none (inner), on some; "?" for a region whose terrain an event does not say.
REGION_WORDS = {
    "G": (N_("the grassland"), N_("the inner grassland"), N_("the grassland to the {sides}")),
    "M": (N_("the mountain"), N_("the inner mountain"), N_("the mountain to the {sides}")),
    "S": (N_("the sea"), N_("the inner sea"), N_("the sea to the {sides}")),
    "?": (N_("the region"), N_("the inner region"), N_("the region to the {sides}")),
}
ROLE_OF = {"G": "explorer", "M": "brigand", "S": "navigator"}
TERRAIN_OF_ROLE = {v: k for k, v in ROLE_OF.items()}

# Pattern: the sides of each region (canonical orientation) and the borders between regions inside the tile.
PATTERNS: dict[str, tuple[tuple[str, ...], tuple[tuple[int, int], ...]]] = {
    "whole": (("NESW",), ()),  # one region on all four sides
    "island": (("NESW", ""), ((0, 1),)),  # one region on all sides around an inner region
    "halves": (("NE", "SW"), ((0, 1),)),  # a diagonal split
    "bay": (("N", "ESW"), ((0, 1),)),  # a single-side region cut into a three-side one
    "two-bays": (("N", "E", "SW"), ((0, 2), (1, 2))),  # two bays in a region on the other two sides
    "thirds": (("N", "E", "SW"), ((0, 1), (0, 2), (1, 2))),  # three regions meeting in the middle
    "three-bays": (("N", "E", "S", "W"), ((0, 3), (1, 3), (2, 3))),  # three bays cut into the west region
    "band": (("N", "EW", "S"), ((0, 1), (1, 2))),  # a band from east to west between two single-side regions
    "quarters": (("N", "E", "S", "W"), ((0, 1), (1, 2), (2, 3), (0, 3))),  # four corners' worth, like a pie
    "cross": (("N", "E", "S", "W", ""), ((0, 1), (1, 2), (2, 3), (0, 3), (0, 4), (1, 4), (2, 4), (3, 4))),
}

EXPECTED_IDS = tuple(f"{i:02d}" for i in range(1, 67) if i != 24)  # the rulebook's list has no tile 24


@dataclass(frozen=True)
class Region:
    terrain: str
    sides: tuple[int, ...]  # 0=N 1=E 2=S 3=W; empty for an inner region


@dataclass(frozen=True)
class Geometry:
    """A tile as it lies: the terrain of each side, its regions, the borders and cities between them."""

    edges: str  # terrain per side N, E, S, W
    regions: tuple[Region, ...]
    borders: tuple[tuple[int, int], ...]
    cities: tuple[tuple[int, int], ...]  # (land region, sea region)

    def region_at(self, side: int) -> int:
        for i, r in enumerate(self.regions):
            if side in r.sides:
                return i
        raise ValueError(f"no region on side {side}")

    def rotated(self, r: int) -> Geometry:
        """Turned r quarter turns clockwise: what was on side d is now on side d + r."""
        r %= 4
        if r == 0:
            return self
        edges = "".join(turned_sides(self.edges, r))
        regions = tuple(Region(x.terrain, tuple(sorted((d + r) % 4 for d in x.sides))) for x in self.regions)
        return Geometry(edges, regions, self.borders, self.cities)

    def signature(self) -> tuple[object, ...]:
        """What a player sees: equal signatures are the same placement (a symmetric tile turned)."""
        regions = tuple(sorted((x.terrain, x.sides) for x in self.regions))
        cities = tuple(sorted((self.regions[a].sides, self.regions[b].sides) for a, b in self.cities))
        borders = tuple(sorted(tuple(sorted((self.regions[a].sides, self.regions[b].sides))) for a, b in self.borders))
        return (self.edges, regions, cities, borders)


@dataclass(frozen=True)
class TileDef:
    id: str
    pattern: str
    geometry: Geometry

    def rotation(self, r: int) -> Geometry:
        return rotations(self.id)[r % 4]


@dataclass(frozen=True)
class TileSet:
    tiles: dict[str, TileDef]
    start: str
    deck: tuple[str, ...]  # every tile but the start tile, one id per physical tile ("15-2": 2nd copy of 15)


def region_words(g: Geometry, i: int) -> str:
    """'the mountain to the north and east', 'the inner sea', 'the sea' (never the side letters)."""
    return sides_region_words(g.regions[i].terrain, g.regions[i].sides)


def sides_region_words(terrain: str, sides: tuple[int, ...]) -> str:
    """A region of a tile by its terrain (G, M, S; any other: "the region") and the sides it touches: 'the sea to
    the east and south', 'the inner sea'."""
    whole, inner, some = REGION_WORDS.get(terrain, REGION_WORDS["?"])
    if not sides:
        return _(inner)
    if len(sides) == 4:
        return _(whole)
    return _(some).format(sides=directions(sides))


def sides_code(sides: tuple[int, ...]) -> str:
    """Sides as letters: (0, 1) -> "NE"; an inner region is "inner"."""
    return "".join(DIR_NAMES[d] for d in sides) if sides else "inner"


def parse_sides(code: str) -> tuple[int, ...] | None:
    text = code.strip().upper()
    if text == "INNER":
        return ()
    if not text or any(c not in DIR_NAMES for c in text) or len(set(text)) != len(text):
        return None
    return tuple(sorted(DIR_NAMES.index(c) for c in text))


def build_geometry(pattern: str, terrains: str, cities: list[list[int]] | None) -> Geometry:
    """A tile from the data-file notation; ValueError when it breaks a rule of the tile set."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    sides, borders = PATTERNS[pattern]
    if len(terrains) != len(sides) or set(terrains) - set(TERRAINS):
        raise ValueError(f"pattern {pattern} needs {len(sides)} terrains from {TERRAINS}, not {terrains!r}")
    regions = tuple(
        Region(t, tuple(sorted(DIR_NAMES.index(c) for c in s))) for t, s in zip(terrains, sides, strict=True)
    )
    for a, b in borders:
        if terrains[a] == terrains[b]:
            raise ValueError(f"{pattern} {terrains}: regions {a} and {b} border each other but are both {terrains[a]}")
    edges = ["?"] * 4
    for region in regions:
        for d in region.sides:
            edges[d] = region.terrain
    city_pairs: list[tuple[int, int]] = []
    for pair in cities or []:
        land, sea = pair
        if terrains[land] == "S" or terrains[sea] != "S":
            raise ValueError(f"{pattern} {terrains}: a city lies between land ({land}) and sea ({sea})")
        if (min(land, sea), max(land, sea)) not in borders:
            raise ValueError(f"{pattern} {terrains}: regions {land} and {sea} do not border each other")
        if (land, sea) in city_pairs:
            raise ValueError(f"{pattern} {terrains}: two cities on one shore")
        city_pairs.append((land, sea))
    return Geometry("".join(edges), regions, borders, tuple(city_pairs))


def _build(data: dict[str, Any]) -> TileSet:
    if data.get("format") != "discovery-tiles/1":
        raise ValueError("unknown tile data format")
    tiles: dict[str, TileDef] = {}
    deck: list[str] = []
    s = data["start"]
    tiles["start"] = TileDef("start", s["pattern"], build_geometry(s["pattern"], s["terrains"], s.get("cities")))
    ids = []
    signatures: dict[tuple[object, ...], str] = {}
    for entry in data["tiles"]:
        geometry = build_geometry(entry["pattern"], entry["terrains"], entry.get("cities"))
        for r in range(4):
            sig = geometry.rotated(r).signature()
            if sig in signatures and signatures[sig] != entry["id"]:
                raise ValueError(f"tiles {signatures[sig]} and {entry['id']} are the same configuration")
            signatures[sig] = entry["id"]
        ids.append(entry["id"])
        for copy in range(1, entry["count"] + 1):
            tid = entry["id"] if entry["count"] == 1 else f"{entry['id']}-{copy}"
            tiles[tid] = TileDef(tid, entry["pattern"], geometry)
            deck.append(tid)
    if tuple(ids) != EXPECTED_IDS:
        raise ValueError("the tile list must be the rulebook's numbers 01-66 without 24, in order")
    return TileSet(tiles, "start", tuple(deck))


@cache
def tileset() -> TileSet:
    text = resources.files("engine.discovery").joinpath("data/tiles.json").read_text(encoding="utf-8")
    return _build(json.loads(text))


def tile(tid: str) -> TileDef:
    return tileset().tiles[tid]


@cache
def rotations(tid: str) -> tuple[Geometry, Geometry, Geometry, Geometry]:
    g = tile(tid).geometry
    return (g, g.rotated(1), g.rotated(2), g.rotated(3))


@cache
def distinct_rotations(tid: str) -> tuple[int, ...]:
    """The rotations that look different (a symmetric tile offers each look once, the smallest turn)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for r, g in enumerate(rotations(tid)):
        sig = g.signature()
        if sig not in seen:
            seen.add(sig)
            out.append(r)
    return tuple(out)


def tile_words(tid: str, r: int = 0) -> str:
    """'sea north and west, grassland east, mountain south' for a tile as it lies: each terrain by its sides."""
    g = rotations(tid)[r % 4]
    return ", ".join(edge_words(t, [d for d in range(4) if g.edges[d] == t]) for t in TERRAIN_WORDS if t in g.edges)


def edge_words(terrain: str, sides: list[int]) -> str:
    """'sea north and west', 'grassland every side': a terrain by the sides it reaches."""
    if len(set(sides)) == 4:
        return _("{terrain} every side").format(terrain=_(TERRAIN_WORDS[terrain]))
    return _("{terrain} {sides}").format(terrain=_(TERRAIN_WORDS[terrain]), sides=directions(sides))
