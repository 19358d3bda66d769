"""A channel's game as the bot holds it (Table), and one applied move (MoveOutcome)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import engine
from storage import GameRecord, PlayerRecord

from ..lang import language
from ..text import safe_name


@dataclass
class Table:
    """A channel's open game as this process knows it: the record, the seats and (once started) the state."""

    record: GameRecord
    players: list[PlayerRecord]
    state: Any | None = None
    # By (viewer, language): a view's labels and prompt are words, composed in the reader's language.
    _views: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def version(self) -> int:
        return self.state.version if self.state is not None else -1

    @property
    def active(self) -> bool:
        return self.state is not None and not self.state.game_over

    @property
    def names(self) -> list[str]:
        """Display names by seat: a substitute's name replaces the original one the engine keeps."""
        return [p.display_name for p in self.players]

    @property
    def shown_names(self) -> list[str]:
        """The names as they may appear in a message (they cannot ping anyone or break the Markdown)."""
        return [safe_name(n) for n in self.names]

    @classmethod
    def detached(cls, state: Any, names: list[str], options: dict[str, Any] | None = None) -> Table:
        """A table of people (user ids 100, 101, ... by seat) for `state` with no storage behind it: what the
        bot would hold, for benchmarks and tests of what a turn shows."""
        # In GameRecord's field order: ids, game, options, seed, status, host; started at 0, never moved or reminded.
        record = GameRecord(
            1, 1, 1, state.game, dict(options or {}), state.seed, "active", 100,
            0.0, 0.0, None, 0.0, None, 0, None, None, None, None, state.version,
        )  # fmt: skip
        players = [PlayerRecord(1, seat, 100 + seat, name, False, None, 0.0) for seat, name in enumerate(names)]
        return cls(record, players, state)

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """engine.view in the reader's language, computed once per (state, viewer, language): autocomplete asks on
        every keystroke, and a German player's autocomplete must not lend its words to a French channel."""
        key = (viewer, language())
        if key not in self._views:
            self._views[key] = engine.view(self.state, viewer)
        return self._views[key]

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    @property
    def to_act(self) -> list[PlayerRecord]:
        """The seats that must act now, in order (the view header's to_act)."""
        if not self.active:
            return []
        seats = self.view(None)["to_act"]
        return [self.players[s] for s in seats if 0 <= s < len(self.players)]

    @property
    def current(self) -> PlayerRecord | None:
        """The first seat to act (the one reminders ping and skips play for)."""
        acting = self.to_act
        return acting[0] if acting else None

    def acts(self, seat: int | None) -> bool:
        return seat is not None and any(p.seat == seat for p in self.to_act)


@dataclass
class MoveOutcome:
    """One applied move: what it said, and whether the turn or the game ended with it."""

    table: Table  # after the move
    key: str
    seat: int
    by_ai: bool
    events: list[dict[str, Any]]
    lines: list[str]
    turn_over: bool
    settled: bool = False  # the database's answer was lost, and reading showed the move stored

    @property
    def game_over(self) -> bool:
        return bool(self.table.state is not None and self.table.state.game_over)
