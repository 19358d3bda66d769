"""The painter interface: what a game supplies to draw its views, and the one `draw` the core runs for all of them.

A game's painter is a `Painter` (one per game, registered in render/games.py, or with `render.register` for a game
the renderer does not ship). The core draws every picture the same way: the painter's layout for the view, a copy
of its background for that layout, the board, the overlay (when asked for), the legend. The encoding, the
shrinking and the safety net (render/__init__.py) are the core's too; a painter only draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image

from . import made
from .layout import Picture

P = TypeVar("P", bound=Picture)

# mid_game(states, view) -> state: which moment of a self-play game the demo and the benchmark call "mid-game"
MidGame = Callable[[Sequence[Any], Callable[[Any], dict[str, Any]]], Any]


def no_overlay(im: Image.Image, view: dict[str, Any], lay: Picture) -> None:
    """For a game whose legal choices are all in its legend: nothing on the board."""


@dataclass(frozen=True)
class Painter(Generic[P]):
    """How one game's views are drawn. Every part may raise on a malformed view (the core then draws less).

    Only what the view holds is drawn, never anything that depends on `view["viewer"]`, so every seat's view of the
    same state gives the same picture (the overlay draws the viewer's `legal`)."""

    game: str  # the engine's GameInfo.name, the view's "game"
    layout: Callable[[dict[str, Any]], P]  # where everything sits for this view; its `size` is the picture's
    background: Callable[[P], Image.Image]  # what every view of a layout shares; the painter caches it, the core copies
    board: Callable[[Image.Image, dict[str, Any], P], object]  # the view's board onto the copy
    legend: Callable[[Image.Image, dict[str, Any], P, bool], None]  # the panel under the board (bool: with the overlay)
    overlay: Callable[[Image.Image, dict[str, Any], P], None] = no_overlay  # the viewer's legal choices on the board
    palette: bytes | None = None  # the PNG's fixed quantisation table (render/palette.py); None: adaptive
    mid_game: MidGame | None = None
    # One tile of the game as its views and `/game tiles` give it (a dict), drawn at the size asked (px); None: the
    # tiles left are listed in words (render/left.py).
    tile_art: Callable[[dict[str, Any], int], Image.Image] | None = None
    # Whether the board, the overlay and the legend draw on the picture only through render/made.py's helpers
    # (`place`, `pen`, and sprites.paste / put_text), so that the encoding maps to the palette only what they
    # blended in (render/indexed.py; a drawing that bypasses them shows up in tests/render/core/test_indexed.py).
    # False: the whole picture is mapped.
    recorded: bool = False

    def draw(self, view: dict[str, Any], *, overlay: bool) -> Image.Image:
        """The picture of view as an RGB image of `self.layout(view).size`."""
        lay = self.layout(view)
        base = self.background(lay)
        im = base.copy()
        if self.recorded:
            made.start(im, base)
        self.board(im, view, lay)
        if overlay:
            self.overlay(im, view, lay)
        self.legend(im, view, lay, overlay)
        return im if im.mode == "RGB" else im.convert("RGB")
