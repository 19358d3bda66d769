"""The framework half of every game's state (boardgame.io's `ctx`): which game, its seed and options, whose turn,
the phase, the version, the applied moves, whether it is over and how it ended.

A game's `State` is a dataclass that subclasses `CoreState` and adds its own data (boardgame.io's `G`). They are one
object rather than two because the games' rule bodies read `state.current` and `state.turn` beside their own
fields; what lives here is written once: the fields, the copy, and the header of the JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self, TypeVar

from engine.core.moves import Move

# The header keys of a state's JSON form, in the order they are written (the game's own keys follow).
JSON_HEADER = (
    "game",
    "rules_version",
    "seed",
    "options",
    "turn",
    "current",
    "phase",
    "version",
    "game_over",
    "result",
)


@dataclass(kw_only=True)
class CoreState:
    game: str
    rules_version: int
    seed: int
    options: dict[str, Any]  # never mutated after setup, so copies share it
    turn: int = 1
    current: int = 0  # the seat whose turn it is
    phase: str = ""  # a game's own word; its setup sets the first one
    version: int = 0  # +1 per applied move
    history: list[Move] = field(default_factory=list)
    game_over: bool = False
    result: dict[str, Any] | None = None  # set once, at the end, and never changed

    if TYPE_CHECKING:
        # Every game names its seats: a field of its own (Wüstensöhne) or a property over its players. Declared for
        # the type checker only, since a dataclass field cannot override a property at run time.
        @property
        def names(self) -> list[str]: ...

    @property
    def current_player(self) -> int:
        return self.current

    def copy(self) -> Self:
        """A copy the next move may change: the header's history, and what `copy_data` copies of the game's."""
        # What copy.copy does for a plain instance, without its reduce protocol (a move's copy is the hot path).
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        self.copy_data(new)
        return new

    def copy_data(self, new: Self) -> None:
        """Give `new` its own copy of every container of the game's data that a move changes (the game's part)."""

    def data_to_dict(self) -> dict[str, Any]:
        """The JSON form of the game's own data (the game's part; header_to_dict adds the header)."""
        raise NotImplementedError

    @classmethod
    def data_from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The constructor arguments of the game's own data, from its JSON form (the game's part)."""
        raise NotImplementedError


S = TypeVar("S", bound=CoreState)


def state_format(game: str) -> str:
    return f"{game}-state/1"


def to_dict(state: CoreState) -> dict[str, Any]:
    """The JSON form of a state: the header, the game's data, then the applied moves."""
    out: dict[str, Any] = {"format": state_format(state.game)}
    out.update((key, getattr(state, key)) for key in JSON_HEADER)
    out.update(state.data_to_dict())
    out["history"] = [m.to_json() for m in state.history]
    return out


def from_dict(cls: type[S], data: dict[str, Any]) -> S:
    """The state of class `cls` saved by to_dict (ValueError when it is not a state of its game)."""
    if data.get("format") != state_format(str(data.get("game"))):
        raise ValueError(f"not a {state_format(str(data.get('game')))} document")
    header = {key: data[key] for key in JSON_HEADER}
    return cls(**header, history=[Move.from_json(m) for m in data["history"]], **cls.data_from_dict(data))
