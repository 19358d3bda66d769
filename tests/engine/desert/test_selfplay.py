"""This game's own self-play figures (its `selfplay_stats` hook); the command line itself is tested for every game
in tests/engine/test_golden.py."""

from __future__ import annotations

from engine.selfplay import play


def test_selfplay_counts_oases_and_actions() -> None:
    record = play("desert", ["heuristic", "random", "random"], 5)
    assert record.stats["end"] in ("last_tile", "stalled", "no_open_lines") and "oases" in record.stats
    assert record.stats["tiles_on_board"] > 21
    assert isinstance(record.stats["actions"], dict) and sum(record.stats["actions"].values()) > 0
