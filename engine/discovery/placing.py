"""What a placement does, in words: the territories it completes, then how the tile lies, region by region.

The side list it replaces ("N mountain, E sea, S sea, W sea") lost which sides are one sea and which are separate
bays, the inner lakes and the cities; and it said nothing of what the placement achieves."""

from __future__ import annotations

import functools

from engine.core.grid import opposite
from engine.core.lang import reader
from engine.core.regions import UnionFind
from engine.core.words import DIRECTION_WORDS, listed
from engine.discovery import board as B
from engine.discovery.lang import N_, _, ngettext
from engine.discovery.state import Cell, Pos
from engine.discovery.tiles import TERRAIN_WORDS, Geometry

NEW, OLD = 0, 1  # the two kinds of node of completed(): a region of the new tile, a territory on the map
INNER_WORDS = {"G": N_("inner grassland"), "M": N_("inner mountain"), "S": N_("inner lake")}


def _sides(sides: tuple[int, ...]) -> str:
    return listed([_(DIRECTION_WORDS[d]) for d in sides])


def _sized(terrain: str, n: int) -> str:
    """'a sea of 4 tiles': a whole phrase per terrain (its article agrees with the terrain's gender)."""
    if terrain == "G":
        return ngettext("a grassland of {n} tile", "a grassland of {n} tiles", n).format(n=n)
    if terrain == "M":
        return ngettext("a mountain of {n} tile", "a mountain of {n} tiles", n).format(n=n)
    return ngettext("a sea of {n} tile", "a sea of {n} tiles", n).format(n=n)


def look_words(g: Geometry) -> str:
    """How a tile lies in the reader's words (every view tells each tile on the map: kept per look and language)."""
    return _look_words(g, reader())


@functools.lru_cache(maxsize=4096)
def _look_words(g: Geometry, language: str) -> str:
    """'mountain north; sea east, south and west (1 city)': each region with the sides it touches, clockwise from
    north; a region on every side is 'all round', one on none 'inner lake' (or 'inner grassland'); a sea counts the
    port cities on its shore."""
    parts = []
    clockwise = sorted(range(len(g.regions)), key=lambda i: g.regions[i].sides[:1] or (4,))  # from north; inner last
    for i in clockwise:
        region = g.regions[i]
        word = _(TERRAIN_WORDS[region.terrain])
        if not region.sides:
            where = _(INNER_WORDS[region.terrain])
        elif len(region.sides) == 4:
            where = _("{terrain} all round").format(terrain=word)
        else:
            where = _("{terrain} {sides}").format(terrain=word, sides=_sides(region.sides))
        cities = sum(1 for land, sea in g.cities if i in (land, sea) and region.terrain == "S")
        if cities:
            where = ngettext("{where} ({n} city)", "{where} ({n} cities)", cities).format(where=where, n=cities)
        parts.append(where)
    return "; ".join(parts)


def completed(board: dict[Pos, Cell], m: B.Map, pos: Pos, g: Geometry) -> list[tuple[str, int]]:
    """(terrain, tiles) of each territory that placing g at pos completes, largest first: the new tile's regions
    joined with the territories they touch, complete when no side of the group faces an empty space any more."""
    uf = UnionFind()  # nodes: (NEW, region of the new tile) and (OLD, territory id)
    faces: dict[tuple[int, int], int] = {}
    for i, region in enumerate(g.regions):
        mine = (NEW, i)
        uf.add(mine)
        faces[mine] = 0
        for d in region.sides:
            nb = B.neighbour(pos, d)
            cell = board.get(nb)
            if cell is None:
                faces[mine] += 1
                continue
            theirs = (OLD, m.of_node[(nb[0], nb[1], B.geometry(cell).region_at(opposite(d)))])
            uf.add(theirs)
            faces.setdefault(theirs, m.territories[theirs[1]].open_faces)
            faces[mine] -= 1  # the side of that territory which faced this space is closed now
            uf.union(mine, theirs)
    out = []
    for group in uf.groups():
        if sum(faces[k] for k in group) > 0:
            continue
        tiles: set[Pos] = {pos}
        for kind, k in group:
            if kind == OLD:
                tiles |= m.territories[k].tiles
        out.append((g.regions[group[0][1]].terrain, len(tiles)))  # groups are sorted: a new region comes first
    return sorted(out, key=lambda c: -c[1])


def placement_words(board: dict[Pos, Cell], m: B.Map, pos: Pos, g: Geometry) -> str:
    """'completes a sea of 4 tiles; mountain north; sea east, south and west (1 city)'."""
    done = completed(board, m, pos, g)
    look = look_words(g)
    if not done:
        return look
    one, two = (_sized(t, n) for t, n in (done * 2)[:2])
    if len(done) == 1:
        return _("completes {one}; {look}").format(one=one, look=look)
    if len(done) == 2:
        return _("completes {one} and {two}; {look}").format(one=one, two=two, look=look)
    more = len(done) - 2
    return ngettext(
        "completes {one} and {two} and {n} more; {look}", "completes {one} and {two} and {n} more; {look}", more
    ).format(one=one, two=two, n=more, look=look)
