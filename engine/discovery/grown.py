"""The map with one more tile, from the map before it: what the AI asks of every placement it weighs.

`board.analyse` joins every region of the map again (some 3 ms for a map of 60 tiles); a trial placement changes
only the territories through the new tile, so `grown` starts from the analysis of the map before it and joins the
new tile's regions to the territories on the other side of its sides (some 30 µs). Its territories are those of
`analyse(board + tile)`, attribute by attribute (tests/engine/discovery/test_grown.py checks every placement of
seeded games); only the numbering differs, see `grown`.
"""

from __future__ import annotations

from engine.discovery.board import STEPS, Map, Node, Territory, geometry, side_regions
from engine.discovery.state import Cell, Pos


def grown(m: Map, board: dict[Pos, Cell], pos: Pos, cell: Cell) -> Map:
    """The map of `board` with `cell` added at `pos`, where it fits; `m` is analyse(board), and stays as it is.

    A territory the new tile does not touch keeps its id and its object (shared with `m`). The territories the
    new tile joins become one, under the smallest of their ids, and it stands in the list at each of their ids, so
    that an id in another territory's `neighbours` still leads to it; a region of the new tile that joins nothing
    gets a new id at the end. So look territories up by node (`at`, `of_node`) or by a neighbour's id, as the AI
    does, and never iterate `territories` of a grown map (a territory may stand there twice).
    """
    x, y = pos
    g = geometry(cell)
    count = len(g.regions)
    touched: list[set[int]] = [set() for _i in range(count)]  # per new region: the old territories beyond its sides
    faces = [0] * count  # per new region: sides facing an empty space, less the old faces its sides close
    sides = side_regions(cell.tile, cell.rotation)
    for d, dx, dy in STEPS:
        i = sides[d]
        other = board.get((x + dx, y + dy))
        if other is None:
            faces[i] += 1
        else:
            touched[i].add(m.of_node[(x + dx, y + dy, side_regions(other.tile, other.rotation)[(d + 2) % 4])])
            faces[i] -= 1  # the old territory's side that faced this space is closed now
    # New regions beyond whose sides lies one territory are one territory (a bay joined around the tile).
    leader = list(range(count))
    for i in range(count):
        for j in range(i):
            if touched[i] & touched[j]:
                a, b = leader[i], leader[j]
                leader = [min(a, b) if k in (a, b) else k for k in leader]
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(leader[i], []).append(i)
    territories = list(m.territories)
    of_node = dict(m.of_node)
    here = [0] * count  # each new region's territory id
    old_of: list[set[int]] = []
    fresh = len(territories)
    for members in groups.values():
        old = set().union(*(touched[i] for i in members))
        old_of.append(old)
        if old:
            tid = min(old)
        else:
            tid, fresh = fresh, fresh + 1
        for i in members:
            here[i] = tid
    for members, old in zip(groups.values(), old_of, strict=True):
        tid = here[members[0]]
        parts = [m.territories[o] for o in old]
        new_nodes: list[Node] = [(x, y, i) for i in members]
        t = Territory(
            tid,
            g.regions[members[0]].terrain,
            sorted([n for p in parts for n in p.nodes] + new_nodes),
            set().union(*(p.tiles for p in parts)) | {pos},
            False,
            set().union(*(p.cities for p in parts)),
            set().union(*(p.shore_cities for p in parts)),
            set().union(*(p.neighbours for p in parts)),
            sum(p.open_faces for p in parts) + sum(faces[i] for i in members),
        )
        t.complete = t.open_faces == 0
        for i in members:
            for a, b in g.borders:
                if a == i:
                    t.neighbours.add(here[b])
                elif b == i:
                    t.neighbours.add(here[a])
        for k, (land, sea) in enumerate(g.cities):
            if land in members:
                t.cities.add((x, y, k))
            if sea in members:
                t.shore_cities.add((x, y, k))
        for o, p in zip(old, parts, strict=True):
            territories[o] = t
            if o != tid:
                for n in p.nodes:
                    of_node[n] = tid
        for n in new_nodes:
            of_node[n] = tid
        if tid >= len(territories):
            territories.append(t)
    return Map(territories, of_node)
