"""Pictures of a game for everyone in the channel: a pure function from the engine's view to PNG bytes.

Public API::

    render_board(view, overlay=False, scale=1.0) -> bytes      # PNG
    render_image(view, overlay=False) -> PIL.Image.Image       # RGB; never raises on a view
    shrink_png(view, max_bytes, overlay=False) -> bytes        # the largest scale that fits max_bytes
    png_for(view, overlay=False, max_bytes=None) -> bytes|None # for worker processes: None if nothing fits
    compose(view, overlay=False) -> PIL.Image.Image            # the game's drawing without the safety net
    encode(image) -> bytes                                     # PNG of a finished picture
    painter(game) -> module | None                             # the game's render sub-package

The core names no game. A view's game is drawn by the sub-package `render.<view["game"]>`, found by that
convention; it exposes `draw(view, *, overlay) -> PIL.Image.Image` (see docs/render.md, "Adding a game's
renderer"). Only what the view holds is drawn, and nothing that depends on who is looking, so every seat's view
of the same state gives the same picture (the overlay draws the viewer's `legal`).
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

from PIL import Image

from . import plain
from .layout import TILE, Layout, layout
from .png import encode, scaled, shrink

__all__ = [
    "TILE",
    "Layout",
    "compose",
    "encode",
    "layout",
    "painter",
    "palette_of",
    "png_for",
    "render_board",
    "render_image",
    "shrink_png",
]


@lru_cache(maxsize=64)
def _painter(game: str) -> ModuleType | None:
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ImportError:
        return None
    # a game's painter is a sub-package with a callable draw; core modules (render.png, ...) are not packages
    if not hasattr(module, "__path__") or not callable(getattr(module, "draw", None)):
        return None
    return module


def painter(game: object) -> ModuleType | None:
    """The render sub-package of `game` (the view's "game" key), or None if there is none."""
    if not isinstance(game, str) or not game.isidentifier() or game.startswith("_"):
        return None
    return _painter(game)


def palette_of(view: object) -> bytes | None:
    """The fixed PNG palette of the view's game (its sub-package's PALETTE), or None (an adaptive palette)."""
    module = painter(view.get("game")) if isinstance(view, dict) else None
    pal = getattr(module, "PALETTE", None)
    return pal if isinstance(pal, bytes) and len(pal) == 768 else None


def compose(view: dict, *, overlay: bool = False) -> Image.Image:
    """The picture as an RGB image: the game's drawing (may raise on a malformed view; render_image never does),
    or for a view of no known game the plain picture with the status in words."""
    module = painter(view.get("game")) if isinstance(view, dict) else None
    if module is None:
        return plain.draw(view)
    im = module.draw(view, overlay=overlay)
    return im if im.mode == "RGB" else im.convert("RGB")


def render_image(view: dict, *, overlay: bool = False) -> Image.Image:
    """The picture of view as an RGB image. Never raises on a view: a picture with less on it beats no picture
    (without the overlay, then the plain picture)."""
    try:
        return compose(view, overlay=overlay)
    except Exception:
        pass
    if overlay:
        try:
            return compose(view, overlay=False)
        except Exception:
            pass
    return plain.draw(view)


def render_board(view: dict, *, overlay: bool = False, scale: float = 1.0) -> bytes:
    """PNG of view (see render_image); scale < 1 gives a smaller picture for small upload limits."""
    # the fixed palette is learned on full-size pictures; a resized one gets its own (see png.shrink)
    return encode(scaled(render_image(view, overlay=overlay), scale), palette_of(view) if scale == 1.0 else None)


def shrink_png(view: dict, max_bytes: int, *, overlay: bool = False) -> bytes:
    """The PNG of view at the largest scale (1, 0.85, 0.7, ...) whose size is at most max_bytes (the smallest
    tried if none fits)."""
    return shrink(render_image(view, overlay=overlay), max_bytes, palette_of(view))[0]


def png_for(view: dict, overlay: bool = False, max_bytes: int | None = None) -> bytes | None:
    """The PNG of view, shrunk to at most max_bytes if given; None if even the smallest scale does not fit.

    A plain top-level function of plain data, for worker processes: `pool.submit(render.png_for, view, True,
    limit)` pickles the view and the bytes only, and a worker keeps its own tile and text caches."""
    im = render_image(view, overlay=overlay)
    pal = palette_of(view)
    if max_bytes is None:
        return encode(im, pal)
    data, fits = shrink(im, max_bytes, pal)
    return data if fits else None
