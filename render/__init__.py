"""Pictures of a game for everyone in the channel: a pure function from the engine's view to PNG bytes.

Public API::

    render_board(view, overlay=False, scale=1.0) -> bytes      # PNG
    render_image(view, overlay=False) -> PIL.Image.Image       # RGB; never raises on a view
    shrink_png(view, max_bytes, overlay=False) -> bytes        # the largest scale that fits max_bytes
    png_for(view, overlay=False, max_bytes=None) -> bytes|None # for worker processes: None if nothing fits
    compose(view, overlay=False) -> PIL.Image.Image            # the game's drawing without the safety net
    encode(image) -> bytes                                     # PNG of a finished picture
    painter(game) -> Painter | None                            # the game's registered painter
    painter_of(view) -> Painter                                # the view's painter, else the plain one
    register(painter) -> Painter                               # a painter for a game render/games.py lacks
    tiles_png(game, piles, max_bytes=None) -> bytes|None       # what remains to be drawn (engine.tiles_left)

The core names no game. A view's game is drawn by the `Painter` registered for its "game" key (render/games.py,
one line per game; see docs/render.md, "Adding a game's renderer"), a game without one by the plain painter (the
status in words). Only what the view holds is drawn, and nothing that depends on who is looking, so every seat's
view of the same state gives the same picture (the overlay draws the viewer's `legal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from . import games, heap, left, plain, replay
from .layout import TILE, Layout, layout
from .painter import Painter
from .png import encode, scaled, shrink

heap.keep_freed_memory()  # every process that imports the renderer draws big pictures in it (render/heap.py)

__all__ = [
    "TILE",
    "Layout",
    "Painter",
    "compose",
    "encode",
    "layout",
    "painter",
    "painter_of",
    "palette_of",
    "png_for",
    "register",
    "render_board",
    "render_image",
    "shrink_png",
    "tiles_png",
]


def painter(game: object) -> Painter[Any] | None:
    """The painter registered for `game` (the view's "game" key), or None if there is none."""
    return games.PAINTERS.get(game) if isinstance(game, str) else None


def painter_of(view: object) -> Painter[Any]:
    """The painter of the view's game; the plain painter for a game with none (or a view that is no dict)."""
    found = painter(view.get("game")) if isinstance(view, dict) else None
    return found or plain.PLAIN


def register(new: Painter[Any]) -> Painter[Any]:
    """Draw `new.game`'s views with `new` from now on (a game render/games.py does not list, e.g. a test's toy game;
    tests that register for a while use `monkeypatch.setitem(render.games.PAINTERS, game, painter)`). Refuses to
    replace another painter of a game that has one."""
    current = games.PAINTERS.get(new.game)
    if current is not None and current is not new:
        raise ValueError(f"the game {new.game!r} has a painter already")
    games.PAINTERS[new.game] = new
    return new


def palette_of(view: object) -> bytes | None:
    """The fixed PNG palette of the view's painter, or None (an adaptive palette)."""
    return painter_of(view).palette


def compose(view: dict[str, Any], *, overlay: bool = False) -> Image.Image:
    """The picture as an RGB image: the painter's drawing (may raise on a malformed view; render_image never does),
    or for a view of no known game the plain picture with the status in words."""
    return painter_of(view).draw(view, overlay=overlay)


def render_image(view: dict[str, Any], *, overlay: bool = False) -> Image.Image:
    """The picture of view as an RGB image. Never raises on a view: a picture with less on it beats no picture
    (without the overlay, then the plain picture)."""
    for with_overlay in (True, False) if overlay else (False,):
        try:
            return compose(view, overlay=with_overlay)
        except Exception:
            continue
    return plain.draw(view)


def render_board(view: dict[str, Any], *, overlay: bool = False, scale: float = 1.0) -> bytes:
    """PNG of view (see render_image); scale < 1 gives a smaller picture for small upload limits."""
    im = render_image(view, overlay=overlay)
    if scale != 1.0:  # the fixed palette is learned on full-size pictures; a resized one gets its own (png.shrink)
        return encode(scaled(im, scale))
    return encode(im, palette_of(view))


def shrink_png(view: dict[str, Any], max_bytes: int, *, overlay: bool = False) -> bytes:
    """The PNG of view at the largest scale (1, 0.85, 0.7, ...) whose size is at most max_bytes (the smallest
    tried if none fits)."""
    return shrink(render_image(view, overlay=overlay), max_bytes, palette_of(view))[0]


def png_for(view: dict[str, Any], overlay: bool = False, max_bytes: int | None = None) -> bytes | None:
    """The PNG of view, shrunk to at most max_bytes if given; None if even the smallest scale does not fit.

    A plain top-level function of plain data, for worker processes: `pool.submit(render.png_for, view, True,
    limit)` pickles the view and the bytes only, and a worker keeps its own tile and text caches."""
    im = render_image(view, overlay=overlay)
    pal = palette_of(view)
    if max_bytes is None:
        return encode(im, pal)
    data, fits = shrink(im, max_bytes, pal)
    return data if fits else None


def tiles_png(game: str, piles: list[dict[str, Any]], max_bytes: int | None = None) -> bytes | None:
    """The picture of what remains to be drawn (`engine.tiles_left(state)`), each kind of tile drawn by the game's
    painter with its count (render/left.py); None if even the smallest scale does not fit max_bytes. A plain
    top-level function of plain data, like png_for, for worker processes."""
    return left.png(game, piles, max_bytes)


def gif_for(views: Sequence[dict[str, Any]], max_bytes: int | None = None) -> bytes | None:
    """The animated GIF of a game's views, one frame each, in order (render/replay.py), drawn by the last view's
    painter: under max_bytes if given, None if there are no views or even the smallest frames do not fit. A plain
    top-level function of plain data, like png_for, for worker processes."""
    if not views:
        return None
    return replay.gif(views, painter_of(views[-1]), render_image, max_bytes)
