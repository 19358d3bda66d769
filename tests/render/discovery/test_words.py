"""The Discovery's picture in German, Dutch and French (issue 23): the panel's words in the reader's language, each
within the room the legend gives it, at the start, mid-game (with the overlay) and at the end."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import engine
import render
from engine.core.lang import _, reading
from render import panel, style
from render.discovery import layout_for, legend, overlay
from render.discovery.sprites import key_items
from render.discovery.tiles import city_icon
from tests.played import selfplay_states

Drawn = list[tuple[float, str, int]]  # x, text, size of every text the legend and the overlay put


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    drawn: Drawn = []
    for module in (legend, overlay):
        real = module.put_text

        def put(im: Any, xy: tuple[float, float], s: str, size: int, *args: Any, real: Any = real, **kw: Any) -> int:
            drawn.append((xy[0], s, size))
            return int(real(im, xy, s, size, *args, **kw))

        monkeypatch.setattr(module, "put_text", put)
    yield drawn


def _views(language: str) -> list[tuple[dict[str, Any], bool]]:
    """The empty map, a mid-game map with its overlay, the end; every word read in `language`."""
    states = selfplay_states(4, 4, game="discovery")
    with reading(language):
        middle = next(s for s in states[len(states) // 2 :] if s.phase == "place")  # the overlay shows placements
        picked = (states[0], middle, states[-1])
        first, middle, last = (engine.view(s, s.current_player) for s in picked)
    return [(first, False), (middle, True), (last, False)]


def _room(x: float, lay: Any) -> float:
    """The right edge of the room the legend gives a text starting at x."""
    cols = legend._columns(lay)
    left, _top, col_w = cols.left
    right, _top2, w = cols.right
    rooms = {
        left + 48: left + col_w - 280,  # a player's name (and the winner's badge after it)
        left + col_w - 280: left + col_w - 124 - 6,  # the score, before the followers
        left + col_w - 124: left + col_w,  # the followers left in supply
    }
    if x in rooms:
        return rooms[x]
    assert x >= right, f"a text at {x} the test does not know"
    return right + w


@pytest.mark.parametrize("language", ["de", "nl", "fr"])
def test_every_word_on_the_picture_fits_its_room(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for view, with_overlay in _views(language):
        lay = layout_for(view)
        with recorded(monkeypatch) as drawn, reading(language):
            render.compose(view, overlay=with_overlay)
        right = legend._columns(lay).right[0]
        words = [(x, s, size) for x, s, size in drawn if any(c.isalpha() for c in s)]
        assert words
        for x, s, size in words:
            width = style.text_width(s, size)
            limit = right + 136 if s.endswith(":") and x == right and size == panel.SMALL else _room(x, lay)
            if s.startswith(("Tile to place, as", "Das Plättchen, wie", "De tegel zoals", "La tuile, telle")):
                limit = _room(x, lay)  # the overlay's heading spans the side
            assert x + width <= limit, (s, x + width, limit)


@pytest.mark.parametrize("language", ["de", "nl", "fr"])
def test_the_key_stays_one_line(language: str) -> None:
    """The key along the panel's bottom has one line of room (KEY_HEIGHT)."""
    lay = layout_for(engine.view(engine.new_game("discovery", ["a", "b"], {}, 1)))
    with reading(language):
        items = [*key_items(panel.SMALL), (city_icon(), _("port city"))]
    width = sum(icon.width + 6 + style.text_width(words, panel.SMALL) + 20 for icon, words in items) - 20
    assert width <= lay.width - 2 * panel.PAD, [w for _icon, w in items]


def test_a_french_picture_carries_french_words(monkeypatch: pytest.MonkeyPatch) -> None:
    view, _overlay = _views("fr")[1]
    with recorded(monkeypatch) as drawn, reading("fr"):
        render.compose(view, overlay=True)
    texts = [s for _x, s, _size in drawn]
    assert "La tuile, telle que les numéros la posent :" in texts
    assert any(s.startswith("Tuiles restantes : ") for s in texts)
    assert not [s for s in texts if "Tile" in s or "follower" in s]
