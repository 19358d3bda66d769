"""Rule 9: completing an island — greatest discoverer by best construction with the rulebook's tie-breaks,
plant tokens for the greatest discoverer(s), value = tiles + best plant, halving shares with the rulebook's tie
examples, constructions back to their owners; fill-ins can complete islands too."""

from __future__ import annotations

from engine.entdecker import board as B
from engine.entdecker.scoring import halved, rank_groups, shares
from tests.engine.entdecker.helpers import (
    CAPE,
    ISTHMUS,
    SEA,
    STRAIT,
    close_in,
    end_turn,
    events_of,
    game,
    play,
    put,
    set_piles,
    sp,
    voyage,
)

COLS = "ABCDEFGHIJ"


def strip(state, length, row=3, start=1, builds=None):
    """A complete island of `length` tiles in a row: coast (land E), isthmuses (land E-W), coast (land W).
    `builds` maps the index along the strip to (player, piece). Returns the space names."""
    builds = builds or {}
    names = [f"{COLS[start + i]}{row}" for i in range(length)]
    for i, name in enumerate(names):
        if i == 0:
            tid, sides = CAPE, "SLSS"
        elif i == length - 1:
            tid, sides = CAPE, "SSSL"
        else:
            tid, sides = ISTHMUS, "SLSL"
        put(state, name, tid, sides, build=builds.get(i))
    return names


def score(state):
    state, events = end_turn(state)
    islands = events_of(events, "island")
    return state, islands


# --- the rulebook's worked examples ------------------------------------------------------------------------


def test_halving_rounds_up_10_5_3_2():
    assert [halved(10, k) for k in range(4)] == [10, 5, 3, 2]
    assert [halved(12, k) for k in range(4)] == [12, 6, 3, 2]


def test_tied_first_then_third_10_10_3():
    # Albert and Beatrice tied for first, followed by Charles, island worth 10.
    state = game(3)
    strip(state, 7, builds={0: (0, "fort"), 1: (1, "fort"), 2: (2, "trading_post")})
    state.plant_piles = [[1], [3]]  # Albert draws 1, Beatrice draws 3: only the best counts
    state, islands = score(state)
    (isl,) = islands
    assert isl["tiles"] == 7 and isl["value"] == 10
    assert isl["plants"] == {0: 1, 1: 3}
    assert isl["scores"] == {0: 10, 1: 10, 2: 3}
    assert [p.vp for p in state.players] == [10, 10, 3]
    assert state.players[0].plants == [1] and state.players[1].plants == [3] and state.players[2].plants == []
    assert sorted(isl["discoverers"]) == [0, 1]


def test_first_then_tied_second_then_fourth_10_5_5_2():
    state = game(4)
    strip(state, 7, builds={0: (1, "fort"), 1: (0, "colony"), 2: (2, "fort"), 3: (3, "trading_post")})
    state.plant_piles = [[3], []]
    state, islands = score(state)
    (isl,) = islands
    assert isl["value"] == 10
    assert isl["scores"] == {0: 10, 1: 5, 2: 5, 3: 2}
    assert [p.vp for p in state.players] == [10, 5, 5, 2]
    assert isl["plants"] == {0: 3}


def test_colony_fort_two_posts_beats_colony_fort_one_post():
    for winner in (0, 1):
        loser = 1 - winner
        state = game(2)
        builds = {
            0: (winner, "colony"),
            1: (winner, "fort"),
            2: (winner, "trading_post"),
            3: (winner, "trading_post"),
            4: (loser, "colony"),
            5: (loser, "fort"),
            6: (loser, "trading_post"),
        }
        state.players[winner].pieces = {"trading_post": 3, "fort": 2, "colony": 1}
        strip(state, 7, builds=builds)
        state.plant_piles = [[1], []]
        state, (isl,) = score(state)
        assert isl["discoverers"] == [winner]
        assert isl["value"] == 8
        assert isl["scores"] == {winner: 8, loser: 4}


def test_a_single_fort_beats_three_trading_posts():
    state = game(2)
    strip(state, 4, builds={0: (0, "trading_post"), 1: (0, "trading_post"), 2: (0, "trading_post"), 3: (1, "fort")})
    state.plant_piles = [[2], []]
    state, (isl,) = score(state)
    assert isl["discoverers"] == [1]
    assert isl["scores"] == {1: 6, 0: 3}


def test_rank_groups_orders_colony_then_fort_then_trading_posts():
    strength = {0: (0, 2, 0), 1: (1, 0, 0), 2: (0, 1, 3), 3: (0, 2, 0), 4: (0, 0, 3)}
    assert rank_groups(strength) == [[1], [0, 3], [2], [4]]
    assert shares(rank_groups(strength), 12) == {1: 12, 0: 6, 3: 6, 2: 2, 4: 1}


# --- plant tokens ------------------------------------------------------------------------------------------


def test_complete_tie_gives_joint_discoverers_a_plant_each():
    state = game(2)
    strip(state, 3, builds={0: (0, "colony"), 2: (1, "colony")})
    state.plant_piles = [[2], [4]]
    state, (isl,) = score(state)
    assert sorted(isl["discoverers"]) == [0, 1]
    assert isl["value"] == 3 + 4
    assert isl["scores"] == {0: 7, 1: 7}


