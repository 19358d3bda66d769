"""Rulebook "Grasslands", "Mountains", "Seas" (Ex08-Ex16, with the three 2-tile exceptions), scoring through a
`/score` move, and "Final Scoring" (every territory counts as incomplete)."""

from __future__ import annotations

import engine
from engine.core.moves import Move
from engine.discovery.state import State
from tests.engine.discovery.helpers import RED, T, blank, follower, put, territory, to_place, value


def _score(state: State, at: str, region: str) -> int:
    """Red, having just placed a tile (the one at 0,0 stands in for it), scores the follower at `at`."""
    state.current, state.phase, state.placed, state.drawn = RED, "follower", (0, 0), None
    before = state.players[RED].score
    state, events = engine.step(state, Move.make("score", RED, at=at, region=region))
    points = next(e["points"] for e in events if e["type"] == "score")
    assert state.players[RED].score - before == points
    return points


def _red_follows(state: State, side: int, complete_size: int | None) -> None:
    """Red's follower on side `side` of the tile at 0,0; its territory is complete with `complete_size` tiles, or
    open (None)."""
    follower(state, RED, (0, 0), side)
    t = territory(state, (0, 0), side)
    assert (t.complete, t.size if t.complete else None) == (complete_size is not None, complete_size)


# ---------------------------------------------------------------------------------------------- grasslands


def test_ex08_incomplete_grassland_of_4_tiles_scores_4() -> None:
    state = blank()
    put(state, "start", (0, 0))
    for pos in ((0, -1), (1, -1), (-1, -1)):
        put(state, T("01"), pos)  # all grassland
    _red_follows(state, 2, complete_size=None)
    assert value(state, (0, 0), 2) == 4
    assert _score(state, "0,0", "S") == 4


def test_ex09_complete_grassland_of_only_2_tiles_scores_2() -> None:
    state = blank()
    put(state, T("14"), (0, 0), 1)  # a grassland bay in mountains, the bay facing east
    put(state, T("14", 2), (1, 0), 3)  # facing west: the two bays close each other
    _red_follows(state, 0, complete_size=2)
    assert _score(state, "0,0", "E") == 2


def test_ex10_complete_grassland_of_5_tiles_scores_10() -> None:
    state = blank()
    put(state, T("01"), (0, 0))  # all grassland, with a grassland bay against each side
    put(state, T("14"), (0, 1), 2)  # bay south (in mountains)
    put(state, T("14", 2), (1, 0), 3)  # bay west
    put(state, T("13"), (0, -1), 0)  # bay north (in the sea, with a port: ports do not count for grassland)
    put(state, T("13", 2), (-1, 0), 1)  # bay east
    _red_follows(state, 0, complete_size=5)
    assert _score(state, "0,0", "NESW") == 10


def test_a_complete_grassland_cannot_grow_and_ports_do_not_count() -> None:
    state = blank()
    put(state, T("13"), (0, 0), 1)  # grassland bay east, with a port
    put(state, T("13", 2), (1, 0), 3)  # grassland bay west, with a port
    assert value(state, (0, 0), 0) == 2  # 2 tiles, complete: the exception; ports do nothing for grassland


# ---------------------------------------------------------------------------------------------- mountains


def _ex11() -> State:
    """A mountain of 2 tiles, open to the north: 1 port in it, 3 in the grasslands beside it."""
    state = blank()
    put(state, T("09"), (0, 0), 0)  # mountain bay (north) in the sea, a port on its shore
    put(state, T("42"), (0, 1), 1)  # mountain band N-S between grassland E and W
    put(state, T("13"), (1, 1), 3)  # a grassland bay (west) in the sea, with a port: closes the east grassland
    put(state, T("03"), (-1, 1), 0)  # grassland N-E, sea S-W, a port
    put(state, T("13", 2), (-1, 2), 2)  # a grassland bay (south) with a port: the west grassland, 2 ports
    return state


def test_ex11_incomplete_mountain_counts_its_ports_and_those_of_bordering_grasslands() -> None:
    state = _ex11()
    _red_follows(state, 0, complete_size=None)
    assert _score(state, "0,0", "N") == 4


def test_ex12_complete_mountain_doubles_but_only_bordering_grasslands_count() -> None:
    state = _ex11()
    put(state, T("08"), (0, 2), 2)  # a mountain bay (south) in the sea, no port: closes the mountain
    put(state, T("13"), (1, 0), 2)  # a 5th port, on a grassland that does not border the mountain
    _red_follows(state, 0, complete_size=3)
    assert _score(state, "0,0", "N") == 8


def _ex13() -> State:
    """A complete mountain of 2 tiles (two bays) in grassland with 4 ports, one of them two tiles away."""
    state = blank()
    put(state, T("19"), (0, 0), 0)  # mountain bay north, grassland E-S-W
    put(state, T("19", 2), (0, 1), 2)  # mountain bay south, grassland N-E-W
    put(state, T("03"), (1, 0), 2)  # grassland S-W with a port
    put(state, T("03", 2), (-1, 0), 0)  # grassland N-E with a port
    put(state, T("13"), (0, -1), 0)  # grassland bay north with a port
    put(state, T("01"), (-1, 1))  # all grassland
    put(state, T("13", 2), (-1, 2), 2)  # grassland bay south with a port, two tiles from the mountain
    return state


