"""render/indexed.py and render/made.py: rebuilding the palette picture from what the drawing noted (the mapped
background, pasted pictures, shapes, the blended boxes mapped) gives the same picture as mapping the whole, so every
painter must draw only through the recording helpers."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

import engine
import render
from render import indexed, made, selfplay
from render.selfplay import NAMES, sample_views
from tests.played import played


@pytest.mark.parametrize("game", [g.name for g in engine.games()])
def test_every_view_rebuilt_from_its_record_is_the_picture_mapped_whole(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(indexed, "worth", lambda *_, **__: True)  # rebuilt however much it costs, not mapped whole
    if game == "discovery":  # its random AI's games (its heuristic's took 16 of this test's 20 s): what is drawn counts
        monkeypatch.setattr(
            selfplay,
            "selfplay_states",
            lambda seed, players, options, game: played(game, NAMES[:players], seed, "random", options).states,
        )
    pal = render.palette_of({"game": game})
    assert pal is not None
    assert render.painter(game).recorded, "every shipped painter draws through render/made.py"  # type: ignore[union-attr]
    checked = 0
    for view, _ in sample_views((1, 2), step=15, game=game):
        for overlay in (False, True):
            im = render.render_image(view, overlay=overlay)
            rec = made.of(im)
            assert rec is not None and rec.steps
            assert indexed.indexed(im, pal).tobytes() == indexed.mapped(im, pal).tobytes()
            checked += 1
    assert checked > 20


def test_bands_cover_the_boxes_on_the_block_grid() -> None:
    b = indexed.BLOCK
    boxes = [(40, 40, 50, 50), (300, 45, 310, 60), (-5, 500, 20, 530), (100, 900, 120, 2000), (60, 40, 70, 50)]
    out = indexed.bands(boxes, (400, 1000))
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, 400), min(y1, 1000)
        inside = [o for o in out if o[0] <= x0 and o[1] <= y0 and x1 <= o[2] and y1 <= o[3]]
        assert inside or any(o[0] <= x0 and x1 <= o[2] for o in out)  # a tall box spans bands merged in one
    assert all(o[0] % b == 0 and o[1] % b == 0 for o in out)
    assert (32, 32, 80, 64) in out  # two boxes a block apart: one box
    assert not any(o[0] <= 40 and o[2] >= 310 for o in out)  # far apart in a band: two boxes
    # the bands of one tall box merged, at most TALL blocks a box (a tall box packs loosely), cut at the edge
    assert (96, 896, 128, 896 + indexed.TALL * b) in out and (96, 896 + indexed.TALL * b, 128, 1000) in out
    covered = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in out)
    assert covered < 400 * 1000 / 4


def test_the_strip_packs_every_box_apart() -> None:
    boxes = [(0, 0, 300, 32), (0, 32, 200, 64), (100, 64, 400, 96), (0, 96, 50, 160)]
    spots, (w, h) = indexed.packed(boxes, 400)
    placed = [(sx, sy, sx + x1 - x0, sy + y1 - y0) for (sx, sy), (x0, y0, x1, y1) in zip(spots, boxes, strict=True)]
    assert all(a[0] >= 0 and a[2] <= w and a[1] >= 0 and a[3] <= h for a in placed)
    for i, a in enumerate(placed):
        for c in placed[i + 1 :]:
            assert a[2] <= c[0] or c[2] <= a[0] or a[3] <= c[1] or c[3] <= a[1]


def test_the_strip_wastes_little() -> None:
    # a box of two lanes and four of one, 400 px in all on each of two lanes: two lanes, full
    b = indexed.BLOCK
    boxes = [(0, 0, 160, 2 * b)] + [(0, 0, w, b) for w in (100, 140, 40, 200)]
    assert indexed.packed(boxes, 400)[1] == (400, 2 * b)
    # rows as high as their tallest box took three lanes here: the second short box beside the tall one, not under
    tall = [(0, 0, 300, 2 * b), (0, 0, 100, b), (0, 0, 100, b)]
    assert indexed.packed(tall, 400)[1] == (400, 2 * b)


def test_a_picture_without_a_record_or_of_another_size_is_mapped_whole() -> None:
    view = engine.view(engine.new_game(engine.games()[0].name, players=["a", "b"], seed=1), None)
    im = render.render_image(view)
    pal = render.palette_of(view)
    assert pal is not None
    whole = indexed.mapped(im, pal).tobytes()
    bare = im.copy()
    bare.info.pop(made.KEY)
    assert indexed.indexed(bare, pal).tobytes() == whole
    rec = made.of(im)
    assert rec is not None
    rec.base = rec.base.crop((0, 0, 10, 10))
    assert indexed.indexed(im, pal).tobytes() == whole


@pytest.mark.parametrize("shape", ["default ink", "unknown ink"])
def test_a_shape_the_palette_picture_cannot_repeat_maps_the_whole(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexed, "worth", lambda *_, **__: True)
    monkeypatch.setattr(made, "replay", _spy(made.replay))
    pal = render.palette_of({"game": engine.games()[0].name})
    assert pal is not None
    base = Image.new("RGB", (64, 64), (30, 52, 70))
    im = base.copy()
    made.start(im, base)
    d = made.pen(im)
    assert isinstance(d, ImageDraw.ImageDraw)
    if shape == "default ink":
        d.line((0, 0, 63, 63))  # Pillow's default ink: white on RGB, index 255 on P
    else:
        d.rectangle((4, 4, 20, 20), fill=7)  # a number: no colour on an RGB picture
    assert indexed.indexed(im, pal).tobytes() == indexed.mapped(im, pal).tobytes()
    assert made.replay.results == [False]  # type: ignore[attr-defined]


def _spy(replay: Any) -> Any:
    def spied(*args: Any) -> bool:
        done = bool(replay(*args))
        spied.results.append(done)  # type: ignore[attr-defined]
        return done

    spied.results = []  # type: ignore[attr-defined]
    return spied


def test_a_picture_rebuilt_for_more_than_mapping_it_costs_is_mapped_whole() -> None:
    base = Image.new("RGB", (400, 400), (30, 52, 70))
    rec = made.Record(base, [("line", ((0, 0, 9, 0),), {"fill": (1, 2, 3)})] * 4, [(0, 0, 400, 100)])
    assert indexed.worth(rec, indexed.bands(rec.fresh, base.size), base.size) is False  # a quarter, and 4 steps
    rec.fresh = [(0, 0, 40, 40)]
    rec.steps = rec.steps[:1]
    big = Image.new("RGB", (1000, 1000))
    assert indexed.worth(rec, indexed.bands(rec.fresh, big.size), big.size) is True


def test_shapes_pastes_and_blends_are_rebuilt_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexed, "worth", lambda *_, **__: True)
    pal = render.palette_of({"game": engine.games()[0].name})
    assert pal is not None
    base = Image.new("RGB", (200, 120), (30, 52, 70))
    art = Image.linear_gradient("L").resize((40, 40)).convert("RGB")
    sprite = Image.new("RGBA", (30, 30), (250, 200, 20, 128))
    im = base.copy()
    made.start(im, base)
    d = made.pen(im)
    d.rounded_rectangle((10, 10, 120, 60), radius=9, fill=(54, 76, 104), outline="white", width=2)
    made.place(im, art, (100, 50))
    made.place(im, art, (180, 100))  # off the edge: clipped as Image.paste clips
    d.ellipse((60, 30, 110, 80), fill=(250, 250, 250))
    render.sprites.paste(im, sprite, (150, 40))
    d.text((5, 90), "Ann", fill=(255, 255, 255))
    rec = made.of(im)
    assert rec is not None and len(rec.steps) == 4 and len(rec.fresh) == 2
    assert indexed.indexed(im, pal).tobytes() == indexed.mapped(im, pal).tobytes()
