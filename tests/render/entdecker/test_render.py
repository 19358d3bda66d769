"""The board picture: deterministic, sized as documented, right terrain and labels, overlays at the legal
positions, and nothing hidden shown."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

import render
from render import sprites as core_sprites
from render.entdecker import board, overlay_positions, recall_positions, status_line, tiles
from render.entdecker.board import EVENTS_HEIGHT, PANEL_HEIGHT
from render.layout import MARGIN, TILE, layout

from .conftest import engine, first_view, game, view_at

SIZE = (2 * MARGIN + 10 * TILE, 2 * MARGIN + 7 * TILE + PANEL_HEIGHT + EVENTS_HEIGHT)  # documented: 1092 x 1280


def png_image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def family(rgb: tuple[int, ...]) -> str:
    r, g, b = rgb[:3]
    if b > r + 30 and b > g:
        return "sea"
    if g > r and g > b + 30:
        return "land"
    if r > b + 20 and g > b + 10 and abs(r - g) < 30:
        return "unknown"
    return "other"


def pixels(im: Image.Image) -> list[tuple[int, int, int]]:
    raw = im.convert("RGB").tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def mean(im: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    px = pixels(im.crop(box))
    return tuple(sum(p[i] for p in px) // len(px) for i in range(3))  # type: ignore[return-value]


def test_size_is_as_documented() -> None:
    assert SIZE == (1092, 1280)
    for v in (view_at(1, 0), view_at(1, 80), view_at(1, 10_000, players=4)):
        assert render.render_image(v).size == SIZE
        assert png_image(render.render_board(v)).size == SIZE
    assert layout(10, 7, panel_height=PANEL_HEIGHT + EVENTS_HEIGHT).size == SIZE


def test_deterministic_and_independent_of_cache_state() -> None:
    v = view_at(2, 90)
    a = render.render_board(v, overlay=True)
    assert render.render_board(v, overlay=True) == a
    tiles.tile_art.cache_clear()
    tiles.segment_anchors.cache_clear()
    core_sprites.text.cache_clear()
    board.background.cache_clear()
    render.render_board(view_at(3, 60))  # other tiles in the caches first
    assert render.render_board(v, overlay=True) == a


def test_layout_matches_engine_names() -> None:
    from engine.core.grid import Grid

    grid = Grid(10, 7)
    lay = layout(10, 7)
    for idx in range(grid.size):
        col, row = grid.coords(idx)
        name = grid.name(idx)
        x0, y0, x1, y1 = lay.space_rect(name)
        assert (x0, y0) == (MARGIN + col * TILE, MARGIN + row * TILE)
        assert (x1 - x0, y1 - y0) == (TILE, TILE)
        assert lay.space_rect(name.lower()) == lay.space_rect(name)
        # the column letter and row number printed on the margins line up with the space
        (lx, _), (lx2, _) = lay.col_label_centers(col)
        (_, ly), (_, ly2) = lay.row_label_centers(row)
        assert x0 < lx < x1 and x0 < lx2 < x1 and y0 < ly < y1 and y0 < ly2 < y1
        assert lay.col_name(col) + lay.row_name(row) == name
    engine_edges = [grid.edge_name(s, d) for s, d in grid.edge_circles()]
    assert sorted(lay.edge_circle_names()) == sorted(engine_edges)
    assert len(engine_edges) == 34
    assert sorted(view_at(1, 0)["edge_circles"]) == sorted(lay.edge_circle_names())
    bx0, by0, bx1, by1 = lay.board_rect
    for name in engine_edges:
        cx, cy = lay.edge_center(name)
        assert not (bx0 <= cx < bx1 and by0 <= cy < by1)  # outside the board, next to its space
        sx0, sy0, sx1, sy1 = lay.space_rect(name[:-1])
        assert sx0 <= cx < sx1 or sy0 <= cy < sy1
    with pytest.raises(KeyError):
        lay.space_rect("K1")
    assert lay.parse_edge("C4N") is None  # not on the border


def test_labels_are_drawn_on_the_margins() -> None:
    im = render.render_image(view_at(1, 0))
    lay = layout(10, 7)
    for c in range(10):
        for x, y in lay.col_label_centers(c):
            assert any(sum(p) > 660 for p in pixels(im.crop((x - 12, y - 14, x + 12, y + 14))))
    # the letters differ from one another where they are drawn
    crops = [
        im.crop((x - 14, y - 16, x + 14, y + 16)).tobytes() for x, y in (lay.col_label_centers(c)[0] for c in range(10))
    ]
    assert len(set(crops)) == 10


def test_terrain_colours_at_tile_centres() -> None:
    v = view_at(4, 10_000)  # a finished game: most spaces discovered
    im = render.render_image(v)
    lay = layout(10, 7)
    placed = {t["space"]: t for t in v["tiles"]}
    checked = {"sea": 0, "land": 0, "unknown": 0}
    for name in lay.space_names():
        x0, y0, _, _ = lay.space_rect(name)
        t = placed.get(name)
        if t is None:
            assert family(mean(im, (x0 + 30, y0 + 30, x0 + 66, y0 + 66))) == "unknown"
            checked["unknown"] += 1
            continue
        if t["construction"] or t["event"]:
            continue
        # beside the middle of each side (off the dotted ship line): the side's terrain
        for side, (px, py) in enumerate(((34, 6), (90, 34), (62, 90), (6, 62))):
            box = (x0 + px - 3, y0 + py - 3, x0 + px + 3, y0 + py + 3)
            want = "land" if t["sides"][side] == "L" else "sea"
            if name == v["ship"]:
                continue
            assert family(mean(im, box)) == want, (name, side, mean(im, box))
            checked[want] += 1
        if t["sides"] == "SSSS":
            assert family(mean(im, (x0 + 4, y0 + 4, x0 + 30, y0 + 30))) == "sea"
        if t["sides"] == "LLLL" and len(t["segments"]) == 1:
            assert family(mean(im, (x0 + 4, y0 + 4, x0 + 92, y0 + 92))) == "land"
    assert checked["sea"] > 20 and checked["land"] > 20


def _legal_with_place(v: dict) -> bool:
    return any(m.get("space") or m.get("position") for m in v["legal"])


@pytest.mark.parametrize("phase", ["ship", "place", "voyage"])
def test_overlay_appears_exactly_at_legal_positions(phase: str) -> None:
    v = first_view(5, lambda v: v["phase"] == phase and v["turn"] > 3 and _legal_with_place(v))
    plain = render.render_image(v)
    over = render.render_image(v, overlay=True)
    lay = layout(10, 7)
    pos = overlay_positions(v)
    recalls = recall_positions(v)
    numbered = [m for m in v["legal"] if m["label"].startswith(f"#{m['number']} ")]
    spatial = {m["number"] for m in numbered if m.get("space") or m.get("position")}
    assert set(pos) == spatial
    assert set(recalls) == {m["space"] for m in v["legal"] if m["kind"] == "recall"}
    diff = ImageChops.difference(plain, over).convert("L").point(lambda p: 255 if p > 24 else 0)
    allowed = Image.new("L", plain.size, 0)
    marks = [(m["number"], m.get("space") or m.get("position"), pos.get(m["number"])) for m in numbered]
    marks += [(None, space, c) for space, c in recalls.items()]
    for number, name, center in marks:
        if not name:
            continue
        assert center is not None
        cx, cy = center
        if lay.parse_space(name):  # the mark sits on its space...
            x0, y0, x1, y1 = lay.space_rect(name)
            assert x0 <= cx < x1 and y0 <= cy < y1
            allowed.paste(255, (x0 - 2, y0 - 2, x1 + 2, y1 + 2))
        else:  # ... or on its edge circle
            ex, ey = lay.edge_center(name)
            assert abs(cx - ex) <= 30 and abs(cy - ey) <= 30
        half = 28  # a badge legible at chat size (issue 22): 36 px high, up to ~50 wide
        allowed.paste(255, (cx - half, cy - half, cx + half, cy + half))
        box = diff.crop((cx - 10, cy - 10, cx + 10, cy + 10))
        assert box.getbbox() is not None, f"no mark for {number} at {name}"
    allowed.paste(255, layout(10, 7).panel_rect)
    stray = ImageChops.subtract(diff, allowed)
    assert stray.getbbox() is None, stray.getbbox()


def test_overlay_numbers_match_labels() -> None:
    v = first_view(6, lambda v: v["phase"] == "place" and len(v["legal"]) >= 2)
    numbers = [m["number"] for m in v["legal"]]
    assert sorted(overlay_positions(v)) == sorted(numbers)
    assert all(m["label"].startswith(f"#{m['number']} ") for m in v["legal"])
    assert render.render_board(v, overlay=True) != render.render_board(v)


def test_hidden_information_is_not_drawn() -> None:
    states = game(8, 3, True)
    state = next(s for s in states if s.turn > 4 and any(p.personal for p in s.players))
    views = [engine.view(state, seat) for seat in (0, 1, 2, None)]
    assert views[0]["players"][0]["personal_tiles"] and views[1]["players"][0]["personal_tiles"] is None
    pictures = {render.render_board(v) for v in views}
    assert len(pictures) == 1
    # two states that differ only in the order of the piles below their top tiles
    other = state.copy()
    other.piles = [list(p) for p in state.piles]
    for pile in other.piles:
        if len(pile) > 3:
            body = pile[:-1]
            random.Random(1).shuffle(body)
            pile[:-1] = body
    assert other.piles != state.piles
    assert render.render_board(engine.view(other, None)) == render.render_board(views[3])


def test_every_view_of_whole_games_renders() -> None:
    for seed, players, personal in ((11, 2, False), (12, 4, True)):
        for i, s in enumerate(game(seed, players, personal)):
            v = engine.view(s, s.current_player if i % 2 else None)
            im = render.compose(v, overlay=bool(i % 3))  # compose raises where render_image would hide it
            assert im.size == SIZE


def test_game_over_shows_the_winner() -> None:
    v = view_at(9, 10_000)
    assert v["game_over"]
    winners = v["result"]["winners"]
    line = status_line(v)
    assert "Game over" in line
    assert all(v["players"][w]["name"] in line for w in winners)


def test_malformed_views_never_raise() -> None:
    good = view_at(10, 70)
    game = {"game": "entdecker"}
    broken: list[dict] = [
        game,
        {**game, "tiles": None, "players": None, "piles": None},
        {**game, "tiles": [{"space": "Z9"}, {"col": "x"}, 5, {"space": "C4", "sides": "??", "segments": "x"}]},
        {**game, "tiles": [{"col": 12, "row": 0, "sides": "LLLL"}, {"col": -1, "row": 2}], "board": "x"},
        {**good, "legal": [{"kind": "place", "space": "C4", "rotation": "x"}, {"kind": "ship", "position": "Q0N"}]},
        {**good, "voyage": {"drawn": {"sides": "LLLL"}}, "phase": "place", "ship": 5},
        {**good, "players": [{"seat": 0, "name": None, "pieces": None, "plants": None}]},
        {**good, "result": {"winners": [7], "scores": None}, "game_over": True},
    ]
    for v in broken:
        for overlay in (False, True):
            assert png_image(render.render_board(v, overlay=overlay)).size == SIZE


def test_shrink_png_and_scale() -> None:
    v = view_at(10, 10_000)
    full = render.render_board(v)
    assert len(full) < 1 << 20
    small = render.shrink_png(v, len(full) // 2)
    assert len(small) <= len(full) // 2
    assert png_image(small).width < SIZE[0]
    assert png_image(render.render_board(v, scale=0.5)).size == (SIZE[0] // 2, SIZE[1] // 2)


def test_tile_art_turns_as_the_engine_turns() -> None:
    """The overlay and the panel turn the tile in hand with the engine's Geometry.rotated: the art of a tile the
    engine turned is the art of the tile as drawn, turned."""
    from engine.entdecker.tiles import tileset
    from engine.entdecker.view import tile_view

    for tid in tileset().tiles:
        art = tiles.art_key(tile_view(tid))
        for rotation in range(4):
            assert tiles.art_key(tile_view(tid, rotation)) == art.rotated(rotation)
    assert art.rotated(4) == art
