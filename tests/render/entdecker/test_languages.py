"""Issue 23: the Entdecker board in German, Dutch and French at the start, mid-voyage and at the end: its words in
the reader's language, each within the room the legend gives it (nothing cut), the status line whole and the key
of the board's symbols in its two lines."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageDraw

import engine
import render
from engine.core.lang import reading
from render import panel, style
from render.entdecker import legend, status_line
from render.layout import layout
from tests.played import selfplay_states

LANGUAGES = ("de", "nl", "fr")
TWO_PILES = {"personal_tiles": True, "keep_unplayable": True}  # plant tokens in two piles, unplayable tiles kept
BAG = {"personal_tiles": True, "plant_draw": "bag", "end_when_plants_run_out": True}
LABEL = legend._label  # the legend's own: a word in its room


@cache
def states(options: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    return tuple(selfplay_states(21, 4, dict(options)))


def moment(which: str) -> tuple[Any, int | None]:
    """A state and its viewer: the new game, a tile in hand with its placements, the end."""
    if which == "empty":
        return states(tuple(TWO_PILES.items()))[0], 0
    if which == "mid":
        game = states(tuple(TWO_PILES.items()))
        # late enough that a trading post stands and some tile was kept beside the fill-in piles
        drawn = [s for s in game if s.phase == "place" and s.kept]
        return (drawn or [s for s in game if s.phase == "place"])[0], game[0].current_player
    return states(tuple(BAG.items()))[-1], None


def drawn_words(
    language: str, which: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[tuple[str, float]], dict[str, Any]]:
    """Every word the legend drew in the room it had, and the view, reading `language`."""
    drawn: list[tuple[str, float]] = []

    def recorded(im: Image.Image, xy: tuple[float, float], text: str, room: float) -> int:
        drawn.append((text, room))
        return LABEL(im, xy, text, room)

    monkeypatch.setattr(legend, "_label", recorded)
    state, viewer = moment(which)
    with reading(language):
        view = engine.view(state, viewer)  # the labels of the choices are written as the view is
        render.compose(view, overlay=viewer is not None)
    return drawn, view


@pytest.mark.parametrize("which", ["empty", "mid", "final"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_legend_fits_its_room(language: str, which: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, view = drawn_words(language, which, monkeypatch)
    english, _view = drawn_words("en", which, monkeypatch)
    assert len(drawn) >= 8 and len(drawn) == len(english)
    wide = [(text, room, style.text_width(text, panel.SMALL)) for text, room in drawn]
    assert not [w for w in wide if w[2] > w[1]], wide
    assert sum(text != words for (text, _r), (words, _e) in zip(drawn, english, strict=True)) >= len(drawn) - 2
    with reading(language):
        line = status_line(view)
    with reading("en"):
        assert line != status_line(view)
    lay = layout(10, 7)
    assert style.text_width(line, panel.HEADING_SIZE) <= lay.width - 2 * panel.PAD, line  # no name had to be cut


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_the_key_of_the_symbols_keeps_to_its_lines(language: str) -> None:
    lay = layout(10, 7)
    width = lay.width - 2 * panel.PAD
    scratch = Image.new("RGB", (lay.width, 400))
    with reading(language):
        items = legend._key_items()
    lines = panel.symbol_key(scratch, ImageDraw.Draw(scratch), (panel.PAD, 0, width), items)
    assert lines <= legend.KEY_LINES, [words for _icon, words in items]
    if language != "en":
        with reading("en"):
            assert [w for _i, w in items] != [w for _i, w in legend._key_items()]
