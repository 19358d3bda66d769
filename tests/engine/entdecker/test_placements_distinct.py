"""Each distinct placement of a tile is offered exactly once: a tile whose turns look alike is not listed twice."""

from __future__ import annotations

import pytest

from engine.core.tiles import Geometry
from engine.entdecker import board as B
from engine.entdecker.state import GRID
from engine.entdecker.tiles import geometry, tileset

from .helpers import SEA, STRAIT, game, put, ship_at


def look(g: Geometry) -> tuple:
    """What a player sees of a tile as it lies, written independently of the engine's own key."""
    return (g.land, frozenset(frozenset(s) for s in g.segments), frozenset(g.lines))


SHIPS = ("E4", "A1N", "A1W", "J7E", "C1N", "J4E")


def _board_for(ship: str):
    state = game()
    if not ship[-1].isalpha() or len(ship) <= 2:
        put(state, ship, SEA)  # an open-sea tile whose four lines lead to four empty neighbours
    return state


@pytest.mark.parametrize("ship", SHIPS)
@pytest.mark.parametrize("tid", sorted(tileset().tiles))
def test_every_distinct_placement_is_offered_once(tid: str, ship: str) -> None:
    state = _board_for(ship)
    pos = ship_at(ship)
    offered = B.placements(state.board, pos, tid)
    looks = [(space, look(geometry(tid, r))) for space, r in offered]
    assert len(looks) == len(set(looks)), f"{tid} offered twice from {ship}: {offered}"
    # Nothing legal is lost: every rotation that fits shows a look that is offered.
    for space, entry in B.ship_targets(state.board, pos):
        for r in range(4):
            g = geometry(tid, r)
            if entry in g.lines and B.fits(state.board, space, g):
                assert (space, look(g)) in looks, f"{tid} turned {r} onto {GRID.name(space)} is missing"


def test_a_strait_is_offered_once_per_space() -> None:
    state = game()
    put(state, "E4", SEA)
    offered = B.placements(state.board, ship_at("E4"), STRAIT)
    spaces = [space for space, _ in offered]
    assert len(spaces) == len(set(spaces)) == 4, offered
    assert all(r in (0, 1) for _, r in offered), "the smallest turn of each look is kept"
