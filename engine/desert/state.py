"""Wüstensöhne game state: plain JSON-like data, copied (never mutated) by every move."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.grid import Grid
from engine.core.state import CoreState

GAME = "desert"
RULES_VERSION = 1
GRID = Grid(11, 11)
CENTRE = GRID.index(5, 5)

WATER_STONES = 20
START_WATER = 2
CAMEL_TILES = 10
START_CAMELS = 2
CAMEL_SPACES = 2  # goods spaces per camel, the caravan card's and the camel tiles'
GOODS_PER_KIND = 10
DISPLAY_LIMIT = 3
# Explorer heights per colour: all sixteen differ and every colour's four add up to 34.
HEIGHTS = ((16, 11, 6, 1), (15, 12, 5, 2), (14, 9, 8, 3), (13, 10, 7, 4))
COLOURS = ("red", "blue", "orange", "green")
# The caravans start on the end spaces of the cross, seat by seat.
START_SPACES = ("A6", "F1", "K6", "F11")
# Rumour tokens by id; the rumour board has two spaces per good ("myrrh-1", "myrrh-2", ...).
RUMOUR_VALUES = (2, 2, 1, -1, -2, -2)
RUMOUR_SLOTS = tuple(f"{good}-{i}" for good in ("myrrh", "frankincense", "gemstone", "salt") for i in (1, 2))
BASE_VALUE = 4
# The part of an explorer that took an action space: it stands on that tile's action space, not in an oasis part.
ON_ACTION = -1

Cell = tuple[str, int]  # (tile id, rotation)


@dataclass(kw_only=True)
class State(CoreState):
    names: list[str]
    board: list[Cell | None]
    piles: list[list[str]]  # top = last
    displays: list[list[str]]
    caravans: list[int]
    water: list[int]
    water_supply: int
    camels: list[int]
    camel_supply: int
    goods: list[list[str]]
    goods_supply: dict[str, int]
    explorers: list[list[int]]  # [height, owner, space (-1: supply), part (ON_ACTION: the tile's action space)]
    turban: int  # the seat whose tallest explorer wears the turban
    rumour_board: dict[str, int | None]  # slot -> token id
    rumour_supply: list[int]  # face-down tokens beside the board, top = last
    rumour_known: list[list[int]]  # per token id: the seats that know its value
    removed: list[str] = field(default_factory=list)  # display tiles discarded from the game
    bonus_turn: bool = False  # the turn under way is a bonus turn
    final_left: list[int] | None = None  # after the last tile: the seats that still get their last turn
    hand: dict[str, Any] | None = None  # a tile waiting for its position: {tile, source, owner}
    attached: int | None = None  # the space of the oasis tile attached this turn (for the explorer)
    scoring: list[dict[str, Any]] = field(default_factory=list)  # oases being scored, first one in progress
    pending: dict[str, Any] | None = None  # a sub-choice of an action: goods to make room for, a rumour, a peek
    completed: list[list[int]] = field(default_factory=list)  # [space, part] of one node per completed oasis
    idle_turns: int = 0  # turns in a row in which no tile was drawn or attached
    rng: int = 0
    last_turn: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)

    def copy_data(self, new: State) -> None:
        new.board = list(self.board)
        new.piles = [list(p) for p in self.piles]
        new.displays = [list(d) for d in self.displays]
        new.caravans = list(self.caravans)
        new.water = list(self.water)
        new.camels = list(self.camels)
        new.goods = [list(g) for g in self.goods]
        new.goods_supply = dict(self.goods_supply)
        new.explorers = [list(e) for e in self.explorers]
        new.rumour_board = dict(self.rumour_board)
        new.rumour_supply = list(self.rumour_supply)
        new.rumour_known = [list(k) for k in self.rumour_known]
        new.removed = list(self.removed)
        new.final_left = None if self.final_left is None else list(self.final_left)
        new.hand = None if self.hand is None else dict(self.hand)
        new.scoring = copy.deepcopy(self.scoring)
        new.pending = None if self.pending is None else dict(self.pending)
        new.completed = [list(c) for c in self.completed]
        new.last_turn = copy.deepcopy(self.last_turn)

    def data_to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in DATA_FIELDS:
            value = getattr(self, name)
            if name == "board":
                value = [None if c is None else list(c) for c in value]
            out[name] = copy.deepcopy(value)
        return out

    @classmethod
    def data_from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        kwargs = {name: copy.deepcopy(data[name]) for name in DATA_FIELDS}
        kwargs["board"] = [None if c is None else (c[0], c[1]) for c in data["board"]]
        return kwargs


# The game's own fields: the core writes the header (engine/core/state.py).
DATA_FIELDS = tuple(f.name for f in fields(State) if f.name not in {g.name for g in fields(CoreState)})