def test_too_few_plants_for_all_tied_discoverers_means_none():
    state = game(2)
    strip(state, 7, builds={0: (0, "fort"), 1: (1, "fort")})
    state.plant_piles = [[4], []]
    state, (isl,) = score(state)
    assert isl["plants"] == {}
    assert isl["value"] == 7
    assert isl["scores"] == {0: 7, 1: 7}
    assert state.plant_piles == [[4], []]
    assert state.players[0].plants == [] and state.players[1].plants == []


def test_no_plant_without_a_fort_or_colony():
    state = game(2)
    strip(state, 5, builds={0: (0, "trading_post"), 1: (0, "trading_post"), 2: (1, "trading_post")})
    state.plant_piles = [[4], [4]]
    state, (isl,) = score(state)
    assert isl["plants"] == {}
    assert isl["value"] == 5
    assert isl["scores"] == {0: 5, 1: 3}


def test_only_the_greatest_discoverer_draws_a_plant():
    state = game(2)
    strip(state, 4, builds={0: (0, "fort"), 1: (1, "colony")})
    state.plant_piles = [[1, 2], [3]]
    state, (isl,) = score(state)
    assert isl["plants"] == {1: 2}  # from the taller pile
    assert state.players[0].plants == []
    assert isl["scores"] == {1: 6, 0: 3}


# --- value, returns, who scores ----------------------------------------------------------------------------


def test_constructions_return_to_their_owners_and_others_score_nothing():
    state = game(3)
    names = strip(state, 4, builds={0: (0, "fort"), 3: (1, "trading_post")})
    put(state, "H6", CAPE, "LSSS", build=(2, "colony"))  # elsewhere, on an open island
    state.players[0].pieces["fort"] = 1
    state.players[1].pieces["trading_post"] = 2
    state.players[2].pieces["colony"] = 0
    state.plant_piles = [[1], []]
    state, (isl,) = score(state)
    assert isl["returned"] == 2
    assert all(state.board[sp(n)].build is None for n in names)
    assert state.players[0].pieces == {"trading_post": 3, "fort": 2, "colony": 1}
    assert state.players[1].pieces == {"trading_post": 3, "fort": 2, "colony": 1}
    assert state.players[2].pieces["colony"] == 0
    assert state.board[sp("H6")].build is not None
    assert 2 not in isl["scores"] and state.players[2].vp == 0


def test_island_without_constructions_scores_nothing():
    state = game(2)
    strip(state, 3)
    state, (isl,) = score(state)
    assert isl["scores"] == {}
    assert [p.vp for p in state.players] == [0, 0]


def test_open_island_is_not_scored():
    state = game(2)
    put(state, "C3", CAPE, "SLSS", build=(0, "fort"))
    state, islands = score(state)
    assert islands == []
    assert state.board[sp("C3")].build is not None


def test_island_is_scored_once():
    state = game(2)
    strip(state, 3, builds={0: (0, "trading_post")})
    state, islands = score(state)
    assert len(islands) == 1 and state.players[0].vp == 3
    state, islands = score(state)
    assert islands == [] and state.players[0].vp == 3


def test_construction_on_the_other_land_of_a_strait_belongs_to_the_other_island():
    # D3 is a strait (land N and S, not joined). Its south land joins D4 (coast, land N): a complete island D3-D4.
    # Its north land faces D2, still undiscovered. A fort on the north segment is not on the complete island.
    state = game(2)
    put(state, "D3", STRAIT, "LSLS", build=(1, "fort", 0))
    put(state, "D4", CAPE, "LSSS", build=(0, "trading_post"))
    state, islands = score(state)
    (isl,) = islands
    assert isl["spaces"] == [sp("D3"), sp("D4")]
    assert isl["scores"] == {0: 2}
    assert isl["plants"] == {}
    assert state.board[sp("D3")].build is not None  # the fort stays: its island is still open


def test_fill_in_completes_an_island():
    state = game(2)
    put(state, "B3", CAPE, "SLSS", build=(0, "trading_post"))
    close_in(state, "C3", "SLS-")
    state, islands = score(state)
    assert state.board[sp("C3")].fill
    (isl,) = islands
    assert isl["spaces"] == [sp("B3"), sp("C3"), sp("D3")]
    assert isl["scores"] == {0: 3}


def test_island_completed_by_a_drawn_tile_and_a_build_in_the_same_turn():
    state = game(2)
    put(state, "B3", CAPE, "SLSS", build=(1, "fort"))
    for name in ("C2", "C1", "B2", "D2"):
        put(state, name, SEA)  # the ship's only free line from C2 runs south, to C3
    set_piles(state, [SEA, SEA, CAPE])
    voyage(state, "C2", budget=1, drew_any=False)
    state.players[1].pieces["fort"] = 1
    state.plant_piles = [[2], [1]]
    state, _ = play(state, "draw", pile=1)  # the coast can only go on C3 with land west
    assert B.cell_geometry(state.board[sp("C3")]).sides == "SSSL"
    state, events = play(state, "build", piece="fort", segment=0)
    (isl,) = events_of(events, "island")
    assert isl["spaces"] == [sp("B3"), sp("C3")]
    assert isl["plants"] == {0: 2, 1: 1}
    assert isl["scores"] == {0: 4, 1: 4}
    assert state.players[0].pieces["fort"] == 2 and state.players[1].pieces["fort"] == 2
