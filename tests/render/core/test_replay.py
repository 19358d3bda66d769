"""render/replay.py: the animated replay's frames are one layout for the whole game, of one palette, each mapped only
where it changed yet the same as mapping the whole frame, and Pillow's GIF writer stores only what changed."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import pytest
from cachetools.keys import hashkey
from PIL import Image, ImageChops

import engine
import render
from render import replay, sprites, style
from render.palette import palette_image
from tests.toygame import GAME as NIM


def turn_views(game: str, turns: int, seed: int = 1) -> list[dict[str, Any]]:
    """The views after each of the first `turns` turns of a seeded random game (the start first)."""
    info = engine.info(game)
    state = engine.new_game(game, [f"P{i + 1}" for i in range(info.max_players)], None, seed)
    views = [engine.view(state, None)]
    while not state.game_over and len(views) <= turns:
        turn = state.turn
        state = engine.apply(state, engine.ai_move(state, "random"))
        if state.turn != turn or state.game_over:
            views.append(engine.view(state, None))
    return views


def decoded(data: bytes) -> list[tuple[Image.Image, tuple[int, int, int, int]]]:
    """Every frame of a GIF as RGB, with the rectangle the file stores of it."""
    out = []
    with Image.open(io.BytesIO(data)) as im:
        for i in range(im.n_frames):
            im.seek(i)
            out.append((im.convert("RGB"), im.dispose_extent))
    return out


@pytest.mark.parametrize("game", [g.name for g in engine.games()])
def test_each_frame_is_its_whole_board_mapped_and_only_what_changed_is_stored(game: str) -> None:
    views = turn_views(game, 12)
    painter = render.painter_of(views[-1])
    lay = painter.layout(views[-1])
    assert all(painter.holds_view(lay, v) for v in views) and painter.palette is not None
    data = render.gif_for(views)
    assert data is not None
    frames = decoded(data)
    assert len(frames) == len(views)  # every turn changes the frame (its status line at least)
    shared = palette_image(painter.palette)
    with sprites.pieced():
        base = painter.frame_base(lay)
        for view, (got, _) in zip(views, frames, strict=True):
            whole = painter.draw_frame(view, lay, base).reduce(2).quantize(palette=shared, dither=Image.Dither.NONE)
            assert ImageChops.difference(got, whole.convert("RGB")).getbbox() is None
    size = frames[0][0].size
    assert size == ((lay.width + 1) // 2, (lay.height + 1) // 2)  # the last view's layout, halved, from the start
    stored = [(x1 - x0) * (y1 - y0) for _, (x0, y0, x1, y1) in frames[1:]]
    assert max(stored) < size[0] * size[1]  # each later frame stores the rectangle that changed, not the whole


def test_a_growing_map_keeps_its_last_window_from_the_first_frame() -> None:
    views = turn_views("discovery", 40)
    painter = render.painter_of(views[-1])
    assert painter.layout(views[0]) != painter.layout(views[-1])  # the board's window grew during these turns
    frames = decoded(render.gif_for(views) or b"")
    assert {im.size for im, _ in frames} == {frames[-1][0].size}


def test_a_painter_with_a_layout_per_view_gets_frames_centred_on_the_largest() -> None:
    from engine.games import registered

    with registered(NIM):
        state = engine.new_game(NIM.name, ["a", "b"], {"stones": 7}, 1)
        views = [engine.view(state, None)]
        while not state.game_over:
            state = engine.apply(state, engine.legal_moves(state)[0])
            views.append(engine.view(state, None))
        frames = decoded(render.gif_for(views) or b"")
    assert len(frames) == len(views) and len({im.size for im, _ in frames}) == 1


def test_a_frame_its_painter_cannot_draw_is_the_safety_nets_picture() -> None:
    views = turn_views("entdecker", 3)
    painter = render.painter_of(views[-1])

    def board(im: Image.Image, view: dict[str, Any], lay: Any) -> object:
        if view is views[1]:
            raise KeyError("a malformed view")
        return painter.board(im, view, lay)

    fell_back: list[dict[str, Any]] = []

    def fallback(view: dict[str, Any]) -> Image.Image:
        fell_back.append(view)
        return render.render_image(view)

    data = replay.gif(views, dataclasses.replace(painter, board=board), fallback)
    assert data is not None and len(decoded(data)) == len(views) and fell_back == [views[1]]


def test_pieced_text_is_the_whole_line_within_a_pixel_or_two() -> None:
    for line in ("Turn 43: P3 places the tile", "mountain north; sea east, south and west (1 city)", "22 points"):
        whole, pieced = sprites.text(line, 20, style.TEXT), sprites.pieced_text(line, 20, style.TEXT)
        assert abs(whole.width - pieced.width) <= 2 and whole.info["baseline"] == pieced.info["baseline"]
        a, b = whole.getchannel("A").getbbox(), pieced.getchannel("A").getbbox()
        assert a is not None and b is not None and all(abs(x - y) <= 2 for x, y in zip(a, b, strict=True))
    right_to_left = "محمد 12"
    drawn_whole = sprites.pieced_text(right_to_left, 20, style.TEXT).tobytes()
    assert drawn_whole == sprites.text(right_to_left, 20, style.TEXT).tobytes()


def test_put_text_pieces_lines_only_inside_pieced() -> None:
    im = Image.new("RGB", (400, 40))
    outside, inside = hashkey("Turn 977: nobody", 20, style.TEXT, 0), hashkey("Turn 978: nobody", 20, style.TEXT, 0)
    sprites.put_text(im, (5, 30), "Turn 977: nobody", 20, style.TEXT)
    with sprites.pieced():
        sprites.put_text(im, (5, 30), "Turn 978: nobody", 20, style.TEXT)
    assert outside not in sprites.pieced_cache and inside in sprites.pieced_cache
    assert outside in sprites.text_cache and inside not in sprites.text_cache
