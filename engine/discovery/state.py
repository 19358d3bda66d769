"""The Discovery's game state: plain data, copied (not mutated) by every move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core.state import CoreState

GAME = "discovery"
RULES_VERSION = 1
FOLLOWERS = 4  # the fifth follower of each colour is the score marker

Pos = tuple[int, int]  # (x, y): x grows to the east, y to the north; the start tile is 0,0


class Cell(NamedTuple):
    """A placed tile. Immutable, so a state copy can share cells."""

    tile: str
    rotation: int
    turn: int
    player: int | None  # who placed it (None: the start tile)


class Follower(NamedTuple):
    player: int
    x: int
    y: int
    region: int  # region index on that tile


@dataclass
class Player:
    name: str
    score: int = 0
    supply: int = FOLLOWERS
    hand: list[str] = field(default_factory=list)  # double-tile variant: the face-down tiles held

    def copy(self) -> Player:
        return Player(self.name, self.score, self.supply, list(self.hand))


@dataclass(kw_only=True)
class State(CoreState):
    players: list[Player]
    board: dict[Pos, Cell]
    pile: list[str]  # face down, top = last
    removed: list[str] = field(default_factory=list)  # equal-turns variant: set aside face up
    discarded: list[str] = field(default_factory=list)  # fitted nowhere: into the box
    followers: list[Follower] = field(default_factory=list)
    drawn: str | None = None  # the tile to place (standard game)
    placed: Pos | None = None  # the tile placed this turn, while the follower choice is open

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def double(self) -> bool:
        return bool(self.options.get("double_tile"))

    def copy_data(self, new: State) -> None:
        new.players = [p.copy() for p in self.players]
        new.board = dict(self.board)
        new.pile = list(self.pile)
        new.removed = list(self.removed)
        new.discarded = list(self.discarded)
        new.followers = list(self.followers)

    def data_to_dict(self) -> dict[str, Any]:
        return {
            "players": [{"name": p.name, "score": p.score, "supply": p.supply, "hand": p.hand} for p in self.players],
            "board": [[x, y, c.tile, c.rotation, c.turn, c.player] for (x, y), c in self.board.items()],
            "pile": self.pile,
            "removed": self.removed,
            "discarded": self.discarded,
            "followers": [list(f) for f in self.followers],
            "drawn": self.drawn,
            "placed": list(self.placed) if self.placed else None,
        }

    @classmethod
    def data_from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        placed = data["placed"]
        return {
            "players": [Player(p["name"], p["score"], p["supply"], list(p["hand"])) for p in data["players"]],
            "board": {(x, y): Cell(t, r, turn, pl) for x, y, t, r, turn, pl in data["board"]},
            "pile": list(data["pile"]),
            "removed": list(data["removed"]),
            "discarded": list(data["discarded"]),
            "followers": [Follower(*f) for f in data["followers"]],
            "drawn": data["drawn"],
            "placed": (placed[0], placed[1]) if placed else None,
        }


def pos_name(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def parse_pos(text: str) -> Pos | None:
    parts = str(text).replace(" ", "").split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None
