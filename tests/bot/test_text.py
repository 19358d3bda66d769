"""bot/text.py: labels fitted to Discord's limits at a word."""

from __future__ import annotations

import pytest

from bot.text import fit

LONG = "Brigand on the mountain to the north (complete mountain, 2 tiles, 2 cities; 2 now)"


def test_a_label_within_the_limit_is_left_alone() -> None:
    assert fit("Stop", 80) == "Stop" and fit(LONG, len(LONG)) == LONG


@pytest.mark.parametrize("limit", [25, 45, 80])
def test_a_long_label_is_cut_at_a_word_and_marked(limit: int) -> None:
    cut = fit(LONG, limit)
    assert len(cut) <= limit and cut.endswith("…")
    assert LONG.startswith(cut[:-1]) and LONG[len(cut) - 1] in " ;,:("  # the cut falls between words


def test_one_long_word_is_still_cut_to_the_limit() -> None:
    assert fit("x" * 120, 100) == "x" * 99 + "…"
