"""Settings of the bot, read from the environment by `python -m bot` and passed in directly by tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

HOUR = 3600.0


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line for stderr."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot can be configured with. Times are seconds.

    The defaults suit a game played over days: a first reminder after 12 hours of silence, at most four,
    and after two days the other players may skip the absent player's turn or hand the seat to an AI.
    """

    token: str | None = None
    db_path: str = "./entdecker.db"  # ENTDECKER_DB: a SQLite file (path or sqlite:PATH) or a postgresql:// URL
    guild_id: int | None = None  # sync the commands to this guild only (instant) instead of globally
    sync_commands: bool = True
    reminder_after: float = 12 * HOUR  # silence before the player to move is pinged, and between pings
    reminder_max: int = 4  # pings per turn (the last at 48 h says others may skip); a move resets it
    idle_after: float = 48 * HOUR  # silence after which others may /game skip or /game handover
    ai_delay: float = 3.0  # pause before each AI turn so people can follow along
    check_interval: float = 300.0  # how often the reminder loop looks for idle games and AI seats (> 0)
    # Board pictures drawn in this many worker processes (0: threads of this process; None: auto_render_processes).
    render_processes: int | None = None
    warm_renderer: bool = True  # draw a few boards of every game at start-up, so players' first ones are fast
    # Gateway sharding (docs/scaling.md). None: not sharded, one connection. A count: this process runs
    # shard_ids (None: all of them) of that many shards and only their guilds' periodic work.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    auto_shards: bool = False  # one process runs as many shards as Discord recommends

    def __post_init__(self) -> None:
        if not self.check_interval > 0:  # 0 would make the reminder loop spin
            raise SettingsError("check_interval must be more than 0 seconds")
        if self.shard_count is not None and self.shard_count < 1:
            raise SettingsError("ENTDECKER_SHARD_COUNT must be at least 1")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise SettingsError("ENTDECKER_SHARDS needs ENTDECKER_SHARD_COUNT (how many shards there are in all)")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise SettingsError(f"ENTDECKER_SHARDS must name shards from 0 to {self.shard_count - 1}")
        if self.auto_shards and self.shard_count is not None:
            raise SettingsError("automatic sharding and a shard count exclude each other")

    @property
    def render_workers(self) -> int:
        """How many worker processes draw the boards (0: threads); `render_processes`, or if unset the default."""
        return auto_render_processes() if self.render_processes is None else self.render_processes

    @property
    def sharded(self) -> bool:
        return self.auto_shards or self.shard_count is not None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read DISCORD_TOKEN and the ENTDECKER_* variables; SettingsError on a malformed value."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip() or None
        return cls(
            token=token,
            db_path=env.get("ENTDECKER_DB", "").strip() or cls.db_path,
            guild_id=_int(env, "ENTDECKER_GUILD_ID", None),
            sync_commands=_bool(env, "ENTDECKER_SYNC_COMMANDS", True),
            reminder_after=_hours(env, "ENTDECKER_REMINDER_HOURS", cls.reminder_after),
            reminder_max=_int(env, "ENTDECKER_REMINDER_MAX", cls.reminder_max) or 0,
            idle_after=_hours(env, "ENTDECKER_IDLE_HOURS", cls.idle_after),
            ai_delay=_float(env, "ENTDECKER_AI_DELAY", cls.ai_delay),
            check_interval=_float(env, "ENTDECKER_CHECK_SECONDS", cls.check_interval, positive=True),
            render_processes=_int(env, "ENTDECKER_RENDER_PROCESSES", None),
            **_shards(env),
        )


def _shards(env: Mapping[str, str]) -> dict[str, Any]:
    """ENTDECKER_SHARD_COUNT (a number, or 'auto') and ENTDECKER_SHARDS ('0-3', '0,2', 'all')."""
    from .shards import parse_shard_ids

    count_text = _raw(env, "ENTDECKER_SHARD_COUNT")
    ids_text = _raw(env, "ENTDECKER_SHARDS")
    if count_text is not None and count_text.lower() == "auto":
        if ids_text is not None:
            raise SettingsError("ENTDECKER_SHARDS needs a number in ENTDECKER_SHARD_COUNT, not 'auto'")
        return {"auto_shards": True}
    count = _int(env, "ENTDECKER_SHARD_COUNT", None)
    if count is None:
        if ids_text is not None:
            raise SettingsError("ENTDECKER_SHARDS needs ENTDECKER_SHARD_COUNT (how many shards there are in all)")
        return {}
    if count < 1:
        raise SettingsError("ENTDECKER_SHARD_COUNT must be at least 1")
    try:
        ids = parse_shard_ids(ids_text or "all", count)
    except ValueError as exc:
        raise SettingsError(f"ENTDECKER_SHARDS: {exc}") from None
    return {"shard_count": count, "shard_ids": ids}


def _raw(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def auto_render_processes(cores: int | None = None) -> int:
    """Two worker processes on a machine of two cores or more, else threads. Measured on two cores (docs/bench.md):
    threads leave the event loop and the drawing to share one GIL, which caps a bot at ~130 moves/s and let a burst
    of 100 game starts wait 13 s; two workers gave ~185 moves/s and kept 100 games' boards under 1 s at p99. More
    workers than two gain nothing a Discord bot's load needs, and each costs ~135 MB of memory (its own caches)."""
    cores = (
        cores
        if cores is not None
        else (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    )
    return 2 if cores >= 2 else 0


_T = TypeVar("_T")


def _parsed(env: Mapping[str, str], name: str, parse: Callable[[str], _T], what: str) -> _T | None:
    """The variable read by `parse` (None: not set); `what` names what it must be when it does not parse."""
    raw = _raw(env, name)
    if raw is None:
        return None
    try:
        return parse(raw)
    except ValueError:
        raise SettingsError(f"{name} must be {what}, not {raw!r}") from None


def _int(env: Mapping[str, str], name: str, default: int | None) -> int | None:
    value = _parsed(env, name, int, "a whole number")
    if value is None:
        return default
    if value < 0:
        raise SettingsError(f"{name} must not be negative")
    return value


def _float(env: Mapping[str, str], name: str, default: float, *, positive: bool = False) -> float:
    value = _parsed(env, name, float, "a number")
    if value is None:
        return default
    if positive and not value > 0:  # also refuses NaN
        raise SettingsError(f"{name} must be more than 0")
    if not value >= 0:  # also refuses NaN
        raise SettingsError(f"{name} must not be negative")
    if value == float("inf"):
        raise SettingsError(f"{name} must be a finite number")
    return value


def _hours(env: Mapping[str, str], name: str, default: float) -> float:
    raw = _raw(env, name)
    return default if raw is None else _float(env, name, default) * HOUR


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = _raw(env, name)
    if raw is None:
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name} must be true or false, not {raw!r}")
