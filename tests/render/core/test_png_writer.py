"""render.png.write: the PNG it writes itself decodes to exactly the palette picture it was given."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import png


def _palette_picture(width: int, height: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    pal = Image.new("P", (width, height))
    # Runs of one colour, as on a board, and some noise.
    pal.putdata([rng.randrange(256) if rng.random() < 0.1 else (x // 7 + y // 5) % 256 for y in range(height)
                 for x in range(width)])  # fmt: skip
    pal.putpalette([rng.randrange(256) for _ in range(768)])
    return pal


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (257, 19), (640, 480)])
def test_decodes_to_the_same_indices_and_palette(size: tuple[int, int]) -> None:
    pal = _palette_picture(*size, seed=size[0])
    data = png.write(pal)
    assert data.startswith(png.PNG_SIGNATURE)
    back = Image.open(io.BytesIO(data))
    back.load()  # Pillow checks every chunk's CRC and the deflate stream here
    assert back.mode == "P" and back.size == pal.size
    assert back.tobytes() == pal.tobytes()
    assert back.getpalette("RGB") == pal.getpalette("RGB")


def test_as_small_as_pillows_own_writer() -> None:
    pal = _palette_picture(800, 600, seed=3)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=3)
    assert len(png.write(pal)) <= 1.1 * len(buf.getvalue())


def test_a_picture_with_transparency_keeps_it() -> None:
    pal = _palette_picture(20, 10, seed=1)
    pal.info["transparency"] = 5
    back = Image.open(io.BytesIO(png.write(pal)))
    assert back.info.get("transparency") == 5 and back.tobytes() == pal.tobytes()
