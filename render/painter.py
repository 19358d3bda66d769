"""The painter interface: what a game supplies to draw its views, and the one `draw` the core runs for all of them.

A game's painter is a `Painter` (one per game, registered in render/games.py, or with `render.register` for a game
the renderer does not ship). The core draws every picture the same way: the painter's layout for the view, a copy
of its background for that layout, the board, the overlay (when asked for), the legend. The encoding, the
shrinking and the safety net (render/__init__.py) are the core's too; a painter only draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from PIL import Image

from . import made
from .layout import Picture

P = TypeVar("P", bound=Picture)
P_contra = TypeVar("P_contra", bound=Picture, contravariant=True)

# mid_game(states, view) -> state: which moment of a self-play game the demo and the benchmark call "mid-game"
MidGame = Callable[[Sequence[Any], Callable[[Any], dict[str, Any]]], Any]


@runtime_checkable
class FrameLegend(Protocol[P_contra]):
    """A legend that also draws a replay's frames (render/panel.py's Legend is one): `frame` what changes from turn to
    turn, `key` what stays (drawn once into the frame's background). A painter's legend that is none draws its frames
    whole, as on the board."""

    def frame(self, im: Image.Image, view: dict[str, Any], lay: P_contra) -> None: ...

    def key(self, im: Image.Image, lay: P_contra) -> None: ...


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
    # Whether a layout can draw a view: a replay draws all its frames in the last view's layout if it holds every
    # other view, so nothing moves from frame to frame (render/replay.py). None: a layout holds the views it is the
    # layout of (a fixed board: always).
    holds: Callable[[P, dict[str, Any]], bool] | None = None
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

    def holds_view(self, lay: P, view: dict[str, Any]) -> bool:
        """Whether `lay` can draw `view` (see `holds`)."""
        return self.holds(lay, view) if self.holds is not None else self.layout(view) == lay

    def frame_base(self, lay: P) -> Image.Image:
        """What every replay frame in `lay` starts from: the background, with the frame legend's key."""
        im = self.background(lay).copy()
        if isinstance(self.legend, FrameLegend):
            self.legend.key(im, lay)
        return im

    def draw_frame(self, view: dict[str, Any], lay: P, base: Image.Image) -> Image.Image:
        """A replay's frame of view (render/replay.py): its board in `lay` on a copy of `base` (frame_base(lay)), then
        the frame legend, or the whole legend without the overlay for a painter whose legend has none."""
        im = base.copy()
        self.board(im, view, lay)
        if isinstance(self.legend, FrameLegend):
            self.legend.frame(im, view, lay)
        else:
            self.legend(im, view, lay, False)
        return im if im.mode == "RGB" else im.convert("RGB")
