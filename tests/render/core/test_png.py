"""Encoding, scaling and shrinking of a finished picture (no game needed)."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw

from render import png


def picture(w: int = 400, h: int = 300, seed: int = 1, noise: bool = False) -> Image.Image:
    """Flat shapes, like a board; with noise, a picture that does not compress."""
    rnd = random.Random(seed)
    im = Image.new("RGB", (w, h), (24, 36, 52))
    d = ImageDraw.Draw(im)
    for _ in range(30):
        x, y = rnd.randrange(w), rnd.randrange(h)
        d.rectangle((x, y, x + rnd.randrange(10, 80), y + rnd.randrange(10, 80)), fill=rnd.choice(COLOURS))
    if noise:
        im = Image.frombytes("RGB", (w, h), rnd.randbytes(w * h * 3))
    return im


COLOURS = [(44, 112, 164), (122, 170, 86), (230, 210, 152), (244, 238, 222), (213, 94, 0), (0, 114, 178)]


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


def test_encode_is_a_palette_png_of_the_same_picture() -> None:
    im = picture()
    out = decode(png.encode(im))
    assert out.mode == "P" and out.size == im.size
    assert ImageChops.difference(out.convert("RGB"), im).getbbox() is None  # few flat colours: exact
    assert png.encode(im) == png.encode(im.copy())


def test_scaled() -> None:
    im = picture(401, 300)
    assert png.scaled(im, 1.0) is im
    assert png.scaled(im, 0.5).size == (200, 150)
    assert png.scaled(im, 0.0).size == (40, 30)  # clamped to 0.1
    assert png.scaled(im, 100).size == (1604, 1200)  # clamped to 4


def test_shrink_takes_the_largest_scale_that_fits() -> None:
    im = picture(600, 400, noise=True)
    full = png.encode(im)
    data, fits = png.shrink(im, len(full))
    assert fits and data == full
    data, fits = png.shrink(im, len(full) // 2)
    assert fits and len(data) <= len(full) // 2
    width = decode(data).width
    assert width < 600
    bigger = [s for s in png.scales() if round(600 * s) > width]
    assert all(len(png.encode(png.scaled(im, s))) > len(full) // 2 for s in bigger)


def test_shrink_says_when_nothing_fits() -> None:
    im = picture(300, 200, noise=True)
    data, fits = png.shrink(im, 10)
    assert not fits
    assert decode(data).width == round(300 * png.scales()[-1])


def test_scales() -> None:
    assert png.scales() == [1.0, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1]
