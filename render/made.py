"""What a board picture was made of, noted while it is drawn, so that mapping it to the game's fixed palette
(render/indexed.py) repeats in palette indices what was drawn in flat colours and maps only what was blended.

A painter that draws only through these helpers (`Painter.recorded`) gets a `Record` on the copy of its background
(`Painter.draw` starts it): `place` pastes a picture without a mask (tile art, thumbnails: cached, so their mapping
is too), `pen` draws shapes and lines in one colour (no anti-aliasing in Pillow's ImageDraw, so the same call on
the palette picture with the colour's palette index sets the same pixels), and `blended` notes a box where
something was blended in (a sprite with its alpha, text: `sprites.paste`, `sprites.put_text`). Mapping is per pixel,
so the palette picture rebuilt that way is the picture mapped whole, index for index
(tests/render/core/test_indexed.py). On a picture without a record (a background being drawn, a tile, the plain
painter) the helpers just draw.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from .layout import Rect

KEY = "made"  # the picture's info key of its Record
# ImageDraw's one-colour shapes, and where each takes its colours (positions after xy's, for positional calls)
SHAPES = (
    "line",
    "rectangle",
    "rounded_rectangle",
    "ellipse",
    "circle",
    "polygon",
    "regular_polygon",
    "point",
    "arc",
    "chord",
    "pieslice",
)
INKS = ("fill", "outline")


def _ink_positions(name: str) -> tuple[tuple[str, int], ...]:
    params = list(inspect.signature(getattr(ImageDraw.ImageDraw, name)).parameters)[1:]  # without self
    return tuple((p, params.index(p)) for p in INKS if p in params)


INK_AT = {name: _ink_positions(name) for name in SHAPES}

# A flat step, in drawing order: ("paste", art, its box) or (shape, args, kwargs)
Step = tuple[str, Any, Any]


@dataclass
class Record:
    """The background a picture was drawn on (its painter's cached one), the flat steps drawn since, in order,
    and the boxes where something was blended in."""

    base: Image.Image
    steps: list[Step] = field(default_factory=list)
    fresh: list[Rect] = field(default_factory=list)


def start(im: Image.Image, base: Image.Image) -> None:
    """Note from now on what is drawn on im, a copy of base."""
    im.info[KEY] = Record(base)


def of(im: Image.Image) -> Record | None:
    found = im.info.get(KEY)
    return found if isinstance(found, Record) else None


def place(im: Image.Image, art: Image.Image, xy: tuple[int, int]) -> None:
    """Paste art as it is (no mask) with its top left at xy. Give it a cached picture: its mapping is cached by
    the picture (render/indexed.py), so a new one each render is mapped each time."""
    im.paste(art, xy)
    rec = of(im)
    if rec is not None:
        x, y = xy
        rec.steps.append(("paste", art, (x, y, x + art.width, y + art.height)))


def blended(im: Image.Image, box: Rect) -> None:
    """Note that something was blended into box (it is mapped from the finished picture)."""
    rec = of(im)
    if rec is not None:
        rec.fresh.append(box)


def pen(im: Image.Image) -> ImageDraw.ImageDraw:
    """ImageDraw.Draw(im), noting every shape it draws on a recorded picture (and the box of its text)."""
    rec = of(im)
    return ImageDraw.Draw(im) if rec is None else _Pen(im, rec)


class _Pen(ImageDraw.ImageDraw):
    def __init__(self, im: Image.Image, rec: Record) -> None:
        super().__init__(im)
        self._rec = rec
        self._depth = 0  # Pillow draws some shapes with others (rounded_rectangle with ellipse): note the outer one

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        given = _TEXT.bind(self, xy, text, *args, **kwargs).arguments
        box = self.textbbox(xy, text, **{k: v for k, v in given.items() if k in _TEXTBBOX})
        self._rec.fresh.append(grow(box, 2))
        super().text(xy, text, *args, **kwargs)


_TEXT = inspect.signature(ImageDraw.ImageDraw.text)
_TEXTBBOX = set(list(inspect.signature(ImageDraw.ImageDraw.textbbox).parameters)[3:])


def _noted(name: str) -> Callable[..., None]:
    draw = getattr(ImageDraw.ImageDraw, name)

    def shape(self: _Pen, *args: Any, **kwargs: Any) -> None:
        if self._depth == 0:
            self._rec.steps.append((name, args, kwargs))
        self._depth += 1
        try:
            draw(self, *args, **kwargs)
        finally:
            self._depth -= 1

    shape.__name__ = name
    return shape


for _name in SHAPES:
    setattr(_Pen, _name, _noted(_name))


def grow(box: Sequence[float], by: int) -> Rect:
    x0, y0, x1, y1 = box
    return (int(x0) - by, int(y0) - by, int(x1 + 0.999) + by, int(y1 + 0.999) + by)


def replay(
    out: Image.Image,
    steps: list[Step],
    art: Callable[[Image.Image], Image.Image],
    ink: Callable[[Any], int | None],
) -> bool:
    """Draw the flat steps again on the palette picture out: pastes of art mapped (`art`), shapes with their
    colours as palette indices (`ink`: None for a colour it cannot tell). False if a step cannot be drawn so (a
    colour `ink` cannot tell, or none given: Pillow's default ink differs between RGB and P)."""
    d = ImageDraw.Draw(out)
    core = out.im  # Pillow's core paste (it clips to the picture): Image.paste's checks cost ~10 us a call
    for name, first, second in steps:
        if name == "paste":
            core.paste(art(first).im, second)
            continue
        args, kwargs = list(first), dict(second)
        found = False
        for param, pos in INK_AT[name]:
            given = kwargs.get(param) if param in kwargs else args[pos] if pos < len(args) else None
            if given is None:
                continue
            index = ink(given)
            if index is None:
                return False
            if param in kwargs:
                kwargs[param] = index
            else:
                args[pos] = index
            found = True
        if not found:
            return False
        getattr(d, name)(*args, **kwargs)
    return True
