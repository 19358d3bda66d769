"""Each distinct way a tile can lie is offered once: turns that look alike (sides, oasis parts and where the action
space lies) are one placement, turns that look different are all kept."""

from __future__ import annotations

import pytest

from engine.desert.tiles import geometry, rotations, tile, tileset
from tests.engine.placements import assert_each_look_offered_once


def look(tid: str, r: int) -> tuple:
    g = geometry(tid, r)
    t = tile(tid)
    action_sides = frozenset(g.parts[t.action_part]) if t.action and t.action_part < len(g.parts) else None
    return (g.sides, frozenset(frozenset(p) for p in g.parts), action_sides)


@pytest.mark.parametrize("tid", sorted(tileset().tiles))
def test_rotations_are_the_distinct_looks(tid: str) -> None:
    assert_each_look_offered_once(tid, rotations(tid), look)
