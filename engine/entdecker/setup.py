"""Options and the starting position of a game of Entdecker."""

from __future__ import annotations

from typing import Any

from engine.core.rng import rand_below, shuffled
from engine.entdecker.state import GRID, Player, State
from engine.entdecker.tiles import tileset
from engine.errors import IllegalMove

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


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    out = {name: default for name, (default, _, _) in OPTIONS.items()}
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            raise IllegalMove(f"Unknown option {name!r}; the options are {', '.join(OPTIONS)}.")
        allowed = OPTIONS[name][1]
        if value not in allowed or type(value) is not type(allowed[0]):
            raise IllegalMove(f"Option {name} must be one of {', '.join(map(str, allowed))}.")
        out[name] = value
    return out


def new_state(players: list[str], options: dict[str, Any] | None, seed: int) -> State:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove(f"Entdecker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}.")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalMove("The seed must be an integer.")
    opts = normalise_options(options)
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
