"""Each distinct way a tile can lie is offered once (a symmetric tile's alike turns are one placement)."""

from __future__ import annotations

import pytest

from engine.discovery.tiles import distinct_rotations, rotations, tileset
from tests.engine.placements import assert_each_look_offered_once


def look(tid: str, r: int) -> tuple:
    g = rotations(tid)[r]
    regions = frozenset((x.terrain, frozenset(x.sides)) for x in g.regions)
    cities = frozenset((frozenset(g.regions[a].sides), frozenset(g.regions[b].sides)) for a, b in g.cities)
    borders = frozenset(frozenset({frozenset(g.regions[a].sides), frozenset(g.regions[b].sides)}) for a, b in g.borders)
    return (g.edges, regions, cities, borders)


@pytest.mark.parametrize("tid", sorted(tileset().tiles))
def test_rotations_are_the_distinct_looks(tid: str) -> None:
    assert_each_look_offered_once(tid, distinct_rotations(tid), look)
