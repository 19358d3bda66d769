"""This game's own self-play figures (its `selfplay_stats` hook); the command line itself is tested for every game
in tests/engine/test_golden.py."""

from __future__ import annotations

from engine.selfplay import play


def test_selfplay_counts_territories_scored_and_left_open() -> None:
    record = play("discovery", ["random"] * 3, 3)
    assert record.stats["end"] == "last_tile" and set(record.stats["open_at_end"]) == {"grassland", "mountain", "sea"}
    assert sum(record.stats["scored"].values()) > 0
    assert isinstance(record.stats["completed"], dict)
