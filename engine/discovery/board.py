"""The open map: where a tile fits, the territories (regions across tiles) and what each is worth."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import cast

from engine.core.grid import DELTAS, opposite
from engine.core.regions import UnionFind
from engine.discovery.state import Cell, Follower, Pos
from engine.discovery.tiles import Geometry, distinct_rotations, rotations

Node = tuple[int, int, int]  # (x, y, region index on that tile)

# The grid's deltas count rows downwards; on this map y grows to the north.
STEP = {d: (dx, -dy) for d, (dx, dy) in DELTAS.items()}


def neighbour(pos: Pos, d: int) -> Pos:
    dx, dy = STEP[d]
    return pos[0] + dx, pos[1] + dy


def geometry(cell: Cell) -> Geometry:
    return rotations(cell.tile)[cell.rotation]


def fits(board: dict[Pos, Cell], pos: Pos, g: Geometry) -> bool:
    """Every abutting side continues the terrain across it, and at least one side abuts a tile."""
    if pos in board:
        return False
    touching = False
    for d in range(4):
        other = board.get(neighbour(pos, d))
        if other is None:
            continue
        touching = True
        if geometry(other).edges[opposite(d)] != g.edges[d]:
            return False
    return touching


def frontier(board: dict[Pos, Cell]) -> list[Pos]:
    """Empty spaces beside a tile, sorted north to south, then west to east (reading order on the picture)."""
    out: set[Pos] = set()
    for pos in board:
        for d in range(4):
            nb = neighbour(pos, d)
            if nb not in board:
                out.add(nb)
    return sorted(out, key=lambda p: (-p[1], p[0]))


def placements(board: dict[Pos, Cell], tid: str) -> list[tuple[Pos, int]]:
    """Every legal (space, rotation) for tile `tid`, symmetric turns offered once."""
    out = []
    spaces = frontier(board)
    for r in distinct_rotations(tid):
        g = rotations(tid)[r]
        for pos in spaces:
            if fits(board, pos, g):
                out.append((pos, r))
    out.sort(key=lambda x: (-x[0][1], x[0][0], x[1]))
    return out


def can_place(board: dict[Pos, Cell], tid: str) -> bool:
    spaces = frontier(board)
    return any(fits(board, pos, rotations(tid)[r]) for r in distinct_rotations(tid) for pos in spaces)


# The rulebook's exceptions for a completed territory of "just 2 tiles" hold for every territory this small: a
# one-tile inner lake or island is not worth more than two tiles of the same kind (docs/discovery.md).
SMALL = 3


@dataclass
class Territory:
    id: int
    terrain: str
    nodes: list[Node]
    tiles: set[Pos]
    complete: bool
    cities: set[tuple[int, int, int]] = field(default_factory=set)  # (x, y, city index) in this land region
    shore_cities: set[tuple[int, int, int]] = field(default_factory=set)  # sea: cities on its shores
    neighbours: set[int] = field(default_factory=set)  # territories bordering it inside some tile
    open_faces: int = 0  # sides facing an empty space (0 when complete)

    @property
    def size(self) -> int:
        return len(self.tiles)


@dataclass
class Map:
    territories: list[Territory]
    of_node: dict[Node, int]

    def at(self, x: int, y: int, region: int) -> Territory:
        return self.territories[self.of_node[(x, y, region)]]

    def city_count(self, t: Territory) -> int:
        """Cities a territory scores: a sea its shores; a mountain its own and those of every bordering grassland."""
        if t.terrain == "S":
            return len(t.shore_cities)
        if t.terrain == "G":
            return len(t.cities)
        cities = set(t.cities)
        for n in t.neighbours:
            other = self.territories[n]
            if other.terrain == "G":
                cities |= other.cities
        return len(cities)

    def value(self, t: Territory, final: bool = False) -> int:
        """What removing a follower from `t` scores now (final scoring treats every territory as incomplete)."""
        complete = t.complete and not final
        if t.terrain == "G":
            if not complete:
                return t.size
            return 2 if t.size < SMALL else 2 * t.size
        cities = self.city_count(t)
        if t.terrain == "M":
            if not complete:
                return cities
            return cities if t.size < SMALL else 2 * cities
        if not complete:
            return cities
        return cities if t.size < SMALL else cities + t.size


def analyse(board: dict[Pos, Cell]) -> Map:
    """The territories of a map: regions joined across tile sides, whether each is complete, cities, borders.

    The same map is analysed several times over (its legal moves, its labels, its view, the move applied to it, a
    replay's every frame), so the last few analyses are kept, keyed by the map's tiles in their order (the order
    territories are numbered in). A Map is never changed once made, so sharing one is safe."""
    return _analysed(tuple(board.items()))


@functools.lru_cache(maxsize=32)
def _analysed(cells: tuple[tuple[Pos, Cell], ...]) -> Map:
    return _analyse(dict(cells))


def _analyse(board: dict[Pos, Cell]) -> Map:
    uf = UnionFind()
    open_nodes: dict[Node, int] = {}
    geos = {pos: geometry(cell) for pos, cell in board.items()}
    for pos, g in geos.items():
        for i, region in enumerate(g.regions):
            node = (pos[0], pos[1], i)
            uf.add(node)  # type: ignore[arg-type]
            for d in region.sides:
                nb = neighbour(pos, d)
                other = geos.get(nb)
                if other is None:
                    open_nodes[node] = open_nodes.get(node, 0) + 1
                    continue
                j = other.region_at(opposite(d))
                uf.add((nb[0], nb[1], j))  # type: ignore[arg-type]
                uf.union(node, (nb[0], nb[1], j))  # type: ignore[arg-type]
    territories: list[Territory] = []
    of_node: dict[Node, int] = {}
    for group in uf.groups():
        nodes = cast("list[Node]", group)  # core's union-find is typed for (space, segment); these are (x, y, region)
        tid = len(territories)
        x, y, i = nodes[0]
        terrain = geos[(x, y)].regions[i].terrain
        faces = sum(open_nodes.get(n, 0) for n in nodes)
        tiles = {(n[0], n[1]) for n in nodes}
        territories.append(Territory(tid, terrain, list(nodes), tiles, faces == 0, open_faces=faces))
        for n in nodes:
            of_node[n] = tid
    for pos, g in geos.items():
        here = [of_node[(pos[0], pos[1], i)] for i in range(len(g.regions))]
        for a, b in g.borders:
            territories[here[a]].neighbours.add(here[b])
            territories[here[b]].neighbours.add(here[a])
        for k, (land, sea) in enumerate(g.cities):
            city = (pos[0], pos[1], k)
            territories[here[land]].cities.add(city)
            territories[here[sea]].shore_cities.add(city)
    return Map(territories, of_node)


def occupied(m: Map, followers: list[Follower]) -> dict[int, list[Follower]]:
    out: dict[int, list[Follower]] = {}
    for f in followers:
        out.setdefault(m.of_node[(f.x, f.y, f.region)], []).append(f)
    return out
