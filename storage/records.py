"""Plain records returned by Store. Times are unix seconds (float), as passed in by the caller."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Literal, Self

GameStatus = Literal["lobby", "active", "finished", "abandoned"]
AiKind = str  # an AI kind the engine names (engine.info(game).ai_kinds); storage keeps the name as given
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")


@functools.lru_cache(maxsize=1024)
def _options(text: str) -> dict[str, Any]:
    """Parsed once per distinct text: listings of thousands of games repeat a handful of option sets."""
    options = json.loads(text)
    if not isinstance(options, dict):
        raise ValueError(f"options are {type(options).__name__}, not a JSON object")
    return options


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: GameStatus
    host_user_id: int
    created_at: float
    started_at: float | None
    ended_at: float | None
    updated_at: float
    last_move_at: float | None
    reminders_sent: int
    last_reminder_at: float | None
    current_seat: int | None  # seat to act per the latest state; None in the lobby and after the end
    board_message_id: int | None
    turn_message_id: int | None
    version: int  # number of moves in the log = state.version of the current state
    announced_version: int | None = None  # the state version the channel was last shown (None: not yet)
    seed_public: bool = False  # the host chose the seed (everyone is shown it); else it is secret until the end

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @classmethod
    def from_row(cls, row: Any) -> GameRecord:
        """ValueError/TypeError if the row does not parse (the options are not a JSON object)."""
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            options=dict(_options(row["options"])),  # a copy: callers may change theirs
            seed=row["seed"],
            status=row["status"],
            host_user_id=row["host_user_id"],
            created_at=row["created_at"],
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            updated_at=row["updated_at"],
            last_move_at=row["last_move_at"],
            reminders_sent=row["reminders_sent"],
            last_reminder_at=row["last_reminder_at"],
            current_seat=row["current_seat"],
            board_message_id=row["board_message_id"],
            turn_message_id=row["turn_message_id"],
            version=row["version"],
            announced_version=row["announced_version"],
            seed_public=bool(row["seed_public"]),
        )


# The columns GameRecord reads, for SELECTs over games aliased g: listings of thousands of games need not fetch the
# setup and the log digest of each (only replay and load_state use them).
GAME_COLUMNS = ", ".join(f"g.{name}" for name in GameRecord.__dataclass_fields__)


@dataclass(frozen=True)
class PlayerRecord:
    game_id: int
    seat: int
    user_id: int | None  # None for an AI seat
    display_name: str
    is_ai: bool
    ai_kind: AiKind | None
    joined_at: float

    @classmethod
    def from_row(cls, row: Any, prefix: str = "") -> PlayerRecord:
        """From a players row, or from the columns named `prefix` + column of a row joined with one."""
        return cls(
            game_id=row[prefix + "game_id"],
            seat=row[prefix + "seat"],
            user_id=row[prefix + "user_id"],
            display_name=row[prefix + "display_name"],
            is_ai=bool(row[prefix + "is_ai"]),
            ai_kind=row[prefix + "ai_kind"],
            joined_at=row[prefix + "joined_at"],
        )


@dataclass(frozen=True)
class LoggedMove:
    """A logged move (MoveRecord: in the log; UndoRecord: taken back), read from its row one field a column, the move
    and its events from their JSON."""

    game_id: int
    seq: int  # state.version after this move
    move: dict[str, Any]  # engine.move_to_json output; engine.move_from_json turns it back into a Move
    events: list[dict[str, Any]]

    @classmethod
    def from_row(cls, row: Any) -> Self:
        return cls(**{name: json.loads(row[name]) if name in ("move", "events") else row[name] for name in
                      cls.__dataclass_fields__})  # fmt: skip


@dataclass(frozen=True)
class MoveRecord(LoggedMove):
    user_id: int | None  # None when an AI moved
    created_at: float
    actor: str | None = None  # who acted, named as they were then ("alice", "AI for bob"); None: not recorded


@dataclass(frozen=True)
class UndoRecord(LoggedMove):
    """A move taken back (the game went back to seq - 1): it left the move log, this row keeps it for the log's
    account."""

    actor: str | None  # who had made the move
    undone_by: str  # who undid it (and, for a step that needed consent, who agreed: in words)
    created_at: float


@dataclass(frozen=True)
class IdleGame:
    """An active game waiting on its current player, for reminders."""

    game: GameRecord
    player: PlayerRecord | None  # the seat to act (None only if the seat row is missing)
    idle_since: float  # last_move_at, or started_at before the first move