def test_ex13_complete_mountain_of_only_2_tiles_scores_1_a_port() -> None:
    state = _ex13()
    _red_follows(state, 0, complete_size=2)
    assert _score(state, "0,0", "N") == 4


def test_a_complete_mountain_grows_in_value_with_new_ports_in_its_grasslands() -> None:
    state = _ex13()
    before = value(state, (0, 0), 0)
    put(state, T("59"), (1, -1), 3)  # a sea bay (west) in grassland with a port, joining a bordering grassland
    assert value(state, (0, 0), 0) == before + 1


# ---------------------------------------------------------------------------------------------- seas


def test_ex14_incomplete_sea_scores_its_ports() -> None:
    state = blank()
    put(state, T("09"), (0, 0), 0)  # mountain bay with a port; sea E-S-W
    put(state, T("13"), (1, 0), 0)  # grassland bay with a port; sea E-S-W
    _red_follows(state, 1, complete_size=None)
    assert _score(state, "0,0", "ESW") == 2


def test_ex15_complete_sea_scores_ports_plus_tiles() -> None:
    state = blank()
    put(state, T("02"), (0, 0), 2)  # sea N-E, mountain with a port
    put(state, T("02", 2), (1, 0), 1)  # sea N-W, port
    put(state, T("03"), (0, 1), 3)  # sea E-S, grassland with a port
    put(state, T("07"), (1, 1), 0)  # sea S-W, no port
    _red_follows(state, 1, complete_size=4)
    assert _score(state, "0,0", "NE") == 3 + 4


def test_ex16_complete_sea_of_only_2_tiles_scores_only_its_ports() -> None:
    state = blank()
    put(state, T("11"), (0, 0), 0)  # sea bay north in mountains, a port
    put(state, T("49"), (0, 1), 2)  # sea bay south, no port
    _red_follows(state, 0, complete_size=2)
    assert _score(state, "0,0", "N") == 1


# ---------------------------------------------------------------------------------------------- one-tile territories
# The exceptions say "when a completed sea has just 2 tiles, it is worth only 1 point for each city" (and likewise for
# grassland and mountain). An inner lake or island is a completed territory of one tile; it is worth what the
# two-tile exceptions say, not more than a territory twice its size.

INNER = 1  # the inner region of an island tile


def test_a_one_tile_inner_lake_with_one_city_is_worth_what_a_two_tile_sea_is() -> None:
    for number in ("51", "52"):  # a lake in grassland, a lake in mountains, a port on each shore
        state = blank()
        put(state, T(number), (0, 0))
        t = territory(state, (0, 0), INNER)
        assert t.terrain == "S" and t.complete and t.size == 1
        assert value(state, (0, 0), INNER) == 1, number  # by the general rule it would be 1 city + 1 tile = 2
        follower(state, RED, (0, 0), INNER)
        assert _score(state, "0,0", "inner") == 1


def test_the_cross_tiles_inner_lake_counts_its_one_port_only() -> None:
    state = blank()
    put(state, T("48"), (0, 0))
    lake = 4
    assert territory(state, (0, 0), lake).size == 1 and value(state, (0, 0), lake) == 1


def test_tile_66s_inner_mountain_scores_1_per_city_like_a_two_tile_mountain() -> None:
    state = blank()
    put(state, T("66"), (0, 0))  # a mountain island in the sea, a port on its shore
    t = territory(state, (0, 0), INNER)
    assert t.terrain == "M" and t.complete and t.size == 1
    assert value(state, (0, 0), INNER) == 1  # by the general rule 2 per city = 2


def test_a_one_tile_grassland_island_is_worth_2_like_a_two_tile_grassland() -> None:
    state = blank()
    put(state, T("50"), (0, 0))
    t = territory(state, (0, 0), INNER)
    assert t.terrain == "G" and t.complete and t.size == 1
    assert value(state, (0, 0), INNER) == 2


# ---------------------------------------------------------------------------------------------- final scoring


def test_final_scoring_counts_every_territory_as_incomplete() -> None:
    state = blank()
    put(state, T("14"), (0, 0), 1)
    put(state, T("14", 2), (1, 0), 3)
    put(state, T("11"), (0, 1), 0)  # a sea bay north in mountains, port
    follower(state, RED, (0, 0), 0)  # the complete 2-tile grassland: 2 now, 2 at the end
    follower(state, RED, (1, 0), 1)  # the open mountain around the east bay
    state.pile = []
    to_place(state, T("59"), RED)  # the last tile
    moves = [m for m in engine.legal_moves(state)]
    state, events = engine.step(state, moves[0])
    if not state.game_over:
        state, more = engine.step(state, Move.make("pass", RED))
        events += more
    assert state.game_over
    finals = [e for e in events if e["type"] == "final"]
    assert len(finals) == 2
    assert state.result["scores"][RED] == sum(e["points"] for e in finals)
    grass = next(e for e in finals if e["terrain"] == "G")
    assert grass["points"] == 2  # 2 tiles counted as incomplete: 1 each
