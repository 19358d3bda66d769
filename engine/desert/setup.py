"""A new game: the start cross, the five piles, displays, caravans, explorers, water, rumour tokens."""

from __future__ import annotations

from typing import Any

from engine.core.rng import shuffled
from engine.desert.state import (
    CAMEL_TILES,
    GAME,
    GOODS_PER_KIND,
    GRID,
    HEIGHTS,
    RULES_VERSION,
    RUMOUR_SLOTS,
    RUMOUR_VALUES,
    START_CAMELS,
    START_SPACES,
    START_WATER,
    WATER_STONES,
    State,
)
from engine.desert.tiles import GOODS, tileset

MIN_PLAYERS, MAX_PLAYERS = 2, 4

# name -> (default, allowed values, what it changes)
OPTIONS: dict[str, tuple[Any, tuple[Any, ...], str]] = {
    "two_player_pile_one": (
        False,
        (False, True),
        "Two players only: play with pile 1 too (the rules recommend leaving it out)",
    ),
}


def new_state(players: list[str], opts: dict[str, Any], seed: int) -> State:
    """The starting position; the core has checked the seats, the options and the seed."""
    ts = tileset()
    n = len(players)
    piles = [shuffled(list(ids), seed, f"pile-{i + 1}") for i, ids in enumerate(ts.piles)]
    if n == 2 and not opts["two_player_pile_one"]:
        piles[0] = []  # the two-player game begins with pile 2
    board: list[Any] = [None] * GRID.size
    for name, tid in ts.cross:
        space = GRID.parse(name)
        assert space is not None
        board[space] = (tid, 0)
    displays: list[list[str]] = []
    for _ in range(n):
        pile = next(p for p in piles if p)
        displays.append([pile.pop()])
    caravans = []
    for name in START_SPACES[:n]:
        space = GRID.parse(name)
        assert space is not None
        caravans.append(space)
    explorers = [[h, seat, -1, 0] for seat in range(n) for h in HEIGHTS[seat]]
    return State(
        game=GAME,
        rules_version=RULES_VERSION,
        seed=seed,
        options=opts,
        names=list(players),
        board=board,
        piles=piles,
        displays=displays,
        caravans=caravans,
        water=[START_WATER] * n,
        water_supply=WATER_STONES - START_WATER * n,
        camels=[START_CAMELS] * n,
        camel_supply=CAMEL_TILES,
        goods=[[] for _ in range(n)],
        goods_supply=dict.fromkeys(GOODS, GOODS_PER_KIND),
        explorers=explorers,
        turban=0,
        rumour_board=dict.fromkeys(RUMOUR_SLOTS),
        rumour_supply=shuffled(list(range(len(RUMOUR_VALUES))), seed, "rumours"),
        rumour_known=[[] for _ in RUMOUR_VALUES],
    )
