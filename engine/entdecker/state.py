"""Entdecker game state: plain data, copied (not mutated) by every move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core.grid import Grid
from engine.core.state import CoreState

GAME = "entdecker"
RULES_VERSION = 1
GRID = Grid(10, 7)

PIECES = ("trading_post", "fort", "colony")
PIECE_VALUE = {"trading_post": 1, "fort": 3, "colony": 6}
PIECE_SUPPLY = {"trading_post": 3, "fort": 2, "colony": 1}
START_GOLD = 4
MAX_GOLD = 12


class Construction(NamedTuple):
    player: int
    piece: str
    segment: int


class Cell(NamedTuple):
    """A placed tile. Immutable, so a state copy can share cells until one changes."""

    tile: str
    rotation: int
    turn: int
    fill: bool = False
    build: Construction | None = None


@dataclass
class Player:
    name: str
    gold: int = START_GOLD
    vp: int = 0
    pieces: dict[str, int] = field(default_factory=lambda: dict(PIECE_SUPPLY))
    plants: list[int] = field(default_factory=list)
    personal: list[str] = field(default_factory=list)

    def copy(self) -> Player:
        return Player(self.name, self.gold, self.vp, dict(self.pieces), list(self.plants), list(self.personal))


@dataclass
class Voyage:
    """The current turn after the ship is placed."""

    position_cost: int = 0
    declared: int = 0
    budget: int = 0  # draws left (gold left to spend, with personal tiles)
    placed: list[int] = field(default_factory=list)
    drawn: str | None = None  # tile in hand, waiting for a placement choice
    drawn_personal: bool = False
    personal_used: bool = False
    drew_any: bool = False
    stormed: bool = False

    def copy(self) -> Voyage:
        return Voyage(
            self.position_cost,
            self.declared,
            self.budget,
            list(self.placed),
            self.drawn,
            self.drawn_personal,
            self.personal_used,
            self.drew_any,
            self.stormed,
        )


# A ship position: (space, side) for the edge circle outside `side` of border space `space`,
# or (space, -1) for the circle of the tile on `space`.
ShipPos = tuple[int, int]


@dataclass(kw_only=True)
class State(CoreState):
    players: list[Player]
    board: list[Cell | None]
    piles: list[list[str]]  # five discovery piles, top = last
    fills: dict[int, list[str]]  # fill-in piles 1-6, top = last
    kept: list[str]  # variant: unplayable tiles kept beside the fill-in piles
    box: list[str]  # tiles that fitted nowhere and left the game
    plant_piles: list[list[int]]  # two piles (top = last), or one bag when plant_draw == "bag"
    rng: int = 0
    season: int = 1
    first: int = 0
    seat_in_season: int = 0
    ship: ShipPos | None = None
    voyage: Voyage | None = None
    scored: list[int] = field(default_factory=list)  # island keys already scored (see board.island_key)
    last_turn: dict[str, Any] = field(default_factory=dict)
    # Who won each island scored (its key: the seats of the top group), for the board once its buildings are gone.
    # Not in the JSON form (the golden playthroughs and stored snapshots stay as they are): a state read from JSON
    # has None, and view.island_winners rebuilds it from the history when a view needs it.
    island_winners: dict[int, list[int]] | None = field(default_factory=dict, compare=False)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def copy_data(self, new: State) -> None:
        new.players = [p.copy() for p in self.players]
        new.board = list(self.board)
        new.piles = [list(p) for p in self.piles]
        new.fills = {k: list(v) for k, v in self.fills.items()}
        new.kept = list(self.kept)
        new.box = list(self.box)
        new.plant_piles = [list(p) for p in self.plant_piles]
        new.voyage = self.voyage.copy() if self.voyage else None
        new.scored = list(self.scored)
        new.last_turn = dict(self.last_turn)
        new.island_winners = None if self.island_winners is None else dict(self.island_winners)

    def data_to_dict(self) -> dict[str, Any]:
        return {
            "players": [
                {
                    "name": p.name,
                    "gold": p.gold,
                    "vp": p.vp,
                    "pieces": p.pieces,
                    "plants": p.plants,
                    "personal": p.personal,
                }
                for p in self.players
            ],
            "board": [
                None
                if c is None
                else {
                    "tile": c.tile,
                    "rotation": c.rotation,
                    "turn": c.turn,
                    "fill": c.fill,
                    "build": list(c.build) if c.build else None,
                }
                for c in self.board
            ],
            "piles": self.piles,
            "fills": {str(k): v for k, v in self.fills.items()},
            "kept": self.kept,
            "box": self.box,
            "plant_piles": self.plant_piles,
            "rng": self.rng,
            "season": self.season,
            "first": self.first,
            "seat_in_season": self.seat_in_season,
            "ship": list(self.ship) if self.ship else None,
            "voyage": None if self.voyage is None else dict(vars(self.voyage)),
            "scored": self.scored,
            "last_turn": self.last_turn,
        }

    @classmethod
    def data_from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        board: list[Cell | None] = []
        for c in data["board"]:
            if c is None:
                board.append(None)
            else:
                build = Construction(*c["build"]) if c["build"] else None
                board.append(Cell(c["tile"], c["rotation"], c["turn"], c["fill"], build))
        v = data["voyage"]
        ship = data["ship"]
        return {
            "players": [
                Player(p["name"], p["gold"], p["vp"], dict(p["pieces"]), list(p["plants"]), list(p["personal"]))
                for p in data["players"]
            ],
            "board": board,
            "piles": [list(p) for p in data["piles"]],
            "fills": {int(k): list(v) for k, v in data["fills"].items()},
            "kept": list(data["kept"]),
            "box": list(data["box"]),
            "plant_piles": [list(p) for p in data["plant_piles"]],
            "rng": data["rng"],
            "season": data["season"],
            "first": data["first"],
            "seat_in_season": data["seat_in_season"],
            "ship": (ship[0], ship[1]) if ship else None,
            "voyage": None if v is None else Voyage(**{**v, "placed": list(v["placed"])}),
            "scored": list(data["scored"]),
            "last_turn": dict(data["last_turn"]),
            "island_winners": None,
        }
