"""The core draws a view with its game's sub-package, found by the view's "game" key, and never fails."""

from __future__ import annotations

import io
import sys
import types

import pytest
from PIL import Image

import engine
import render
from render import plain

A_GAME = next(iter(engine.GAMES))


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


HEADER = {
    "game": "no_such_game",
    "to_act": [1],
    "prompt": "choose a move",
    "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
    "game_over": False,
    "result": None,
}


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A game sub-package render.fakegame whose draw paints the overlay red and fails when told to."""
    module = types.ModuleType("render.fakegame")
    module.__path__ = []  # a package, as a game's painter is
    module.fail = set()  # type: ignore[attr-defined]

    def draw(view: dict, *, overlay: bool) -> Image.Image:
        if overlay in module.fail or "always" in module.fail:  # type: ignore[attr-defined]
            raise ValueError("cannot draw this")
        return Image.new("RGB", (64, 48), (255, 0, 0) if overlay else (0, 0, 255))

    module.draw = draw  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "render.fakegame", module)
    render._painter.cache_clear()
    yield module
    render._painter.cache_clear()


def test_the_game_key_picks_the_painter(fake_game: types.ModuleType) -> None:
    view = {**HEADER, "game": "fakegame"}
    assert render.painter("fakegame") is fake_game
    assert render.render_image(view).getpixel((0, 0)) == (0, 0, 255)
    assert decode(render.render_board(view, overlay=True)).getpixel((5, 5)) == (255, 0, 0)
    assert decode(render.render_board(view, scale=0.5)).size == (32, 24)


def test_less_on_the_picture_beats_no_picture(fake_game: types.ModuleType) -> None:
    view = {**HEADER, "game": "fakegame"}
    fake_game.fail.add(True)  # type: ignore[attr-defined]
    assert render.render_image(view, overlay=True).getpixel((0, 0)) == (0, 0, 255)  # without the overlay
    with pytest.raises(ValueError):
        render.compose(view, overlay=True)
    fake_game.fail.add("always")  # type: ignore[attr-defined]
    assert render.render_image(view, overlay=True).tobytes() == plain.draw(view).tobytes()


def test_unknown_game_gives_the_plain_picture_with_the_status() -> None:
    im = render.render_image(HEADER)
    assert im.tobytes() == plain.draw(HEADER).tobytes()
    assert plain.status_words(HEADER) == ["Bob: choose a move", "Ann", "Bob"]
    over = {**HEADER, "game_over": True, "to_act": [], "result": {"winners": [0], "scores": [12, 3]}}
    assert plain.status_words(over) == ["Game over - Ann wins with 12 points!", "Ann: 12", "Bob: 3"]
    assert decode(render.render_board(over)).size == plain.draw(over).size


@pytest.mark.parametrize(
    "game", [None, 7, "", "png", "layout", "style", "_painter", "../bot", "render.png", "os.path", f"{A_GAME}.board"]
)
def test_names_that_are_no_game(game: object) -> None:
    """Core modules, private names and dotted paths are never taken for a game's painter."""
    assert render.painter(game) is None
    assert decode(render.render_board({**HEADER, "game": game})).size == plain.draw(HEADER).size


@pytest.mark.parametrize(
    "view",
    [
        {},
        None,
        [],
        "a view",
        {"game": A_GAME, "players": 5, "tiles": 3, "legal": {"x": 1}, "result": [1]},
        {"game": "no_such_game", "players": 5, "to_act": "x", "result": [1]},
        {"game": "no_such_game", "players": [None, {"seat": "x"}], "game_over": True, "result": {"winners": "x"}},
    ],
)
def test_malformed_views_never_raise(view: object) -> None:
    for overlay in (False, True):
        assert decode(render.render_board(view, overlay=overlay)).width > 0  # type: ignore[arg-type]
        assert decode(render.shrink_png(view, 1000, overlay=overlay)).width > 0  # type: ignore[arg-type]
