"""The Discovery's game state: plain data, copied (not mutated) by every move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core.moves import Move

GAME = "discovery"
RULES_VERSION = 1
STATE_FORMAT = "discovery-state/1"
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


@dataclass
class State:
    seed: int
    options: dict[str, Any]
    players: list[Player]
    board: dict[Pos, Cell]
    pile: list[str]  # face down, top = last
    removed: list[str] = field(default_factory=list)  # equal-turns variant: set aside face up
    discarded: list[str] = field(default_factory=list)  # fitted nowhere: into the box
    followers: list[Follower] = field(default_factory=list)
    drawn: str | None = None  # the tile to place (standard game)
    placed: Pos | None = None  # the tile placed this turn, while the follower choice is open
    turn: int = 1
    current: int = 0
    phase: str = "place"  # place, follower, over
    version: int = 0
    history: list[Move] = field(default_factory=list)
    game_over: bool = False
    result: dict[str, Any] | None = None
    game: str = GAME
    rules_version: int = RULES_VERSION

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def double(self) -> bool:
        return bool(self.options.get("double_tile"))

    def copy(self) -> State:
        return State(
            seed=self.seed,
            options=self.options,  # never mutated after setup
            players=[p.copy() for p in self.players],
            board=dict(self.board),
            pile=list(self.pile),
            removed=list(self.removed),
            discarded=list(self.discarded),
            followers=list(self.followers),
            drawn=self.drawn,
            placed=self.placed,
            turn=self.turn,
            current=self.current,
            phase=self.phase,
            version=self.version,
            history=list(self.history),
            game_over=self.game_over,
            result=self.result,
        )


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


def to_json(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "game": state.game,
        "rules_version": state.rules_version,
        "seed": state.seed,
        "options": state.options,
        "players": [{"name": p.name, "score": p.score, "supply": p.supply, "hand": p.hand} for p in state.players],
        "board": [[x, y, c.tile, c.rotation, c.turn, c.player] for (x, y), c in state.board.items()],
        "pile": state.pile,
        "removed": state.removed,
        "discarded": state.discarded,
        "followers": [list(f) for f in state.followers],
        "drawn": state.drawn,
        "placed": list(state.placed) if state.placed else None,
        "turn": state.turn,
        "current": state.current,
        "phase": state.phase,
        "version": state.version,
        "history": [m.to_json() for m in state.history],
        "game_over": state.game_over,
        "result": state.result,
    }


def from_json(data: dict[str, Any]) -> State:
    if data.get("format") != STATE_FORMAT:
        raise ValueError(f"not a {STATE_FORMAT} document")
    placed = data["placed"]
    return State(
        seed=data["seed"],
        options=data["options"],
        players=[Player(p["name"], p["score"], p["supply"], list(p["hand"])) for p in data["players"]],
        board={(x, y): Cell(t, r, turn, pl) for x, y, t, r, turn, pl in data["board"]},
        pile=list(data["pile"]),
        removed=list(data["removed"]),
        discarded=list(data["discarded"]),
        followers=[Follower(*f) for f in data["followers"]],
        drawn=data["drawn"],
        placed=(placed[0], placed[1]) if placed else None,
        turn=data["turn"],
        current=data["current"],
        phase=data["phase"],
        version=data["version"],
        history=[Move.from_json(m) for m in data["history"]],
        game_over=data["game_over"],
        result=data["result"],
        game=data["game"],
        rules_version=data["rules_version"],
    )
