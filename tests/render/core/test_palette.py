"""Learning a fixed palette, and using it: flat colours stay exact, the rest comes close."""

from __future__ import annotations

import io
import math
import pathlib
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest
from PIL import Image, ImageDraw

import render
from render import palette, png

FLAT = [(24, 36, 52), (44, 112, 164), (122, 170, 86), (244, 238, 222)]
RARE = (213, 94, 0)


def sample(seed: int) -> Image.Image:
    """Flat areas, antialiased circles (blends between them) and one small spot of a rare colour."""
    im = Image.new("RGB", (240, 160), FLAT[seed % 4])
    big = Image.new("RGB", (960, 640), FLAT[seed % 4])
    d = ImageDraw.Draw(big)
    for k in range(12):
        x, y = (k * 97 + seed * 31) % 900, (k * 53 + seed * 17) % 600
        d.ellipse((x, y, x + 90, y + 70), fill=FLAT[(k + seed) % 4])
    im = big.resize(im.size, Image.Resampling.LANCZOS)
    ImageDraw.Draw(im).rectangle((5, 5, 7, 7), fill=RARE)
    return im


def colours(pal: bytes) -> list[tuple[int, ...]]:
    return [tuple(pal[i : i + 3]) for i in range(0, len(pal), 3)]


def test_learn_keeps_flat_and_given_colours_exactly() -> None:
    images = [sample(s) for s in range(6)]
    pal = palette.learn(images, keep=[RARE, (1, 2, 3)], exact=8)
    assert len(pal) == 768
    got = colours(pal)
    assert got[:2] == [RARE, (1, 2, 3)]  # kept colours first, even one the samples lack
    assert set(FLAT) <= set(got[:10])
    for im in images:
        out = Image.open(io.BytesIO(png.encode(im, pal))).convert("RGB")
        for c in FLAT:
            assert c in {rgb for _, rgb in out.getcolors(1 << 16)}
        assert out.getpixel((6, 6)) == RARE
        assert palette.psnr(out, im) > 38


def test_learn_with_few_colours_pads_the_palette() -> None:
    pal = palette.learn([Image.new("RGB", (8, 8), (9, 8, 7))], exact=4)
    assert len(pal) == 768 and set(colours(pal)) == {(9, 8, 7)}
    assert palette.learn([]) == bytes(768)


def test_psnr() -> None:
    a = Image.new("RGB", (10, 10), (100, 100, 100))
    assert palette.psnr(a, a.copy()) == math.inf
    b = Image.new("RGB", (10, 10), (110, 100, 100))
    assert palette.psnr(a, b) == pytest.approx(10 * math.log10(255**2 / (100 / 3)))


def test_palette_image_and_the_palette_file(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError):
        palette.palette_image(bytes(767))
    pal = bytes(range(256)) * 3
    assert palette.palette_image(pal).getpalette() == list(pal)
    package = tmp_path / "somegame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert palette.load("somegame") is None  # no file: an adaptive palette
    (package / palette.FILE).write_text(palette.hex_text(pal))
    assert palette.load("somegame") == pal
    assert max(len(line) for line in palette.hex_text(pal).splitlines()) <= 120
    (package / palette.FILE).write_text(palette.hex_text(pal)[:-10])
    assert palette.load("somegame") is None  # not 768 bytes


def test_a_painter_carries_the_palette_learned_beside_it() -> None:
    files = sorted(pathlib.Path(render.__file__).parent.glob(f"*/{palette.FILE}"))
    assert files
    for path in files:
        found = render.painter(path.parent.name)
        assert found is not None and found.palette == bytes.fromhex(path.read_text()), path


def test_encode_with_a_palette_keeps_it() -> None:
    im = sample(1)
    pal = palette.learn([im])
    out = Image.open(io.BytesIO(png.encode(im, pal)))
    assert out.mode == "P" and bytes(out.getpalette()[:768]) == pal


HEADER = {"game": "no_such_game", "to_act": [0], "prompt": "play", "players": [{"seat": 0, "name": "Ann"}]}


def test_png_for_pickles_and_runs_in_a_worker_process() -> None:
    assert pickle.loads(pickle.dumps(render.png_for)) is render.png_for
    data = render.png_for(HEADER)
    assert data is not None and data[:4] == b"\x89PNG"
    assert render.png_for(HEADER, False, len(data)) == data
    assert render.png_for(HEADER, False, 10) is None  # not even the smallest scale fits
    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(render.png_for, HEADER, True, 1 << 20).result() == data


def test_a_scaled_picture_gets_its_own_palette() -> None:
    im = sample(2)
    pal = palette.learn([sample(3)], exact=4)
    small = png.scaled(im, 0.55)
    data, fits = png.shrink(im, len(png.encode(small)) + 1, pal)
    assert fits and data == png.encode(small)  # adaptive, not the fixed palette
    assert png.shrink(im, 1 << 20, pal)[0] == png.encode(im, pal)
