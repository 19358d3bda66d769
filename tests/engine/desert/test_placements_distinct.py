"""Each distinct way a tile can lie is offered once: turns that look alike (sides, oasis parts and where the action
space lies) are one placement, turns that look different are all kept."""

from __future__ import annotations

import pytest

from engine.desert.tiles import geometry, rotations, tile, tileset


def look(tid: str, r: int) -> tuple:
    g = geometry(tid, r)
    t = tile(tid)
    action_sides = frozenset(g.parts[t.action_part]) if t.action and t.action_part < len(g.parts) else None
    return (g.sides, frozenset(frozenset(p) for p in g.parts), action_sides)


@pytest.mark.parametrize("tid", sorted(tileset().tiles))
def test_rotations_are_the_distinct_looks(tid: str) -> None:
    offered = rotations(tid)
    looks = [look(tid, r) for r in offered]
    assert len(looks) == len(set(looks)), f"{tid} offers a look twice: {offered}"
    assert set(looks) == {look(tid, r) for r in range(4)}, f"{tid} loses a look"
