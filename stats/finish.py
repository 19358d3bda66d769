"""A finished game as the statistics see it: who sat where, the score and the place (1 = won; ties share a place)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    user_id: int | None  # a person; None for an AI seat
    ai_kind: str | None  # the AI's kind for an AI seat
    score: int
    place: int


@dataclass(frozen=True)
class Finish:
    game: str  # the game's name ("entdecker")
    ended_at: float
    seats: tuple[Seat, ...]
