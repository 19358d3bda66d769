"""No text runs off its picture, in any language (issue 23): every board of every game, start to end, with the words
of each language (the render core's own, and each game's as its catalog fills them), and the tiles-left picture.
The boxes are the ones put_text says it drew (render.sprites.text_boxes)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest
from PIL import Image

import engine
import render
from engine import LANGUAGES, reading
from render import left, sprites
from tests.played import selfplay_states

GAMES = [g.name for g in engine.games()]
STEP = 15  # every 15th state of a game, and its last


@lru_cache(maxsize=4)
def _states(game: str) -> tuple[Any, ...]:
    states = selfplay_states(41, max(2, engine.info(game).min_players), game=game)
    return (*states[::STEP], states[-1])


def off_the_picture(view: dict[str, Any], overlay: bool) -> list[str]:
    return off(render.compose(view, overlay=overlay))


def off(im: Image.Image) -> list[str]:
    boxes = sprites.text_boxes(im)
    assert boxes, "a picture that notes no text"
    return [
        f"{text[:40]!r} at {(x0, y0, x1, y1)} on {im.size}"
        for text, x0, y0, x1, y1 in boxes
        if x0 < 0 or y0 < 0 or x1 > im.width or y1 > im.height
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_text_runs_off_a_board_in_any_language(game: str, language: str) -> None:
    found = []
    with reading(language):
        for i, state in enumerate(_states(game)):
            acting = engine.to_act(state)
            found += off_the_picture(engine.view(state, acting[0] if acting else None), i % 2 == 1)
    assert not found, found[:10]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_text_runs_off_the_tiles_left_in_any_language(game: str, language: str) -> None:
    with reading(language):
        piles = engine.tiles_left(_states(game)[0])
        assert not off(left.draw(game, piles))


def test_the_core_words_are_drawn_in_the_readers_language() -> None:
    state = _states(GAMES[0])[-1]
    with reading("fr"):
        im = render.compose(engine.view(state, None))
    assert any(text.startswith("Partie terminée") for text, *_box in sprites.text_boxes(im))
