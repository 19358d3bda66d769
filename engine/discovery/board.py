"""The open map: where a tile fits, the territories (regions across tiles) and what each is worth."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from engine.core.grid import DELTAS, opposite
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
    """Every legal (space, rotation) for tile `tid`, symmetric turns offered once (kept with the board's analysis:
    a state's views, labels, AI and step all ask)."""
    memo = analyse(board).memo
    key = ("placements", tid)
    if key not in memo:
        memo[key] = _placements(board, tid)
    return list(memo[key])


def _placements(board: dict[Pos, Cell], tid: str) -> list[tuple[Pos, int]]:
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
    # What views, labels and legal moves derive from this map alone (and the words' language, the followers, ...:
    # in the key): a map is shared by every caller that analyses the same board, so each is worked out once.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

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


@cache
def side_regions(tile: str, rotation: int) -> tuple[int, int, int, int]:
    """The region on each side of a tile as it lies (regions partition the four sides)."""
    g = rotations(tile)[rotation]
    return g.region_at(0), g.region_at(1), g.region_at(2), g.region_at(3)


STEPS = tuple((d, *STEP[d]) for d in range(4))


def _first_node(group: tuple[list[Node], int]) -> Node:
    return group[0][0]


def analyse(board: dict[Pos, Cell]) -> Map:
    """The territories of a map: regions joined across tile sides, whether each is complete, cities, borders.

    A Map is shared by every caller that analyses the same board (cells in the same order), so it is never changed.
    """
    return _analysed(tuple(board.items()))


# The engine's hottest function: every placement, view, label and AI trial analyses a map, a state's own map some 20
# times (its views, legal moves, labels, the move's effect), so the last few are kept; nodes are numbered and joined
# by an inline union-find over a list, giving the same groups in the same order as engine.core.regions.UnionFind.
@lru_cache(maxsize=32)
def _analysed(cells: tuple[tuple[Pos, Cell], ...]) -> Map:
    board = dict(cells)
    geos = {pos: geometry(cell) for pos, cell in cells}
    first: dict[Pos, int] = {}  # the number of each cell's region 0; its region i is first + i
    all_nodes: list[Node] = []
    for (x, y), g in geos.items():
        first[(x, y)] = len(all_nodes)
        all_nodes.extend((x, y, i) for i in range(len(g.regions)))
    parent = list(range(len(all_nodes)))
    open_faces = [0] * len(all_nodes)
    for (x, y), cell in board.items():
        sides, base = side_regions(cell.tile, cell.rotation), first[(x, y)]
        for d, dx, dy in STEPS:
            a = base + sides[d]
            there = first.get((x + dx, y + dy))
            if there is None:
                open_faces[a] += 1
                continue
            other = board[(x + dx, y + dy)]
            b = there + side_regions(other.tile, other.rotation)[(d + 2) % 4]
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            while parent[b] != b:
                parent[b] = parent[parent[b]]
                b = parent[b]
            if a != b:
                parent[max(a, b)] = min(a, b)
    grouped: dict[int, list[Node]] = {}
    faces_of: dict[int, int] = {}  # a group's sides facing an empty space, by its root
    for k, node in enumerate(all_nodes):
        root = k
        while parent[root] != root:
            root = parent[root]
        grouped.setdefault(root, []).append(node)
        faces_of[root] = faces_of.get(root, 0) + open_faces[k]
    territories: list[Territory] = []
    of_node: dict[Node, int] = {}
    for nodes, faces in sorted(((sorted(nodes), faces_of[root]) for root, nodes in grouped.items()), key=_first_node):
        tid = len(territories)
        x, y, i = nodes[0]
        terrain = geos[(x, y)].regions[i].terrain
        tiles = {(n[0], n[1]) for n in nodes}
        territories.append(Territory(tid, terrain, nodes, tiles, faces == 0, open_faces=faces))
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
