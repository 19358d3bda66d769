"""Moves as plain data: a kind, the seat that makes it, and named arguments in a fixed order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalMove

ArgValue = int | str


@dataclass(frozen=True)
class Move:
    kind: str
    player: int
    args: tuple[tuple[str, ArgValue], ...] = ()

    @staticmethod
    def make(kind: str, player: int, **args: ArgValue) -> Move:
        return Move(kind, player, tuple(args.items()))

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    @property
    def key(self) -> str:
        """A short stable string naming the move among the legal ones, e.g. "place:C4:1"."""
        return ":".join([self.kind, *(str(v) for _, v in self.args)])

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, **dict(self.args)}

    @staticmethod
    def from_json(data: Any) -> Move:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalMove("a move must be an object with a 'kind'")
        player = data.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise IllegalMove("a move must name the seat ('player') that makes it")
        args = []
        for key, value in data.items():
            if key in ("kind", "player"):
                continue
            if not isinstance(value, int | str) or isinstance(value, bool):
                raise IllegalMove(f"move argument {key!r} must be a number or a text")
            args.append((key, value))
        return Move(data["kind"], player, tuple(args))
