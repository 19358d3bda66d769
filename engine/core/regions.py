"""Regions that run across tile borders (islands, fields, oases): union-find over (space, segment) nodes.

Every game of the family scores connected areas: Entdecker's islands, Carcassonne: The Discovery's grassland,
mountain and sea areas, Wüstensöhne's oases. A game supplies, per placed tile, its segments and which side each
touches; this module joins segments whose sides face each other and reports which regions are still open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core.grid import DIRECTIONS, Grid, opposite

Node = tuple[int, int]  # (space, segment index on that space's tile)


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}

    def add(self, x: Node) -> None:
        self.parent.setdefault(x, x)

    def find(self, x: Node) -> Node:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            # The smaller root wins, so a region's root is its first node in reading order.
            self.parent[max(ra, rb)] = min(ra, rb)

    def groups(self) -> list[list[Node]]:
        out: dict[Node, list[Node]] = {}
        for node in self.parent:
            out.setdefault(self.find(node), []).append(node)
        return sorted((sorted(nodes) for nodes in out.values()), key=lambda nodes: nodes[0])


def regions(
    grid: Grid,
    spaces: Iterable[int],
    segments_of: Callable[[int], tuple[tuple[int, ...], ...]],
    is_placed: Callable[[int], bool],
) -> list[tuple[list[Node], bool]]:
    """Connected regions as (nodes in reading order, closed?).

    `segments_of(space)` lists, for the tile on a space, the sides each of its segments touches. Two segments join
    when their sides face each other. A region is closed when none of its sides faces an empty space; a side on the
    board's border closes it (the games treat the border as a boundary).
    """
    uf = UnionFind()
    open_nodes: set[Node] = set()
    for space in spaces:
        segs = segments_of(space)
        for i, seg in enumerate(segs):
            uf.add((space, i))
            for d in seg:
                nb = grid.neighbour(space, d)
                if nb is None:
                    continue
                if not is_placed(nb):
                    open_nodes.add((space, i))
                    continue
                back = opposite(d)
                for j, other in enumerate(segments_of(nb)):
                    if back in other:
                        uf.add((nb, j))
                        uf.union((space, i), (nb, j))
                        break
    return [(nodes, not any(n in open_nodes for n in nodes)) for nodes in uf.groups()]


__all__ = ["DIRECTIONS", "Node", "UnionFind", "regions"]
