"""Entdecker's fixed palette: no visible change against the picture and against the PNGs encoded before it."""

from __future__ import annotations

import io

from PIL import Image

import render
from render import palette, style
from render.entdecker import PAINTER, colors

from .conftest import first_view, view_at

PALETTE = PAINTER.palette

# Measured on held-out boards (python -m render palette): 44.1 dB min against the picture, 42.6 against the
# adaptive palette (whose own PSNR against the picture is 43.3 min). The floors leave a little room.
FLOOR_PICTURE = 42.0
FLOOR_BEFORE = 41.0


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def views() -> list[tuple[dict, bool]]:
    return [
        (view_at(1, 0), False),
        (view_at(2, 60, players=2), False),
        (first_view(5, lambda v: v["phase"] == "place" and v["turn"] > 8, players=4), True),
        (view_at(8, 90, personal=True), True),
        (view_at(9, 10_000, players=4), False),
    ]


def test_the_game_supplies_its_palette() -> None:
    v = view_at(1, 40)
    assert render.palette_of(v) == PALETTE and len(PALETTE) == 768
    out = decode(render.render_board(v))
    assert out.mode == "P" and bytes(out.getpalette()[:768]) == PALETTE


def test_no_visible_change() -> None:
    for v, overlay in views():
        picture = render.compose(v, overlay=overlay)
        before = picture.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        data = render.render_board(v, overlay=overlay)
        now = decode(data)
        assert palette.psnr(now, picture) >= FLOOR_PICTURE
        assert palette.psnr(now, before) >= FLOOR_BEFORE
        assert len(data) < 150_000


def test_key_colours_are_exact() -> None:
    """Player colours and the big flat areas come out exactly as drawn."""
    key = [*style.PLAYER_COLORS[:4], style.FRAME, style.PANEL, style.TEXT, colors.SEA, colors.LAND, colors.UNKNOWN]
    strip = Image.new("RGB", (len(key), 1))
    strip.putdata(key)
    out = decode(render.png.encode(strip, PALETTE)).convert("RGB")
    assert [out.getpixel((i, 0)) for i in range(len(key))] == key
