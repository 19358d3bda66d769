"""render/indexed.py: mapping only what a view drew gives the same palette picture as mapping the whole, so every
painter's `drawn` must cover everything its board and overlay draw."""

from __future__ import annotations

import pytest

import engine
import render
from render import indexed, selfplay
from render.selfplay import NAMES, sample_views
from tests.played import played


@pytest.mark.parametrize("game", [g.name for g in engine.games()])
def test_the_drawn_boxes_cover_everything_each_view_draws(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexed, "WHOLE", 1.0)  # the boxes however much they cover, not the whole picture
    if game == "discovery":  # its random AI's games (its heuristic's took 16 of this test's 20 s): what is drawn counts
        monkeypatch.setattr(
            selfplay,
            "selfplay_states",
            lambda seed, players, options, game: played(game, NAMES[:players], seed, "random", options).states,
        )
    pal = render.palette_of({"game": game})
    assert pal is not None
    checked = 0
    for view, _ in sample_views((1, 2), step=15, game=game):
        for overlay in (False, True):
            im, drawn = render._picture(view, overlay)
            assert drawn is not None, "every shipped painter says where it draws"
            assert indexed.indexed(im, pal, *drawn).tobytes() == indexed.mapped(im, pal).tobytes()
            checked += 1
    assert checked > 20


def test_bands_cover_the_boxes_on_the_block_grid() -> None:
    boxes = [(40, 40, 50, 50), (300, 45, 310, 60), (-5, 500, 20, 530), (100, 900, 120, 2000)]
    out = indexed.bands(boxes, (400, 1000))
    assert out == [(32, 32, 320, 64), (0, 480, 32, 544), (96, 896, 128, 1000)]
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, 400), min(y1, 1000)
        assert any(b[0] <= x0 and b[1] <= y0 and x1 <= b[2] and y1 <= b[3] for b in out)


def test_a_picture_without_boxes_or_of_another_size_is_mapped_whole() -> None:
    view = engine.view(engine.new_game(engine.games()[0].name, players=["a", "b"], seed=1), None)
    im, drawn = render._picture(view, False)
    pal = render.palette_of(view)
    assert pal is not None and drawn is not None
    whole = indexed.mapped(im, pal).tobytes()
    assert indexed.indexed(im, pal).tobytes() == whole
    assert indexed.indexed(im, pal, im.crop((0, 0, 10, 10)), drawn[1]).tobytes() == whole
