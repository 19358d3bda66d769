"""Every board of every game legible at chat size (issue 22): Discord shows a picture about 550 px wide (350-400 on
a phone). Over seeded games of every player count, start to end, with and without the overlay: every text's
capitals are at least style.MIN_CAP px high at style.SHOWN px wide, the numbers players type (coordinates, choice
numbers) style.MIN_TYPED, and the picture's shape stays between 4:5 and 5:4. The texts are the ones each picture
says it drew (render.sprites.texts): put_text and every sprite with its own text note theirs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

import engine
import render
from render import sprites, style
from render.selfplay import NAMES
from tests.played import played

GAMES = [g.name for g in engine.games()]
STEP = 9  # every 9th state of a game, and its last


def _kind(game: str, players: int) -> str:
    """The game's default AI, but The Discovery's random one (its heuristic took 19 of this test's 25 s of CPU)
    except in the three-player game: the random AI's sprawling maps reach 13 frames where the heuristic's reached
    8, but not the smallest tiles (32 px), which its three-player game on seed 43 draws (docs/bench.md, session 8)."""
    return "random" if game == "discovery" and players != 3 else engine.info(game).default_ai


@lru_cache(maxsize=8)
def _views(game: str) -> list[tuple[dict[str, Any], bool]]:
    info = engine.info(game)
    out = []
    for players in range(info.min_players, info.max_players + 1):
        states = played(game, NAMES[:players], 40 + players, _kind(game, players)).states
        for i in [*range(0, len(states), STEP), len(states) - 1]:
            acting = engine.to_act(states[i])
            out.append((engine.view(states[i], acting[0] if acting else None), i % (2 * STEP) == 0))
    return out


def test_the_style_asks_for_legible_sizes() -> None:
    for width in (900, 1092, 1100, 1200):
        assert style.shown_cap(style.min_size(width), width) >= style.MIN_CAP
        assert style.shown_cap(style.min_size(width) - 1, width) < style.MIN_CAP
        assert style.shown_cap(style.min_size(width, typed=True), width) >= style.MIN_TYPED
        size = sprites.badge_size(width)
        assert round(size * sprites.BADGE_TEXT) >= style.min_size(width, typed=True)


def test_cap_height_is_the_fonts() -> None:
    f = style.font(100)
    _, top, _, bottom = f.getbbox("H", anchor="ls")
    assert abs((bottom - top) / 100 - style.CAP) < 0.01


@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_legible_at_chat_size(game: str) -> None:
    small: dict[tuple[str, float, bool], int] = {}
    typed_seen = 0
    for view, overlay in _views(game):
        im = render.compose(view, overlay=overlay)
        lo, hi = style.SHAPE
        assert lo <= im.width / im.height <= hi, (im.size, view.get("turn"))
        marks = sprites.texts(im)
        assert marks, "a picture that notes no text"
        for text, size, typed in marks:
            typed_seen += typed
            need = style.MIN_TYPED if typed else style.MIN_CAP
            if style.shown_cap(size, im.width) < need:
                small[(text[:30], size, typed)] = im.width
    assert typed_seen, "no coordinate or choice number noted as typed"
    assert not small, sorted(small.items(), key=lambda kv: kv[0][1])[:20]


@pytest.mark.parametrize("game", GAMES)
def test_coordinates_are_noted_as_typed(game: str) -> None:
    view, _ = _views(game)[0]
    typed = {t for t, _, is_typed in sprites.texts(render.compose(view)) if is_typed}
    assert typed, "the coordinates players type are not noted"
