"""A render worker's memory stays bounded however many games it draws (issue 19, item 13).

Every board's heading names the player and the turn, so each game position writes a line of text never seen
before, ~100 KB as a sprite: a cache bounded by its number of entries grew a worker by hundreds of MB."""

from __future__ import annotations

import gc

from PIL import Image

import engine
import render
from render import panel, style
from render.sprites import put_text, text, text_cache

HELD_LIMIT = 24 * 1024 * 1024  # the text sprites' budget (16 MB) and some room; the old cache reached ~60 MB here


def held_image_bytes() -> int:
    """What every live Pillow image holds (4 bytes per pixel for RGB and RGBA): the caches' pictures included."""
    return sum(o.width * o.height * 4 for o in gc.get_objects() if isinstance(o, Image.Image))


def test_distinct_headings_do_not_pile_up() -> None:
    scratch = Image.new("RGB", (1200, 60))
    gc.collect()
    before = held_image_bytes()
    for i in range(600):  # 600 positions of as many games, as a worker draws them in a few minutes
        line = f"Season {i % 4 + 1}   |   Turn {i}   |   player-{i} places a tile (3 of 4 tiles left)"
        put_text(scratch, (10, 40), line, panel.HEADING_SIZE, style.TEXT)
    gc.collect()
    assert held_image_bytes() - before <= HELD_LIMIT
    assert text_cache.currsize <= text_cache.maxsize


def test_labels_that_come_back_stay_cached_through_the_churn() -> None:
    label = text("pieces left", 18, style.TEXT_DIM)
    for i in range(300):
        text(f"a one-off line of a game never seen again, number {i:04d}", panel.HEADING_SIZE, style.TEXT)
        assert text("pieces left", 18, style.TEXT_DIM) is label  # used on every board: never the one evicted


def test_boards_of_many_games_keep_the_text_cache_within_its_budget() -> None:
    for info in engine.games():
        for i in range(4):
            names = [f"{info.name}-{i}-{seat} with a long name" for seat in range(max(2, info.min_players))]
            state = engine.new_game(info.name, names, None, i)
            assert render.png_for(engine.view(state, None), True) is not None
    assert 0 < text_cache.currsize <= text_cache.maxsize
