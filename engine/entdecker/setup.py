"""Options and the starting position of a game of Entdecker."""

from __future__ import annotations

from typing import Any

from engine.core.rng import rand_below, shuffled
from engine.entdecker.state import GAME, GRID, RULES_VERSION, Player, State
from engine.entdecker.tiles import tileset

# name -> (default, allowed values, description); the bot builds its option list from this table.
OPTIONS: dict[str, tuple[Any, tuple[Any, ...], str]] = {
    "personal_tiles": (False, (False, True), "Personal tiles: four own tiles each, placing one costs 2 gold"),
    "rotating_first_player": (
        False,
        (False, True),
        "Changing first player: the first player passes the wheel",
    ),
    "keep_unplayable": (
        False,
        (False, True),
        "Unplayable tiles without an event are kept beside the fill-in piles for when a pile runs out",
    ),
    "end_when_plants_run_out": (
        False,
        (False, True),
        "Dutch edition: the game also ends when the plants run out",
    ),
    "plant_draw": ("piles", ("piles", "bag"), "Plant tokens from two face-down piles, or from a bag"),
}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PILES = 5


def new_state(players: list[str], opts: dict[str, Any], seed: int) -> State:
    """The starting position; the core has checked the seats, the options and the seed."""
    ts = tileset()
    seats = [Player(str(name)) for name in players]
    discovery = list(ts.discovery)
    if opts["personal_tiles"]:
        # Each player's four tiles are set aside before the shuffle; the data file lists the types, and tiles
        # without an event come first within each type.
        for kind in ts.personal_types:
            pool = [t for t in discovery if ts.tiles[t].type == kind and ts.tiles[t].event is None]
            for seat, tid in zip(seats, pool, strict=False):
                seat.personal.append(tid)
                discovery.remove(tid)
    deck = shuffled(discovery, seed, "discovery")
    piles = [deck[i::PILES] for i in range(PILES)]
    plants = shuffled(ts.plants, seed, "plants")
    plant_piles = [plants] if opts["plant_draw"] == "bag" else [plants[0::2], plants[1::2]]
    return State(
        game=GAME,
        rules_version=RULES_VERSION,
        seed=seed,
        options=opts,
        players=seats,
        board=[None] * GRID.size,
        piles=piles,
        fills={p: list(ids) for p, ids in ts.fill.items()},
        kept=[],
        box=[],
        plant_piles=plant_piles,
    )


def spin_wheel(state: State) -> int:
    wheel = tileset().wheel
    value = wheel[rand_below(state.seed, "wheel", state.rng, len(wheel))]
    state.rng += 1
    return value
