"""The core draws a view with the painter registered for its "game" key (else the plain one), and never fails."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import engine
import render
import render.games
from render import plain
from render.layout import Picture
from render.painter import Painter

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


class FakeLayout(Picture):
    """64 x 48: a 40 px board and an 8 px panel."""

    panel_height = 8

    @property
    def width(self) -> int:
        return 64

    @property
    def frame_height(self) -> int:
        return 40


class FakeGame:
    """The parts of a painter for a game render/ does not know: the board blue, the overlay red; a part in
    `fail` raises."""

    def __init__(self) -> None:
        self.fail: set[str] = set()
        self.calls: list[str] = []

    def _part(self, name: str) -> None:
        self.calls.append(name)
        if name in self.fail:
            raise ValueError(f"cannot draw the {name}")

    def background(self, lay: FakeLayout) -> Image.Image:
        self._part("background")
        return BACKGROUND

    def board(self, im: Image.Image, view: dict, lay: FakeLayout) -> None:
        self._part("board")
        ImageDraw.Draw(im).rectangle((0, 0, 63, 39), fill=(0, 0, 255))

    def overlay(self, im: Image.Image, view: dict, lay: FakeLayout) -> None:
        self._part("overlay")
        ImageDraw.Draw(im).rectangle((0, 0, 63, 39), fill=(255, 0, 0))

    def legend(self, im: Image.Image, view: dict, lay: FakeLayout, overlay: bool) -> None:
        self._part("legend")
        ImageDraw.Draw(im).rectangle((0, 40, 63, 47), fill=(0, 255, 0) if overlay else (9, 9, 9))


BACKGROUND = Image.new("RGB", (64, 48), (7, 7, 7))


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> FakeGame:
    """A painter for the game "fakegame", registered for the test only."""
    game = FakeGame()
    painter = Painter(
        game="fakegame",
        layout=lambda view: FakeLayout(),
        background=game.background,
        board=game.board,
        overlay=game.overlay,
        legend=game.legend,
    )
    monkeypatch.setitem(render.games.PAINTERS, "fakegame", painter)
    return game


def test_the_game_key_picks_the_painter(fake_game: FakeGame) -> None:
    view = {**HEADER, "game": "fakegame"}
    assert render.painter("fakegame") is render.painter_of(view)
    assert render.render_image(view).getpixel((0, 0)) == (0, 0, 255)
    assert decode(render.render_board(view, overlay=True)).getpixel((5, 5)) == (255, 0, 0)
    assert decode(render.render_board(view, scale=0.5)).size == (32, 24)


def test_the_core_runs_the_parts_in_order_on_a_copy_of_the_background(fake_game: FakeGame) -> None:
    view = {**HEADER, "game": "fakegame"}
    im = render.compose(view, overlay=True)
    assert fake_game.calls == ["background", "board", "overlay", "legend"]
    assert im.getpixel((0, 45)) == (0, 255, 0)  # the legend knows the overlay is on
    fake_game.calls.clear()
    render.compose(view)
    assert fake_game.calls == ["background", "board", "legend"]
    assert BACKGROUND.getpixel((0, 0)) == (7, 7, 7)  # the painter's cached background is never drawn on


def test_less_on_the_picture_beats_no_picture(fake_game: FakeGame) -> None:
    view = {**HEADER, "game": "fakegame"}
    fake_game.fail.add("overlay")
    assert render.render_image(view, overlay=True).getpixel((0, 0)) == (0, 0, 255)  # without the overlay
    with pytest.raises(ValueError):
        render.compose(view, overlay=True)
    fake_game.fail.add("board")
    assert render.render_image(view, overlay=True).tobytes() == plain.draw(view).tobytes()


def test_register_adds_a_painter_and_never_replaces_another(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render.games, "PAINTERS", dict(render.games.PAINTERS))
    view = {**HEADER, "game": "toygame"}
    assert render.painter_of(view) is plain.PLAIN  # a game with no painter: the status in words
    toy = Painter(
        game="toygame",
        layout=plain.layout,
        background=plain.background,
        board=plain.no_board,
        legend=plain.legend,
        palette=bytes(768),
    )
    assert render.register(toy) is toy and render.register(toy) is toy
    assert render.painter_of(view) is toy and render.palette_of(view) == bytes(768)
    assert render.render_image(view).tobytes() == plain.draw(view).tobytes()
    with pytest.raises(ValueError):
        render.register(
            Painter(
                game="toygame",
                layout=plain.layout,
                background=plain.background,
                board=plain.no_board,
                legend=plain.legend,
            )
        )
    with pytest.raises(ValueError):
        render.register(
            Painter(
                game=A_GAME, layout=plain.layout, background=plain.background, board=plain.no_board, legend=plain.legend
            )
        )
    assert render.painter(A_GAME) is not toy


def test_unknown_game_gives_the_plain_picture_with_the_status() -> None:
    im = render.render_image(HEADER)
    assert im.tobytes() == plain.draw(HEADER).tobytes()
    assert plain.status_words(HEADER) == ["Bob: choose a move", "Ann", "Bob"]
    over = {**HEADER, "game_over": True, "to_act": [], "result": {"winners": [0], "scores": [12, 3]}}
    assert plain.status_words(over) == ["Game over - Ann wins with 12 points!", "Ann: 12", "Bob: 3"]
    assert decode(render.render_board(over)).size == plain.draw(over).size


@pytest.mark.parametrize(
    "game", [None, 7, "", "png", "layout", "style", "games", "../bot", "render.png", "os.path", f"{A_GAME}.board"]
)
def test_names_that_are_no_game(game: object) -> None:
    """Only a registered game has a painter: core modules, sub-packages and dotted paths do not."""
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
